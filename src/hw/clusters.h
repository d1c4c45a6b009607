/* SPDX-License-Identifier: GPL-2.0-or-later */
/* clusters: CPUs grouped by cpufreq policy, with their core type, role
 * (big/LITTLE), frequencies, governor and statistics. */
#ifndef BENCHTOP_CLUSTERS_H
#define BENCHTOP_CLUSTERS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "hw/cpufreqinfo.h"
#include "hw/cpuinfo.h"
#include "base/cpulist.h"

enum cluster_role {
	CLUSTER_ROLE_NONE,	/* one kind of core only, or unknown */
	CLUSTER_ROLE_LITTLE,
	CLUSTER_ROLE_MEDIUM,
	CLUSTER_ROLE_BIG,
};

struct cluster {
	unsigned policy;	/* N of policyN; without policy directories
				 * (3.x kernels) the CPU that owns the files */
	struct cpuset cpus;	/* related_cpus */
	bool online;		/* at least one of its CPUs is online */
	char *core;		/* "Cortex-A7", "0xabc", x86 model name, "" */
	uint64_t capacity;	/* top cpu_capacity of its CPUs, 0 unknown */
	enum cluster_role role;
	bool has_freq;		/* FREQ was read (online, policy present) */
	struct cpufreqinfo freq;
	double util_pct;	/* busy share from the caller, < 0 unknown */
	bool cooling_active;	/* a cooling device of its CPUs has state > 0 */
	bool throttled;		/* see clusters_throttled() */
	char *error;		/* sentences about what could not be read */
};

/* CPUs of one core type in one topology cluster, for machines with or
 * without cpufreq. */
struct clusters_core {
	struct cpuset cpus;
	char *core;		/* as in struct cluster */
	struct cpuset cluster;	/* cluster_cpus_list where it groups more
				 * than one core (hw/cputopo.h), else empty */
};

struct clusters {
	struct cpuset present, online;
	struct clusters_core *cores;	/* by first CPU */
	size_t ncores;
	struct cpuset nofreq;	/* present CPUs without a cpufreq directory */
	struct cluster *v;	/* sorted by policy */
	size_t n;
	const char *cpufreq_note;	/* set when no CPU has cpufreq */
	char *error;		/* why the CPUs could not be listed, or NULL */
};

/* Inputs of the throttle rule for one cluster. */
struct clusters_throttle_in {
	const char *governor;	/* NULL when unknown */
	uint64_t cur_khz;	/* 0 when unknown */
	uint64_t max_khz;	/* the policy maximum (scaling_max_freq) */
	double util_pct;	/* busy share of the cluster, < 0 unknown */
	bool cooling_active;
};

#define CLUSTERS_BUSY_PCT 90.0	/* a cluster at least this busy wants max */

/*
 * Whether a cluster is held below what its governor asks for: a cooling
 * device of it is active, or it runs more than 2 % below its policy
 * maximum while the governor wants the maximum (performance always;
 * ondemand, schedutil, conservative and interactive when busy).
 */
bool clusters_throttled(const struct clusters_throttle_in *in);

/* Whether a policy's maximum MAX_KHZ lies below the hardware's highest
 * frequency HW_MAX_KHZ (a limit someone set: the cluster cannot reach
 * what it is built for); false when either is unknown (0). */
bool clusters_capped(uint64_t max_khz, uint64_t hw_max_khz);

/* Read /sys/devices/system/cpu into C (reset first), naming cores from CI
 * (may be NULL).  Per-cluster problems become sentences in cluster.error;
 * returns 0, or -ENOMEM. */
int clusters_load(struct clusters *c, const struct cpuinfo *ci);

/* Read again only what moves each tick: each online cluster's current
 * frequency (scaling_cur_freq: one file per policy; the limits and the
 * governor are tuning state, read by clusters_load at the slower cadence
 * and after benchtop's own writes), throttle flags recomputed with
 * cooling_active cleared (the caller sets it again). -EAGAIN when a file is gone or bad or C had a
 * sentence: then the caller loads C again (clusters_load). */
int clusters_refresh_freq(struct clusters *c);

void clusters_fini(struct clusters *c);

/* Give each cluster its role from cpu_capacity when that tells them apart,
 * else from the hardware maximum frequency. */
void clusters_assign_roles(struct cluster *v, size_t n);

/* "little", "medium", "big", or NULL for CLUSTER_ROLE_NONE. */
const char *clusters_role_name(enum cluster_role r);

/* Set each cluster's util_pct to the mean of BUSY_PCT[i] over its online
 * CPUs (CPU_IDS[i] names the CPU), then recompute throttled. */
void clusters_set_util(struct clusters *c, const int *cpu_ids,
		       const double *busy_pct, size_t n);

/* The fastest clock policy F can run: scaling_max_freq capped at the
 * hardware maximum and rounded down to a listed step. */
uint64_t clusters_reachable_max(const struct cpufreqinfo *f);

/* Recompute every cluster's throttled flag from its fields (against
 * clusters_reachable_max, so a limit just set between steps or above
 * the hardware maximum is not taken for throttling). */
void clusters_refresh_throttled(struct clusters *c);

/*
 * Parse a stats/time_in_state file ("<kHz> <10 ms ticks>" per line) into a
 * malloc'd array *OUT (ms).  Returns the number of lines, or -EINVAL
 * (*ERR_LINE says where) or -ENOMEM.
 */
int clusters_parse_time_in_state(const char *buf, size_t len,
				 struct cpufreqinfo_state **out,
				 unsigned *err_line);

/* Parse a sysfs decimal such as "1400000\n"; 0, -EINVAL or -ERANGE. */
int clusters_parse_u64(const char *buf, size_t len, uint64_t *out);

/*
 * Say in DST why sysfs file NAME gave no value: READ_RC is the -errno of
 * reading it (BUF, LEN its content when 0).  "scaling_cur_freq is empty",
 * "cpu_capacity is not a number (\"x7\")".  Returns the length needed.
 */
size_t clusters_explain(const char *name, int read_rc, const char *buf,
			size_t len, char *dst, size_t size);

#endif
