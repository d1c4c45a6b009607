/* SPDX-License-Identifier: GPL-2.0-or-later */
/* bench_child: the child's side of a run: dispatch to the kind, then send
 * the result (or the sentence of the failure) to the parent. */
#include "config.h"

#include "bench/bench_child.h"

#include <errno.h>
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
