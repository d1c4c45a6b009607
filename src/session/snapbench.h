/* SPDX-License-Identifier: GPL-2.0-or-later */
/* snapbench: benchmark results written by benchtop's own runs (doc/bench.md)
 * in reports and comparisons, shaped like dd, hdparm, iozone and iperf3. */
#ifndef BENCHTOP_SNAPBENCH_H
#define BENCHTOP_SNAPBENCH_H

#include <stdbool.h>
#include <stdio.h>

#include "bench/benchresult.h"

/* Called for each figure: its NAME ("write", "random read 4k") and V. */
typedef void (*snapbench_figure_fn)(void *ctx, const char *name, double v);

/* Every figure of RESULT with a name and a number, in its order. */
void snapbench_figures(const struct benchresult *result,
		       snapbench_figure_fn fn,
		       void *ctx);

/* The unit of RESULT's figure NAME ("MB/s", "" for counts), or NULL when
 * RESULT has no such figure. */
const char *snapbench_unit(const struct benchresult *result,
			   const char *name);

/* RESULT in Markdown: its conditions on one line, then its figures shaped
 * like the tool's output (or a table for other kinds). */
void snapbench_markdown(FILE *f, const struct benchresult *result);

#endif
