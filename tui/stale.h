/* SPDX-License-Identifier: GPL-2.0-or-later */
/* stale: a kernel file that cannot be read or understood on a tick keeps
 * its section on the screen with the last good values, marked stale, and
 * a sentence saying what failed; the section recovers when it reads. */
#ifndef BENCHTOP_STALE_H
#define BENCHTOP_STALE_H

#include <stdbool.h>
#include <stddef.h>
#include <time.h>

#include "collect/sample.h"

enum stale_source { STALE_STAT, STALE_DISKS, STALE_NETS, STALE_IRQS,
		    STALE_N };

struct stale {
	int rc[STALE_N];	/* the source's -errno now, 0 when it read */
	bool carried[STALE_N];	/* the table shown is an older one */
	bool recovered[STALE_N];	/* read again this tick */
	time_t good_at[STALE_N];	/* the last good reading */
};

struct app;

/* Before the rates: for each source NEXT failed, move PREV's good table
 * into NEXT (PREV gets the failed one), and say a new failure (or a
 * recovery) once on the status line. */
void stale_carry(struct app *a, struct sample *prev, struct sample *next);

/* After the rates: a carried source keeps OLD's rates (they point into
 * the carried table) in place of NEW's; a recovered one has no rate
 * this tick (its baseline is older than the interval). */
void stale_rates(struct app *a, struct sample_rates *old,
		 struct sample_rates *new);

/* The sentence for source S ("diskstats cannot be understood; values
 * from 12:03:11 (stale)", with the file's path) into DST, or NULL when S
 * read. */
const char *stale_sentence(const struct app *a, enum stale_source s,
			   char *dst, size_t size);

#endif
