/* SPDX-License-Identifier: GPL-2.0-or-later */
/* bench_child: what the child process of a run does. */
#ifndef BENCHTOP_BENCH_CHILD_H
#define BENCHTOP_BENCH_CHILD_H

#include "bench/bench.h"

/* Run JOB in this (child) process: progress, then a "result" or "error"
 * line on JOB->out.  Returns the child's exit status (0 or 1). */
int bench_child_run(const struct bench_job *job);

#endif
