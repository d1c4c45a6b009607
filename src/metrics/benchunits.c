/* SPDX-License-Identifier: GPL-2.0-or-later */
/* benchunits: benchmark figures in Prometheus' base units. */
#include "config.h"

#include "metrics/benchunits.h"

#include <ctype.h>
#include <stdbool.h>
#include <string.h>

static const char *const suffixes[BENCHUNITS_N] = {
	[BENCHUNITS_BYTES_PER_SECOND] = "bytes_per_second",
	[BENCHUNITS_OPERATIONS_PER_SECOND] = "operations_per_second",
	[BENCHUNITS_SECONDS] = "seconds",
	[BENCHUNITS_BYTES] = "bytes",
	[BENCHUNITS_RATIO] = "ratio",
	[BENCHUNITS_COUNT] = "events",
};

/* The units the tools print (doc/bench.md, "Units"), one row each. */
static const struct {
	const char *unit;
	enum benchunits_quantity q;
	double factor;
} units[] = {
	{ "MB/s", BENCHUNITS_BYTES_PER_SECOND, 1e6 },
	{ "KB/s", BENCHUNITS_BYTES_PER_SECOND, 1024 },
	{ "MiB/s", BENCHUNITS_BYTES_PER_SECOND, 1048576 },
	{ "B/s", BENCHUNITS_BYTES_PER_SECOND, 1 },
	{ "Mbit/s", BENCHUNITS_BYTES_PER_SECOND, 1e6 / 8 },
	{ "Gbit/s", BENCHUNITS_BYTES_PER_SECOND, 1e9 / 8 },
	{ "IOPS", BENCHUNITS_OPERATIONS_PER_SECOND, 1 },
	{ "/s", BENCHUNITS_OPERATIONS_PER_SECOND, 1 },
	{ "s", BENCHUNITS_SECONDS, 1 },
	{ "ms", BENCHUNITS_SECONDS, 1e-3 },
	{ "us", BENCHUNITS_SECONDS, 1e-6 },
	{ "\u00b5s", BENCHUNITS_SECONDS, 1e-6 },
	{ "KiB", BENCHUNITS_BYTES, 1024 },
	{ "MiB", BENCHUNITS_BYTES, 1048576 },
	{ "%", BENCHUNITS_RATIO, 0.01 },
	{ "", BENCHUNITS_COUNT, 1 },
};

const char *benchunits_suffix(enum benchunits_quantity q)
{
	return (unsigned)q < BENCHUNITS_N ? suffixes[q] : "";
}

int benchunits_of(const char *unit, double *factor)
{
	size_t i;

	for (i = 0; i < sizeof(units) / sizeof(units[0]); i++)
		if (strcmp(unit ? unit : "", units[i].unit) == 0) {
			*factor = units[i].factor;
			return (int)units[i].q;
		}
	return -1;
}

void benchunits_snake(const char *name, char *dst, size_t size)
{
	size_t n = 0;
	bool gap = false;

	if (!size)
		return;
	for (; name && *name && n + 1 < size; name++) {
		if (isalnum((unsigned char)*name)) {
			if (gap && n) {
				if (n + 2 >= size)
					break;
				dst[n++] = '_';
			}
			dst[n++] = (char)tolower((unsigned char)*name);
			gap = false;
		} else {
			gap = true;
		}
	}
	dst[n] = '\0';
}
