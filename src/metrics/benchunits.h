/* SPDX-License-Identifier: GPL-2.0-or-later */
/* benchunits: a benchmark figure in Prometheus' base units - the family
 * its unit belongs to (bytes per second, seconds, ...) and the factor from
 * the tool's unit, and its name as a snake_case label value. */
#ifndef BENCHTOP_BENCHUNITS_H
#define BENCHTOP_BENCHUNITS_H

#include <stddef.h>

/* The quantities, each one family of metrics (benchtop_bench_SUFFIX). */
enum benchunits_quantity {
	BENCHUNITS_BYTES_PER_SECOND,
	BENCHUNITS_OPERATIONS_PER_SECOND,
	BENCHUNITS_SECONDS,
	BENCHUNITS_BYTES,
	BENCHUNITS_RATIO,
	BENCHUNITS_COUNT,	/* a number of events: retransmits */
	BENCHUNITS_N
};

/* The family suffix of quantity Q: "bytes_per_second", ... */
const char *benchunits_suffix(enum benchunits_quantity q);

/* The quantity of a figure in UNIT ("MB/s", "KB/s", "Mbit/s", "KiB", "ms",
 * "%", "IOPS", "" ...) and the factor that takes it to the base unit
 * (MB/s: 1e6; Mbit/s: 125000, as bytes per second; ms: 0.001; %: 0.01);
 * -1 for a unit it does not know. */
int benchunits_of(const char *unit, double *factor);

/* NAME as a label value: lower case, each run of other characters than
 * letters and digits one '_', none at either end ("random read 4k" ->
 * "random_read_4k", "max cwnd" -> "max_cwnd"), cut to SIZE - 1 bytes. */
void benchunits_snake(const char *name, char *dst, size_t size);

#endif
