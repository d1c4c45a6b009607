/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Tests for series: the session recorder's tiers, its size bound and its
 * JSON round trip. */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "session/series.h"
#include "testutil.h"

/* One tick of an 8-CPU board: 2 clusters, 4 disks, 3 interfaces and 100
 * IRQ rows - 131 channels. */
static void tick(struct series *s, double t, double v)
{
	char key[64];
	int i;

	ck_assert_int_eq(series_begin(s, t), 0);
	series_put(s, "cpu:all:util_permille", v);
	for (i = 0; i < 2; i++) {
		snprintf(key, sizeof(key), "cluster:%d:util_permille", i * 4);
		series_put(s, key, v);
		snprintf(key, sizeof(key), "cluster:%d:freq_mhz", i * 4);
		series_put(s, key, 2000);
	}
	for (i = 0; i < 4; i++) {
		snprintf(key, sizeof(key), "disk:sd%c:read_bytes_per_s", 'a' + i);
		series_put(s, key, v * 1e6);
		snprintf(key, sizeof(key), "disk:sd%c:write_bytes_per_s", 'a' + i);
		series_put(s, key, v * 1e6);
		snprintf(key, sizeof(key), "disk:sd%c:read_iops", 'a' + i);
		series_put(s, key, v * 10);
		snprintf(key, sizeof(key), "disk:sd%c:write_iops", 'a' + i);
		series_put(s, key, v * 10);
		snprintf(key, sizeof(key), "disk:sd%c:util_permille", 'a' + i);
		series_put(s, key, v);
	}
	for (i = 0; i < 3; i++) {
		snprintf(key, sizeof(key), "net:eth%d:rx_bytes_per_s", i);
		series_put(s, key, v * 1e5);
		snprintf(key, sizeof(key), "net:eth%d:tx_bytes_per_s", i);
		series_put(s, key, v * 1e5);
	}
	for (i = 0; i < 100; i++) {
		snprintf(key, sizeof(key), "irq:%d:per_s", 100 + i);
		series_put(s, key, i < 10 ? v * 80 : 0);
	}
	ck_assert_int_eq(series_end(s), 0);
}

START_TEST(a_day_at_one_second_stays_within_a_few_mb)
{
	struct series s;
	json_t *j;
	char *text;
	int t;

	series_init(&s);
	for (t = 0; t < 86400; t++)
		tick(&s, 1000.0 + t, (double)(t % 1000));
	ck_assert_uint_eq(s.nch, 131);
	/* 900 samples, 10-s means from 6 h to 15 min ago, 60-s means of
	 * the 18 hours before */
	ck_assert_uint_eq(s.tier[0].n, 900);
	ck_assert_uint_le(s.tier[1].n, 2071);
	ck_assert_uint_ge(s.tier[1].n, 2069);
	ck_assert_uint_le(s.tier[2].n, 1081);
	ck_assert_uint_ge(s.tier[2].n, 1079);
	ck_assert_uint_le(series_bytes(&s), 3u << 20);
	j = series_json(&s);
	text = json_dumps(j, JSON_COMPACT);
	ck_assert_ptr_nonnull(text);
	ck_assert_uint_le(strlen(text), 4u << 20);
	free(text);
	json_decref(j);
	series_free(&s);
}
END_TEST

START_TEST(a_week_halves_the_last_tier)
{
	struct series s;
	int t;

	series_init(&s);
	/* One sample a minute for 7 days: the last tier holds 2880 rows at
	 * most, merging neighbours as its step doubles. */
	for (t = 0; t < 7 * 24 * 60; t++) {
		ck_assert_int_eq(series_begin(&s, t * 60.0), 0);
		series_put(&s, "disk:sda:read_bytes_per_s", 100);
		ck_assert_int_eq(series_end(&s), 0);
	}
	ck_assert_uint_le(s.tier[2].n, 2880);
	/* ~9700 rows of 60 s -> 4860 of 120 s -> 2430 of 240 s */
	ck_assert_int_eq(s.tier[2].step_ms, 240000);
	ck_assert_uint_ge(s.tier[2].n, 2400);
	ck_assert_float_eq(s.tier[2].rows[5].v[0], 100);
	ck_assert_uint_eq(s.tier[2].rows[5].n, 4);
	series_free(&s);
}
END_TEST

START_TEST(older_samples_are_averaged)
{
	struct series s;
	int t;

	series_init(&s);
	for (t = 0; t < 1000; t++) {
		ck_assert_int_eq(series_begin(&s, t), 0);
		series_put(&s, "cpu:all:util_permille", t % 2 ? 1000 : 0);
		if (t >= 500)	/* a disk plugged in at 500 s */
			series_put(&s, "disk:sdb:read_bytes_per_s", 7);
		ck_assert_int_eq(series_end(&s), 0);
	}
	ck_assert_uint_eq(s.tier[0].n, 900);
	ck_assert_int_eq(s.tier[0].rows[0].t_ms, 100000);
	/* 0..99 s in ten 10-s buckets of 10 samples, mean 500 */
	ck_assert_uint_eq(s.tier[1].n, 10);
	ck_assert_uint_eq(s.tier[1].rows[3].n, 10);
	ck_assert_int_eq(s.tier[1].rows[3].t_ms, 30000);
	ck_assert_float_eq_tol(s.tier[1].rows[3].v[0], 500, 0.01);
	ck_assert(s.tier[0].rows[0].nv == 1 ||
		  isnan(s.tier[0].rows[0].v[1]));
	ck_assert_float_eq(s.tier[0].rows[899].v[1], 7);
	ck_assert_uint_eq(series_nrows(&s), 910);
	ck_assert_int_eq(series_row(&s, 0)->t_ms, 0);
	ck_assert_int_eq(series_row(&s, 909)->t_ms, 999000);
	ck_assert_ptr_null(series_row(&s, 910));
	ck_assert_int_eq(series_begin(&s, 5), -EINVAL);	/* back in time */
	series_free(&s);
}
END_TEST

START_TEST(json_round_trip_is_exact)
{
	struct series s, r;
	json_t *a, *b;
	char err[200];
	char *ta, *tb;
	int t;

	series_init(&s);
	for (t = 0; t < 3000; t++)
		tick(&s, t * 0.5, t * 1.37);
	a = series_json(&s);
	series_init(&r);
	ck_assert_int_eq(series_from_json(&r, a, err, sizeof(err)), 0);
	b = series_json(&r);
	ta = json_dumps(a, JSON_COMPACT | JSON_SORT_KEYS);
	tb = json_dumps(b, JSON_COMPACT | JSON_SORT_KEYS);
	ck_assert_str_eq(ta, tb);
	free(ta);
	free(tb);
	json_decref(a);
	json_decref(b);
	series_free(&s);
	series_free(&r);
}
END_TEST

START_TEST(bad_json_is_refused_in_one_sentence)
{
	static const char *const bad[] = {
		"{\"interval_s\":1,\"channels\":[\"a\",\"a\"],\"tiers\":[]}",
		"{\"interval_s\":0,\"channels\":[],\"tiers\":[]}",
		"{\"interval_s\":1,\"channels\":[\"a\"],\"tiers\":[{\"step_ms\":0,"
		"\"keep_ms\":1,\"max_rows\":1,\"rows\":[[0,1,1,2]]},{},{}]}",
		"{\"interval_s\":1,\"channels\":[\"a\"],\"tiers\":[{\"step_ms\":0,"
		"\"keep_ms\":1,\"max_rows\":1,\"rows\":[[0,1,1e300]]},{},{}]}",
		"{\"interval_s\":1,\"channels\":[\"a\"],\"tiers\":[{\"step_ms\":0,"
		"\"keep_ms\":1,\"max_rows\":1,\"rows\":[[5,1,1],[4,1,1]]},{},{}]}",
	};
	size_t i;

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		json_t *j = json_loads(bad[i], 0, NULL);
		struct series s;
		char err[200] = "";

		ck_assert_ptr_nonnull(j);
		series_init(&s);
		ck_assert_int_eq(series_from_json(&s, j, err, sizeof(err)),
				 -EINVAL);
		ck_assert_msg(err[0] && !strchr(err, '\n'), "case %zu", i);
		series_free(&s);
		json_decref(j);
	}
}
END_TEST

/* Past the 2048-channel cap: each refused put is counted, the most of
 * one row is kept and written as channels_refused; none before. */
START_TEST(the_cap_is_counted_and_written)
{
	struct series s;
	char name[40];
	json_t *j;
	int i, t;

	series_init(&s);
	for (t = 0; t < 2; t++) {
		ck_assert_int_eq(series_begin(&s, 1.0 + t), 0);
		for (i = 0; i < SERIES_CHANNELS_MAX + 5 - t; i++) {
			snprintf(name, sizeof(name), "irq:%d:per_s", i);
			ck_assert_int_eq(series_put(&s, name, i),
					 i < SERIES_CHANNELS_MAX ? 0 : -ENOSPC);
		}
		ck_assert_uint_eq(s.refused, 5 - (size_t)t);
		ck_assert_int_eq(series_end(&s), 0);
	}
	ck_assert_uint_eq(s.refused_max, 5);
	j = series_json(&s);
	ck_assert_int_eq(json_integer_value(json_object_get(j,
			 "channels_refused")), 5);
	json_decref(j);
	series_free(&s);
	series_init(&s);
	j = series_json(&s);
	ck_assert_ptr_null(json_object_get(j, "channels_refused"));
	json_decref(j);
	series_free(&s);
}
END_TEST

/* series_put_next puts where series_put would, for a channel named as
 * the one expected next, part by part; any other name is left to
 * series_put (0, nothing recorded, the expectation kept). */
START_TEST(the_next_channel_is_put_by_its_parts)
{
	static const char *const key[] = { "disk:sda:util_pct",
					   "irq:a:b:per_s", "net:eth0:rx" };
	struct series s;
	const struct series_row *r;

	series_init(&s);
	ck_assert_int_eq(series_begin(&s, 1.0), 0);
	for (size_t i = 0; i < 3; i++)
		ck_assert_int_eq(series_put(&s, key[i], 1), 0);
	ck_assert_int_eq(series_end(&s), 0);
	ck_assert_int_eq(series_begin(&s, 2.0), 0);
	ck_assert_int_eq(series_put_next(&s, "disk", "sda", "util_pc", 5), 0);
	ck_assert_int_eq(series_put_next(&s, "disk", "sd", "util_pct", 5), 0);
	ck_assert_int_eq(series_put_next(&s, "dis", "sda", "util_pct", 5), 0);
	ck_assert_int_eq(series_put_next(&s, "net", "eth0", "rx", 5), 0);
	ck_assert_int_eq(series_put_next(&s, "disk", "sda", "util_pct", 2),
			 1);
	ck_assert_int_eq(series_put_next(&s, "irq", "a:b", "per_s", 3), 1);
	ck_assert_int_eq(series_put_next(&s, "net", "eth0", "rx", NAN), 1);
	ck_assert_int_eq(series_put_next(&s, "net", "eth0", "rx", 4), 0);
	ck_assert_int_eq(series_end(&s), 0);
	ck_assert_uint_eq(s.nch, 3);
	r = series_row(&s, 1);
	ck_assert_ptr_nonnull(r);
	ck_assert_uint_eq(r->nv, 3);
	ck_assert_float_eq(r->v[0], 2);
	ck_assert_float_eq(r->v[1], 3);
	ck_assert(isnan(r->v[2]));
	ck_assert_int_eq(series_put_next(&s, "disk", "sda", "util_pct", 1),
			 -EINVAL);	/* no open row */
	series_free(&s);
}
END_TEST

/* The full recorder finds a channel by its parts where series_put finds
 * it by its key, and refuses and counts the others as series_put does;
 * a name the key would clean or cut, or a recorder not full, is left to
 * series_put. */
START_TEST(the_full_recorder_finds_a_channel_by_its_parts)
{
	struct series s;
	const struct series_row *r;
	char name[16], key[40], long_name[140];
	int i;

	series_init(&s);
	ck_assert_int_eq(series_begin(&s, 1.0), 0);
	ck_assert_int_eq(series_put(&s, "irq:0:per_s", 0), 0);
	ck_assert_int_eq(series_put_full(&s, "irq", "9", "per_s", 1), 0);
	for (i = 1; i < SERIES_CHANNELS_MAX; i++) {
		snprintf(key, sizeof(key), "irq:%d:per_s", i);
		ck_assert_int_eq(series_put(&s, key, 0), 0);
	}
	ck_assert_int_eq(series_end(&s), 0);
	ck_assert_int_eq(series_begin(&s, 2.0), 0);
	for (i = SERIES_CHANNELS_MAX + 2; i-- > 0;) {	/* not in order */
		snprintf(name, sizeof(name), "%d", i);
		ck_assert_int_eq(series_put_full(&s, "irq", name, "per_s",
						 i + 0.5),
				 i < SERIES_CHANNELS_MAX ? 1 : -ENOSPC);
	}
	ck_assert_uint_eq(s.refused, 2);
	ck_assert_int_eq(series_put_full(&s, "irq", "1", "per", 1), -ENOSPC);
	ck_assert_int_eq(series_put_full(&s, "irq", "1\x01", "per_s", 1), 0);
	ck_assert_int_eq(series_put_full(&s, "irq", "\xc3\xa9", "per_s", 1),
			 0);
	memset(long_name, 'a', sizeof(long_name) - 1);
	long_name[sizeof(long_name) - 1] = '\0';
	ck_assert_int_eq(series_put_full(&s, "irq", long_name, "per_s", 1), 0);
	ck_assert_uint_eq(s.refused, 3);
	ck_assert_int_eq(series_end(&s), 0);
	ck_assert_uint_eq(s.nch, SERIES_CHANNELS_MAX);
	r = series_row(&s, 1);
	ck_assert_ptr_nonnull(r);
	for (i = 0; i < SERIES_CHANNELS_MAX; i++) {
		snprintf(key, sizeof(key), "irq:%d:per_s", i);
		ck_assert_float_eq(r->v[series_find(&s, key)], i + 0.5f);
	}
	series_free(&s);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("series");
	TCase *tc = tcase_create("series");

	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, a_day_at_one_second_stays_within_a_few_mb);
	tcase_add_test(tc, a_week_halves_the_last_tier);
	tcase_add_test(tc, older_samples_are_averaged);
	tcase_add_test(tc, json_round_trip_is_exact);
	tcase_add_test(tc, bad_json_is_refused_in_one_sentence);
	tcase_add_test(tc, the_cap_is_counted_and_written);
	tcase_add_test(tc, the_next_channel_is_put_by_its_parts);
	tcase_add_test(tc, the_full_recorder_finds_a_channel_by_its_parts);
	suite_add_tcase(s, tc);
	return testutil_run(s);
}
