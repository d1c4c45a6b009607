/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Tests for history: the ring behind the sparklines. */
#include "config.h"

#include "collect/history.h"
#include "testutil.h"

START_TEST(keeps_the_most_recent_oldest_first)
{
	struct history h = { 0 };
	double out[HISTORY_LEN];
	size_t i, n;

	for (i = 0; i < HISTORY_LEN + 10; i++) {
		history_tick(&h);
		ck_assert_int_eq(history_push(&h, "disk:sda", (double)i), 0);
	}
	n = history_get(&h, "disk:sda", out, 5);
	ck_assert_uint_eq(n, 5);
	ck_assert_double_eq(out[0], HISTORY_LEN + 5);
	ck_assert_double_eq(out[4], HISTORY_LEN + 9);
	n = history_get(&h, "disk:sda", out, HISTORY_LEN);
	ck_assert_uint_eq(n, HISTORY_LEN);
	ck_assert_double_eq(out[0], 10);
	ck_assert_uint_eq(history_get(&h, "net:eth0", out, 5), 0);
	history_free(&h);
}
END_TEST

START_TEST(vanished_device_is_forgotten)
{
	struct history h = { 0 };
	double out[4];
	int i;

	history_tick(&h);
	history_push(&h, "disk:sdb", 1);
	for (i = 0; i < 61; i++) {
		history_tick(&h);
		history_push(&h, "disk:sda", 1);
	}
	ck_assert_uint_eq(history_get(&h, "disk:sdb", out, 4), 0);
	ck_assert_uint_eq(history_get(&h, "disk:sda", out, 4), 4);
	ck_assert_uint_eq(h.n, 1);
	history_free(&h);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("history");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, keeps_the_most_recent_oldest_first);
	tcase_add_test(tc, vanished_device_is_forgotten);
	suite_add_tcase(s, tc);
	return testutil_run(s);
}
