/* SPDX-License-Identifier: GPL-2.0-or-later */
/* expo_hw: the board, CPUs, clusters (frequency, limits, governor, core
 * type, throttled), thermal zones and cooling devices as Prometheus
 * families. */
#include "config.h"

#include "metrics/expo_hw.h"

#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <sys/utsname.h>

#define L(n, v) { (n), (v) }

static void board(struct expo *e, const struct hwmodel *hw)
{
	struct utsname u;
	struct expo_label l[4] = {
		L("board", hw->board), L("source", hw->board_source),
		L("kernel", ""), L("machine", ""),
	};

	if (uname(&u) == 0) {
		l[2].value = u.release;
		l[3].value = u.machine;
		expo_family(e, "benchtop_board_info", EXPO_INFO, NULL,
			    "The board model and the running kernel.");
		expo_u64(e, "benchtop_board_info", l, 4, 1);
	}
}

/* The cluster (cpufreq policy) that CPU belongs to, or NULL. */
static const struct cluster *cluster_of(const struct clusters *c,
					unsigned cpu)
{
	size_t i;

	for (i = 0; i < c->n; i++)
		if (cpuset_has(&c->v[i].cpus, cpu))
			return &c->v[i];
	return NULL;
}

static const char *core_of(const struct clusters *c, unsigned cpu)
{
	size_t i;

	for (i = 0; i < c->ncores; i++)
		if (cpuset_has(&c->cores[i].cpus, cpu))
			return c->cores[i].core;
	return "";
}

static void cpus(struct expo *e, const struct clusters *c)
{
	const struct cluster *cl;
	const char *role;
	char id[16], pol[16];
	int cpu;

	expo_family(e, "benchtop_cpu_info", EXPO_INFO, NULL,
		    "Each present CPU: core type, cpufreq policy and "
		    "big/LITTLE role (empty when unknown).");
	for (cpu = cpuset_first(&c->present); cpu >= 0;
	     cpu = cpuset_next(&c->present, (unsigned)cpu)) {
		struct expo_label l[4] = {
			L("cpu", id), L("core", core_of(c, (unsigned)cpu)),
			L("policy", pol), L("role", ""),
		};

		cl = cluster_of(c, (unsigned)cpu);
		role = cl ? clusters_role_name(cl->role) : NULL;
		l[3].value = role ? role : "";
		snprintf(id, sizeof(id), "%d", cpu);
		pol[0] = '\0';
		if (cl)
			snprintf(pol, sizeof(pol), "%u", cl->policy);
		expo_u64(e, "benchtop_cpu_info", l, 4, 1);
	}
	expo_family(e, "benchtop_cpu_online", EXPO_GAUGE, NULL,
		    "1 when the CPU is online, 0 when offline.");
	for (cpu = cpuset_first(&c->present); cpu >= 0;
	     cpu = cpuset_next(&c->present, (unsigned)cpu)) {
		struct expo_label l[1] = { L("cpu", id) };

		snprintf(id, sizeof(id), "%d", cpu);
		expo_u64(e, "benchtop_cpu_online", l, 1,
			 cpuset_has(&c->online, (unsigned)cpu));
	}
}

static void cluster_info(struct expo *e, const struct clusters *c)
{
	char pol[16], list[256];
	const char *role;
	size_t i;

	expo_family(e, "benchtop_cluster_info", EXPO_INFO, NULL,
		    "Each cpufreq policy: its CPUs, core type and role.");
	for (i = 0; i < c->n; i++) {
		struct expo_label l[4] = {
			L("policy", pol), L("cpus", list),
			L("core", c->v[i].core), L("role", ""),
		};

		role = clusters_role_name(c->v[i].role);
		l[3].value = role ? role : "";
		snprintf(pol, sizeof(pol), "%u", c->v[i].policy);
		cpulist_format(&c->v[i].cpus, list, sizeof(list));
		expo_u64(e, "benchtop_cluster_info", l, 4, 1);
	}
	expo_family(e, "benchtop_cluster_governor_info", EXPO_INFO, NULL,
		    "The cpufreq governor each policy runs.");
	for (i = 0; i < c->n; i++) {
		struct expo_label l[2] = {
			L("policy", pol), L("governor", c->v[i].freq.governor),
		};

		if (!c->v[i].has_freq ||
		    (c->v[i].freq.missing & CPUFREQINFO_POLICY))
			continue;
		snprintf(pol, sizeof(pol), "%u", c->v[i].policy);
		expo_u64(e, "benchtop_cluster_governor_info", l, 2, 1);
	}
}

/* One frequency family: FIELD of each policy whose MISS bit is clear. */
struct freq_family {
	const char *name, *help;
	unsigned miss;
	size_t off;
};

static const struct freq_family freq_families[] = {
	{ "benchtop_cluster_frequency_hertz",
	  "Current frequency of the policy (scaling_cur_freq).",
	  CPUFREQINFO_CUR, offsetof(struct cpufreqinfo, cur_khz) },
	{ "benchtop_cluster_min_hertz",
	  "Lower frequency limit of the policy (scaling_min_freq).",
	  CPUFREQINFO_POLICY, offsetof(struct cpufreqinfo, min_khz) },
	{ "benchtop_cluster_max_hertz",
	  "Upper frequency limit of the policy (scaling_max_freq).",
	  CPUFREQINFO_POLICY, offsetof(struct cpufreqinfo, max_khz) },
	{ "benchtop_cluster_hardware_min_hertz",
	  "Lowest frequency the hardware offers (cpuinfo_min_freq).",
	  CPUFREQINFO_HW_LIMITS, offsetof(struct cpufreqinfo, hw_min_khz) },
	{ "benchtop_cluster_hardware_max_hertz",
	  "Highest frequency the hardware offers (cpuinfo_max_freq).",
	  CPUFREQINFO_HW_LIMITS, offsetof(struct cpufreqinfo, hw_max_khz) },
};

static void cluster_freqs(struct expo *e, const struct clusters *c)
{
	const struct freq_family *f;
	char pol[16];
	struct expo_label l[1] = { L("policy", pol) };
	uint64_t khz;
	size_t i;

	for (f = freq_families; f < freq_families + sizeof(freq_families) /
	     sizeof(freq_families[0]); f++) {
		expo_family(e, f->name, EXPO_GAUGE, "hertz", f->help);
		for (i = 0; i < c->n; i++) {
			if (!c->v[i].has_freq || (c->v[i].freq.missing & f->miss))
				continue;
			memcpy(&khz, (const char *)&c->v[i].freq + f->off,
			       sizeof(khz));
			snprintf(pol, sizeof(pol), "%u", c->v[i].policy);
			expo_u64(e, f->name, l, 1, khz * 1000);
		}
	}
}

static void cluster_state(struct expo *e, const struct clusters *c)
{
	char pol[16];
	struct expo_label l[1] = { L("policy", pol) };
	size_t i;

	expo_family(e, "benchtop_cluster_throttled", EXPO_GAUGE, NULL,
		    "1 when the policy is held below what its governor asks "
		    "for (an active cooling device, or more than 2 % below "
		    "its limit while the governor wants the maximum).");
	for (i = 0; i < c->n; i++) {
		snprintf(pol, sizeof(pol), "%u", c->v[i].policy);
		expo_u64(e, "benchtop_cluster_throttled", l, 1,
			 c->v[i].throttled);
	}
	expo_family(e, "benchtop_cluster_transitions_total", EXPO_COUNTER,
		    NULL, "Frequency changes of the policy since boot "
		    "(stats/total_trans).");
	for (i = 0; i < c->n; i++) {
		if (!c->v[i].has_freq ||
		    (c->v[i].freq.missing & CPUFREQINFO_TRANS))
			continue;
		snprintf(pol, sizeof(pol), "%u", c->v[i].policy);
		expo_u64(e, "benchtop_cluster_transitions_total", l, 1,
			 c->v[i].freq.transitions);
	}
}

static void zone_temps(struct expo *e, const struct thermal *t)
{
	char id[16];
	size_t i;

	expo_family(e, "benchtop_thermal_zone_temperature_celsius",
		    EXPO_GAUGE, "celsius", "Temperature of the thermal zone.");
	for (i = 0; i < t->nzones; i++) {
		struct expo_label l[2] = {
			L("zone", id), L("type", t->zones[i].type),
		};

		if (!t->zones[i].has_temp)
			continue;
		snprintf(id, sizeof(id), "%u", t->zones[i].id);
		expo_double(e, "benchtop_thermal_zone_temperature_celsius", l,
			    2, (double)t->zones[i].temp_mc / 1000.0);
	}
}

static void zone_trips(struct expo *e, const struct thermal *t)
{
	char id[16], k[24];
	size_t i, j;

	expo_family(e, "benchtop_thermal_trip_celsius", EXPO_GAUGE,
		    "celsius", "Trip points of the thermal zone.");
	for (i = 0; i < t->nzones; i++) {
		for (j = 0; j < t->zones[i].ntrips; j++) {
			struct expo_label l[4] = {
				L("zone", id), L("type", t->zones[i].type),
				L("trip", k),
				L("trip_type", t->zones[i].trips[j].type),
			};

			snprintf(id, sizeof(id), "%u", t->zones[i].id);
			snprintf(k, sizeof(k), "%zu", j);
			expo_double(e, "benchtop_thermal_trip_celsius", l, 4,
				    (double)t->zones[i].trips[j].temp_mc /
				    1000.0);
		}
	}
}

static void cooling(struct expo *e, const struct thermal *t)
{
	static const char *const names[2] = {
		"benchtop_cooling_device_state",
		"benchtop_cooling_device_max_state",
	};
	char id[16];
	size_t i, k;

	for (k = 0; k < 2; k++) {
		expo_family(e, names[k], EXPO_GAUGE, NULL, k == 0 ?
			    "Current state of the cooling device (0: off)." :
			    "Highest state of the cooling device.");
		for (i = 0; i < t->ncooling; i++) {
			struct expo_label l[2] = {
				L("device", id), L("type", t->cooling[i].type),
			};

			if (k == 0 ? !t->cooling[i].has_state :
				     !t->cooling[i].has_max)
				continue;
			snprintf(id, sizeof(id), "%u", t->cooling[i].id);
			expo_u64(e, names[k], l, 2, k == 0 ?
				 t->cooling[i].cur_state :
				 t->cooling[i].max_state);
		}
	}
}

void expo_hw_write(struct expo *e, const struct hwmodel *hw, unsigned groups)
{
	bool node = groups & EXPO_HW_NODE;

	board(e, hw);
	cpus(e, &hw->clusters);
	if (groups & EXPO_HW_CPUFREQ) {
		cluster_info(e, &hw->clusters);
		if (node)
			cluster_freqs(e, &hw->clusters);
		cluster_state(e, &hw->clusters);
	}
	if (groups & EXPO_HW_THERMAL) {
		if (node)
			zone_temps(e, &hw->thermal);
		zone_trips(e, &hw->thermal);
		if (node)
			cooling(e, &hw->thermal);
	}
}
