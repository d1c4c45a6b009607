/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Tests for fixfmt: every figure reads as snprintf's "%.0f" and "%.1f". */
#include "config.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "base/fixfmt.h"
#include "testutil.h"

/* fixfmt and snprintf agree on V, text and count, in a roomy buffer and
 * in one of 3 bytes. */
static void same(double v, int dec)
{
	char a[64], b[64], c[3], d[3];
	size_t n = fixfmt(a, sizeof(a), v, dec);
	int m = snprintf(b, sizeof(b), "%.*f", dec, v);

	ck_assert_msg(n == (size_t)m && strcmp(a, b) == 0,
		      "%.17g (%d decimals): '%s' (%zu), snprintf '%s' (%d)",
		      v, dec, a, n, b, m);
	n = fixfmt(c, sizeof(c), v, dec);
	m = snprintf(d, sizeof(d), "%.*f", dec, v);
	ck_assert_msg(n == (size_t)m && strcmp(c, d) == 0,
		      "%.17g cut: '%s', snprintf '%s'", v, c, d);
}

START_TEST(ties_and_steps)
{
	int k;

	/* every twentieth: x.05, x.25, x.5, x.75 ... (ties in decimal,
	 * mostly not in binary) */
	for (k = 0; k <= 40000; k++) {
		same(k / 20.0, 0);
		same(k / 20.0, 1);
	}
	/* exact binary ties for %.0f, and their neighbours */
	for (k = 0; k < 2000; k++) {
		double v = k + 0.5;

		same(v, 0);
		same(nextafter(v, 0), 0);
		same(nextafter(v, 1e9), 0);
	}
}
END_TEST

START_TEST(the_screens_figures)
{
	static const double v[] = { 0, 0.04999, 0.05, 0.95, 0.99999, 1,
		9.95, 99.95, 999.94, 999.95, 999.949999, 123.456, 1.25, 2.5,
		3.5, 0.15, 0.25, 0.35, 0.45, 1e-300, 5e-324, 1e13,
		99999999999999.0 };
	size_t i;

	for (i = 0; i < sizeof(v) / sizeof(v[0]); i++) {
		same(v[i], 0);
		same(v[i], 1);
	}
}
END_TEST

START_TEST(random_doubles)
{
	uint64_t x = 0x9e3779b97f4a7c15u;
	int k;

	for (k = 0; k < 300000; k++) {
		double v;

		x ^= x << 13, x ^= x >> 7, x ^= x << 17;
		v = (double)(x >> 11) / (double)(UINT64_C(1) << 53);
		v = ldexp(v, (int)(x % 60) - 12);	/* 2^-12 .. 2^47 */
		same(v, 0);
		same(v, 1);
	}
}
END_TEST

START_TEST(handed_to_snprintf)
{
	same(-0.0, 0);
	same(-0.0, 1);
	same(-1.25, 1);
	same(1e14, 1);
	same(1e20, 0);
	same(NAN, 1);
	same(INFINITY, 0);
	same(2.345, 2);
}
END_TEST

/* snprintf's "%.1f %s", cut to SIZE (truncating is the point here) */
static int ref(char *dst, size_t size, double v, const char *unit)
{
	char all[64];
	int n = snprintf(all, sizeof(all), "%.1f %s", v, unit);

	memcpy(dst, all, size - 1);	/* what snprintf keeps of it */
	dst[size - 1] = '\0';
	return n;
}

START_TEST(cat_as_snprintf)
{
	char a[8], b[8];
	size_t n = fixfmt(a, sizeof(a), 12.25, 1);
	int m;

	n = fixfmt_cat(a, sizeof(a), n, " ");
	n = fixfmt_cat(a, sizeof(a), n, "MB/s");
	m = ref(b, sizeof(b), 12.25, "MB/s");
	ck_assert_str_eq(a, b);
	ck_assert_uint_eq(n, (size_t)m);
}
END_TEST

/* "%-5.5s %8s|" and friends, built with fixfmt_pad and fixfmt_cat. */
START_TEST(pad_as_snprintf)
{
	static const char *const s[] = { "", "a", "LOC", "12345", "123456",
		"virtio1-req.0", "Local timer interrupts" };
	static const int width[] = { 0, 1, 5, 8, 10 }, prec[] = { -1, 0, 3,
		5, 10 };
	size_t i, j, k, room;

	for (i = 0; i < sizeof(s) / sizeof(s[0]); i++)
		for (j = 0; j < 5; j++)
			for (k = 0; k < 5; k++)
				for (room = 1; room < 24; room += 5) {
					char a[32], b[32], all[64];
					size_t n;
					int m;

					n = fixfmt_cat(a, room, 0, "x");
					n = fixfmt_pad(a, room, n, s[i],
						       width[j], prec[k],
						       k % 2 == 0);
					n = fixfmt_cat(a, room, n, "|");
					m = snprintf(all, sizeof(all),
						     k % 2 == 0 ? "x%-*.*s|" :
						     "x%*.*s|", width[j],
						     prec[k] < 0 ? 99 : prec[k],
						     s[i]);
					memcpy(b, all, room - 1);
					b[room - 1] = '\0';
					ck_assert_msg(n == (size_t)m &&
						      strcmp(a, b) == 0,
						      "'%s' vs '%s'", a, b);
				}
}
END_TEST

int main(void)
{
	Suite *s = suite_create("fixfmt");
	TCase *tc = tcase_create("core");

	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, ties_and_steps);
	tcase_add_test(tc, the_screens_figures);
	tcase_add_test(tc, random_doubles);
	tcase_add_test(tc, handed_to_snprintf);
	tcase_add_test(tc, cat_as_snprintf);
	tcase_add_test(tc, pad_as_snprintf);
	suite_add_tcase(s, tc);
	return testutil_run(s);
}
