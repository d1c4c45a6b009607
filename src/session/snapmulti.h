/* SPDX-License-Identifier: GPL-2.0-or-later */
/* snapmulti: several sessions in one table, the shape of the write-ups
 * benchtop grew from (three kernels with and without UAS): for every run
 * (preset and target) and figure a column per session, each session's
 * median of its like runs (runmatch.h), its ratio against the first and,
 * where the runs allow one, the verdict, all judged as one family. */
#ifndef BENCHTOP_SNAPMULTI_H
#define BENCHTOP_SNAPMULTI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include <jansson.h>

#include "session/snapdoc.h"

#define SNAPMULTI_MAX 26	/* sessions: A to Z */

/*
 * The table of the N sessions DOCS named NAMES as JSON: "sessions"
 * [{name, file, kernel, time}], "runs" [{run, refused [{session, why}],
 * figures [{figure, unit, cells [{n, median, ratio, verdict, sentence}]}]}].
 * A session's runs of a preset and target count when they finished and
 * ran alike the first session's latest that did; a session without one
 * is refused with why ("sizes differ: 32 MiB vs 100 MiB").  NULL when out
 * of memory or N is not 2 to SNAPMULTI_MAX.  Pure over the documents.
 */
json_t *snapmulti_build(const struct snapdoc *docs, const char *const *names,
			size_t n);

/* The table as text at 80 columns (MD: Markdown) to F; 0 or -EIO. */
int snapmulti_print(FILE *f, const json_t *t, bool md);

#endif
