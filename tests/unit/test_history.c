/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Tests for history: the ring behind the sparklines. */
#include "config.h"

#include <stdio.h>

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

/* 400 devices (the index grows past its first size), half of them gone
 * for 61 ticks (the index is rebuilt after the drop): each series keeps
 * its own values, the dropped ones are not found. */
START_TEST(many_devices_each_its_own)
{
	struct history h = { 0 };
	char key[32];
	double out[2];
	int i, t;

	for (t = 0; t < 2; t++) {
		history_tick(&h);
		for (i = 0; i < 400; i++) {
			snprintf(key, sizeof(key), "disk:vd%d", i);
			ck_assert_int_eq(history_push(&h, key, i * 10 + t), 0);
		}
	}
	ck_assert_uint_eq(h.n, 400);
	for (t = 0; t < 61; t++) {
		history_tick(&h);
		for (i = 0; i < 400; i += 2) {
			snprintf(key, sizeof(key), "disk:vd%d", i);
			history_push(&h, key, i * 10 + 2);
		}
	}
	ck_assert_uint_eq(h.n, 200);
	for (i = 0; i < 400; i++) {
		snprintf(key, sizeof(key), "disk:vd%d", i);
		if (i % 2) {
			ck_assert_uint_eq(history_get(&h, key, out, 2), 0);
			continue;
		}
		ck_assert_uint_eq(history_get(&h, key, out, 2), 2);
		ck_assert(out[1] == i * 10 + 2);
	}
	snprintf(key, sizeof(key), "disk:vd%d", 401);
	ck_assert_int_eq(history_push(&h, key, 7), 0);
	ck_assert_uint_eq(history_get(&h, key, out, 2), 1);
	ck_assert(out[0] == 7);
	history_free(&h);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("history");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, keeps_the_most_recent_oldest_first);
	tcase_add_test(tc, vanished_device_is_forgotten);
	tcase_add_test(tc, many_devices_each_its_own);
	suite_add_tcase(s, tc);
	return testutil_run(s);
}
