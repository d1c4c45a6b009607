/* SPDX-License-Identifier: GPL-2.0-or-later */
/* conditions: what a benchmark ran under - target device and filesystem,
 * USB link, cluster governors and frequencies at start and end, the
 * target's IRQ affinity, temperature range, throttling, kernel, time -
 * as the "conditions" object of every result (keys in doc/bench.md). */
#ifndef BENCHTOP_CONDITIONS_H
#define BENCHTOP_CONDITIONS_H

#include <stdbool.h>
#include <stdint.h>

#include <jansson.h>

#include "hw/hwmodel.h"
#include "bench/presets.h"

struct conditions {
	struct hwmodel hw;
	bool have_hw;
	json_t *obj;		/* built up from begin to end */
	double t0;		/* monotonic seconds at begin */
	bool have_temp;
	double temp_min_c, temp_max_c;
	uint64_t throttled;	/* bit per cluster index seen throttled */
};

/* Record the start: time, kernel, target TARGET of a run of KIND (folder,
 * block device or iperf host), its device, filesystem, USB link and IRQs,
 * and the clusters.  0 or -ENOMEM. */
int conditions_begin(struct conditions *c, enum bench_kind kind,
		     const char *target);

/* Take one reading of temperatures and throttling during the run. */
void conditions_sample(struct conditions *c);

/* Record the end (clusters, time, temperature range, throttling) and
 * return the object (a new reference; NULL when out of memory). */
json_t *conditions_end(struct conditions *c);

void conditions_fini(struct conditions *c);

/* The mount that holds PATH (already resolved) among the rows of
 * /proc/self/mountinfo text BUF: the index of the longest mount point
 * that is a prefix of PATH, or -1 (pure). */
int conditions_mount_of(const struct blockdev_mnts *m, const char *path);

#endif
