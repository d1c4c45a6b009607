/* SPDX-License-Identifier: GPL-2.0-or-later */
/* snapreport: a loaded snapshot rendered for people - Markdown for a forum
 * or a wiki, CSV of the time series for a spreadsheet - and the figures
 * of its benchmark results, which `compare` matches between two files. */
#ifndef BENCHTOP_SNAPREPORT_H
#define BENCHTOP_SNAPREPORT_H

#include <jansson.h>
#include <stdbool.h>
#include <stdio.h>

#include "session/snapdoc.h"

/* Write snapshot D (snapdoc_load()) as Markdown to F; 0 or -EIO.  The
 * kernel command line's values that look like secrets or serial numbers
 * are left out (base/redact.h); with REDACT, the host name and the whole
 * command line too. */
int snapreport_markdown(FILE *f, const struct snapdoc *d, bool redact);

/* Write DOC's time series as CSV to F: "time_s,samples,CHANNEL..." then
 * one line per row, oldest first, empty cells where a channel had no
 * value; 0 or -EIO. */
int snapreport_csv(FILE *f, const json_t *doc);

/* Called for each figure of a result: PATH is "write_mb_s" or
 * "grid.4.write", V its value. */
typedef void (*snapreport_figure_fn)(void *ctx, const char *path, double v);

/* Every number of RESULT outside its "conditions" (and outside keys that
 * are not measurements: "time", "started", "index"), in document order
 * with sorted keys; for a result of benchtop's own runs (doc/bench.md),
 * the entries of its "figures" by name. */
void snapreport_figures(const json_t *result, snapreport_figure_fn fn,
			void *ctx);

/* "PRESET TARGET" of RESULT (its "kind" when there is no preset) into DST,
 * the key runs are matched by. */
void snapreport_run_key(const json_t *result, char *dst, size_t size);

/* The unit of a figure from its name's suffix ("MB/s" for "_mb_s"), or "". */
const char *snapreport_unit(const char *path);

/* The unit of RESULT's figure PATH: the one its "figures" entry gives, else
 * snapreport_unit(PATH). */
const char *snapreport_result_unit(const json_t *result, const char *path);

#endif
