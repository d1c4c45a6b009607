/* SPDX-License-Identifier: GPL-2.0-or-later */
/* sample: one reading of every collector, and the rates between two. */
#ifndef BENCHTOP_SAMPLE_H
#define BENCHTOP_SAMPLE_H

#include <stdbool.h>
#include <stddef.h>

#include "base/buf.h"
#include "base/cpulist.h"
#include "collect/diskstats.h"
#include "collect/interrupts.h"
#include "collect/irqaff.h"
#include "collect/loadavg.h"
#include "collect/netdev.h"
#include "collect/procstat.h"

/* Where the kernel files are ("/proc", "/sys"; tests point elsewhere). */
struct sample_roots {
	const char *proc;
	const char *sys;
};

/* The running kernel's: "/proc" and "/sys" (tests point readers elsewhere
 * with their own roots; nothing above src/collect names the two paths). */
extern const struct sample_roots sample_live_roots;

/* One source's state: 0, or the -errno of its read or parse. */
struct sample_status {
	int stat, diskstats, netdev, interrupts, present, loadavg, uptime;
};

struct sample {
	double time_s;		/* CLOCK_MONOTONIC at the reading */
	struct cpuset present;	/* CPUs the kernel knows of */
	struct procstat stat;
	struct disk_table disks;
	struct net_table nets;
	struct irq_table irqs;
	struct irq_affinity *aff;	/* one per irqs.rows[] (numeric only) */
	bool aff_lent;		/* aff was handed to the next sample, which
				 * frees it (sample_take_since) */
	struct loadavg load;
	double uptime_s;
	struct sample_status status;
};

/* Read every source into S (reset first), reusing SCRATCH for file
 * contents.  A source that fails records its -errno in S->status; the
 * others are still read.  Returns 0, or -ENOMEM. */
int sample_take(struct sample *s, const struct sample_roots *roots,
		struct buf *scratch);

void sample_free(struct sample *s);

/* sample_take, but with KEEP's IRQ affinities where KEEP has the IRQ (the
 * files are read only for new IRQs); KEEP NULL: sample_take. KEEP must not
 * be S.  When S has KEEP's IRQs, row for row, KEEP's array itself is
 * handed to S (KEEP->aff_lent: 2000 IRQs are 0.5 MB of them): KEEP still
 * reads it, and must be freed or taken again before S is. */
int sample_take_keep(struct sample *s, const struct sample_roots *roots,
		     struct buf *b, struct sample *keep);

/* sample_take after PREV (may be NULL; must not be S), the reading before:
 * the lines of /proc/interrupts that did not change since PREV are taken
 * from it rather than read again; with KEEP_AFF, so are PREV's IRQ
 * affinities (the files are read only for new IRQs).  With the same IRQs
 * PREV's affinity array is handed over as sample_take_keep says (without
 * KEEP_AFF, read again into it: PREV then reads the new ones too). */
int sample_take_since(struct sample *s, const struct sample_roots *roots,
		      struct buf *b, struct sample *prev, bool keep_aff);

/* PROC/interrupts into OUT (interrupts_free it), read in pieces through
 * B (never the whole file at once), the lines unchanged since PREV (may be
 * NULL) taken from it; 0 or -errno (-EINVAL: not understood). */
int sample_read_interrupts(const char *proc, const struct irq_table *prev,
			   struct buf *b, struct irq_table *out);

/* Read S's IRQ affinities again (a save right after a pin records the
 * affinity now, not the one of the last tick); 0 or -ENOENT. */
int sample_reread_affinity(struct sample *s, const char *proc_root);

/* Rates between two samples; every array is in CUR's row order. */
struct sample_rates {
	double dt;
	struct cpu_util total;
	struct cpu_util *cpus;		/* one per CPU in cur->present */
	int *cpu_ids;
	bool *cpu_online;
	size_t ncpus;
	struct disk_rate *disks;
	size_t ndisks;
	struct net_rate *nets;
	size_t nnets;
	struct irq_rate *irqs;
	size_t nirqs;
};

/* Compute R from PREV to CUR; 0 or -ENOMEM. */
int sample_rates(const struct sample *prev, const struct sample *cur,
		 struct sample_rates *r);

void sample_rates_free(struct sample_rates *r);

/* Lines a source's parser left out (not understood): how many, the first. */
struct sample_skip {
	const char *source;	/* "/proc/diskstats" */
	unsigned n, line;
};

#define SAMPLE_NSKIP 4

/* The sources of S that left lines out, into OUT; their count. */
size_t sample_skips(const struct sample *s,
		    struct sample_skip out[SAMPLE_NSKIP]);

/* The kernel file of a source, for sentences ("/proc/diskstats"). */
enum sample_source { SAMPLE_STAT, SAMPLE_DISKSTATS, SAMPLE_NETDEV,
		     SAMPLE_INTERRUPTS };
const char *sample_file(enum sample_source s);

/* A plain English sentence for a source's error code. */
const char *sample_error(int rc);

#endif
