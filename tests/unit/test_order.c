/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Tests for order: busiest first with hysteresis - the first order is the
 * plain one, noise does not swap rows, a clear lead does. */
#include "config.h"

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

int main(void)
{
	Suite *s = suite_create("order");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, margin);
	tcase_add_test(tc, first_order_is_plain);
	tcase_add_test(tc, noise_keeps_places_a_lead_moves);
	tcase_add_test(tc, new_rows_and_moved_indexes);
	suite_add_tcase(s, tc);
	return testutil_run(s);
}
