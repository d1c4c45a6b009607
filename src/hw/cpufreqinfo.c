/* SPDX-License-Identifier: GPL-2.0-or-later */
/* cpufreqinfo: copies what libcpupower reads about one policy into our own
 * structs, so <cpufreq.h> and its linked lists stay in this file. */
#include "config.h"

#include "hw/cpufreqinfo.h"

#include <cpufreq.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/buf.h"
#include "base/strclean.h"

/* time_in_state counts in clock_t units of 10 ms (USER_HZ = 100). */
#define STATS_MS_PER_TICK 10

int cpufreqinfo_related(unsigned cpu, struct cpuset *out)
{
	struct cpufreq_affected_cpus *l, *p;

	cpuset_clear(out);
	l = cpufreq_get_related_cpus(cpu);
	if (!l)
		return -ENOENT;
	for (p = l; p; p = p->next)
		cpuset_add(out, p->cpu);
	cpufreq_put_related_cpus(l);
	return (int)cpuset_count(out);
}

static char *clean(const char *s)
{
	return strclean_dup(s, strlen(s));
}

static int read_policy(unsigned cpu, struct cpufreqinfo *out)
{
	struct cpufreq_policy *pol;

	errno = 0;
	pol = cpufreq_get_policy(cpu);
	if (!pol) {
		out->missing |= CPUFREQINFO_POLICY;
		return 0;
	}
	out->min_khz = pol->min;
	out->max_khz = pol->max;
	if (pol->min > CPUFREQINFO_KHZ_MAX || pol->max > CPUFREQINFO_KHZ_MAX) {
		cpufreq_put_policy(pol);
		out->min_khz = out->max_khz = 0;
		out->missing |= CPUFREQINFO_POLICY;
		return 0;
	}
	out->governor = clean(pol->governor);
	cpufreq_put_policy(pol);
	return out->governor ? 0 : -ENOMEM;
}

/* scaling_cur_freq read strictly (decimal digits, then blanks): the
 * library's strtoul takes "1e23" as 1 kHz, shown as 0 MHz with no word;
 * 0 when it is not a number, which clusters.c then explains. */
static unsigned long cur_khz(unsigned cpu)
{
	char path[96];
	struct buf b = { 0 };
	unsigned long v = 0;
	size_t i, n;

	snprintf(path, sizeof(path),
		 "/sys/devices/system/cpu/cpu%u/cpufreq/scaling_cur_freq", cpu);
	if (buf_read_file(&b, path) == 0) {
		for (n = b.len; n && strchr(" \t\r\n", b.data[n - 1]); n--)
			;
		for (i = 0; i < n && b.data[i] >= '0' && b.data[i] <= '9' &&
		     v <= CPUFREQINFO_KHZ_MAX; i++)
			v = v * 10 + (unsigned long)(b.data[i] - '0');
		if (i != n || n == 0)
			v = 0;
	}
	buf_free(&b);
	return v;
}

static int read_limits(unsigned cpu, struct cpufreqinfo *out)
{
	unsigned long lo = 0, hi = 0;

	/* The library tests errno for ERANGE without clearing it first. */
	errno = 0;
	if (cpufreq_get_hardware_limits(cpu, &lo, &hi) == 0 &&
	    lo <= CPUFREQINFO_KHZ_MAX && hi <= CPUFREQINFO_KHZ_MAX) {
		out->hw_min_khz = lo;
		out->hw_max_khz = hi;
	} else {
		out->missing |= CPUFREQINFO_HW_LIMITS;
	}
	out->cur_khz = cur_khz(cpu);
	if (out->cur_khz > CPUFREQINFO_KHZ_MAX)
		out->cur_khz = 0;
	if (!out->cur_khz)
		out->missing |= CPUFREQINFO_CUR;
	return read_policy(cpu, out);
}

static int read_governors(unsigned cpu, struct cpufreqinfo *out)
{
	struct cpufreq_available_governors *l, *p;
	size_t n = 0;

	l = cpufreq_get_available_governors(cpu);
	if (!l) {
		out->missing |= CPUFREQINFO_GOVERNORS;
		return 0;
	}
	for (p = l; p; p = p->next)
		n++;
	out->governors = calloc(n, sizeof(*out->governors));
	for (p = l; out->governors && p; p = p->next) {
		out->governors[out->ngovernors] = clean(p->governor);
		if (!out->governors[out->ngovernors])
			break;
		out->ngovernors++;
	}
	cpufreq_put_available_governors(l);
	return out->ngovernors == n ? 0 : -ENOMEM;
}

static int read_freqs(unsigned cpu, struct cpufreqinfo *out)
{
	struct cpufreq_available_frequencies *l, *p;
	size_t n = 0;

	l = cpufreq_get_available_frequencies(cpu);
	if (!l) {
		out->missing |= CPUFREQINFO_FREQS;
		return 0;
	}
	for (p = l; p; p = p->next)
		n++;
	out->freqs_khz = calloc(n, sizeof(*out->freqs_khz));
	if (!out->freqs_khz) {
		cpufreq_put_available_frequencies(l);
		return -ENOMEM;
	}
	for (p = l; p; p = p->next)
		out->freqs_khz[out->nfreqs++] = p->frequency;
	cpufreq_put_available_frequencies(l);
	return 0;
}

static int read_stats(unsigned cpu, struct cpufreqinfo *out)
{
	struct cpufreq_stats *l, *p;
	unsigned long long total = 0;
	size_t n = 0;

	errno = 0;
	out->transitions = cpufreq_get_transitions(cpu);
	if (!out->transitions)
		out->missing |= CPUFREQINFO_TRANS;
	l = cpufreq_get_stats(cpu, &total);
	if (!l) {
		out->missing |= CPUFREQINFO_STATS;
		return 0;
	}
	for (p = l; p; p = p->next)
		n++;
	out->states = calloc(n, sizeof(*out->states));
	for (p = l; out->states && p; p = p->next) {
		struct cpufreqinfo_state *s = &out->states[out->nstates++];
		unsigned long long t = p->time_in_state;

		s->khz = p->frequency;
		s->ms = t > UINT64_MAX / STATS_MS_PER_TICK ?
			UINT64_MAX : t * STATS_MS_PER_TICK;
	}
	cpufreq_put_stats(l);
	return out->states ? 0 : -ENOMEM;
}

int cpufreqinfo_read(unsigned cpu, struct cpufreqinfo *out)
{
	int rc;

	memset(out, 0, sizeof(*out));
	rc = read_limits(cpu, out);
	if (rc == 0)
		rc = read_governors(cpu, out);
	if (rc == 0)
		rc = read_freqs(cpu, out);
	if (rc == 0)
		rc = read_stats(cpu, out);
	return rc;
}

void cpufreqinfo_fini(struct cpufreqinfo *ci)
{
	size_t i;

	free(ci->governor);
	for (i = 0; i < ci->ngovernors; i++)
		free(ci->governors[i]);
	free(ci->governors);
	free(ci->freqs_khz);
	free(ci->states);
	memset(ci, 0, sizeof(*ci));
}
