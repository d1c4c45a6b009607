/* SPDX-License-Identifier: GPL-2.0-or-later */
/* experiment: one preset run under each variant of one or two tunables,
 * interleaved (A B B A ...) N times each, every run with its conditions;
 * the tuning goes back at the end, after a failure and after a signal;
 * the result is a table of medians, ranges, ratios and verdicts. */
#ifndef BENCHTOP_EXPERIMENT_H
#define BENCHTOP_EXPERIMENT_H

#include <stdbool.h>
#include <stddef.h>

#include <jansson.h>

#include "bench/benchrun.h"
#include "bench/verdict.h"
#include "tune/tunevary.h"

#define EXPERIMENT_REPEAT_MAX 50
#define EXPERIMENT_VARIANTS_MAX 64
#define EXPERIMENT_RUNS_MAX (EXPERIMENT_REPEAT_MAX * 8)
/* --repeat auto: runs of each variant at most, unless --budget says. */
#define EXPERIMENT_BUDGET 20

enum experiment_state {
	EXPERIMENT_READY,	/* the next run may start */
	EXPERIMENT_RUNNING,	/* a run is going on */
	EXPERIMENT_DONE,	/* every run gave a result */
	EXPERIMENT_FAILED,	/* a tuning or a run failed: stopped */
	EXPERIMENT_CANCELLED,	/* a signal or the user stopped it */
};

struct experiment {
	struct preset p;
	char target[BENCHRUN_TARGET_MAX];
	int port;
	unsigned repeat;	/* runs of each variant planned (auto: the
				 * budget) */
	bool auto_stop;		/* --repeat auto: stop once decided */
	unsigned looks;		/* times the table is judged (auto: the
				 * schedule's; else 1): alpha is split */
	double margin_pct;	/* the preset's margin (0: the default) */
	double budget_s;	/* --budget in time: no round starts after
				 * this many seconds (0: none) */
	double t0;		/* monoclock_s() at the first run */
	bool timed_out;		/* it stopped because BUDGET_S was spent */
	struct tunevary *tv;	/* the caller's */
	size_t nvariants;
	size_t order[EXPERIMENT_RUNS_MAX];	/* variant of each run */
	size_t nruns, step;	/* runs planned, runs started */
	size_t cur[TUNEVARY_SPECS_MAX];	/* value index in force, or -1 */
	struct benchrun own;
	struct benchrun *run;	/* OWN, or the caller's (the monitor's) */
	enum experiment_state state;
	char error[512];	/* why it stopped */
	char msg[512];		/* the last tuning sentence */
	/* the tunables read back before the run going on (tunevary's
	 * read-back): what each holds, and 1 in effect, 0 not, < 0 not
	 * readable */
	char readback[TUNEVARY_SPECS_MAX][256];
	int in_effect[TUNEVARY_SPECS_MAX];
	json_t *runs;		/* [{variant, index, in_effect, result}] */
	json_t *log;		/* the tuning sentences, in order */
	bool finished;
	int restore_failed;
};

/*
 * The order of NVARIANTS variants repeated REPEAT times: round r runs
 * 0..n-1 when r is even and n-1..0 when odd (A B B A A B for two variants
 * and three rounds), so that a drift over time (heat, a filling disk)
 * falls on every variant alike.  Writes at most MAX indexes to ORDER and
 * returns NVARIANTS * REPEAT.  Pure.
 */
size_t experiment_plan(size_t nvariants, unsigned repeat, size_t *order,
		       size_t max);

/*
 * --repeat auto looks at the table after N runs of each variant when N is
 * 5, 7, 10, 14, 20, 28 or 40 and below BUDGET, and at BUDGET.  Each look
 * is judged at 5 % / experiment_looks(BUDGET), so that stopping at the
 * first look that decides cannot raise the chance of a false claim above
 * 5 % (Bonferroni over the looks).  Pure.
 */
bool experiment_look(unsigned n, unsigned budget);
unsigned experiment_looks(unsigned budget);

/* Whether every main figure of FIGS (experiment_figures()) is decided
 * against A - faster, slower or the same - or cannot be by more runs (no
 * ratio: a count at 0).  Pure. */
bool experiment_decided(const json_t *figs);

/* Variant V's value index for each of TV's items (the first item varies
 * slowest: a grid in reading order) into VI. */
void experiment_values(const struct tunevary *tv, size_t v, size_t *vi);

/* "irq:150=4-7 governor:policy4=performance" for variant V. */
const char *experiment_label(const struct tunevary *tv, size_t v,
			     char *dst, size_t size);

/* Plan an experiment of preset P on TARGET (PORT for iperf) over TV's
 * items, REPEAT runs per variant (with AUTO_STOP, at most: it stops at
 * the first look that decides).  0, or -EINVAL with EX->error set. */
int experiment_init(struct experiment *ex, const struct preset *p,
		    const char *target, int port, unsigned repeat,
		    struct tunevary *tv);

/* Stop at the first look that decides every main figure (--repeat auto,
 * REPEAT being the budget); before the first run. */
void experiment_auto(struct experiment *ex);

/* --repeat auto with a budget in time as well: no round starts once
 * SECONDS have passed since the first run; the table is judged there, one
 * look more (alpha is split over it too).  Before the first run. */
void experiment_time_budget(struct experiment *ex, double seconds);

/* The verdict options of EX's table: its margin, alpha split over its
 * looks. */
void experiment_opts(const struct experiment *ex, struct verdict_opts *o);

/* Run in R (the monitor's one run) instead of the experiment's own; R
 * must outlive the experiment. */
void experiment_use_run(struct experiment *ex, struct benchrun *r);

/* Set the tunables of the next run's variant and start the run (QUIET:
 * the child's output to /dev/null).  0, or -errno: the experiment
 * FAILED with the sentence in EX->error. */
int experiment_start_next(struct experiment *ex, bool quiet);

/* After benchrun_reap() said the run ended: keep its result and settle
 * the state (READY, DONE, FAILED or CANCELLED). */
void experiment_collect(struct experiment *ex);

/* Stop: cancel the run going on (collect it when it is reaped). */
void experiment_cancel(struct experiment *ex);

/* Put the tuning back (once); returns how many targets did not go back. */
int experiment_finish(struct experiment *ex);

/* The experiment as JSON (doc/snapshot.md "experiments"): settings,
 * variants, order, runs with their results, figures with each variant's
 * median, min, max and samples, the comparison with the first variant
 * and its verdict, the journal and status.  NULL when out of memory. */
json_t *experiment_json(const struct experiment *ex);

/* The "figures" of an experiment from its RUNS ([{variant, result}]) and
 * NVARIANTS, every later variant of every figure judged against the
 * first as one family (bench/verdict.h) with O (NULL: the defaults).
 * Pure over the JSON; NULL when out of memory. */
json_t *experiment_figures(const json_t *runs, size_t nvariants,
			   const struct verdict_opts *o);

void experiment_fini(struct experiment *ex);

#endif
