/* SPDX-License-Identifier: GPL-2.0-or-later */
/* snapexp: an experiment (bench/experiment.h's JSON, or one read back from
 * a snapshot) as the table people post - each figure's median and range
 * per variant, the ratio against the first and the verdict - in text or
 * Markdown; and its figures as a plain array for the metrics exporter. */
#ifndef BENCHTOP_SNAPEXP_H
#define BENCHTOP_SNAPEXP_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "session/expdoc.h"

struct snapdoc;

/* The columns of the experiment's text table: a verdict that does not
 * fit on its row goes under it, wrapped, as any long line of the head. */
#define SNAPEXP_WIDTH 80

/* Write experiment E to F as text (MARKDOWN false, SNAPEXP_WIDTH columns)
 * or a Markdown table; a missing key shows as "-". */
void snapexp_print_doc(FILE *f, const struct expdoc *e, bool markdown);

/* Document EXP (expdoc_load) as text of WIDTH columns (0: SNAPEXP_WIDTH;
 * the monitor's screen gives its own), or the sentence that names a key
 * of the wrong type. */
void snapexp_print_text(FILE *f, const json_t *exp, size_t width);

/* The same for document EXP (expdoc_load); a document with a key of the
 * wrong type is the sentence that names it instead. */
void snapexp_print(FILE *f, const json_t *exp, bool markdown);

/* One row of an experiment's table, for `benchtop metrics`. */
struct snapexp_figure {
	char figure[48];	/* "write", "sender", "random read 4k" */
	char unit[16];		/* "MB/s", "Mbit/s", "" */
	char variant[8];	/* "A", "B" */
	char label[160];	/* "irq:150=4-7" */
	double median, min, max;
	unsigned runs;		/* good runs of the variant */
	bool has_ratio;		/* variants after the first, A above 0 */
	double ratio;		/* median / the first variant's median */
	char verdict[12];	/* "higher", "lower", "same", "unclear",
				 * "few"; "" for the first variant */
};

/*
 * The rows of EXP (one per figure and variant, in table order) into OUT
 * (at most MAX); returns how many there are (may exceed MAX).
 */
size_t snapexp_figures_doc(const struct expdoc *e,
			   struct snapexp_figure *out, size_t max);

/* The same for document EXP; 0 rows when it cannot be loaded. */
size_t snapexp_figures(const json_t *exp, struct snapexp_figure *out,
		       size_t max);

/* The newest experiment of snapshot DOC (its "experiments" list), or
 * NULL. */
const json_t *snapexp_last(const json_t *doc);

/* "PRESET TARGET VARY..." of EXP into DST: what compare matches by. */
void snapexp_key(const struct expdoc *e, char *dst, size_t size);

/* The "## Experiments" section of a report of D (nothing when D has
 * none). */
void snapexp_report(FILE *f, const struct snapdoc *d);

/* One figure of one variant in an experiment both snapshots ran. */
struct snapexp_match {
	char experiment[600];	/* snapexp_key() */
	char figure[48], unit[16], variant[160];
	double a, b, ratio;	/* medians; B/A, NAN when A is not above 0 */
	char verdict_a[12], verdict_b[12];
};

struct snapexp_matches {
	struct snapexp_match *v;
	size_t n, cap;
	bool present;		/* A has an "experiments" list */
	bool nomem;
};

/* The experiments of snapshots A and B that match by key, figure by
 * figure and variant by variant, into OUT; 0 or -ENOMEM. */
int snapexp_compare(const struct snapdoc *a, const struct snapdoc *b,
		    struct snapexp_matches *out);

void snapexp_matches_fini(struct snapexp_matches *m);

/* M as the compare document's "experiments": [{experiment, figure, unit,
 * variant, a, b, ratio, verdict_a, verdict_b}]; NULL when out of memory. */
json_t *snapexp_matches_json(const struct snapexp_matches *m);

/* M as text or Markdown; nothing when empty. */
void snapexp_compare_print(FILE *f, const struct snapexp_matches *m,
			   bool md);

#endif
