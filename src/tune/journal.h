/* SPDX-License-Identifier: GPL-2.0-or-later */
/* journal: every change benchtop made to the system (old value, new value,
 * result, read-back), and what undo and "restore originals" need from it. */
#ifndef BENCHTOP_JOURNAL_H
#define BENCHTOP_JOURNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <jansson.h>

enum journal_kind {
	JOURNAL_GOVERNOR,	/* cluster: scaling_governor */
	JOURNAL_MIN_FREQ,	/* cluster: scaling_min_freq (kHz) */
	JOURNAL_MAX_FREQ,	/* cluster: scaling_max_freq (kHz) */
	JOURNAL_IRQ,		/* IRQ: smp_affinity_list */
	JOURNAL_SCHEDULER,	/* disk: queue/scheduler */
	JOURNAL_NKINDS
};

#define JOURNAL_VALUE_MAX 64
#define JOURNAL_TARGET_MAX 32

struct journal_entry {
	int64_t time;		/* seconds since the epoch */
	enum journal_kind kind;
	char target[JOURNAL_TARGET_MAX];	/* policy "4", IRQ "151", "sda" */
	char old[JOURNAL_VALUE_MAX];	/* read before the write */
	char new[JOURNAL_VALUE_MAX];	/* what was written */
	char readback[JOURNAL_VALUE_MAX];	/* read after; "" unreadable */
	char effective[JOURNAL_VALUE_MAX];	/* IRQs: effective list, "" */
	int err;		/* 0: the write succeeded; else its errno */
	bool matched;		/* readback equals new */
	long undo_of;		/* index of the entry this undoes, or -1 */
	bool restore;		/* part of "restore originals" */
};

struct journal {
	struct journal_entry *v;
	size_t n, cap;
};

void journal_init(struct journal *j);
void journal_fini(struct journal *j);

/* Append a copy of E; returns its index, or -ENOMEM. */
long journal_add(struct journal *j, const struct journal_entry *e);

/* "governor", "min_freq", "max_freq", "irq_affinity", "scheduler". */
const char *journal_kind_name(enum journal_kind k);

/* The value TARGET of KIND had before benchtop first touched it, or NULL
 * when the journal never saw it. */
const char *journal_original(const struct journal *j, enum journal_kind k,
			     const char *target);

/* The value TARGET of KIND has now as far as the journal knows (the
 * newest read-back, else the newest old value), or NULL. */
const char *journal_current(const struct journal *j, enum journal_kind k,
			    const char *target);

/* Whether entry I's target still differs from its original value. */
bool journal_entry_in_force(const struct journal *j, size_t i);

/* Indexes of the first entry of each target whose current value differs
 * from its original, into IDX (at most MAX); returns how many there are
 * (may exceed MAX). */
size_t journal_in_force(const struct journal *j, size_t *idx, size_t max);

/* The newest entry that changed a value and was not undone since, or -1. */
long journal_last_undoable(const struct journal *j);

/* The journal as a JSON array of entry objects (keys in doc/json.md);
 * NULL when out of memory. */
json_t *journal_json(const struct journal *j);

/* One entry as a JSON object; NULL when out of memory. */
json_t *journal_entry_json(const struct journal_entry *e, size_t index);

#endif
