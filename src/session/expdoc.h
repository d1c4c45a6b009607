/* SPDX-License-Identifier: GPL-2.0-or-later */
/* expdoc: one experiment's document (doc/snapshot.md, "experiments") as a
 * C struct - what was varied, the variants, the order, each figure's
 * median per variant and its verdict against A - with every type checked. */
#ifndef BENCHTOP_EXPDOC_H
#define BENCHTOP_EXPDOC_H

#include <stdbool.h>
#include <stddef.h>

#include <jansson.h>

/* Strings point into the document (held): NULL when missing or null. */

struct expdoc_variant {
	const char *name, *label;	/* "A", "governor:policy0=..." */
	long long not_in_effect;	/* runs it did not take effect in
					 * (left out of the table) */
	const char *readback;		/* what the last of them read back */
};

/* One variant's runs of one figure. */
struct expdoc_side {
	double median, min, max;	/* NAN when missing */
	long long n;			/* runs; 0 when missing */
	size_t noutliers;		/* runs far outside the others */
};

/* A later variant against A. */
struct expdoc_cmp {
	double ratio;			/* NAN when missing or null */
	const char *verdict, *sentence;
};

struct expdoc_figure {
	const char *name, *unit;
	double drift_tau, drift_p;	/* the runs' trend in run order; NAN
					 * when not said */
	struct expdoc_side *sides;	/* one per variant */
	struct expdoc_cmp *cmps;	/* one per variant after A */
	size_t nsides, ncmps;
};

struct expdoc {
	json_t *doc;		/* a reference held */
	const char *preset, *target, *status, *error;
	const char *kind;	/* the first run's result's kind */
	long long repeat;	/* 0 when missing */
	long long budget;	/* --repeat auto's; 0 when missing or null */
	int auto_stop;		/* "auto": 1, 0, or -1 when not said */
	const char **vary;	/* NULL for an entry that is not a string */
	long long *order;	/* variant indices in the order they ran */
	struct expdoc_variant *variants;
	struct expdoc_figure *figs;
	size_t nvary, norder, nvariants, nfigs;
	int restored;		/* 1, 0, or -1 when not said */
};

/* Load experiment document DOC into E (which holds a reference to it).
 * 0, or -EINVAL with one sentence in ERR naming the key of a wrong type
 * (E is then empty), or -ENOMEM. */
int expdoc_load(struct expdoc *e, const json_t *doc, char *err,
		size_t errsize);

void expdoc_fini(struct expdoc *e);

#endif
