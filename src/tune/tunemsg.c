/* SPDX-License-Identifier: GPL-2.0-or-later */
/* tunemsg: sentences about tuning results, from the tune module's return
 * codes and journal entries; every word through gettext. */
#include "config.h"

#include "tune/tunemsg.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "base/i18n.h"
#include "tune/irqmove.h"
#include "tune/tune.h"

const char *tunemsg_what(enum journal_kind kind)
{
	switch (kind) {
	case JOURNAL_GOVERNOR:
		return _("changing a cluster's governor");
	case JOURNAL_MIN_FREQ:
	case JOURNAL_MAX_FREQ:
		return _("changing a cluster's frequency limits");
	case JOURNAL_IRQ:
		return _("pinning an IRQ");
	default:
		return _("changing a disk's I/O scheduler");
	}
}

static const char *field(enum journal_kind kind)
{
	switch (kind) {
	case JOURNAL_GOVERNOR:
		return _("governor");
	case JOURNAL_MIN_FREQ:
		return _("minimum kHz");
	case JOURNAL_MAX_FREQ:
		return _("maximum kHz");
	case JOURNAL_IRQ:
		return _("affinity");
	default:
		return _("scheduler");
	}
}

void tunemsg_label(const struct journal_entry *e, char *dst, size_t size)
{
	int p = tune_target_policy(e->target);

	if (e->kind == JOURNAL_IRQ)
		snprintf(dst, size, _("IRQ %s"), e->target);
	else if (p >= 0)
		snprintf(dst, size, _("cluster of CPU %d"), p);
	else
		snprintf(dst, size, "%s", e->target);
}

/* -EDOM: the value is not one the kernel offers; say what it offers. */
static void not_offered(const struct tune *t, enum journal_kind kind,
			const char *label, char *dst, size_t size)
{
	if (kind == JOURNAL_GOVERNOR)
		snprintf(dst, size, _("%s: not a governor this kernel offers; "
			 "it offers: %s"), label, t->allowed);
	else if (kind == JOURNAL_SCHEDULER)
		snprintf(dst, size, _("%s: not a scheduler this disk offers; "
			 "it offers: %s"), label, t->allowed);
	else
		snprintf(dst, size, _("%s: outside what the CPUs can run; "
			 "allowed: %s kHz"), label, t->allowed);
}

static void refused(const struct tune *t, enum journal_kind kind,
		    const char *label, long rc, char *dst, size_t size)
{
	switch (rc) {
	case -EDOM:
		not_offered(t, kind, label, dst, size);
		break;
	case -EACCES:
		snprintf(dst, size, _("%s: %s needs root; benchtop stays "
			 "read-only"), label, tunemsg_what(kind));
		break;
	case -ENOENT:
		snprintf(dst, size, _("%s: this kernel does not offer that "
			 "setting"), label);
		break;
	case -EINVAL:
		snprintf(dst, size, _("%s: not a valid value for the %s"),
			 label, field(kind));
		break;
	case -ERANGE:
		snprintf(dst, size, kind == JOURNAL_IRQ ?
			 _("%s: a CPU of that list is not online") :
			 _("%s: the minimum frequency would be above the "
			   "maximum"), label);
		break;
	case -ENOTSUP:
		snprintf(dst, size, _("%s cannot be moved (per-CPU or managed "
			 "interrupt)"), label);
		break;
	case TUNE_EGONE:
		snprintf(dst, size, _("%s is gone: its device was removed "
			 "after the change, so nothing is left to put back"),
			 label);
		break;
	case TUNE_ENOJOURNAL:
		if (!t->jpath[0]) {
			snprintf(dst, size, _("%s: no change made: there is no "
				 "folder for the journal (XDG_RUNTIME_DIR is "
				 "not set), and a change it does not record "
				 "could not be put back"), label);
			break;
		}
		snprintf(dst, size, _("%s: no change made: the journal %s "
			 "cannot be used (%s), and a change it does not record "
			 "could not be put back"), label, t->jpath[0] ?
			 t->jpath : "-", t->jerr == -EINVAL ?
			 _("not a regular file holding a benchtop journal") :
			 t->jerr == -EOVERFLOW ? _("larger than 8 MiB") :
			 strerror(-t->jerr));
		break;
	case TUNE_EREUSED:
		snprintf(dst, size, _("%s now belongs to another device (it "
			 "was given out again after its own device went): "
			 "left as it is"), label);
		break;
	default:
		snprintf(dst, size, _("%s: could not read the current %s: %s"),
			 label, field(kind), strerror((int)-rc));
	}
}

/* The IRQ's outcome: affinity and effective affinity, and whether the
 * controller keeps the interrupt where it was or moves it at the IRQ's
 * next interrupt (x86). */
static void irq_ok(const struct journal_entry *e, const char *label,
		   char *dst, size_t size)
{
	int n;

	n = snprintf(dst, size, _("%s: affinity %s"), label,
		     e->readback[0] ? e->readback : "?");
	if (n < 0 || (size_t)n >= size)
		return;
	dst += n;
	size -= (size_t)n;
	if (!e->effective[0])
		snprintf(dst, size, "%s", _(", no effective affinity file"));
	else if (e->move == JOURNAL_MOVE_PENDING)
		snprintf(dst, size, _(", effective %s until its next "
			 "interrupt: the kernel moves it then"), e->effective);
	else if (e->move == JOURNAL_MOVE_LATER)
		snprintf(dst, size, _(", effective %s (moved at its next "
			 "interrupt)"), e->effective);
	else if (e->move == JOURNAL_MOVE_KEPT ||
		 !irqmove_inside(e->readback, e->effective))
		snprintf(dst, size, _(", but the effective affinity stays %s"),
			 e->effective);
	else
		snprintf(dst, size, _(", effective %s"), e->effective);
}

/* A write that went through: 1 when it reads back as written, 0 (a
 * failure: the kernel kept something else) when not. */
static int entry_ok(const struct journal_entry *e, const char *label,
		    char *dst, size_t size)
{
	if (e->kind == JOURNAL_IRQ && e->matched)
		irq_ok(e, label, dst, size);
	else if (e->matched && e->asked[0])
		snprintf(dst, size, _("%s: %s %s -> %s (%s is between the "
			 "steps the CPUs run), read back %s"), label,
			 field(e->kind), e->old, e->new, e->asked,
			 e->readback);
	else if (e->matched)
		snprintf(dst, size, _("%s: %s %s -> %s, read back %s"), label,
			 field(e->kind), e->old, e->new, e->readback);
	else
		snprintf(dst, size, _("%s: wrote %s %s but the kernel kept "
			 "%s"), label, field(e->kind), e->new,
			 e->readback[0] ? e->readback : _("nothing readable"));
	return e->matched;
}

static void entry_failed(const struct journal_entry *e, const char *label,
			 char *dst, size_t size)
{
	switch (tune_classify(e->kind, e->err, tune_is_root())) {
	case TUNE_NOT_ROOT:
		snprintf(dst, size, _("%s: %s needs root"), label,
			 tunemsg_what(e->kind));
		break;
	case TUNE_IRQ_FIXED:
		snprintf(dst, size, _("%s cannot be moved (per-CPU or managed "
			 "interrupt)"), label);
		break;
	case TUNE_SHORT_WRITE:
		snprintf(dst, size, _("%s: a short write: the kernel took only "
			 "part of %s %s; it reads %s"), label, field(e->kind),
			 e->new, e->readback[0] ? e->readback : "?");
		break;
	case TUNE_NO_VECTORS:
		snprintf(dst, size, _("CPU %s has no free interrupt vectors: "
			 "%s stays on %s"), e->new, label, e->old);
		break;
	case TUNE_REFUSED:
		snprintf(dst, size, _("%s: the kernel refused %s %s (%s)"),
			 label, field(e->kind), e->new, strerror(e->err));
		break;
	default:
		snprintf(dst, size, _("%s: could not write the %s: %s"), label,
			 field(e->kind), strerror(e->err));
	}
}

int tunemsg_outcome(const struct tune *t, enum journal_kind kind,
		    const char *label, long rc, char *dst, size_t size)
{
	const struct journal_entry *e;

	if (rc < 0 || (size_t)rc >= t->journal.n) {
		refused(t, kind, label, rc < 0 ? rc : -EINVAL, dst, size);
		/* a target that went leaves nothing in force: not a failure */
		return rc == TUNE_EGONE || rc == TUNE_EREUSED;
	}
	e = &t->journal.v[rc];
	if (e->err) {
		entry_failed(e, label, dst, size);
		return 0;
	}
	return entry_ok(e, label, dst, size);
}

/* What BY ("monitor", "set", "experiment") is called in a sentence. */
static const char *program(const char *by)
{
	if (!strcmp(by, "monitor"))
		return _("a live screen");
	if (!strcmp(by, "experiment"))
		return _("an experiment");
	if (!strcmp(by, "set"))
		return _("a benchtop set");
	return _("a benchtop");
}

void tunemsg_found(const struct tune *t, const struct tune_found *f,
		   char *dst, size_t size)
{
	char list[200], label[64];
	size_t i, o = 0;

	dst[0] = list[0] = '\0';
	for (i = 0; i < f->n && i < TUNE_FOUND_MAX && o < sizeof(list); i++) {
		const struct journal_entry *e = &t->journal.v[f->idx[i]];
		const char *cur = journal_current(&t->journal, e->kind,
						  e->target);

		tunemsg_label(e, label, sizeof(label));
		o += (size_t)snprintf(list + o, sizeof(list) - o, "%s%s %s %s",
				      i ? ", " : "", label, field(e->kind),
				      cur ? cur : "?");
	}
	if (f->n > TUNE_FOUND_MAX && o < sizeof(list))
		snprintf(list + o, sizeof(list) - o, _(" and %zu more"),
			 f->n - TUNE_FOUND_MAX);
	if (f->n)
		snprintf(dst, size, ngettext("the journal shows that %s (pid "
			 "%d) ended without putting back %zu change, still in "
			 "force: %s; `benchtop set --restore` puts the original "
			 "back", "the journal shows that %s (pid %d) ended "
			 "without putting back %zu changes, still in force: "
			 "%s; `benchtop set --restore` puts the originals back",
			 f->n), program(f->by), f->pid, f->n, list);
	else if (f->pending)
		snprintf(dst, size, ngettext("the journal held %zu write that "
			 "a benchtop which ended never recorded the outcome "
			 "of; it is recorded now, as read back, and nothing of "
			 "it is in force", "the journal held %zu writes that a "
			 "benchtop which ended never recorded the outcome of; "
			 "they are recorded now, as read back, and nothing of "
			 "them is in force", f->pending), f->pending);
}
