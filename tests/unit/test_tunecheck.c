/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test_tunecheck: governor and scheduler lists as the kernel prints them,
 * the frequency range and the step a limit between steps becomes. */
#include "config.h"

#include <errno.h>
#include <string.h>

#include "tune/tunecheck.h"
#include "testutil.h"

START_TEST(word_lists)
{
	static const char gov[] = "powersave userspace conservative ondemand "
				  "performance schedutil \n";
	static const char sched[] = "[mq-deadline] kyber bfq none\n";
	char d[64];

	ck_assert(tunecheck_in_list(gov, strlen(gov), "performance"));
	ck_assert(tunecheck_in_list(gov, strlen(gov), "schedutil"));
	ck_assert(!tunecheck_in_list(gov, strlen(gov), "turbo"));
	ck_assert(!tunecheck_in_list(gov, strlen(gov), "perf"));
	ck_assert(tunecheck_in_list(sched, strlen(sched), "mq-deadline"));
	ck_assert(tunecheck_in_list(sched, strlen(sched), "none"));
	ck_assert(!tunecheck_in_list(sched, strlen(sched), "foo"));
	ck_assert(!tunecheck_in_list("", 0, "none"));
	tunecheck_words(sched, strlen(sched), d, sizeof(d));
	ck_assert_str_eq(d, "mq-deadline kyber bfq none");
	tunecheck_words(sched, strlen(sched), d, 12);
	ck_assert_str_eq(d, "mq-deadline");
}
END_TEST

START_TEST(steps)
{
	static const char f[] = "200000 300000 1400000 1500000 2000000 \n";
	uint64_t s[TUNECHECK_STEPS];

	ck_assert_int_eq(tunecheck_parse_steps(f, strlen(f), s, 64), 5);
	ck_assert_uint_eq(s[4], 2000000);
	ck_assert_int_eq(tunecheck_parse_steps("1 x", 3, s, 64), -EINVAL);
	ck_assert_int_eq(tunecheck_parse_steps(f, strlen(f), s, 2), -EINVAL);
	ck_assert_int_eq(tunecheck_parse_steps("", 0, s, 64), 0);
}
END_TEST

START_TEST(limits)
{
	uint64_t s[] = { 200000, 1400000, 1500000, 2000000 }, out = 0;

	/* min 123 kHz and max 5 GHz: outside the CPUs' range. */
	ck_assert_int_eq(tunecheck_khz(123, false, 200000, 2000000, s, 4,
				       &out), -EDOM);
	ck_assert_int_eq(tunecheck_khz(5000000, true, 200000, 2000000, s, 4,
				       &out), -EDOM);
	/* Between steps: a maximum goes down, a minimum up. */
	ck_assert_int_eq(tunecheck_khz(1450000, true, 200000, 2000000, s, 4,
				       &out), 0);
	ck_assert_uint_eq(out, 1400000);
	ck_assert_int_eq(tunecheck_khz(1450000, false, 200000, 2000000, s, 4,
				       &out), 0);
	ck_assert_uint_eq(out, 1500000);
	ck_assert_int_eq(tunecheck_khz(2000000, true, 200000, 2000000, s, 4,
				       &out), 0);
	ck_assert_uint_eq(out, 2000000);
	/* No steps listed, no range known: the value as asked. */
	ck_assert_int_eq(tunecheck_khz(1450000, true, 0, 0, NULL, 0, &out), 0);
	ck_assert_uint_eq(out, 1450000);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("tunecheck");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, word_lists);
	tcase_add_test(tc, steps);
	tcase_add_test(tc, limits);
	suite_add_tcase(s, tc);
	return testutil_run(s);
}
