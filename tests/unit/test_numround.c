/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Tests for numround: the same bits as libm's round, llround and floor,
 * halves, negatives, signed zeros, 2^52 and beyond, NaN and infinities. */
#include "config.h"

#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "base/numround.h"
#include "testutil.h"

static uint64_t bits(double x)
{
	uint64_t b;

	memcpy(&b, &x, sizeof(b));
	return b;
}

/* Ours against libm's for X, bit for bit (NaN: any NaN). */
static void same(double x)
{
	double r = round(x), f = floor(x);

	if (isnan(x)) {
		ck_assert(isnan(numround_round(x)));
		ck_assert(isnan(numround_floor(x)));
		ck_assert(numround_llround(x) == LLONG_MIN);
		return;
	}
	ck_assert_msg(bits(numround_round(x)) == bits(r),
		      "round(%.17g): %.17g, libm %.17g", x,
		      numround_round(x), r);
	ck_assert_msg(bits(numround_floor(x)) == bits(f),
		      "floor(%.17g): %.17g, libm %.17g", x,
		      numround_floor(x), f);
	if (r >= -9223372036854775808.0 && r < 9223372036854775808.0)
		ck_assert_msg(numround_llround(x) == llround(x),
			      "llround(%.17g): %lld, libm %lld", x,
			      numround_llround(x), llround(x));
	else
		ck_assert(numround_llround(x) == LLONG_MIN);
}

START_TEST(halves_and_negatives)
{
	static const double v[] = {
		0.0, -0.0, 0.5, -0.5, 1.5, -1.5, 2.5, -2.5, 0.49999999999999994,
		-0.49999999999999994, 0.3, -0.3, 0.7, -0.7, 1.0, -1.0,
		4503599627370495.5, -4503599627370495.5, 4503599627370496.0,
		-4503599627370497.0, 9007199254740993.0, 1e300, -1e300,
		9223372036854775807.0, -9223372036854775808.0, 5e-324, -5e-324,
	};
	size_t i;

	ck_assert(numround_round(2.5) == 3.0);
	ck_assert(numround_round(-2.5) == -3.0);
	ck_assert(numround_llround(-0.5) == -1);
	ck_assert(numround_floor(-0.5) == -1.0);
	ck_assert(signbit(numround_round(-0.3)));
	ck_assert(signbit(numround_floor(-0.0)));
	ck_assert(!signbit(numround_floor(0.3)));
	for (i = 0; i < sizeof(v) / sizeof(v[0]); i++) {
		same(v[i]);
		same(nextafter(v[i], INFINITY));
		same(nextafter(v[i], -INFINITY));
	}
	same(INFINITY);
	same(-INFINITY);
	same(NAN);
	ck_assert(numround_llround(1e19) == LLONG_MIN);
	ck_assert(numround_llround(-1e19) == LLONG_MIN);
}
END_TEST

/* Every quarter from -1000 to 1000 and its neighbours. */
START_TEST(quarters)
{
	int k;

	for (k = -4000; k <= 4000; k++) {
		double x = k / 4.0;

		same(x);
		same(nextafter(x, INFINITY));
		same(nextafter(x, -INFINITY));
	}
}
END_TEST

/* Doubles of every exponent from random bits, and figures as benchtop
 * rounds them (temperatures * 1000, rates * 10). */
START_TEST(random_bits)
{
	uint64_t s = 0x9e3779b97f4a7c15u, b;
	double x;
	int i;

	for (i = 0; i < 200000; i++) {
		s ^= s << 13;
		s ^= s >> 7;
		s ^= s << 17;
		b = s;
		memcpy(&x, &b, sizeof(x));
		same(x);
		same((double)(int64_t)(s % 2000001) / 1000.0 - 1000.0);
		same(((double)(s >> 11) / 9007199254740992.0 - 0.5) * 1e7);
	}
}
END_TEST

int main(void)
{
	Suite *s = suite_create("numround");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, halves_and_negatives);
	tcase_add_test(tc, quarters);
	tcase_add_test(tc, random_bits);
	suite_add_tcase(s, tc);
	return testutil_run(s);
}
