/* SPDX-License-Identifier: GPL-2.0-or-later */
/* live: the running kernel as every live view reads it - the two newest
 * samples and their rates, the hardware model and its reload clocks, the
 * busy shares fed to it, and the last good table of a kernel file that
 * failed - one reading a tick, for the monitor, `--once` and the exporter
 * alike.  The sentences about it are the caller's (tui/stale.c). */
#ifndef BENCHTOP_LIVE_H
#define BENCHTOP_LIVE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <time.h>

#include "base/buf.h"
#include "collect/sample.h"
#include "hw/hwmodel.h"

/* The kernel files whose table is carried when a reading fails. */
enum live_source { LIVE_STAT, LIVE_DISKS, LIVE_NETS, LIVE_IRQS, LIVE_NSRC };

/* What the last reading of each source did. */
struct live_carry {
	int rc[LIVE_NSRC];	/* the source's -errno now, 0 when it read */
	bool carried[LIVE_NSRC];	/* the table held is an older one */
	bool recovered[LIVE_NSRC];	/* read again this tick */
	bool failed[LIVE_NSRC];		/* failed this tick, not the one
					 * before */
	bool back[LIVE_NSRC];		/* read this tick, not the one
					 * before */
	time_t good_at[LIVE_NSRC];	/* the last good reading */
};

struct live_opts {
	double aff_keep_s;	/* IRQ affinities are read again this often
				 * (a tuning: at once) */
	double hw_keep_s;	/* the whole hardware model at least this
				 * often; 0: only when told (live_hw_due) or
				 * when a device folder changes */
	bool watch_devices;	/* stamp the USB, block and network device
				 * folders each tick (no hotplug socket) */
	unsigned hw_flags;	/* hwmodel_load_flags' */
	bool carry;		/* a file that fails keeps its last good
				 * table and rates (the screen marks them
				 * stale; --once and the exporter leave
				 * them out, and say so) */
};

struct live {
	struct live_opts o;
	struct sample samples[2];
	int cur;		/* index of the newest sample */
	int nsamples;		/* 0, 1 or 2 readings taken */
	unsigned long ticks;	/* readings taken */
	struct sample_rates rates;	/* newest - older, in cur's rows */
	bool have_rates;
	struct buf scratch;
	struct hwmodel hw;
	bool have_hw;
	uint64_t hw_loads;	/* whole readings of the model so far */
	struct live_carry carry;
	/* the clocks (CLOCK_MONOTONIC seconds of the readings) */
	double hw_read_s;	/* the model read whole */
	double policy_read_s;	/* governors and topology read */
	double aff_read_s;	/* IRQ affinities read */
	bool hw_due;		/* read the model whole at the next tick */
	bool aff_due;		/* read the affinities at the next tick */
	uint64_t tuning;	/* the caller's tuning mark then */
	uint64_t devices;	/* the device folders' stamp then */
	uint64_t irq_rows;	/* the IRQ rows' stamp then (irq_rows_known) */
	bool irq_rows_known;
};

void live_init(struct live *l, const struct live_opts *o);
void live_fini(struct live *l);

/* The hardware model now, before any reading (the monitor does it before
 * the terminal starts, so the scan's memory is gone before curses').
 * TUNING: the caller's tuning mark.  0 or -ENOMEM. */
int live_load_hw(struct live *l, uint64_t tuning);

/* One reading: a sample, the carry of a file that failed, the rates
 * against the reading before, the hardware model read whole (a device,
 * a tuning, hw_keep_s) or only its moving values, and the busy shares
 * fed to it.  TUNING is a number the caller moves whenever benchtop wrote
 * a tuning (the journal's length or stamp): the model and the
 * affinities are then read at once.  0, or -ENOMEM (nothing changed). */
int live_tick(struct live *l, uint64_t tuning);

/* A device came or went (a hotplug message, a scheduler written): the
 * model and the affinities are read whole at the next tick. */
void live_hw_due(struct live *l);

/* Read the newest sample's IRQ affinities again now (a pin was just
 * written); 0 or -ENOENT. */
int live_reread_affinity(struct live *l);

/* The newest sample; NULL before the first reading. */
static inline const struct sample *live_cur(const struct live *l)
{
	return l->nsamples ? &l->samples[l->cur] : NULL;
}

/* The kernel file of source K ("/proc/diskstats"). */
const char *live_file(enum live_source k);

#endif
