/* SPDX-License-Identifier: GPL-2.0-or-later */
/* bench: the child's side of a run: dispatch to the kind, then send the
 * result (or the sentence of the failure) to the parent. */
#include "config.h"

#include "bench/bench.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench/benchmsg.h"

typedef int (*bench_run_fn)(const struct bench_job *, json_t *, char *,
			    size_t);

static const bench_run_fn kinds[BENCH_NKINDS] = {
	[BENCH_SEQ_DIRECT] = bench_seq_run,
	[BENCH_IOZONE] = bench_iozone_run,
	[BENCH_READ_TIMING] = bench_readtiming_run,
	[BENCH_BONNIE] = bench_bonnie_run,
	[BENCH_IPERF] = bench_iperf_run,
};

void bench_figure(json_t *figs, const char *name, double value,
		  const char *unit, bool main)
{
	json_array_append_new(figs, json_pack("{s:s s:f s:s s:b}", "name",
			      name, "value", isfinite(value) ?
			      round(value * 1000) / 1000 : 0.0, "unit", unit,
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

int bench_child_run(const struct bench_job *job)
{
	json_t *res = json_object();
	char err[400] = "";
	char *s = NULL;
	int rc = -ENOMEM;

	if (res && (unsigned)job->p.kind < BENCH_NKINDS) {
		json_object_set_new(res, "figures", json_array());
		rc = kinds[job->p.kind](job, res, err, sizeof(err));
	}
	if (rc == 0 && (s = json_dumps(res, JSON_COMPACT | JSON_PRESERVE_ORDER)))
		rc = benchmsg_result(job->out, s);
	else if (rc == 0)
		rc = -ENOMEM;
	if (rc)
		benchmsg_error(job->out, err[0] ? err : strerror(-rc));
	free(s);
	json_decref(res);
	return rc ? 1 : 0;
}
