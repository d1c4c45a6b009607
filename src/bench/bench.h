/* SPDX-License-Identifier: GPL-2.0-or-later */
/* bench: one benchmark run as its child process does it: the job, the
 * dispatch to the kind's bench_*.c, and the figures of a result. */
#ifndef BENCHTOP_BENCH_H
#define BENCHTOP_BENCH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <jansson.h>

#include "bench/presets.h"

struct bench_job {
	struct preset p;	/* with any command-line overrides applied */
	const char *target;	/* folder, block device, or iperf host */
	int port;		/* iperf server port */
	int out;		/* the pipe to the parent */
};

/* Run JOB in this (child) process: progress, then a "result" or "error"
 * line on JOB->out.  Returns the child's exit status (0 or 1). */
int bench_child_run(const struct bench_job *job);

/* Append {"name", "value", "unit", "main"} to the array FIGS. */
void bench_figure(json_t *figs, const char *name, double value,
		  const char *unit, bool main);

/* The change from OLD to NEW as "+41 %", "-3 %", "+0 %"; "n/a" when OLD
 * is not above 0.  Returns DST. */
const char *bench_change(double new_v, double old_v, char *dst,
			 size_t size);

/* The figure named NAME in result RES (its "figures"), or NULL. */
json_t *bench_find_figure(json_t *res, const char *name);

/* Rate updates to the parent at most this often (seconds). */
#define BENCH_PROGRESS_S 0.2

/* The kinds (0 with RES filled, or -errno with ERR set, a sentence). */
int bench_seq_run(const struct bench_job *j, json_t *res, char *err,
		  size_t errsize);
int bench_iozone_run(const struct bench_job *j, json_t *res, char *err,
		     size_t errsize);
int bench_readtiming_run(const struct bench_job *j, json_t *res, char *err,
			 size_t errsize);
int bench_bonnie_run(const struct bench_job *j, json_t *res, char *err,
		     size_t errsize);
int bench_iperf_run(const struct bench_job *j, json_t *res, char *err,
		    size_t errsize);

#endif
