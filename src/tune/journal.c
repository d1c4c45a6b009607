/* SPDX-License-Identifier: GPL-2.0-or-later */
/* journal: an append-only list of tuning writes; originals, current values,
 * what is still in force and the JSON form are computed from it, never
 * stored twice. */
#include "config.h"

#include "tune/journal.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "base/jsondoc.h"

static const char *const kind_names[JOURNAL_NKINDS] = {
	[JOURNAL_GOVERNOR] = "governor",
	[JOURNAL_MIN_FREQ] = "min_freq",
	[JOURNAL_MAX_FREQ] = "max_freq",
	[JOURNAL_IRQ] = "irq_affinity",
	[JOURNAL_SCHEDULER] = "scheduler",
};

void journal_init(struct journal *j)
{
	memset(j, 0, sizeof(*j));
}

void journal_fini(struct journal *j)
{
	free(j->v);
	memset(j, 0, sizeof(*j));
}

long journal_add(struct journal *j, const struct journal_entry *e)
{
	if (j->n == j->cap) {
		size_t cap = j->cap ? j->cap * 2 : 16;
		struct journal_entry *v = realloc(j->v, cap * sizeof(*v));

		if (!v)
			return -ENOMEM;
		j->v = v;
		j->cap = cap;
	}
	j->v[j->n] = *e;
	return (long)j->n++;
}

int journal_append(struct journal *dst, const struct journal *src)
{
	size_t base = dst->n, i;
	unsigned act = journal_max_action(dst);

	for (i = 0; i < src->n; i++) {
		struct journal_entry e = src->v[i];

		if (e.undo_of >= 0)
			e.undo_of += (long)base;
		if (e.action)
			e.action += act;
		if (journal_add(dst, &e) < 0) {
			dst->n = base;
			return -ENOMEM;
		}
	}
	return 0;
}

int journal_copy_by(struct journal *dst, const struct journal *src,
		    uint64_t instance, size_t from)
{
	size_t i, k;

	for (i = from; i < src->n; i++) {
		struct journal_entry e = src->v[i];

		if (e.instance != instance)
			continue;
		if (e.undo_of >= 0) {	/* to the copy's index, if copied */
			long to = -1;

			for (k = from; k < (size_t)e.undo_of; k++)
				to += src->v[k].instance == instance;
			e.undo_of = (size_t)e.undo_of >= from &&
				    src->v[e.undo_of].instance == instance ?
				    to + 1 + (long)dst->n : -1;
		}
		if (journal_add(dst, &e) < 0)
			return -ENOMEM;
	}
	return 0;
}

const char *journal_kind_name(enum journal_kind k)
{
	return (unsigned)k < JOURNAL_NKINDS ? kind_names[k] : "?";
}

const char *journal_move_name(enum journal_move m)
{
	static const char *const names[] = {
		[JOURNAL_MOVE_PENDING] = "pending",
		[JOURNAL_MOVE_LATER] = "moved_later",
		[JOURNAL_MOVE_KEPT] = "kept",
	};

	return (unsigned)m < sizeof(names) / sizeof(*names) ? names[m] : NULL;
}

static bool same_target(const struct journal_entry *e, enum journal_kind k,
			const char *target)
{
	return e->kind == k && strcmp(e->target, target) == 0;
}

const char *journal_original(const struct journal *j, enum journal_kind k,
			     const char *target)
{
	size_t i;

	for (i = 0; i < j->n; i++)
		if (same_target(&j->v[i], k, target))
			return j->v[i].old;
	return NULL;
}

const char *journal_current(const struct journal *j, enum journal_kind k,
			    const char *target)
{
	size_t i;

	for (i = j->n; i-- > 0;) {
		const struct journal_entry *e = &j->v[i];

		if (same_target(e, k, target))
			return e->readback[0] ? e->readback : e->old;
	}
	return NULL;
}

bool journal_entry_in_force(const struct journal *j, size_t i)
{
	const struct journal_entry *e = &j->v[i];
	const char *orig = journal_original(j, e->kind, e->target);
	const char *cur = journal_current(j, e->kind, e->target);

	return orig && cur && strcmp(orig, cur) != 0;
}

/* Whether INSTANCE wrote an entry of E's target. */
static bool touched_by(const struct journal *j,
		       const struct journal_entry *e, uint64_t instance)
{
	size_t i;

	for (i = 0; i < j->n; i++)
		if (j->v[i].instance == instance &&
		    same_target(&j->v[i], e->kind, e->target))
			return true;
	return false;
}

size_t journal_in_force(const struct journal *j, size_t *idx, size_t max)
{
	return journal_in_force_by(j, 0, idx, max);
}

size_t journal_in_force_by(const struct journal *j, uint64_t instance,
			   size_t *idx, size_t max)
{
	size_t i, n = 0;

	for (i = 0; i < j->n; i++) {
		const struct journal_entry *e = &j->v[i];

		if (journal_original(j, e->kind, e->target) != e->old)
			continue;	/* not the target's first entry */
		if (instance && !touched_by(j, e, instance))
			continue;
		if (!journal_entry_in_force(j, i))
			continue;
		if (n < max)
			idx[n] = i;
		n++;
	}
	return n;
}

static bool undone(const struct journal *j, size_t i)
{
	size_t k;

	for (k = i + 1; k < j->n; k++)
		if (j->v[k].undo_of == (long)i && j->v[k].err == 0)
			return true;
	return false;
}

static bool undoable(const struct journal *j, size_t i)
{
	const struct journal_entry *e = &j->v[i];

	return !e->err && e->undo_of < 0 && !e->restore &&
	       strcmp(e->old, e->new) != 0 && !undone(j, i);
}

long journal_last_undoable(const struct journal *j)
{
	size_t i;

	for (i = j->n; i-- > 0;)
		if (undoable(j, i))
			return (long)i;
	return -1;
}

size_t journal_last_action(const struct journal *j, size_t *idx,
			   size_t max)
{
	long k = journal_last_undoable(j);
	unsigned act;
	size_t i, n = 0;

	if (k < 0 || !max)
		return 0;
	act = j->v[k].action;
	idx[n++] = (size_t)k;
	/* another benchtop may have numbered an action of its own alike */
	for (i = (size_t)k; act && i-- > 0 && n < max;)
		if (j->v[i].action == act &&
		    j->v[i].instance == j->v[k].instance && undoable(j, i))
			idx[n++] = i;
	return n;
}

unsigned journal_max_action(const struct journal *j)
{
	unsigned m = 0;
	size_t i;

	for (i = 0; i < j->n; i++)
		if (j->v[i].action > m)
			m = j->v[i].action;
	return m;
}

json_t *journal_entry_json(const struct journal_entry *e, size_t index)
{
	json_t *o = json_object();
	char when[32];

	if (!o)
		return NULL;
	json_object_set_new(o, "index", json_integer((json_int_t)index));
	jsondoc_time(when, sizeof(when), (time_t)e->time);
	json_object_set_new(o, "time", json_string(when));
	json_object_set_new(o, "kind", json_string(journal_kind_name(e->kind)));
	json_object_set_new(o, "target", json_string(e->target));
	json_object_set_new(o, "old", json_string(e->old));
	json_object_set_new(o, "new", json_string(e->new));
	if (e->asked[0])
		json_object_set_new(o, "asked", json_string(e->asked));
	json_object_set_new(o, "result", json_string(e->err ? "error" : "ok"));
	json_object_set_new(o, "error", e->err == JOURNAL_ESHORT ?
			    json_string("short write") : e->err ?
			    json_string(strerror(e->err)) : json_null());
	json_object_set_new(o, "errno", e->err && e->err != JOURNAL_ESHORT &&
			    strerrorname_np(e->err) ?
			    json_string(strerrorname_np(e->err)) : json_null());
	json_object_set_new(o, "readback", e->readback[0] ?
			    json_string(e->readback) : json_null());
	json_object_set_new(o, "readback_matched", json_boolean(e->matched));
	if (e->kind == JOURNAL_IRQ)
		json_object_set_new(o, "effective", e->effective[0] ?
				    json_string(e->effective) : json_null());
	if (e->kind == JOURNAL_IRQ)
		json_object_set_new(o, "held_by", e->held_by[0] ?
				    json_string(e->held_by) : json_null());
	if (e->kind == JOURNAL_IRQ && e->move != JOURNAL_MOVE_NONE)
		json_object_set_new(o, "effective_move", json_string(
				    journal_move_name(e->move)));
	json_object_set_new(o, "undo_of", e->undo_of >= 0 ?
			    json_integer(e->undo_of) : json_null());
	json_object_set_new(o, "restore", json_boolean(e->restore));
	if (e->action)
		json_object_set_new(o, "action", json_integer(e->action));
	return o;
}

json_t *journal_json(const struct journal *j)
{
	json_t *a = json_array();
	size_t i;

	for (i = 0; a && i < j->n; i++) {
		json_t *o = journal_entry_json(&j->v[i], i);

		if (!o || json_array_append_new(a, o)) {
			json_decref(a);
			return NULL;
		}
	}
	return a;
}
