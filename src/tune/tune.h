/* SPDX-License-Identifier: GPL-2.0-or-later */
/* tune: the one module that changes the system - cluster governors and
 * frequency limits, IRQ affinity, disk I/O schedulers - each change checked
 * for permission, read before, written once, read back and journaled. */
#ifndef BENCHTOP_TUNE_H
#define BENCHTOP_TUNE_H

#include <errno.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/cpulist.h"
#include "tune/journal.h"

struct irq_table;

#define TUNE_FIXED_MAX 64

/* What tune_attach found in the runtime journal that a benchtop which
 * stopped without finishing left behind (killed, crashed). */
#define TUNE_FOUND_MAX 8
struct tune_found {
	size_t n;		/* changes still in force it left */
	size_t idx[TUNE_FOUND_MAX];	/* the first N of them (journal) */
	size_t pending;		/* writes it never recorded the end of,
				 * now completed with the value read */
	int pid;		/* the (newest) such process */
	char by[16];		/* its kind: "set", "monitor"... */
};

struct tune {
	const char *proc_root;	/* "/proc" */
	const char *sys_root;	/* "/sys" */
	struct journal journal;
	unsigned action;	/* the action the next writes belong to */
	unsigned fixed[TUNE_FIXED_MAX];	/* IRQs the kernel will not move */
	size_t nfixed;
	char allowed[256];	/* after -EDOM: the values the kernel offers
				 * (words, or "LO-HI" kHz for a limit) */
	/* the runtime journal file shared by every benchtop (tune_attach) */
	char jpath[4096];	/* "": the journal is in memory only */
	int jerr;		/* not 0: the file cannot be used, and no
				 * write is made (TUNE_ENOJOURNAL) */
	int lock_fd, depth;	/* held while the file is changed */
	uint64_t instance;	/* this process's mark on its entries */
	char by[16];		/* "set", "monitor", "experiment" */
	bool lasting;		/* entries are settled once written (set) */
	bool restoring;		/* writes now are part of a restore */
};

/* Why a write failed, as a user needs to hear it. */
enum tune_fail {
	TUNE_OK,
	TUNE_NOT_ROOT,		/* EACCES, EPERM without root */
	TUNE_IRQ_FIXED,		/* EIO, EINVAL on an IRQ: per-CPU, managed */
	TUNE_NO_VECTORS,	/* ENOSPC: the CPUs have no vectors left */
	TUNE_REFUSED,		/* the kernel refused the value (EINVAL...) */
	TUNE_MISSING,		/* the file is not there (ENOENT) */
	TUNE_SHORT_WRITE,	/* write(2) took only part of the value */
	TUNE_FAILED,		/* anything else: say the errno's text */
};

/* The err of a journal entry whose write(2) returned fewer bytes than
 * the value has (outside the errno range). */
#define TUNE_ESHORT JOURNAL_ESHORT

/* Undo of an IRQ: its number is gone (its device was removed), or the
 * kernel gave it to another device since the change (both negative). */
#define TUNE_EGONE (-ENODEV)
/* A write refused because the journal file cannot be read or written:
 * no change is made that could not be put back. */
#define TUNE_ENOJOURNAL (-ENOLCK)
#define TUNE_EREUSED (-ESTALE)

/* One write of a min/max change, in the order to make it. */
struct tune_freq_step {
	enum journal_kind kind;	/* JOURNAL_MIN_FREQ or JOURNAL_MAX_FREQ */
	uint64_t khz;
};

void tune_init(struct tune *t, const char *proc_root, const char *sys_root);

/*
 * Keep the journal in the file PATH, shared with every other benchtop:
 * its entries are loaded now (J is the whole file), each write is
 * journaled ahead (intent, then outcome) under the file's lock, merged
 * with what others wrote meanwhile.  BY names this program ("set",
 * "monitor", "experiment"); LASTING: its changes are meant to stay (set),
 * else they are settled at tune_settle.  Entries that a benchtop which
 * ended without finishing left (unfinished writes, changes of a killed
 * live screen) are completed and counted in FOUND.  0, or -errno (-EINVAL
 * not a journal, -EOVERFLOW too large): then every write is refused with
 * TUNE_ENOJOURNAL.
 */
int tune_attach(struct tune *t, const char *path, const char *by,
		bool lasting, struct tune_found *found);

/* This process is done with its entries (kept at quit, restored, or at
 * the end of an experiment): mark them settled in the file; 0 or -errno. */
int tune_settle(struct tune *t);

/* Start a user action: the writes until the next tune_begin are one
 * action, undone together (journal_last_action). */
void tune_begin(struct tune *t);
void tune_fini(struct tune *t);

/* Whether the process runs as root (effective user id 0). */
bool tune_is_root(void);

/* The class of ERR (an errno) from writing a KIND target, ROOT telling
 * whether the writer was root. */
enum tune_fail tune_classify(enum journal_kind kind, int err, bool root);

/*
 * Plan the writes that take a policy from CUR_MIN..CUR_MAX to NEW_MIN ..
 * NEW_MAX (0: keep that bound) so that min <= max holds after every
 * write: raising, max first; lowering, min first.  Unchanged bounds are
 * not written.  Returns the number of steps in OUT (0-2), or -ERANGE
 * when the wanted limits themselves cross.
 */
int tune_freq_plan(uint64_t cur_min, uint64_t cur_max, uint64_t new_min,
		   uint64_t new_max, struct tune_freq_step out[2]);

/* Parse a frequency: kHz ("600000"), or with a unit ("600MHz", "1.4GHz",
 * "1400M", "2g", case-insensitive); 0 or -EINVAL. */
int tune_parse_khz(const char *s, uint64_t *khz);

/*
 * The actions.  Each returns the journal index of its write (look at the
 * entry's err for the outcome), or a negative errno when it was refused
 * before writing: -EACCES not root, -ENOENT no such target, -EINVAL a
 * malformed value, -ERANGE min above max or a CPU not online,
 * -EDOM a value the kernel does not offer (t->allowed says what it
 * offers), -ENOTSUP an IRQ already found fixed, -ENOMEM.  A frequency
 * limit between the listed steps is written as the step the kernel
 * resolves it to (the entry's asked keeps what was asked).
 */
long tune_governor(struct tune *t, unsigned policy, const char *governor);
long tune_irq(struct tune *t, unsigned irq, const struct cpuset *cpus);
long tune_scheduler(struct tune *t, const char *disk, const char *sched);

/* Set a policy's limits (0: keep) in the order tune_freq_plan gives;
 * stops at the first failed write.  The journal indexes go to IDX;
 * returns how many writes were made (0-2) or a negative errno as above. */
int tune_freq(struct tune *t, unsigned policy, uint64_t min_khz,
	      uint64_t max_khz, long idx[2]);

/* Put in-force entry I's target back to its value before benchtop first
 * changed it (for limits: both limits of its policy, in a safe order):
 * the index of the (last) write, -EALREADY when the limits were back
 * already, or a negative errno as tune_undo's when nothing was written. */
long tune_restore_one(struct tune *t, size_t i);

/* Write entry K's old value back (journaled as an undo of K); an IRQ
 * whose number is gone or held by another device since is not written
 * (TUNE_EGONE, TUNE_EREUSED). */
long tune_undo(struct tune *t, size_t k);

/* Put every target still changed back to its original value, frequency
 * limits in a safe order.  Returns the number of writes that failed or
 * were refused, 0 when all went back. */
int tune_restore(struct tune *t);

/* tune_restore for the targets this process changed only (each back to
 * its true original: the first value any benchtop recorded for it). */
int tune_restore_mine(struct tune *t);

/* IRQ's effective_affinity_list as a CPU list into DST ("" when it
 * cannot be read); 0 or -errno. */
int tune_read_effective(const struct tune *t, unsigned irq, char *dst,
			size_t size);

/* The current value of a KIND target (NUM: the IRQ or the policy; NAME:
 * the disk of a scheduler) as the journal spells it into DST; 0 or
 * -errno. */
int tune_read_now(const struct tune *t, enum journal_kind kind, unsigned num,
		  const char *name, char *dst, size_t size);

/*
 * Look again at journal entry K, a pin whose move is pending: with T
 * (this moment's /proc/interrupts, or NULL to read it) and the effective
 * affinity read again, it becomes LATER once the IRQ has fired and moved,
 * KEPT once it has fired twice (the move is made as an interrupt ends,
 * after its count went up) and not moved.  Returns 1 when the entry
 * changed, 0 when not (or not pending).
 */
int tune_irq_recheck(struct tune *tu, size_t k, const struct irq_table *t);

/* Whether IRQ was found not movable. */
bool tune_irq_fixed(const struct tune *t, unsigned irq);

/* The number in a cluster target "policy4", or -1. */
int tune_target_policy(const char *target);

#endif
