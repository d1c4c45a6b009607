/* SPDX-License-Identifier: GPL-2.0-or-later */
/* verdict: what two sets of runs of one figure support saying - each
 * side's median and min-max, the ratio of the medians, and a plain
 * sentence that never claims more than the run-to-run spread allows. */
#ifndef BENCHTOP_VERDICT_H
#define BENCHTOP_VERDICT_H

#include <stdbool.h>
#include <stddef.h>

/* Runs each side needs before a difference is claimed: two identical
 * set-ups give ranges that do not overlap one time in three with two runs
 * each, one in ten with three, one in 126 with five. */
#define VERDICT_MIN_RUNS 3

enum verdict_kind {
	VERDICT_FEW,		/* fewer than VERDICT_MIN_RUNS a side: no claim */
	VERDICT_SAME,		/* ranges overlap, medians within the spread */
	VERDICT_UNCLEAR,	/* ranges overlap, medians apart: no claim */
	VERDICT_HIGHER,		/* every B run above every A run */
	VERDICT_LOWER,		/* every B run below every A run */
};

struct verdict_side {
	double median, min, max;
	size_t n;
};

struct verdict {
	enum verdict_kind kind;
	struct verdict_side a, b;
	bool has_ratio;		/* A's median is above 0 */
	double ratio;		/* B's median / A's median */
	double change_pct;	/* (ratio - 1) * 100 */
	double lo_pct, hi_pct;	/* the change every pair of runs allows */
	double spread_pct;	/* the larger half-range of a side, % of its
				 * median: the run-to-run spread */
};

/* The median, min and max of the N values V (N may be 0: all zero). */
void verdict_side(const double *v, size_t n, struct verdict_side *out);

/*
 * Judge B against A (the first variant).  The two differ only when their
 * min-max ranges do not overlap (and each has VERDICT_MIN_RUNS runs); the size is then the range of B/A over
 * every pair of runs (lo_pct..hi_pct).  Overlapping ranges give SAME when
 * the medians differ by no more than the spread, else UNCLEAR.  Pure.
 */
void verdict_judge(const double *a, size_t na, const double *b, size_t nb,
		   struct verdict *out);

/* Whether a figure in UNIT is a rate, where higher is faster ("MB/s",
 * "Mbit/s", "KB/s", "MiB/s", "/s"). */
bool verdict_unit_is_rate(const char *unit);

/* V as one sentence: "faster by 8-11 %", "slower by 3 %", "no difference
 * beyond the run-to-run spread (±3 %)", "higher by 12-20 %" for figures
 * that are not rates (RATE false).  Returns DST. */
const char *verdict_sentence(const struct verdict *v, bool rate, char *dst,
			     size_t size);

/* The word for V's kind in JSON: "few", "same", "unclear", "higher",
 * "lower". */
const char *verdict_kind_name(enum verdict_kind k);

#endif
