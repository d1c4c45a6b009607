/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Tests for clusters, thermal and hwmodel with the real libcpupower on the
 * board testbeds: the program re-runs itself under umockdev-run, and each
 * test lays a testbed (and its breakage) into $UMOCKDEV_DIR. */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "hw/hwmodel.h"
#include "testutil.h"

#define TESTBEDS TESTDATA_DIR "/../testbeds"
#define CPU "sys/devices/system/cpu/"

/* Replace the sysfs and proc trees in $UMOCKDEV_DIR by testbed NAME. */
static void testbed(const char *name)
{
	char cmd[8192];

	snprintf(cmd, sizeof(cmd),
		 "cd \"$UMOCKDEV_DIR\" && rm -rf sys/devices sys/firmware "
		 "sys/class/thermal proc && cp -r '%s/%s/.' . && "
		 "chmod -R u+w .", TESTBEDS, name);
	ck_assert_int_eq(system(cmd), 0);
}

/* Overwrite testbed file REL (relative to $UMOCKDEV_DIR) with TEXT. */
static void put(const char *rel, const char *text)
{
	char path[4096];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", getenv("UMOCKDEV_DIR"), rel);
	f = fopen(path, "w");
	ck_assert_msg(f != NULL, "cannot write %s", path);
	fputs(text, f);
	ck_assert_int_eq(fclose(f), 0);
}

static void shell(const char *cmd)
{
	char full[4096];

	snprintf(full, sizeof(full), "cd \"$UMOCKDEV_DIR\" && %s", cmd);
	ck_assert_int_eq(system(full), 0);
}

/* What `benchtop --once` would print for HW. */
static char *printed(const struct hwmodel *hw)
{
	char *s = NULL;
	size_t n = 0;
	FILE *f = open_memstream(&s, &n);

	hwmodel_print(f, hw);
	fclose(f);
	return s;
}

static void load(struct hwmodel *hw)
{
	ck_assert_int_eq(hwmodel_load(hw), 0);
}

static void assert_printed(const struct hwmodel *hw, const char *line)
{
	char *s = printed(hw);

	ck_assert_msg(strstr(s, line) != NULL, "\"%s\" not in:\n%s", line, s);
	free(s);
}

START_TEST(xu4_two_clusters)
{
	struct hwmodel hw;
	const struct cluster *l, *b;

	testbed("odroid-xu4");
	load(&hw);
	ck_assert_uint_eq(hw.clusters.n, 2);
	ck_assert_uint_eq(cpuset_count(&hw.clusters.present), 8);
	l = &hw.clusters.v[0];
	b = &hw.clusters.v[1];
	ck_assert_uint_eq(l->policy, 0);
	ck_assert_str_eq(l->core, "Cortex-A7");
	ck_assert_int_eq(l->role, CLUSTER_ROLE_LITTLE);
	ck_assert_str_eq(l->freq.governor, "ondemand");
	ck_assert_uint_eq(l->freq.hw_min_khz, 200000);
	ck_assert_uint_eq(l->freq.hw_max_khz, 1400000);
	ck_assert_uint_eq(b->policy, 4);
	ck_assert_str_eq(b->core, "Cortex-A15");
	ck_assert_int_eq(b->role, CLUSTER_ROLE_BIG);
	ck_assert_uint_eq(b->freq.max_khz, 2000000);
	ck_assert_ptr_null(l->error);
	ck_assert_ptr_null(b->error);
	ck_assert_str_eq(hw.board, "Hardkernel Odroid XU4");
	assert_printed(&hw, "little Cortex-A7  cpus 0-3  ondemand  1400 MHz  "
		       "200-1400 MHz  (hw 200-1400)");
	assert_printed(&hw, "big Cortex-A15  cpus 4-7  ondemand  2000 MHz  "
		       "200-2000 MHz  (hw 200-2000)");
	hwmodel_fini(&hw);
}
END_TEST

START_TEST(xu4_lists_and_stats)
{
	struct hwmodel hw;
	const struct cpufreqinfo *l, *b;

	testbed("odroid-xu4");
	load(&hw);
	l = &hw.clusters.v[0].freq;
	b = &hw.clusters.v[1].freq;
	ck_assert_uint_eq(l->nfreqs, 13);
	ck_assert_uint_eq(b->nfreqs, 19);
	ck_assert_uint_eq(b->freqs_khz[18], 2000000);
	ck_assert_uint_eq(l->ngovernors, 6);
	ck_assert_str_eq(l->governors[5], "schedutil");
	/* sbc-bench: 566.62 s at 2000 MHz, 236.16 s at 1500 MHz. */
	ck_assert_uint_eq(b->nstates, 19);
	ck_assert_uint_eq(b->states[18].khz, 2000000);
	ck_assert_uint_eq(b->states[18].ms, 566620);
	ck_assert_uint_eq(b->states[13].ms, 236160);
	ck_assert_uint_eq(l->states[12].ms, 878170);
	ck_assert_uint_eq(l->transitions, 880901);
	ck_assert_uint_eq(b->transitions, 316653);
	hwmodel_fini(&hw);
}
END_TEST

START_TEST(xu4_49_list_without_1100)
{
	struct hwmodel hw;
	size_t len, i;
	char *f = testutil_load(
		"odroid-xu4/4.9_cpu0_scaling_available_frequencies", &len);
	const struct cpufreqinfo *l;

	testbed("odroid-xu4");
	put(CPU "cpu0/cpufreq/scaling_available_frequencies", f);
	load(&hw);
	l = &hw.clusters.v[0].freq;
	ck_assert_uint_eq(l->nfreqs, 12);
	for (i = 0; i < l->nfreqs; i++)
		ck_assert_uint_ne(l->freqs_khz[i], 1100000);
	ck_assert_uint_eq(l->freqs_khz[9], 1200000);
	ck_assert_ptr_null(hw.clusters.v[0].error);
	hwmodel_fini(&hw);
	free(f);
}
END_TEST

START_TEST(xu4_thermal)
{
	struct hwmodel hw;
	const struct thermal_zone *z;

	testbed("odroid-xu4");
	load(&hw);
	ck_assert_uint_eq(hw.thermal.nzones, 4);
	z = &hw.thermal.zones[0];
	ck_assert_str_eq(z->type, "cpu0-thermal");
	ck_assert_str_eq(hw.thermal.zones[3].type, "cpu3-thermal");
	ck_assert(z->has_temp);
	ck_assert_int_eq(z->temp_mc, 31000);
	ck_assert_uint_eq(z->ntrips, 6);
	ck_assert_int_eq(z->trips[3].temp_mc, 120000);
	ck_assert_str_eq(z->trips[3].type, "critical");
	ck_assert_uint_eq(hw.thermal.ncooling, 3);
	ck_assert_str_eq(hw.thermal.cooling[2].type, "pwm-fan");
	ck_assert_uint_eq(hw.thermal.cooling[2].max_state, 3);
	ck_assert(!hw.clusters.v[0].throttled);
	ck_assert(!hw.clusters.v[1].throttled);
	assert_printed(&hw, "THERMAL  cpu0-thermal  31.0°C  active 50/60/70  "
		       "passive 70/85  critical 120 °C");
	hwmodel_fini(&hw);
}
END_TEST

START_TEST(xu4_cooling_throttles_big)
{
	struct hwmodel hw;

	testbed("odroid-xu4");
	/* thermal-cpufreq-1 is the second cpufreq cooling device: policy4. */
	put("sys/class/thermal/cooling_device1/cur_state", "2\n");
	load(&hw);
	ck_assert(!hw.clusters.v[0].throttled);
	ck_assert(hw.clusters.v[1].throttled);
	assert_printed(&hw, "COOLING  thermal-cpufreq-1  state 2/18  active");
	assert_printed(&hw, "(hw 200-2000)  THROTTLED");
	hwmodel_fini(&hw);
	/* A spinning fan slows no CPU. */
	testbed("odroid-xu4");
	put("sys/class/thermal/cooling_device2/cur_state", "1\n");
	load(&hw);
	ck_assert(!hw.clusters.v[0].throttled);
	ck_assert(!hw.clusters.v[1].throttled);
	hwmodel_fini(&hw);
}
END_TEST

START_TEST(alike_cooling_one_line)
{
	struct hwmodel hw;
	char dir[96];
	int i;

	/* x86 under QEMU: one "Processor" cooling device per CPU, all at
	 * 0/0; then one of them differs and has its own line */
	testbed("odroid-xu4");
	shell("cd sys/class/thermal && mkdir cooling_device10 "
	      "cooling_device11 cooling_device12 cooling_device13");
	for (i = 10; i < 14; i++) {
		snprintf(dir, sizeof(dir), "sys/class/thermal/cooling_device%d/type", i);
		put(dir, "Processor\n");
		snprintf(dir, sizeof(dir), "sys/class/thermal/cooling_device%d/cur_state", i);
		put(dir, "0\n");
		snprintf(dir, sizeof(dir), "sys/class/thermal/cooling_device%d/max_state", i);
		put(dir, i == 13 ? "3\n" : "0\n");
	}
	load(&hw);
	assert_printed(&hw, "COOLING  3 x Processor  state 0/0\n"
		       "COOLING  Processor  state 0/3\n");
	hwmodel_fini(&hw);
}
END_TEST

START_TEST(xu4_below_max_under_load)
{
	struct hwmodel hw;
	int ids[8] = { 0, 1, 2, 3, 4, 5, 6, 7 };
	double idle[8] = { 5, 5, 5, 5, 10, 10, 10, 10 };
	double busy[8] = { 5, 5, 5, 5, 100, 99, 100, 98 };

	testbed("odroid-xu4");
	put(CPU "cpu4/cpufreq/scaling_cur_freq", "1700000\n");
	load(&hw);
	/* ondemand at 1700 of 2000 MHz: only busy means held back. */
	ck_assert(!hw.clusters.v[1].throttled);
	hwmodel_set_util(&hw, ids, idle, 8);
	ck_assert(!hw.clusters.v[1].throttled);
	hwmodel_set_util(&hw, ids, busy, 8);
	ck_assert(hw.clusters.v[1].throttled);
	ck_assert(!hw.clusters.v[0].throttled);
	hwmodel_fini(&hw);
	put(CPU "cpu4/cpufreq/scaling_governor", "performance\n");
	load(&hw);
	ck_assert(hw.clusters.v[1].throttled);
	hwmodel_fini(&hw);
}
END_TEST

START_TEST(xu4_refresh)
{
	struct hwmodel hw;

	testbed("odroid-xu4");
	load(&hw);
	ck_assert_uint_eq(hw.clusters.v[1].freq.cur_khz, 2000000);
	put(CPU "cpu4/cpufreq/scaling_cur_freq", "1500000\n");
	put("sys/class/thermal/thermal_zone0/temp", "81000\n");
	put("sys/class/thermal/cooling_device1/cur_state", "5\n");
	ck_assert_int_eq(hwmodel_refresh(&hw), 0);
	ck_assert_uint_eq(hw.clusters.v[1].freq.cur_khz, 1500000);
	ck_assert_int_eq(hw.thermal.zones[0].temp_mc, 81000);
	ck_assert(hw.clusters.v[1].throttled);
	ck_assert_str_eq(hw.board, "Hardkernel Odroid XU4");
	ck_assert_int_eq(hwmodel_refresh(&hw), 0);
	hwmodel_fini(&hw);
}
END_TEST

START_TEST(xu4_offline_cluster)
{
	struct hwmodel hw;
	const struct cluster *b;

	testbed("odroid-xu4");
	put(CPU "online", "0-3\n");
	put(CPU "offline", "4-7\n");
	shell("for c in 4 5 6 7; do echo 0 > " CPU "cpu$c/online; done");
	load(&hw);
	ck_assert_uint_eq(hw.clusters.n, 2);
	b = &hw.clusters.v[1];
	ck_assert(!b->online);
	ck_assert_ptr_null(b->error);
	ck_assert_str_eq(b->core, "Cortex-A15");
	ck_assert(hw.clusters.v[0].online);
	ck_assert_uint_eq(hw.clusters.v[0].freq.cur_khz, 1400000);
	assert_printed(&hw, "Cortex-A15  cpus 4-7  offline\n");
	hwmodel_fini(&hw);
}
END_TEST

START_TEST(xu4_empty_cur_freq)
{
	struct hwmodel hw;
	const struct cluster *b;

	testbed("odroid-xu4");
	put(CPU "cpu4/cpufreq/scaling_cur_freq", "");
	load(&hw);
	b = &hw.clusters.v[1];
	ck_assert_ptr_nonnull(b->error);
	ck_assert_str_eq(b->error, "cpu4: scaling_cur_freq is empty");
	ck_assert_uint_eq(b->freq.max_khz, 2000000);
	ck_assert_ptr_null(hw.clusters.v[0].error);
	assert_printed(&hw, "big Cortex-A15  cpus 4-7  ondemand  ? MHz  "
		       "200-2000 MHz");
	assert_printed(&hw, "error: cpu4: scaling_cur_freq is empty");
	assert_printed(&hw, "little Cortex-A7  cpus 0-3  ondemand  1400 MHz");
	hwmodel_fini(&hw);
}
END_TEST

START_TEST(xu4_garbage_capacity)
{
	struct hwmodel hw;

	testbed("odroid-xu4");
	put(CPU "cpu5/cpu_capacity", "x7\n");
	load(&hw);
	ck_assert_str_eq(hw.clusters.v[1].error,
			 "cpu5: cpu_capacity is not a number (\"x7\")");
	/* Roles still come from the frequencies. */
	ck_assert_int_eq(hw.clusters.v[0].role, CLUSTER_ROLE_LITTLE);
	ck_assert_int_eq(hw.clusters.v[1].role, CLUSTER_ROLE_BIG);
	ck_assert_uint_eq(hw.clusters.v[1].freq.cur_khz, 2000000);
	hwmodel_fini(&hw);
}
END_TEST

START_TEST(xu4_policy_vanished)
{
	struct hwmodel hw;
	const struct cluster *b;

	testbed("odroid-xu4");
	/* The links again (make dist turns them into copies), then the
	 * policy directory goes. */
	shell("cd " CPU " && for c in 4 5 6 7; do rm -rf cpu$c/cpufreq && "
	      "ln -s ../cpufreq/policy4 cpu$c/cpufreq; done && "
	      "rm -rf cpufreq/policy4");
	load(&hw);
	ck_assert_uint_eq(hw.clusters.n, 2);
	b = &hw.clusters.v[1];
	ck_assert_uint_eq(b->policy, 4);
	ck_assert_uint_eq(cpuset_count(&b->cpus), 4);
	ck_assert_str_eq(b->error, "cpu4: cpufreq points to "
			 "../cpufreq/policy4, which is gone");
	ck_assert_str_eq(hw.clusters.v[0].core, "Cortex-A7");
	ck_assert_ptr_null(hw.clusters.v[0].error);
	ck_assert_uint_eq(hw.clusters.v[0].freq.hw_max_khz, 1400000);
	hwmodel_fini(&hw);
}
END_TEST

START_TEST(xu4_bad_time_in_state)
{
	struct hwmodel hw;

	testbed("odroid-xu4");
	put(CPU "cpu0/cpufreq/stats/time_in_state",
	    "200000 0\n300000 0\n400000 zero\n");
	load(&hw);
	ck_assert_str_eq(hw.clusters.v[0].error, "cpu0: stats/time_in_state "
			 "line 3 is not \"<kHz> <time>\"");
	ck_assert_uint_eq(hw.clusters.v[0].freq.nstates, 0);
	ck_assert_uint_eq(hw.clusters.v[0].freq.transitions, 880901);
	ck_assert_uint_eq(hw.clusters.v[1].freq.nstates, 19);
	hwmodel_fini(&hw);
}
END_TEST

START_TEST(xu4_json)
{
	struct hwmodel hw;
	json_t *j, *c;

	testbed("odroid-xu4");
	load(&hw);
	j = hwmodel_json(&hw);
	ck_assert_ptr_nonnull(j);
	ck_assert_str_eq(json_string_value(json_object_get(
		json_object_get(j, "cpu_topology"), "present")), "0-7");
	c = json_array_get(json_object_get(j, "clusters"), 1);
	ck_assert_str_eq(json_string_value(json_object_get(c, "cpus")), "4-7");
	ck_assert_str_eq(json_string_value(json_object_get(c, "role")), "big");
	ck_assert_int_eq(json_integer_value(json_object_get(c, "hw_max_khz")),
			 2000000);
	ck_assert(json_is_null(json_object_get(j, "cpufreq")));
	ck_assert_uint_eq(json_array_size(json_object_get(json_object_get(j,
		"thermal"), "zones")), 4);
	json_decref(j);
	hwmodel_fini(&hw);
}
END_TEST

START_TEST(rk3399_a53_a72)
{
	struct hwmodel hw;
	const struct cluster *l, *b;

	testbed("rk3399");
	load(&hw);
	ck_assert_uint_eq(hw.clusters.n, 2);
	l = &hw.clusters.v[0];
	b = &hw.clusters.v[1];
	ck_assert_str_eq(l->core, "Cortex-A53");
	ck_assert_uint_eq(l->capacity, 485);
	ck_assert_int_eq(l->role, CLUSTER_ROLE_LITTLE);
	ck_assert_str_eq(b->core, "Cortex-A72");
	ck_assert_uint_eq(b->capacity, 1024);
	ck_assert_int_eq(b->role, CLUSTER_ROLE_BIG);
	ck_assert_uint_eq(cpuset_count(&b->cpus), 2);
	ck_assert_uint_eq(l->freq.nfreqs, 4);
	ck_assert_uint_eq(b->freq.nfreqs, 7);
	ck_assert_uint_eq(b->freq.freqs_khz[5], 1416000);
	/* No cpufreq stats on this kernel: not an error. */
	ck_assert_uint_eq(b->freq.nstates, 0);
	ck_assert_ptr_null(b->error);
	assert_printed(&hw, "big Cortex-A72  cpus 4-5  schedutil  408 MHz  "
		       "408-1500 MHz  (hw 408-1500)");
	hwmodel_fini(&hw);
}
END_TEST

START_TEST(rk3399_capacity_decides)
{
	struct hwmodel hw;

	testbed("rk3399");
	shell("for c in 0 1 2 3; do echo 1024 > " CPU "cpu$c/cpu_capacity; "
	      "done; for c in 4 5; do echo 300 > " CPU "cpu$c/cpu_capacity; "
	      "done");
	load(&hw);
	ck_assert_int_eq(hw.clusters.v[0].role, CLUSTER_ROLE_BIG);
	ck_assert_int_eq(hw.clusters.v[1].role, CLUSTER_ROLE_LITTLE);
	hwmodel_fini(&hw);
}
END_TEST

START_TEST(exynos5250_symlinked_cpufreq)
{
	struct hwmodel hw;
	const struct cluster *c;
	char link[64];
	ssize_t n;
	char path[4096];

	testbed("exynos5250");
	snprintf(path, sizeof(path), "%s/" CPU "cpu1/cpufreq",
		 getenv("UMOCKDEV_DIR"));
	/* `make dist` (tar -h) turns the link into a copy of cpu0's
	 * directory; either way the two CPUs must make one cluster. */
	n = readlink(path, link, sizeof(link) - 1);
	if (n > 0) {
		link[n] = '\0';
		ck_assert_str_eq(link, "../cpu0/cpufreq");
	}
	load(&hw);
	ck_assert_uint_eq(hw.clusters.n, 1);
	c = &hw.clusters.v[0];
	ck_assert_uint_eq(c->policy, 0);
	ck_assert_uint_eq(cpuset_count(&c->cpus), 2);
	ck_assert_str_eq(c->core, "Cortex-A15");
	ck_assert_int_eq(c->role, CLUSTER_ROLE_NONE);
	ck_assert_str_eq(c->freq.governor, "ondemand");
	/* exynos_cpufreq lists its table from the top. */
	ck_assert_uint_eq(c->freq.freqs_khz[0], 1700000);
	ck_assert_uint_eq(c->freq.nstates, 16);
	ck_assert_uint_eq(c->freq.states[0].ms, 1121130);
	ck_assert_uint_eq(c->freq.transitions, 22156);
	ck_assert_ptr_null(c->error);
	ck_assert_str_eq(hw.board, "SAMSUNG EXYNOS5 (Flattened Device Tree)");
	assert_printed(&hw, "CLUSTER  Cortex-A15  cpus 0-1  ondemand  200 MHz  "
		       "200-1700 MHz  (hw 200-1700)");
	hwmodel_fini(&hw);
}
END_TEST

START_TEST(x86_vm_without_cpufreq)
{
	struct hwmodel hw;
	json_t *j;

	testbed("x86-vm");
	load(&hw);
	ck_assert_uint_eq(hw.clusters.n, 0);
	ck_assert_uint_eq(cpuset_count(&hw.clusters.present), 2);
	ck_assert_str_eq(hw.clusters.cpufreq_note,
			 "cpufreq not exposed by this kernel");
	ck_assert_uint_eq(hw.clusters.ncores, 1);
	ck_assert_str_eq(hw.clusters.cores[0].core,
			 "Intel(R) Xeon(R) Processor");
	ck_assert_uint_eq(hw.thermal.nzones, 0);
	assert_printed(&hw, "CPUS     present 0-1  online 0-1  "
		       "Intel(R) Xeon(R) Processor\n");
	assert_printed(&hw, "CLUSTER  cpufreq not exposed by this kernel\n");
	j = hwmodel_json(&hw);
	ck_assert_uint_eq(json_array_size(json_object_get(j, "clusters")), 0);
	ck_assert_str_eq(json_string_value(json_object_get(j, "cpufreq")),
			 "cpufreq not exposed by this kernel");
	json_decref(j);
	hwmodel_fini(&hw);
}
END_TEST

/* Cooling devices of odd but real trees (issue 27, item 18): cur_state -1
 * is intel_powerclamp's "not active" (no error, not active, max_state
 * still read), and a device without a cur_state file keeps its max_state
 * too; a refresh keeps the -1 device as it is without a reload. */
START_TEST(xu4_cooling_odd_states)
{
	struct hwmodel hw;
	const struct thermal_cooling *fan, *big;
	json_t *j, *cool;

	testbed("odroid-xu4");
	put("sys/class/thermal/cooling_device2/cur_state", "-1\n");
	shell("rm sys/class/thermal/cooling_device1/cur_state");
	load(&hw);
	fan = &hw.thermal.cooling[2];
	ck_assert(!fan->has_state);
	ck_assert(fan->inactive);
	ck_assert(fan->has_max);
	ck_assert_uint_eq(fan->max_state, 3);
	ck_assert_ptr_null(fan->error);
	big = &hw.thermal.cooling[1];
	ck_assert(!big->has_state);
	ck_assert(big->has_max);
	ck_assert_uint_eq(big->max_state, 18);
	ck_assert_ptr_nonnull(big->error);
	ck_assert_msg(strstr(big->error, "cur_state") != NULL, "%s",
		      big->error);
	assert_printed(&hw, "COOLING  pwm-fan  state -/3  not active");
	assert_printed(&hw, "COOLING  thermal-cpufreq-1  state ?/18");
	j = hwmodel_json(&hw);
	cool = json_object_get(json_object_get(j, "thermal"), "cooling");
	ck_assert(json_is_null(json_object_get(json_array_get(cool, 2),
					       "cur_state")));
	ck_assert_int_eq(json_integer_value(json_object_get(
		json_array_get(cool, 2), "max_state")), 3);
	ck_assert(json_is_false(json_object_get(json_array_get(cool, 2),
						"active")));
	ck_assert_int_eq(json_integer_value(json_object_get(
		json_array_get(cool, 1), "max_state")), 18);
	json_decref(j);
	ck_assert(!hw.clusters.v[0].throttled);
	ck_assert(!hw.clusters.v[1].throttled);
	put("sys/class/thermal/cooling_device2/cur_state", "2\n");
	ck_assert_int_eq(hwmodel_refresh(&hw), 0);
	ck_assert(hw.thermal.cooling[2].has_state);
	ck_assert_uint_eq(hw.thermal.cooling[2].cur_state, 2);
	ck_assert_uint_eq(hw.thermal.cooling[2].max_state, 3);
	hwmodel_fini(&hw);
}
END_TEST

/* CPUs 4-7 share policy4 by related_cpus, but cpu5's own cpufreq folder
 * (a copy, not the link) reads other figures: the big row is not allowed
 * to stand for cpu5 silently (issue 27, item 18). */
START_TEST(xu4_policy_cpus_disagree)
{
	struct hwmodel hw;
	const struct cluster *b;

	testbed("odroid-xu4");
	shell("rm " CPU "cpu5/cpufreq && cp -r " CPU "cpufreq/policy4 "
	      CPU "cpu5/cpufreq");
	put(CPU "cpu5/cpufreq/scaling_cur_freq", "1400000\n");
	put(CPU "cpu5/cpufreq/scaling_max_freq", "1400000\n");
	load(&hw);
	ck_assert_uint_eq(hw.clusters.n, 2);
	b = &hw.clusters.v[1];
	ck_assert_uint_eq(cpuset_count(&b->cpus), 4);
	ck_assert_ptr_nonnull(b->error);
	ck_assert_str_eq(b->error, "cpu5 shares cpu4's policy (related_cpus) "
			 "but disagrees: scaling_cur_freq 1400000 kHz (cpu4: "
			 "2000000), scaling_max_freq 1400000 kHz (cpu4: "
			 "2000000)");
	assert_printed(&hw, "error: cpu5 shares cpu4's policy");
	ck_assert_ptr_null(hw.clusters.v[0].error);
	hwmodel_fini(&hw);
	/* the same files through the link: no sentence */
	testbed("odroid-xu4");
	load(&hw);
	ck_assert_ptr_null(hw.clusters.v[1].error);
	hwmodel_fini(&hw);
}
END_TEST

/* One policy over two kinds of core (issue 27, item 7: arm64-tri's CPUs
 * 3-6 read "medium Cortex-A715" though 5-6 are A710): the row names both,
 * in --once as on the screen (both print cluster.core). */
START_TEST(rk3399_policy_of_two_kinds)
{
	struct hwmodel hw;

	testbed("rk3399");
	shell("awk '/^processor/ { p = $3 } p == 5 && /^CPU part/ "
	      "{ sub(/0xd08/, \"0xd09\") } { print }' proc/cpuinfo > "
	      "proc/cpuinfo.new && mv proc/cpuinfo.new proc/cpuinfo");
	load(&hw);
	ck_assert_str_eq(hw.clusters.v[0].core, "Cortex-A53");
	ck_assert_str_eq(hw.clusters.v[1].core, "Cortex-A72/A73");
	assert_printed(&hw, "CLUSTER  big Cortex-A72/A73  cpus 4-5");
	hwmodel_fini(&hw);
}
END_TEST

/* Run this program again under umockdev-run, which sets UMOCKDEV_DIR. */
static int reexec(char **argv)
{
	const char *run = getenv("UMOCKDEV_RUN");
	const char *asan = getenv("ASAN_OPTIONS");
	char opts[1024];
	char *args[] = { NULL, "--", argv[0], NULL };

	if (!run || !run[0] || strcmp(run, "no") == 0)
		run = "umockdev-run";
	/* umockdev's preload library comes before the ASan runtime. */
	snprintf(opts, sizeof(opts), "%s%sverify_asan_link_order=0",
		 asan ? asan : "", asan ? ":" : "");
	setenv("ASAN_OPTIONS", opts, 1);
	args[0] = (char *)run;
	execvp(run, args);
	printf("1..0 # SKIP %s cannot run (%s)\n", run, strerror(errno));
	return EXIT_SUCCESS;
}

int main(int argc, char **argv)
{
	Suite *s = suite_create("clusters");
	TCase *tc = tcase_create("testbeds");

	if (argc < 1 || !getenv("UMOCKDEV_DIR"))
		return reexec(argv);
	tcase_add_test(tc, xu4_two_clusters);
	tcase_add_test(tc, xu4_lists_and_stats);
	tcase_add_test(tc, xu4_49_list_without_1100);
	tcase_add_test(tc, xu4_thermal);
	tcase_add_test(tc, xu4_cooling_throttles_big);
	tcase_add_test(tc, alike_cooling_one_line);
	tcase_add_test(tc, xu4_cooling_odd_states);
	tcase_add_test(tc, xu4_policy_cpus_disagree);
	tcase_add_test(tc, xu4_below_max_under_load);
	tcase_add_test(tc, xu4_refresh);
	tcase_add_test(tc, xu4_offline_cluster);
	tcase_add_test(tc, xu4_empty_cur_freq);
	tcase_add_test(tc, xu4_garbage_capacity);
	tcase_add_test(tc, xu4_policy_vanished);
	tcase_add_test(tc, xu4_bad_time_in_state);
	tcase_add_test(tc, xu4_json);
	tcase_add_test(tc, rk3399_a53_a72);
	tcase_add_test(tc, rk3399_capacity_decides);
	tcase_add_test(tc, rk3399_policy_of_two_kinds);
	tcase_add_test(tc, exynos5250_symlinked_cpufreq);
	tcase_add_test(tc, x86_vm_without_cpufreq);
	suite_add_tcase(s, tc);
	return testutil_run(s);
}
