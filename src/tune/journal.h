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

/* Where an IRQ's effective affinity stands after a pin whose read-back
 * found it outside the new affinity.  x86 moves an interrupt (IO-APIC,
 * MSI) at its next interrupt, not at the write: until one comes the move
 * is pending, not refused.  A GIC moves it at once. */
enum journal_move {
	JOURNAL_MOVE_NONE,	/* inside the new affinity, or not an IRQ */
	JOURNAL_MOVE_PENDING,	/* outside; no interrupt since the write */
	JOURNAL_MOVE_LATER,	/* moved inside at an interrupt after it */
	JOURNAL_MOVE_KEPT,	/* outside after an interrupt, or on a
				 * controller that moves at once */
};

#define JOURNAL_VALUE_MAX 64
#define JOURNAL_ESHORT 4096	/* err of a short write (not an errno) */
#define JOURNAL_TARGET_MAX 32

struct journal_entry {
	int64_t time;		/* seconds since the epoch */
	enum journal_kind kind;
	char target[JOURNAL_TARGET_MAX];	/* policy "4", IRQ "151", "sda" */
	char old[JOURNAL_VALUE_MAX];	/* read before the write */
	char new[JOURNAL_VALUE_MAX];	/* what was written */
	char asked[JOURNAL_VALUE_MAX];	/* what was asked when benchtop wrote
					 * the step it rounds to, else "" */
	char readback[JOURNAL_VALUE_MAX];	/* read after; "" unreadable */
	char effective[JOURNAL_VALUE_MAX];	/* IRQs: effective list, "" */
	int err;		/* 0: the write succeeded; else its errno,
				 * or TUNE_ESHORT for a short write */
	bool matched;		/* readback equals new */
	unsigned action;	/* entries of one user action share it (P on
				 * every cluster, a set command line); 0:
				 * an entry alone (a journal of an older
				 * version) */
	enum journal_move move;	/* IRQs: see enum journal_move */
	uint64_t count0;	/* IRQs: interrupts when it was written */
	char held_by[JOURNAL_VALUE_MAX];	/* IRQs: its actions then,
						 * "virtio0-config"; "" unknown */
	long undo_of;		/* index of the entry this undoes, or -1 */
	bool restore;		/* part of "restore originals" */
	/* kept in the runtime journal file only (journalfile.c) */
	uint64_t instance;	/* the benchtop process that wrote it: a
				 * random number per run, 0 unknown */
	int pid;		/* its process id, 0 unknown */
	bool pending;		/* written ahead of the write(2): what came
				 * of it was never recorded */
	bool settled;		/* its writer is done with it (set: at once;
				 * the live screen, experiment: at exit) */
	char by[16];		/* "set", "monitor", "experiment", "" */
};

struct journal {
	struct journal_entry *v;
	size_t n, cap;
};

void journal_init(struct journal *j);
void journal_fini(struct journal *j);

/* Append a copy of E; returns its index, or -ENOMEM. */
long journal_add(struct journal *j, const struct journal_entry *e);

/* Append every entry of SRC to DST, after DST's own: SRC's undo_of
 * indexes and action numbers are moved past DST's, so each still names
 * its own entry and action.  0, or -ENOMEM (DST as it was). */
int journal_append(struct journal *dst, const struct journal *src);

/* Append to DST (empty) the entries of SRC from index FROM on that
 * INSTANCE wrote (the runtime journal holds every benchtop's); an
 * undo_of that names an entry not copied becomes -1.  0 or -ENOMEM. */
int journal_copy_by(struct journal *dst, const struct journal *src,
		    uint64_t instance, size_t from);

/* "pending", "moved_later", "kept", or NULL for JOURNAL_MOVE_NONE. */
const char *journal_move_name(enum journal_move m);

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

/* journal_in_force for the targets INSTANCE wrote an entry of (0: every
 * target). */
size_t journal_in_force_by(const struct journal *j, uint64_t instance,
			   size_t *idx, size_t max);

/* The newest entry that changed a value and was not undone since, or -1. */
long journal_last_undoable(const struct journal *j);

/* The entries of the newest action that can be undone (that of
 * journal_last_undoable), newest first, into IDX (at most MAX): undone
 * in that order, they take the action back as a whole (limits in a safe
 * order, as they were written in one).  Returns how many (0: none). */
size_t journal_last_action(const struct journal *j, size_t *idx,
			   size_t max);

/* The largest action number in J (0 when none). */
unsigned journal_max_action(const struct journal *j);

/* The journal as a JSON array of entry objects (keys in doc/json.md);
 * NULL when out of memory. */
json_t *journal_json(const struct journal *j);

/* One entry as a JSON object; NULL when out of memory. */
json_t *journal_entry_json(const struct journal_entry *e, size_t index);

#endif
