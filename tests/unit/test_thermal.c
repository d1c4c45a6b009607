/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Tests for thermal's pure parts: temperatures, trip points (the values of
 * exynos5422-odroidxu3-common.dtsi) and which CPUs a cooling device slows. */
#include "config.h"

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "hw/thermal.h"

START_TEST(millidegrees)
{
	int64_t v;

	ck_assert_int_eq(thermal_parse_millic("31000\n", 6, &v), 0);
	ck_assert_int_eq(v, 31000);
	ck_assert_int_eq(thermal_parse_millic("-5000\n", 6, &v), 0);
	ck_assert_int_eq(v, -5000);
	ck_assert_int_eq(thermal_parse_millic("0", 1, &v), 0);
	ck_assert_int_eq(v, 0);
}
END_TEST

START_TEST(millidegrees_bad)
{
	int64_t v = 7;

	ck_assert_int_eq(thermal_parse_millic("", 0, &v), -EINVAL);
	ck_assert_int_eq(thermal_parse_millic("\n", 1, &v), -EINVAL);
	ck_assert_int_eq(thermal_parse_millic("-", 1, &v), -EINVAL);
	ck_assert_int_eq(thermal_parse_millic("--5", 3, &v), -EINVAL);
	ck_assert_int_eq(thermal_parse_millic("31 000", 6, &v), -EINVAL);
	ck_assert_int_eq(thermal_parse_millic("3l000", 5, &v), -EINVAL);
	ck_assert_int_eq(v, 7);
	/* Cut short: "310" of "31000" is still a number (0.31 C). */
	ck_assert_int_eq(thermal_parse_millic("31000", 3, &v), 0);
	ck_assert_int_eq(v, 310);
}
END_TEST

START_TEST(millidegrees_limits)
{
	int64_t v;

	ck_assert_int_eq(thermal_parse_millic("9223372036854775807", 19, &v),
			 0);
	ck_assert_int_eq(v, INT64_MAX);
	ck_assert_int_eq(thermal_parse_millic("-9223372036854775808", 20, &v),
			 0);
	ck_assert_int_eq(v, INT64_MIN);
	ck_assert_int_eq(thermal_parse_millic("9223372036854775808", 19, &v),
			 -ERANGE);
	ck_assert_int_eq(thermal_parse_millic("184467440737095516160", 21,
					      &v), -ERANGE);
}
END_TEST

START_TEST(xu4_trip_points)
{
	static const struct { const char *t, *y; int64_t mc; } xu4[] = {
		{ "50000\n", "active\n", 50000 },
		{ "60000\n", "active\n", 60000 },
		{ "70000\n", "active\n", 70000 },
		{ "120000\n", "critical\n", 120000 },
		{ "70000\n", "passive\n", 70000 },
		{ "85000\n", "passive\n", 85000 },
	};
	struct thermal_trip tr;
	size_t i;

	for (i = 0; i < sizeof(xu4) / sizeof(xu4[0]); i++) {
		ck_assert_int_eq(thermal_parse_trip(xu4[i].t, strlen(xu4[i].t),
						    xu4[i].y, strlen(xu4[i].y),
						    &tr), 0);
		ck_assert_int_eq(tr.temp_mc, xu4[i].mc);
		ck_assert_uint_eq(strlen(tr.type), strlen(xu4[i].y) - 1);
		ck_assert(strncmp(tr.type, xu4[i].y, strlen(tr.type)) == 0);
	}
}
END_TEST

START_TEST(trip_points_bad)
{
	struct thermal_trip tr;
	char longtype[64];

	memset(longtype, 'a', sizeof(longtype));
	ck_assert_int_eq(thermal_parse_trip("50000\n", 6, "", 0, &tr), -EINVAL);
	ck_assert_int_eq(thermal_parse_trip("50000\n", 6, "\n", 1, &tr),
			 -EINVAL);
	ck_assert_int_eq(thermal_parse_trip("50000\n", 6, "act ive", 7, &tr),
			 -EINVAL);
	ck_assert_int_eq(thermal_parse_trip("50000\n", 6, "\x1b[2J", 4, &tr),
			 -EINVAL);
	ck_assert_int_eq(thermal_parse_trip("50000\n", 6, longtype,
					    sizeof(longtype), &tr), -EINVAL);
	ck_assert_int_eq(thermal_parse_trip("", 0, "hot\n", 4, &tr), -EINVAL);
	ck_assert_int_eq(thermal_parse_trip("hot", 3, "hot\n", 4, &tr),
			 -EINVAL);
	ck_assert_int_eq(thermal_parse_trip("95000", 5, "hot", 3, &tr), 0);
	ck_assert_str_eq(tr.type, "hot");
}
END_TEST

START_TEST(cooling_targets)
{
	unsigned n;

	ck_assert_int_eq(thermal_cooling_target("cpufreq-cpu4", &n),
			 THERMAL_TARGET_CPU);
	ck_assert_uint_eq(n, 4);
	ck_assert_int_eq(thermal_cooling_target("thermal-cpufreq-1", &n),
			 THERMAL_TARGET_NTH);
	ck_assert_uint_eq(n, 1);
	ck_assert_int_eq(thermal_cooling_target("Processor", &n),
			 THERMAL_TARGET_ALL);
	ck_assert_int_eq(thermal_cooling_target("pwm-fan", &n),
			 THERMAL_TARGET_NONE);
	ck_assert_int_eq(thermal_cooling_target("cpufreq-cpu", &n),
			 THERMAL_TARGET_NONE);
	ck_assert_int_eq(thermal_cooling_target("cpufreq-cpu4x", &n),
			 THERMAL_TARGET_NONE);
	ck_assert_int_eq(thermal_cooling_target("thermal-cpufreq-99999999999",
						&n), THERMAL_TARGET_NONE);
	ck_assert_int_eq(thermal_cooling_target(NULL, &n),
			 THERMAL_TARGET_NONE);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("thermal");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, millidegrees);
	tcase_add_test(tc, millidegrees_bad);
	tcase_add_test(tc, millidegrees_limits);
	tcase_add_test(tc, xu4_trip_points);
	tcase_add_test(tc, trip_points_bad);
	tcase_add_test(tc, cooling_targets);
	suite_add_tcase(s, tc);
	return testutil_run(s);
}
