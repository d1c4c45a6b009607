/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Tests for order: busiest first with hysteresis - the first order is the
 * plain one, noise does not swap rows, a clear lead does. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "view/order.h"
#include "testutil.h"

struct row {
	const char *key;
	double rate;
};

static double rate(const void *ctx, size_t i)
{
	return ((const struct row *)ctx)[i].rate;
}

static const char *key(const void *ctx, size_t i)
{
	return ((const struct row *)ctx)[i].key;
}

/* The keys of V joined by spaces, into OUT. */
static const char *keys(const struct row *r, const size_t *v, size_t n,
			char *out)
{
	size_t i;

	out[0] = '\0';
	for (i = 0; i < n; i++) {
		if (i)
			strcat(out, " ");
		strcat(out, r[v[i]].key);
	}
	return out;
}

#define L ORDER_LEAD_IRQS

START_TEST(margin)
{
	ck_assert(!order_overtakes(1060, 1000, L));	/* 6 %: noise */
	ck_assert(!order_overtakes(1125, 1000, L));	/* 1/8: not more */
	ck_assert(order_overtakes(1126, 1000, L));
	/* 10/s is the least lead */
	ck_assert(!order_overtakes(9, 0, L));
	ck_assert(!order_overtakes(10, 0, L));
	ck_assert(order_overtakes(10.5, 0, L));
	ck_assert(!order_overtakes(1000, 1000, L));
	ck_assert(!order_overtakes(0, 1000, L));
	ck_assert(!order_overtakes(65536, 0, ORDER_LEAD_BYTES));
	ck_assert(order_overtakes(65537, 0, ORDER_LEAD_BYTES));
}
END_TEST

START_TEST(first_order_is_plain)
{
	struct row r[] = { { "LOC", 300 }, { "CAL", 290 } };
	struct order_items it = { r, 2, rate, key, L };
	struct order_prev p = { 0 };
	size_t v[] = { 0, 1 };
	char s[64];

	order_hold(&p, v, 2, &it);	/* nothing shown before */
	ck_assert_str_eq(keys(r, v, 2, s), "LOC CAL");
	order_fini(&p);
}
END_TEST

START_TEST(noise_keeps_places_a_lead_moves)
{
	struct row r[] = { { "150", 1000 }, { "151", 1060 }, { "80", 300 } };
	struct order_items it = { r, 3, rate, key, L };
	struct order_prev p = { 0 };
	size_t v[] = { 0, 1, 2 };
	char s[64];

	order_note(&p, v, 3, &it);		/* shown: 150 151 80 */
	v[0] = 1, v[1] = 0, v[2] = 2;		/* the plain order now */
	order_hold(&p, v, 3, &it);
	ck_assert_str_eq(keys(r, v, 3, s), "150 151 80");
	order_note(&p, v, 3, &it);
	r[2].rate = 2000;			/* 80 overtakes both clearly */
	v[0] = 2, v[1] = 1, v[2] = 0;
	order_hold(&p, v, 3, &it);
	ck_assert_str_eq(keys(r, v, 3, s), "80 150 151");
	order_note(&p, v, 3, &it);
	r[2].rate = 1100;			/* 80 falls back: noise */
	v[0] = 2, v[1] = 1, v[2] = 0;
	order_hold(&p, v, 3, &it);
	ck_assert_str_eq(keys(r, v, 3, s), "80 150 151");
	order_note(&p, v, 3, &it);
	r[2].rate = 500;			/* both overtake it clearly */
	v[0] = 1, v[1] = 0, v[2] = 2;
	order_hold(&p, v, 3, &it);
	ck_assert_str_eq(keys(r, v, 3, s), "150 151 80");
	order_fini(&p);
}
END_TEST

/* A row not shown before comes after those that were, then rises past
 * each it clearly overtakes; a row whose index moved keeps its place by
 * its key; forgetting gives the plain order back. */
START_TEST(new_rows_and_moved_indexes)
{
	struct row r[] = { { "A", 100 }, { "B", 50 }, { "C", 10 },
			   { "N", 48 } };
	struct row moved[] = { { "X", 0 }, { "B", 50 }, { "A", 48 } };
	struct order_items it = { r, 4, rate, key, L };
	struct order_items im = { moved, 3, rate, key, L };
	struct order_prev p = { 0 };
	size_t v[] = { 0, 1, 2, 3 }, w[] = { 1, 2, 0 };
	char s[64];

	order_note(&p, v, 3, &it);			/* A B C */
	v[0] = 0, v[1] = 1, v[2] = 3, v[3] = 2;		/* A B N C */
	order_hold(&p, v, 4, &it);
	ck_assert_str_eq(keys(r, v, 4, s), "A B N C");
	order_note(&p, v, 2, &it);			/* A B shown */
	order_hold(&p, w, 3, &im);	/* A is now index 2, 48/s: noise */
	ck_assert_str_eq(keys(moved, w, 3, s), "A B X");
	order_forget(&p);
	w[0] = 1, w[1] = 2, w[2] = 0;
	order_hold(&p, w, 3, &im);
	ck_assert_str_eq(keys(moved, w, 3, s), "B A X");
	order_fini(&p);
}
END_TEST

/* Shown least busy first, then rates each within an eighth of the next
 * (99, 110, 121, 134), the plain order 153 80 150 151:
 * - shown with no rates (the first frame, by counts since boot): that
 *   order is not held, the first rates give the plain one;
 * - shown with those rates: each pair of neighbours is noise and keeps
 *   its order, but 153 is 35 % above 151 and 22 % above 150 and passes
 *   both (it stayed below them when only neighbours were compared). */
START_TEST(near_rates_shown_least_busy_first)
{
	static const struct { double shown_at; const char *want; } c[] = {
		{ 0, "153 80 150 151" },
		{ 1, "80 153 151 150" },
	};
	size_t k;

	for (k = 0; k < sizeof(c) / sizeof(c[0]); k++) {
		double rates[] = { 99, 110, 121, 134 };
		struct row r[] = { { "151", 0 }, { "150", 0 }, { "80", 0 },
				   { "153", 0 } };
		struct order_items it = { r, 4, rate, key, L };
		struct order_prev p = { 0 };
		size_t v[] = { 0, 1, 2, 3 }, i;
		char s[64];

		for (i = 0; i < 4; i++)
			r[i].rate = rates[i] * c[k].shown_at;
		order_note(&p, v, 4, &it);	/* shown: 151 150 80 153 */
		for (i = 0; i < 4; i++)
			r[i].rate = rates[i];
		v[0] = 3, v[1] = 2, v[2] = 1, v[3] = 0;	/* the plain order */
		order_hold(&p, v, 4, &it);
		ck_assert_str_eq(keys(r, v, 4, s), c[k].want);
		order_fini(&p);
	}
}
END_TEST

/* Random rates and orders shown before: after order_hold no row
 * overtakes clearly a row above it, and every row is there once. */
START_TEST(no_row_overtakes_one_above_it_clearly)
{
	enum { N = 40 };
	struct row r[N];
	char names[N][8];
	struct order_items it = { r, N, rate, key, L };
	struct order_prev p = { 0 };
	size_t v[N], i, j, round;
	unsigned seed = 7;

	for (i = 0; i < N; i++) {
		snprintf(names[i], sizeof(names[i]), "%zu", i);
		r[i].key = names[i];
	}
	for (round = 0; round < 2000; round++) {
		size_t n = 1 + rand_r(&seed) % N, seen[N] = { 0 };

		for (i = 0; i < N; i++) {
			/* rates near each other, now and then far */
			r[i].rate = 100 + rand_r(&seed) % 60 +
				    (rand_r(&seed) % 5 == 0 ? rand_r(&seed) % 400 : 0);
			v[i] = i;
		}
		for (i = N - 1; i > 0; i--) {	/* a random order shown */
			size_t k = rand_r(&seed) % (i + 1), t = v[i];

			v[i] = v[k], v[k] = t;
		}
		order_note(&p, v, n, &it);
		for (i = N - 1; i > 0; i--) {
			size_t k = rand_r(&seed) % (i + 1), t = v[i];

			v[i] = v[k], v[k] = t;
		}
		order_hold(&p, v, N, &it);
		for (i = 0; i < N; i++) {
			ck_assert_uint_lt(v[i], N);
			seen[v[i]]++;
			for (j = 0; j < i; j++)
				ck_assert_msg(!order_overtakes(r[v[i]].rate,
							       r[v[j]].rate, L),
					      "round %zu: %s (%.0f) below %s (%.0f)",
					      round, r[v[i]].key, r[v[i]].rate,
					      r[v[j]].key, r[v[j]].rate);
		}
		for (i = 0; i < N; i++)
			ck_assert_uint_eq(seen[i], 1);
	}
	order_fini(&p);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("order");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, margin);
	tcase_add_test(tc, first_order_is_plain);
	tcase_add_test(tc, noise_keeps_places_a_lead_moves);
	tcase_add_test(tc, near_rates_shown_least_busy_first);
	tcase_add_test(tc, no_row_overtakes_one_above_it_clearly);
	tcase_add_test(tc, new_rows_and_moved_indexes);
	suite_add_tcase(s, tc);
	return testutil_run(s);
}
