/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Tests for live: the reading every live view shares, on this machine's
 * own /proc and /sys - when the hardware model is read whole, when the
 * IRQ affinities are read again, and the rates between two readings. */
#include "config.h"

#include <stdlib.h>

#include "view/live.h"
#include "testutil.h"

/* The clocks as the monitor keeps them, but never due by themselves
 * within a test. */
static const struct live_opts slow = {
	.aff_keep_s = 1e6,
	.carry = true,
};

static double newest_s(const struct live *l)
{
	return live_cur(l)->time_s;
}

START_TEST(the_first_reading_loads_the_model_and_the_second_has_rates)
{
	struct live l;

	live_init(&l, &slow);
	ck_assert_ptr_null(live_cur(&l));
	ck_assert_int_eq(live_tick(&l, 0), 0);
	ck_assert_int_eq(l.nsamples, 1);
	ck_assert(l.have_hw);
	ck_assert(!l.have_rates);
	ck_assert_uint_eq(l.hw_loads, 1);
	ck_assert_int_eq(live_tick(&l, 0), 0);
	ck_assert_int_eq(l.nsamples, 2);
	ck_assert(l.have_rates);
	ck_assert_uint_eq(l.ticks, 2);
	ck_assert_uint_eq(l.hw_loads, 1);	/* only its values again */
	ck_assert(l.rates.dt > 0);
	ck_assert_uint_gt(l.rates.ncpus, 0);
	live_fini(&l);
}
END_TEST

START_TEST(a_tuning_reads_the_model_and_the_affinities_at_once)
{
	struct live l;
	double first;

	live_init(&l, &slow);
	ck_assert_int_eq(live_tick(&l, 7), 0);
	first = l.aff_read_s;
	ck_assert(first == newest_s(&l));
	ck_assert_int_eq(live_tick(&l, 7), 0);
	ck_assert(l.aff_read_s == first);	/* kept */
	ck_assert_uint_eq(l.hw_loads, 1);
	ck_assert_int_eq(live_tick(&l, 8), 0);	/* benchtop wrote one */
	ck_assert(l.aff_read_s == newest_s(&l));
	ck_assert_uint_eq(l.hw_loads, 2);
	ck_assert_int_eq(live_tick(&l, 8), 0);
	ck_assert_uint_eq(l.hw_loads, 2);
	live_fini(&l);
}
END_TEST

START_TEST(a_device_that_came_reads_both_at_the_next_tick)
{
	struct live l;

	live_init(&l, &slow);
	ck_assert_int_eq(live_load_hw(&l, 0), 0);
	ck_assert_uint_eq(l.hw_loads, 1);
	ck_assert_int_eq(live_tick(&l, 0), 0);
	ck_assert_uint_eq(l.hw_loads, 1);	/* loaded before: kept */
	live_hw_due(&l);
	ck_assert_int_eq(live_tick(&l, 0), 0);
	ck_assert_uint_eq(l.hw_loads, 2);
	ck_assert(l.aff_read_s == newest_s(&l));
	live_fini(&l);
}
END_TEST

/* Affinities every 10 s means at the tick 10 s after the last read, not
 * the one after it (the screen's check once compared the reading before
 * this one, and read them every 11 ticks). */
START_TEST(the_affinities_are_read_again_on_their_period)
{
	const struct live_opts o = { .aff_keep_s = 10 };
	struct live l;

	live_init(&l, &o);
	ck_assert_int_eq(live_tick(&l, 0), 0);
	l.aff_read_s = newest_s(&l) - 8.0;	/* 8 s ago: kept */
	ck_assert_int_eq(live_tick(&l, 0), 0);
	ck_assert(l.aff_read_s < newest_s(&l) - 7.9);
	l.aff_read_s = newest_s(&l) - 9.6;	/* this tick's */
	ck_assert_int_eq(live_tick(&l, 0), 0);
	ck_assert(l.aff_read_s == newest_s(&l));
	live_fini(&l);
}
END_TEST

START_TEST(the_model_is_read_whole_on_its_slow_timer)
{
	const struct live_opts o = { .aff_keep_s = 10, .hw_keep_s = 60 };
	struct live l;

	live_init(&l, &o);
	ck_assert_int_eq(live_tick(&l, 0), 0);
	ck_assert_int_eq(live_tick(&l, 0), 0);
	ck_assert_uint_eq(l.hw_loads, 1);
	l.hw_read_s -= 60;
	ck_assert_int_eq(live_tick(&l, 0), 0);
	ck_assert_uint_eq(l.hw_loads, 2);
	live_fini(&l);
}
END_TEST

/* --once reads the affinities with every reading. */
START_TEST(no_period_reads_the_affinities_each_time)
{
	const struct live_opts o = { 0 };
	struct live l;
	int i;

	live_init(&l, &o);
	for (i = 0; i < 3; i++) {
		ck_assert_int_eq(live_tick(&l, 0), 0);
		ck_assert(l.aff_read_s == newest_s(&l));
	}
	live_fini(&l);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("live");
	TCase *tc = tcase_create("core");

	tcase_set_timeout(tc, 60);
	tcase_add_test(tc,
		the_first_reading_loads_the_model_and_the_second_has_rates);
	tcase_add_test(tc, a_tuning_reads_the_model_and_the_affinities_at_once);
	tcase_add_test(tc, a_device_that_came_reads_both_at_the_next_tick);
	tcase_add_test(tc, the_affinities_are_read_again_on_their_period);
	tcase_add_test(tc, the_model_is_read_whole_on_its_slow_timer);
	tcase_add_test(tc, no_period_reads_the_affinities_each_time);
	suite_add_tcase(s, tc);
	return testutil_run(s);
}
