/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Tests for counter: wraps and resets of kernel counters. */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>

#include "base/counter.h"
#include "testutil.h"

START_TEST(forward_delta)
{
	uint64_t d;

	ck_assert(counter_delta(100, 350, &d));
	ck_assert_uint_eq(d, 250);
	ck_assert(counter_delta(7, 7, &d));
	ck_assert_uint_eq(d, 0);
}
END_TEST

/* Two reads of eth0 rx_bytes on a 32-bit ARMv7 DietPi kernel. */
START_TEST(armv7_32bit_wrap_from_capture)
{
	char *txt = testutil_load("dietpi/armv7_rx_bytes_wrap", NULL);
	char *end;
	uint64_t a = strtoull(txt, &end, 10);
	uint64_t b = strtoull(end, NULL, 10), d;

	ck_assert_uint_eq(a, 4248714927u);
	ck_assert_uint_eq(b, 20173913u);
	ck_assert(counter_delta(a, b, &d));
	ck_assert_uint_eq(d, (UINT64_C(1) << 32) - 4248714927u + 20173913u);
	ck_assert_uint_eq(d, 66426282u);
	free(txt);
}
END_TEST

START_TEST(replug_is_a_reset)
{
	uint64_t d = 42;

	/* A re-plugged device starts again near zero. */
	ck_assert(!counter_delta(1000000, 10, &d));
	ck_assert_uint_eq(d, 0);
	/* 64-bit counters never wrap in practice: going down is a reset. */
	ck_assert(!counter_delta(5868826024u, 5000, &d));
	ck_assert(!counter_delta(UINT64_MAX, 0, &d));
}
END_TEST

START_TEST(rate_of_delta)
{
	ck_assert_double_eq_tol(counter_rate(66426282u, 2.0), 33213141.0,
				1e-6);
	ck_assert_double_eq(counter_rate(5, 0), 0);
	ck_assert_double_eq(counter_rate(5, -1), 0);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("counter");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, forward_delta);
	tcase_add_test(tc, armv7_32bit_wrap_from_capture);
	tcase_add_test(tc, replug_is_a_reset);
	tcase_add_test(tc, rate_of_delta);
	suite_add_tcase(s, tc);
	return testutil_run(s);
}
