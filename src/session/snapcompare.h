/* SPDX-License-Identifier: GPL-2.0-or-later */
/* snapcompare: two snapshots side by side - the system facts that differ
 * (kernel, governors, IRQ affinities, USB drivers and speeds) and, for
 * every benchmark figure both have, A, B, B/A and the change in percent. */
#ifndef BENCHTOP_SNAPCOMPARE_H
#define BENCHTOP_SNAPCOMPARE_H

#include <jansson.h>
#include <stdbool.h>
#include <stdio.h>

#include "session/snapdoc.h"
#include "session/snapexp.h"

enum snapcompare_format {
	SNAPCOMPARE_TEXT,
	SNAPCOMPARE_MD,
	SNAPCOMPARE_JSON,
};

/* A name with a string (a fact) or a number (a figure). */
struct snapcompare_kv {
	char *name, *s;
	double v;
};

/* A fact that differs: its value in A and in B (NULL: not there). */
struct snapcompare_fact {
	char *name, *a, *b;
};

struct snapcompare_figure {
	char *run, *figure;
	const char *unit;	/* a string of A's result or a constant */
	double a, b, ratio, change_pct;	/* NAN: no ratio (A is 0) */
};

/* Which runs were compared: A's run A of A_OF, B's B of B_OF (1-based). */
struct snapcompare_match {
	char *run;
	size_t a, a_of, b, b_of;
};

/* Runs of one preset and target that were not compared, and why: "A's
 * run 2 of 2 was cancelled", "sizes differ: 32 MiB vs 100 MiB". */
struct snapcompare_refusal {
	char *run, *why;
};

struct snapcompare {
	char *name_a, *name_b;
	bool every_pair;
	struct snapcompare_refusal *refused;
	size_t nrefused, crefused;
	struct snapcompare_fact *facts;
	struct snapcompare_figure *figs;
	struct snapcompare_match *matched;
	char **only_a, **only_b;	/* runs without a match */
	size_t nfacts, nfigs, nmatched, nonly_a, nonly_b;
	size_t cfacts, cfigs, cmatched, conly_a, conly_b;
	struct snapexp_matches experiments;	/* snapexp_compare() */
};

/* Compare A and B (named NAME_A, NAME_B) into C: the runs of one preset
 * and target matched the latest of A with the latest of B that ran alike
 * (runmatch.h: finished, same settings, disk and variant), or
 * (EVERY_PAIR) each with each that ran alike; the runs that could not be
 * paired go to C's refused, with why.  0, or -ENOMEM (C is then empty). */
int snapcompare_build(struct snapcompare *c, const struct snapdoc *a,
		      const struct snapdoc *b, const char *name_a,
		      const char *name_b, bool every_pair);

void snapcompare_fini(struct snapcompare *c);

/* C as the compare document's body: "a", "b", "facts" [{name, a, b}],
 * "matching" ("latest" or "every pair"), "matched" [{run, a, a_of, b,
 * b_of}], "figures" [{run, figure, unit, a, b, ratio, change_pct}],
 * "only_a", "only_b", "refused" [{run, why}], "experiments"
 * (doc/schema/compare.json).  NULL when
 * out of memory. */
json_t *snapcompare_json(const struct snapcompare *c);

/* Print C to F in FORMAT; 0 or -EIO. */
int snapcompare_print(FILE *f, const struct snapcompare *c,
		      enum snapcompare_format format);

#endif
