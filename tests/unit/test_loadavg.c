/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Tests for loadavg: the header's load and uptime. */
#include "config.h"

#include <errno.h>
#include <string.h>

#include "collect/loadavg.h"
#include "testutil.h"

START_TEST(parses_loadavg)
{
	const char *s = "0.42 0.30 0.25 2/171 12345\n";
	struct loadavg l;

	ck_assert_int_eq(loadavg_parse(s, strlen(s), &l), 0);
	ck_assert_double_eq_tol(l.load[0], 0.42, 1e-9);
	ck_assert_double_eq_tol(l.load[2], 0.25, 1e-9);
	ck_assert_uint_eq(l.running, 2);
	ck_assert_uint_eq(l.total, 171);
}
END_TEST

START_TEST(rejects_garbage)
{
	static const char *bad[] = { "", "0.1 0.2", "a b c 1/2 3",
				     "0.1 0.2 0.3 5/2 1", "0.1 0.2 0.3 x/2",
				     "-1 0.2 0.3 1/2 3", "nan 0 0 1/2 3" };
	struct loadavg l;
	double u;
	size_t i;

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		ck_assert_int_eq(loadavg_parse(bad[i], strlen(bad[i]), &l),
				 -EINVAL);
	ck_assert_int_eq(loadavg_parse_uptime("up", 2, &u), -EINVAL);
}
END_TEST

START_TEST(uptime_as_a_person_reads_it)
{
	char d[32];
	double u;

	ck_assert_int_eq(loadavg_parse_uptime("273600.5 1000.0\n", 16, &u), 0);
	loadavg_format_uptime(u, d, sizeof(d));
	ck_assert_str_eq(d, "3d 4h");
	loadavg_format_uptime(5 * 3600 + 12 * 60 + 5, d, sizeof(d));
	ck_assert_str_eq(d, "5h 12m");
	loadavg_format_uptime(420, d, sizeof(d));
	ck_assert_str_eq(d, "7m");
}
END_TEST

int main(void)
{
	Suite *s = suite_create("loadavg");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, parses_loadavg);
	tcase_add_test(tc, rejects_garbage);
	tcase_add_test(tc, uptime_as_a_person_reads_it);
	suite_add_tcase(s, tc);
	return testutil_run(s);
}
