/* SPDX-License-Identifier: GPL-2.0-or-later */
/* bench: the figures of a result, as every runner (bench_*.c) writes them
 * and the results screen reads them. */
#include "config.h"

#include "bench/bench.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

void bench_figure(json_t *figs, const char *name, double value,
		  const char *unit, bool main)
{
	json_array_append_new(figs, json_pack("{s:s s:f s:s s:b}", "name",
			      name, "value", isfinite(value) ?
			      round(value * 1000) / 1000 : 0.0,
			      "unit", unit, "main", main));
}

void bench_figure_count(json_t *figs, const char *name, long long value,
			const char *unit, bool main)
{
	json_array_append_new(figs, json_pack("{s:s s:I s:s s:b}", "name",
			      name, "value", (json_int_t)value, "unit", unit,
			      "main", main));
}

const char *bench_change(double new_v, double old_v, char *dst,
			 size_t size)
{
	double pct;

	if (!(old_v > 0) || !isfinite(new_v)) {
		snprintf(dst, size, "n/a");
		return dst;
	}
	pct = (new_v / old_v - 1) * 100;
	snprintf(dst, size, "%+.0f %%", fabs(pct) < 0.5 ? 0.0 : pct);
	return dst;
}

json_t *bench_find_figure(json_t *res, const char *name)
{
	json_t *f;
	size_t i;

	json_array_foreach(json_object_get(res, "figures"), i, f)
		if (json_is_string(json_object_get(f, "name")) &&
		    !strcmp(json_string_value(json_object_get(f, "name")), name))
			return f;
	return NULL;
}
