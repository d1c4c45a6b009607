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

enum snapcompare_format {
	SNAPCOMPARE_TEXT,
	SNAPCOMPARE_MD,
	SNAPCOMPARE_JSON,
};

/* The comparison as JSON: "a", "b" (the names given), "facts" [{name, a,
 * b}] where they differ, "figures" [{run, figure, unit, a, b, ratio,
 * change_pct}], "only_a" and "only_b" (runs without a match).  NULL when
 * out of memory. */
json_t *snapcompare_json(const struct snapdoc *a, const struct snapdoc *b,
			 const char *name_a, const char *name_b);

/* As snapcompare_json, with the runs of one preset and target matched
 * the latest of A with the latest of B, or (EVERY_PAIR) each with each;
 * "matching" ("latest" or "every pair") and "matched" [{run, a, a_of, b,
 * b_of}] say which runs were compared (1-based, of how many). */
json_t *snapcompare_json_pairs(const struct snapdoc *a,
			       const struct snapdoc *b, const char *name_a,
			       const char *name_b, bool every_pair);

/* Print CMP (from snapcompare_json()) to F in FORMAT; 0 or -EIO. */
int snapcompare_print(FILE *f, const json_t *cmp,
		      enum snapcompare_format format);

#endif
