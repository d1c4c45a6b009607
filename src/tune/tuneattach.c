/* SPDX-License-Identifier: GPL-2.0-or-later */
/* tuneattach: joining the runtime journal that every benchtop shares.
 * At the start, what ended benchtops left behind is settled (a write
 * journaled ahead whose outcome never came is read back now); at a
 * clean end, this process's own entries are settled. */
#include "config.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tune/tune.h"
#include "tune/tunefile.h"

/* Whether the process that wrote E has ended (no such pid). */
static bool writer_gone(const struct tune *t, const struct journal_entry *e)
{
	if (e->instance == t->instance)
		return false;
	return e->pid <= 0 || (kill(e->pid, 0) < 0 && errno == ESRCH);
}

/* A write journaled ahead whose outcome never came: the file says now
 * what came of it. */
static void complete(struct tune *t, struct journal_entry *e)
{
	unsigned num = 0;
	int p = tune_target_policy(e->target);

	if (e->kind == JOURNAL_IRQ)
		num = (unsigned)strtoul(e->target, NULL, 10);
	else if (p >= 0)
		num = (unsigned)p;
	tune_read_now(t, e->kind, num, e->target, e->readback,
		      sizeof(e->readback));
	e->matched = e->readback[0] && strcmp(e->readback, e->new) == 0;
	e->pending = false;
}

static void found_add(struct tune *t, struct tune_found *f, size_t i)
{
	const struct journal_entry *e = &t->journal.v[i];
	size_t k;

	f->pid = e->pid;
	snprintf(f->by, sizeof(f->by), "%s", e->by);
	/* each target once, at its newest entry */
	for (k = 0; k < f->n && k < TUNE_FOUND_MAX; k++)
		if (t->journal.v[f->idx[k]].kind == e->kind &&
		    !strcmp(t->journal.v[f->idx[k]].target, e->target)) {
			f->idx[k] = i;
			return;
		}
	if (f->n < TUNE_FOUND_MAX)
		f->idx[f->n] = i;
	f->n++;
}

/* Settle what ended processes left unsettled; whether anything changed. */
static bool settle_orphans(struct tune *t, struct tune_found *f)
{
	bool changed = false;
	size_t i;

	for (i = 0; i < t->journal.n; i++) {
		struct journal_entry *e = &t->journal.v[i];

		/* under the lock, a pending entry is one whose writer died
		 * between its intent and its outcome */
		if (e->pending && e->instance != t->instance) {
			complete(t, e);
			f->pending++;
			changed = true;
		} else if (e->settled || !e->instance || !writer_gone(t, e)) {
			/* no instance: an older benchtop's, kept on purpose */
			continue;
		}
		e->settled = true;
		changed = true;
		if (journal_entry_in_force(&t->journal, i))
			found_add(t, f, i);
	}
	return changed;
}

int tune_attach(struct tune *t, const char *path, const char *by,
		bool lasting, struct tune_found *found)
{
	struct tune_found f = { 0 };
	int rc;

	snprintf(t->jpath, sizeof(t->jpath), "%s", path);
	snprintf(t->by, sizeof(t->by), "%s", by);
	t->lasting = lasting;
	t->jerr = 0;
	journal_fini(&t->journal);
	rc = tunefile_begin(t);
	if (rc == 0) {
		if (settle_orphans(t, &f))
			rc = tunefile_save(t);
		tunefile_end(t);
	}
	if (found)
		*found = f;
	return rc ? t->jerr : 0;
}

int tune_settle(struct tune *t)
{
	int rc = tunefile_begin(t);
	size_t i;

	if (rc)
		return rc;
	for (i = 0; i < t->journal.n; i++)
		if (t->journal.v[i].instance == t->instance)
			t->journal.v[i].settled = true;
	rc = tunefile_save(t);
	tunefile_end(t);
	return rc;
}
