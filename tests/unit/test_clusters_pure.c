/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Tests for the pure parts of clusters: time_in_state, sysfs numbers, the
 * sentences about bad values, the throttle rule and big/LITTLE roles. */
#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "hw/clusters.h"
#include "hw/cputopo.h"
#include "testutil.h"

START_TEST(tis_exynos5250_descending)
{
	size_t len;
	char *buf = testutil_load("exynos5250/cpu0_stats_time_in_state", &len);
	struct cpufreqinfo_state *st;
	unsigned line;
	uint64_t sum = 0;
	int i;

	ck_assert_int_eq(clusters_parse_time_in_state(buf, len, &st, &line),
			 16);
	ck_assert_uint_eq(st[0].khz, 1700000);
	ck_assert_uint_eq(st[0].ms, 1121130);
	ck_assert_uint_eq(st[15].khz, 200000);
	ck_assert_uint_eq(st[15].ms, 6583700);
	for (i = 0; i < 16; i++)
		sum += st[i].ms;
	/* 1156606 ticks of 10 ms: 3 h 13 min of uptime with cpufreq. */
	ck_assert_uint_eq(sum, 11566060);
	free(st);
	free(buf);
}
END_TEST

START_TEST(tis_malformed)
{
	struct cpufreqinfo_state *st = (void *)1;
	unsigned line;
	const char *bad3 = "200000 5\n300000 6\n400000 x7\n";
	const char *three = "200000 5 9\n";
	const char *huge = "200000 18446744073709551616\n";
	const char *neg = "200000 -1\n";

	ck_assert_int_eq(clusters_parse_time_in_state(bad3, strlen(bad3), &st,
						      &line), -EINVAL);
	ck_assert_uint_eq(line, 3);
	ck_assert_ptr_null(st);
	ck_assert_int_eq(clusters_parse_time_in_state(three, strlen(three),
						      &st, &line), -EINVAL);
	ck_assert_int_eq(clusters_parse_time_in_state(huge, strlen(huge), &st,
						      &line), -EINVAL);
	ck_assert_int_eq(clusters_parse_time_in_state(neg, strlen(neg), &st,
						      &line), -EINVAL);
	ck_assert_int_eq(clusters_parse_time_in_state("200000\n", 7, &st,
						      &line), -EINVAL);
}
END_TEST

START_TEST(tis_edges)
{
	struct cpufreqinfo_state *st;
	unsigned line;
	const char *cut = "1400000 87817\n1300000 278";
	const char *big = "2000000 18446744073709551615\n";

	ck_assert_int_eq(clusters_parse_time_in_state("", 0, &st, &line), 0);
	ck_assert_ptr_null(st);
	/* Cut short in the middle of a number: still two lines. */
	ck_assert_int_eq(clusters_parse_time_in_state(cut, strlen(cut), &st,
						      &line), 2);
	ck_assert_uint_eq(st[1].ms, 2780);
	free(st);
	/* The largest count saturates instead of wrapping when made ms. */
	ck_assert_int_eq(clusters_parse_time_in_state(big, strlen(big), &st,
						      &line), 1);
	ck_assert_uint_eq(st[0].ms, UINT64_MAX);
	free(st);
}
END_TEST

START_TEST(tis_long_line)
{
	size_t n = 100000;
	char *s = malloc(n + 32);
	struct cpufreqinfo_state *st;
	unsigned line;

	memset(s, '9', n);
	strcpy(s + n, " 1\n");
	ck_assert_int_eq(clusters_parse_time_in_state(s, strlen(s), &st,
						      &line), -EINVAL);
	ck_assert_uint_eq(line, 1);
	memset(s, ' ', n);
	strcpy(s + n, "200000 1\n");
	ck_assert_int_eq(clusters_parse_time_in_state(s, strlen(s), &st,
						      &line), 1);
	ck_assert_uint_eq(st[0].khz, 200000);
	free(st);
	free(s);
}
END_TEST

START_TEST(u64_values)
{
	uint64_t v;

	ck_assert_int_eq(clusters_parse_u64("1400000\n", 8, &v), 0);
	ck_assert_uint_eq(v, 1400000);
	ck_assert_int_eq(clusters_parse_u64("18446744073709551615", 20, &v), 0);
	ck_assert_uint_eq(v, UINT64_MAX);
	ck_assert_int_eq(clusters_parse_u64("18446744073709551616", 20, &v),
			 -ERANGE);
	ck_assert_int_eq(clusters_parse_u64("", 0, &v), -EINVAL);
	ck_assert_int_eq(clusters_parse_u64(" \n", 2, &v), -EINVAL);
	ck_assert_int_eq(clusters_parse_u64("x7\n", 3, &v), -EINVAL);
	ck_assert_int_eq(clusters_parse_u64("-1", 2, &v), -EINVAL);
	ck_assert_int_eq(clusters_parse_u64("<unsupported>\n", 14, &v),
			 -EINVAL);
}
END_TEST

START_TEST(explain_sentences)
{
	char d[160];

	clusters_explain("scaling_cur_freq", 0, "", 0, d, sizeof(d));
	ck_assert_str_eq(d, "scaling_cur_freq is empty");
	clusters_explain("cpu_capacity", 0, "x7\n", 3, d, sizeof(d));
	ck_assert_str_eq(d, "cpu_capacity is not a number (\"x7\")");
	clusters_explain("cpu_capacity", 0, "99999999999999999999\n", 21, d,
			 sizeof(d));
	ck_assert_str_eq(d, "cpu_capacity is out of range "
			 "(\"99999999999999999999\")");
	clusters_explain("scaling_max_freq", -ENOENT, NULL, 0, d, sizeof(d));
	ck_assert_str_eq(d, "scaling_max_freq is missing");
	clusters_explain("scaling_cur_freq", -EBUSY, NULL, 0, d, sizeof(d));
	ck_assert_str_eq(d, "scaling_cur_freq cannot be read "
			 "(Device or resource busy)");
	clusters_explain("scaling_min_freq", 0, "0\n", 2, d, sizeof(d));
	ck_assert_str_eq(d, "scaling_min_freq holds 0, not a usable value");
	clusters_explain("x", 0, "\x1b]0;pwn\x07\n", 9, d, sizeof(d));
	ck_assert_str_eq(d, "x is not a number (\"?]0;pwn?\")");
}
END_TEST

static bool thr(const char *gov, uint64_t cur, uint64_t max, double util,
		bool cooling)
{
	struct clusters_throttle_in in = {
		.governor = gov, .cur_khz = cur, .max_khz = max,
		.util_pct = util, .cooling_active = cooling,
	};

	return clusters_throttled(&in);
}

START_TEST(throttle_rule)
{
	/* XU4 big cluster under sbc-bench: 1700 of 2000 MHz. */
	ck_assert(thr("performance", 1700000, 2000000, -1, false));
	ck_assert(!thr("performance", 2000000, 2000000, -1, false));
	/* Within 2 %: a driver reporting 1992000 for 2000000. */
	ck_assert(!thr("performance", 1992000, 2000000, -1, false));
	ck_assert(thr("performance", 1959999, 2000000, -1, false));
	/* ondemand and schedutil only when the cluster is busy. */
	ck_assert(thr("ondemand", 1700000, 2000000, 100.0, false));
	ck_assert(thr("schedutil", 816000, 1008000, 95.0, false));
	ck_assert(!thr("ondemand", 200000, 2000000, 12.0, false));
	ck_assert(!thr("ondemand", 1700000, 2000000, -1, false));
	ck_assert(!thr("schedutil", 816000, 1008000, 89.9, false));
	/* powersave and userspace choose a low clock on purpose. */
	ck_assert(!thr("powersave", 200000, 2000000, 100.0, false));
	ck_assert(!thr("userspace", 600000, 2000000, 100.0, false));
	/* A cooling device in action throttles whatever the governor. */
	ck_assert(thr("powersave", 200000, 2000000, 0, true));
	ck_assert(thr(NULL, 0, 0, -1, true));
	/* Unknown values decide nothing. */
	ck_assert(!thr(NULL, 1700000, 2000000, 100, false));
	ck_assert(!thr("performance", 0, 2000000, 100, false));
	ck_assert(!thr("performance", 1700000, 0, 100, false));
}
END_TEST

/* A limit set by the user between steps (1450 MHz on the XU4's 100 MHz
 * steps) or above the hardware maximum is no throttling: the cluster at
 * the reachable top is not held below anything. */
START_TEST(throttle_after_user_limit)
{
	uint64_t steps[] = { 200000, 1400000, 1500000, 2000000 };
	char gov[] = "performance";
	struct clusters c;
	struct cluster cl;

	memset(&c, 0, sizeof(c));
	memset(&cl, 0, sizeof(cl));
	cl.online = true;
	cl.freq.governor = gov;
	cl.freq.hw_max_khz = 2000000;
	cl.freq.freqs_khz = steps;
	cl.freq.nfreqs = 4;
	cl.freq.max_khz = 1450000;
	cl.freq.cur_khz = 1400000;
	c.v = &cl;
	c.n = 1;
	clusters_refresh_throttled(&c);
	ck_assert(!cl.throttled);
	cl.freq.max_khz = 5000000;
	cl.freq.cur_khz = 2000000;
	clusters_refresh_throttled(&c);
	ck_assert(!cl.throttled);
	ck_assert_uint_eq(clusters_reachable_max(&cl.freq), 2000000);
	cl.freq.cur_khz = 1700000;
	clusters_refresh_throttled(&c);
	ck_assert(cl.throttled);
}
END_TEST

START_TEST(roles_by_capacity_then_frequency)
{
	struct cluster v[3];

	memset(v, 0, sizeof(v));
	/* RK3399: capacity 485 / 1024. */
	v[0].capacity = 485;
	v[1].capacity = 1024;
	v[0].freq.hw_max_khz = 1008000;
	v[1].freq.hw_max_khz = 1500000;
	clusters_assign_roles(v, 2);
	ck_assert_int_eq(v[0].role, CLUSTER_ROLE_LITTLE);
	ck_assert_int_eq(v[1].role, CLUSTER_ROLE_BIG);
	ck_assert_str_eq(clusters_role_name(v[0].role), "little");
	/* Capacity wins over frequency when they disagree. */
	v[0].freq.hw_max_khz = 2000000;
	clusters_assign_roles(v, 2);
	ck_assert_int_eq(v[0].role, CLUSTER_ROLE_LITTLE);
	/* XU4 without cpu_capacity: 1400 / 2000 MHz. */
	memset(v, 0, sizeof(v));
	v[0].freq.hw_max_khz = 1400000;
	v[1].freq.hw_max_khz = 2000000;
	clusters_assign_roles(v, 2);
	ck_assert_int_eq(v[0].role, CLUSTER_ROLE_LITTLE);
	ck_assert_int_eq(v[1].role, CLUSTER_ROLE_BIG);
	/* Equal capacities (x86, DT without capacity-dmips-mhz). */
	v[0].capacity = v[1].capacity = 1024;
	clusters_assign_roles(v, 2);
	ck_assert_int_eq(v[1].role, CLUSTER_ROLE_BIG);
}
END_TEST

START_TEST(roles_three_and_one)
{
	struct cluster v[3];

	memset(v, 0, sizeof(v));
	/* A510 / A710 / X2 style: three tiers. */
	v[0].capacity = 1024;
	v[1].capacity = 400;
	v[2].capacity = 800;
	clusters_assign_roles(v, 3);
	ck_assert_int_eq(v[0].role, CLUSTER_ROLE_BIG);
	ck_assert_int_eq(v[1].role, CLUSTER_ROLE_LITTLE);
	ck_assert_int_eq(v[2].role, CLUSTER_ROLE_MEDIUM);
	ck_assert_str_eq(clusters_role_name(v[2].role), "medium");
	/* One cluster, or nothing to tell them apart: no role. */
	clusters_assign_roles(v, 1);
	ck_assert_int_eq(v[0].role, CLUSTER_ROLE_NONE);
	ck_assert_ptr_null(clusters_role_name(v[0].role));
	memset(v, 0, sizeof(v));
	v[0].freq.max_khz = v[1].freq.max_khz = 1800000;
	clusters_assign_roles(v, 2);
	ck_assert_int_eq(v[0].role, CLUSTER_ROLE_NONE);
	ck_assert_int_eq(v[1].role, CLUSTER_ROLE_NONE);
	clusters_assign_roles(v, 0);
}
END_TEST

/* cluster_cpus_list against thread_siblings_list, as the kernels of the VM
 * lab wrote them: QEMU's arm64 virt board with -smp 8,clusters=2 (cluster
 * "0-3", core "0") and its x86_64 guest or host (cluster "0", core "0";
 * an SMT host: cluster "0,4", core "0,4"). */
START_TEST(topology_cluster_of_cores)
{
	struct cpuset cluster, core;

	ck_assert_int_eq(cpulist_parse("0-3\n", 4, &cluster), 4);
	ck_assert_int_eq(cpulist_parse("0\n", 2, &core), 1);
	ck_assert(cputopo_multicore(&cluster, &core));
	ck_assert_int_eq(cpulist_parse("0\n", 2, &cluster), 1);
	ck_assert(!cputopo_multicore(&cluster, &core));
	ck_assert_int_eq(cpulist_parse("0,4\n", 4, &cluster), 2);
	ck_assert_int_eq(cpulist_parse("0,4\n", 4, &core), 2);
	ck_assert(!cputopo_multicore(&cluster, &core));
	/* a list that does not hold the core is no cluster of it */
	ck_assert_int_eq(cpulist_parse("4-7", 3, &cluster), 4);
	ck_assert(!cputopo_multicore(&cluster, &core));
	ck_assert_int_eq(cpulist_parse("0", 1, &core), 1);
	ck_assert(!cputopo_multicore(&cluster, &core));
}
END_TEST

int main(void)
{
	Suite *s = suite_create("clusters_pure");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, tis_exynos5250_descending);
	tcase_add_test(tc, tis_malformed);
	tcase_add_test(tc, tis_edges);
	tcase_add_test(tc, tis_long_line);
	tcase_add_test(tc, u64_values);
	tcase_add_test(tc, explain_sentences);
	tcase_add_test(tc, throttle_rule);
	tcase_add_test(tc, throttle_after_user_limit);
	tcase_add_test(tc, roles_by_capacity_then_frequency);
	tcase_add_test(tc, roles_three_and_one);
	tcase_add_test(tc, topology_cluster_of_cores);
	suite_add_tcase(s, tc);
	return testutil_run(s);
}
