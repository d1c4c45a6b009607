/* SPDX-License-Identifier: GPL-2.0-or-later */
/* procstat: /proc/stat CPU times and per-CPU utilisation. */
#ifndef BENCHTOP_PROCSTAT_H
#define BENCHTOP_PROCSTAT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum cpu_field {
	CPU_USER, CPU_NICE, CPU_SYSTEM, CPU_IDLE, CPU_IOWAIT, CPU_IRQ,
	CPU_SOFTIRQ, CPU_STEAL, CPU_GUEST, CPU_GUEST_NICE, CPU_NFIELDS
};

struct cpu_times {
	int id;			/* -1 for the aggregate "cpu" line */
	uint64_t t[CPU_NFIELDS];	/* USER_HZ ticks; missing fields 0 */
};

struct procstat {
	struct cpu_times total;
	struct cpu_times *cpus;	/* in file order, keyed by id */
	size_t ncpus;
	uint64_t ctxt, btime, procs_running, procs_blocked;
};

/*
 * Parse /proc/stat into OUT (reset first).  Offline CPUs have no line; the
 * caller tells them from the present ones.  Returns the number of CPU lines,
 * or -EINVAL (no aggregate line, a malformed cpu line, a duplicate id).
 */
int procstat_parse(const char *buf, size_t len, struct procstat *out);

void procstat_free(struct procstat *p);

/* The times of CPU ID in P, or NULL when it has no line (offline). */
const struct cpu_times *procstat_find(const struct procstat *p, int id);

struct cpu_util {
	bool valid;		/* false: no earlier sample or counters reset */
	/* Percent of the interval, 0..100 each. */
	double user, nice, system, idle, iowait, irq, softirq, steal;
	double busy;		/* 100 - idle - iowait */
};

/*
 * Utilisation of one CPU between PREV and CUR (either may be NULL: the
 * result is then invalid).  A field that went down counts as 0 (idle and
 * iowait can step back on tickless kernels); a total that went down means
 * the counters were reset and the result is invalid.
 */
void procstat_util(const struct cpu_times *prev, const struct cpu_times *cur,
		   struct cpu_util *out);

#endif
