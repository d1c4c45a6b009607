/* SPDX-License-Identifier: GPL-2.0-or-later */
/* tunefile: the runtime journal as the one record of every benchtop's
 * tunings.  Each change is a read-modify-write under flock: the file is
 * read again (what other processes wrote meanwhile stays), the intent is
 * saved before the write(2) and the outcome after it, so neither a second
 * benchtop nor a kill at any moment loses a change. */
#include "config.h"

#include "tune/tunefile.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tune/journalfile.h"

/* The file's entries into T->journal.  A file that lost entries this
 * process knows of (removed by hand) is replaced by them at the save. */
static int reload(struct tune *t)
{
	struct journal fresh;
	int rc;

	size_t i;

	journal_init(&fresh);
	rc = journalfile_load(&fresh, t->jpath);
	if (rc == 0 && fresh.n >= t->journal.n) {
		/* in place: an entry the caller points at stays where it
		 * is unless the journal grows past its room, as on an add */
		t->journal.n = 0;
		for (i = 0; rc == 0 && i < fresh.n; i++)
			if (journal_add(&t->journal, &fresh.v[i]) < 0)
				rc = -ENOMEM;
	}
	journal_fini(&fresh);
	return rc;
}

int tunefile_begin(struct tune *t)
{
	int fd, rc;

	if (t->jerr)
		return TUNE_ENOJOURNAL;
	if (!t->jpath[0] || t->depth++)
		return 0;
	fd = journalfile_lock(t->jpath);
	rc = fd < 0 ? fd : 0;
	t->lock_fd = fd;
	if (rc == 0)
		rc = reload(t);
	if (rc) {
		tunefile_end(t);
		t->jerr = rc;
		return TUNE_ENOJOURNAL;
	}
	return 0;
}

int tunefile_save(struct tune *t)
{
	int rc;

	if (!t->jpath[0] || t->lock_fd < 0)
		return t->jerr ? TUNE_ENOJOURNAL : 0;
	rc = journalfile_save(&t->journal, t->jpath);
	if (rc) {
		t->jerr = rc;
		return TUNE_ENOJOURNAL;
	}
	return 0;
}

void tunefile_end(struct tune *t)
{
	if (t->depth > 0 && --t->depth)
		return;
	t->depth = 0;
	journalfile_unlock(t->lock_fd);
	t->lock_fd = -1;
}

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
