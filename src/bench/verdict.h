/* SPDX-License-Identifier: GPL-2.0-or-later */
/* verdict: what two sets of runs of one figure support saying, judged
 * with every other figure of the same experiment as one family - each
 * side's median and range, the Hodges-Lehmann estimate of B/A with its
 * exact distribution-free interval at the family's level (Holm), and
 * one of three answers: a change of X-Y %, the same within +-E %, or
 * cannot tell (with about how many more runs would).  Pure: no I/O. */
#ifndef BENCHTOP_VERDICT_H
#define BENCHTOP_VERDICT_H

#include <stdbool.h>
#include <stddef.h>

/* Runs each side needs before any estimate is worth printing. */
#define VERDICT_MIN_RUNS 3
/* The chance of any wrong claim among the figures of one experiment. */
#define VERDICT_ALPHA 0.05
/* "the same" only within this margin, in % of A, by default. */
#define VERDICT_MARGIN_PCT 3.0
/* "about M more would decide": M for this chance of deciding. */
#define VERDICT_POWER 0.9
/* Runs of a side that are looked at (more are left out). */
#define VERDICT_RUNS_MAX 256

enum verdict_kind {
	VERDICT_FEW,		/* fewer than VERDICT_MIN_RUNS a side */
	VERDICT_SAME,		/* the interval lies within +-margin */
	VERDICT_UNCLEAR,	/* cannot tell with these runs */
	VERDICT_HIGHER,		/* the interval lies above B/A = 1 */
	VERDICT_LOWER,		/* the interval lies below B/A = 1 */
};

/* Which way a figure is better, from its unit. */
enum verdict_better {
	VERDICT_NEUTRAL,	/* "higher", "lower" */
	VERDICT_HIGHER_BETTER,	/* rates: higher is faster */
	VERDICT_LOWER_BETTER,	/* times (latency): lower is faster */
};

struct verdict_side {
	double median, min, max;
	size_t n;
};

struct verdict {
	enum verdict_kind kind;
	struct verdict_side a, b;
	bool has_ratio;		/* every run of both sides above 0 */
	double ratio;		/* B's median / A's median (A's above 0) */
	double change_pct;	/* (ratio - 1) * 100 */
	double spread_pct;	/* the larger half-range of a side, % of its
				 * median: the run-to-run spread */
	double est_pct;		/* Hodges-Lehmann estimate of the change:
				 * the median of B_j / A_i over all pairs */
	bool has_interval;	/* the runs allow an interval at ALPHA */
	double lo_pct, hi_pct;	/* the change's interval at 1 - ALPHA */
	double p;		/* exact two-sided Mann-Whitney p of "no
				 * change" (ties count against a change) */
	double alpha;		/* the level the interval was taken at, the
				 * family's correction applied */
	size_t family;		/* comparisons judged together */
	bool claimed;		/* Holm rejected "no change" */
	double margin_pct;	/* E of "the same within +-E %" */
	unsigned more_runs;	/* UNCLEAR, FEW: about this many more runs a
				 * side would decide a MORE_PCT change; 0
				 * when the runs do not say */
	double more_pct;
};

/* How a family is judged: 0 in a field takes the default. */
struct verdict_opts {
	double alpha;		/* VERDICT_ALPHA */
	double margin_pct;	/* VERDICT_MARGIN_PCT */
};

/* One comparison of a family: B's runs against A's. */
struct verdict_input {
	const double *a, *b;
	size_t na, nb;
};

/* The exact null distributions of the Mann-Whitney count already worked
 * out, by sample sizes; for a caller that judges many families. */
struct verdict_cache {
	struct verdict_dist *v;
	size_t n, cap;
};

void verdict_cache_init(struct verdict_cache *c);
void verdict_cache_fini(struct verdict_cache *c);

/* The median, min and max of the N values V (N may be 0: all zero). */
void verdict_side(const double *v, size_t n, struct verdict_side *out);

/*
 * Judge the N comparisons IN as one family into OUT[0..N-1]: Holm's
 * step-down over their exact p values at O's alpha (NULL: defaults);
 * a comparison Holm rejects gets its interval at the level it was
 * rejected at (it lies off B/A = 1: HIGHER or LOWER); every other one
 * gets its interval at alpha / N, and is SAME when that lies within
 * +-margin, else UNCLEAR.  CACHE may be NULL.  0, or -ENOMEM.
 */
int verdict_family(const struct verdict_input *in, size_t n,
		   const struct verdict_opts *o, struct verdict_cache *cache,
		   struct verdict *out);

/* Judge B against A (the first variant) as a family of one at the
 * defaults.  0, or -ENOMEM. */
int verdict_judge(const double *a, size_t na, const double *b, size_t nb,
		  struct verdict *out);

/* Which way a figure in UNIT is better: rates ("MB/s", "Mbit/s", "/s")
 * higher, times ("ms", "s", "us") lower, anything else neither. */
enum verdict_better verdict_better(const char *unit);

/* V as one sentence: "faster by 8-11 %", "slower by 3 %", "the same
 * within +-3 %", "cannot tell with 3 runs a side: about 9 more would
 * decide a 3 % change"; "higher by 12-20 %" for figures that are neither
 * rates nor times.  Returns DST. */
const char *verdict_sentence(const struct verdict *v,
			     enum verdict_better better, char *dst,
			     size_t size);

/* Flag in OUT[i] each of the N values V far outside the others: more
 * than 3 scaled median absolute deviations (1.4826 MAD, a standard
 * deviation for normal noise) from the median; needs 5 values and a
 * MAD above 0.  Returns how many are flagged. */
size_t verdict_outliers(const double *v, size_t n, bool *out);

/* A trend across the N values V in the order they ran (thermal creep, a
 * filling disk): Kendall's tau against the run order into *TAU, and the
 * exact two-sided p of "no trend" (every order equally likely: the
 * Mahonian distribution of inversions; ties count as neither).  1 below
 * 6 values; NAN when out of memory. */
double verdict_trend(const double *v, size_t n, double *tau);

/* The word for V's kind in JSON: "few", "same", "unclear", "higher",
 * "lower". */
const char *verdict_kind_name(enum verdict_kind k);

#endif
