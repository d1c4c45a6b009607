/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Tests for benchunits: benchmark figures in Prometheus' base units. */
#include "config.h"

#include <string.h>

#include "metrics/benchunits.h"
#include "testutil.h"

/* Every unit the tools print lands in one family with the factor that
 * makes it the base unit (doc/bench.md, "Units"). */
START_TEST(each_unit_to_its_base)
{
	static const struct {
		const char *unit, *family;
		double factor;
	} want[] = {
		{ "MB/s", "bytes_per_second", 1e6 },
		{ "KB/s", "bytes_per_second", 1024 },
		{ "Mbit/s", "bytes_per_second", 125000 },
		{ "ms", "seconds", 0.001 },
		{ "KiB", "bytes", 1024 },
		{ "%", "ratio", 0.01 },
		{ "IOPS", "operations_per_second", 1 },
		{ "", "events", 1 },
	};
	size_t i;
	double k;
	int q;

	for (i = 0; i < sizeof(want) / sizeof(want[0]); i++) {
		q = benchunits_of(want[i].unit, &k);
		ck_assert_int_ge(q, 0);
		ck_assert_str_eq(benchunits_suffix(q), want[i].family);
		ck_assert_double_eq_tol(k, want[i].factor, want[i].factor * 1e-12);
	}
	ck_assert_int_eq(benchunits_of("furlongs/fortnight", &k), -1);
	ck_assert_int_eq(benchunits_of(NULL, &k), BENCHUNITS_COUNT);
}
END_TEST

START_TEST(names_in_snake_case)
{
	char d[32];

	benchunits_snake("random read 4k", d, sizeof(d));
	ck_assert_str_eq(d, "random_read_4k");
	benchunits_snake("  Max  CWND ", d, sizeof(d));
	ck_assert_str_eq(d, "max_cwnd");
	benchunits_snake("write_mb_s", d, sizeof(d));
	ck_assert_str_eq(d, "write_mb_s");
	benchunits_snake("r\xc3\xa9sum\xc3\xa9/\"x\"", d, sizeof(d));
	ck_assert_str_eq(d, "r_sum_x");
	benchunits_snake("abcdef", d, 4);
	ck_assert_str_eq(d, "abc");
	benchunits_snake("a b", d, 3);
	ck_assert_str_eq(d, "a");
}
END_TEST

int main(void)
{
	Suite *s = suite_create("benchunits");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, each_unit_to_its_base);
	tcase_add_test(tc, names_in_snake_case);
	suite_add_tcase(s, tc);
	return testutil_run(s);
}
