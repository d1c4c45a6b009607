/* SPDX-License-Identifier: GPL-2.0-or-later */
/* cpufreqinfo: one cpufreq policy as libcpupower reads it from /sys (the
 * only file that includes <cpufreq.h>; its types stay inside). */
#ifndef BENCHTOP_CPUFREQINFO_H
#define BENCHTOP_CPUFREQINFO_H

#include <stddef.h>
#include <stdint.h>

#include "base/cpulist.h"

/* Bits of cpufreqinfo.missing: what the library could not read. */
enum {
	CPUFREQINFO_CUR = 1 << 0,	/* scaling_cur_freq */
	CPUFREQINFO_HW_LIMITS = 1 << 1,	/* cpuinfo_min_freq, cpuinfo_max_freq */
	CPUFREQINFO_POLICY = 1 << 2,	/* scaling_governor, _min_, _max_freq */
	CPUFREQINFO_GOVERNORS = 1 << 3,	/* scaling_available_governors */
	CPUFREQINFO_FREQS = 1 << 4,	/* scaling_available_frequencies */
	CPUFREQINFO_STATS = 1 << 5,	/* stats/time_in_state */
	CPUFREQINFO_TRANS = 1 << 6,	/* stats/total_trans */
};

struct cpufreqinfo_state {
	uint64_t khz;
	uint64_t ms;		/* time at KHZ since boot */
};

/* Every value is 0 / NULL / empty when its bit is set in MISSING. */
struct cpufreqinfo {
	unsigned missing;
	uint64_t cur_khz;
	uint64_t hw_min_khz, hw_max_khz;
	uint64_t min_khz, max_khz;	/* policy limits */
	char *governor;			/* control characters replaced */
	char **governors;
	size_t ngovernors;
	uint64_t *freqs_khz;		/* in the kernel's order */
	size_t nfreqs;
	struct cpufreqinfo_state *states;	/* in the kernel's order */
	size_t nstates;
	uint64_t transitions;
};

/* The CPUs that share CPU's policy (related_cpus) into OUT.  Returns their
 * number, or -ENOENT when the library cannot read the list. */
int cpufreqinfo_related(unsigned cpu, struct cpuset *out);

/* Read what libcpupower offers about CPU's policy into OUT (reset first),
 * marking each part it could not read in OUT->missing.  Returns 0, or
 * -ENOMEM. */
int cpufreqinfo_read(unsigned cpu, struct cpufreqinfo *out);

void cpufreqinfo_fini(struct cpufreqinfo *ci);

#endif
