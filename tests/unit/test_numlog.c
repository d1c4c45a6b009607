/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Tests for numlog: ln, exp and sqrt against libm's over many magnitudes,
 * the edges (0, negatives, infinities, NaN, subnormals), and the normal
 * quantile against known values and the symmetry of its tails. */
#include "config.h"

#include <math.h>
#include <stdint.h>

#include "base/numlog.h"
#include "testutil.h"

/* |A - B| within REL of |B| (and exact when B is 0). */
static void near(double a, double b, double rel, const char *what, double x)
{
	ck_assert_msg(fabs(a - b) <= rel * fabs(b), "%s(%.17g): %.17g, libm "
		      "%.17g", what, x, a, b);
}

START_TEST(against_libm)
{
	uint64_t s = 88172645463325252ULL;
	double x;
	int i;

	for (i = 0; i < 200000; i++) {
		s ^= s << 13;
		s ^= s >> 7;
		s ^= s << 17;
		/* magnitudes from 1e-300 to 1e300 and many near 1 */
		x = i % 2 ? exp((double)(s % 1381) - 690.0 +
				(double)(s >> 40) / (1 << 24)) :
			    1 + ((double)(s >> 11) / 9007199254740992.0 - 0.5);
		near(numlog_ln(x), log(x), 1e-15, "ln", x);
		near(numlog_sqrt(x), sqrt(x), 2.3e-16, "sqrt", x);
		x = ((double)(s >> 11) / 9007199254740992.0 - 0.5) * 1400;
		near(numlog_exp(x), exp(x), 1e-15, "exp", x);
	}
	near(numlog_ln(M_E), 1, 2.3e-16, "ln", M_E);
	near(numlog_exp(1), M_E, 2.3e-16, "exp", 1);
	near(numlog_ln(4.9e-324), log(4.9e-324), 1e-15, "ln", 4.9e-324);
	near(numlog_exp(-744), exp(-744), 1e-3, "exp", -744);
}
END_TEST

START_TEST(edges)
{
	ck_assert(isnan(numlog_ln(-1)));
	ck_assert(isnan(numlog_ln(NAN)));
	ck_assert(isinf(numlog_ln(0)) && numlog_ln(0) < 0);
	ck_assert(isinf(numlog_ln(INFINITY)));
	ck_assert(numlog_ln(1) == 0);
	ck_assert(numlog_exp(0) == 1);
	ck_assert(isinf(numlog_exp(710)));
	ck_assert(numlog_exp(-800) == 0);
	ck_assert(isnan(numlog_exp(NAN)));
	ck_assert(isnan(numlog_sqrt(-1)));
	ck_assert(numlog_sqrt(0) == 0);
	ck_assert(numlog_sqrt(4) == 2);
	ck_assert(isinf(numlog_sqrt(INFINITY)));
}
END_TEST

START_TEST(normal_quantile)
{
	/* values from tables of the standard normal */
	near(numlog_normal_quantile(0.975), 1.959963984540054, 1e-10, "q",
	     0.975);
	near(numlog_normal_quantile(0.9), 1.2815515655446004, 1e-10, "q",
	     0.9);
	near(numlog_normal_quantile(0.05), -1.6448536269514722, 1e-10, "q",
	     0.05);
	near(numlog_normal_quantile(1e-4), -3.7190164854556804, 1e-9, "q",
	     1e-4);
	near(numlog_normal_quantile(1e-9), -5.997807015007686, 1e-9, "q",
	     1e-9);
	ck_assert(numlog_normal_quantile(0.5) == 0);
	near(numlog_normal_quantile(0.3), -numlog_normal_quantile(0.7), 1e-9,
	     "q", 0.3);
	ck_assert(isnan(numlog_normal_quantile(0)));
	ck_assert(isnan(numlog_normal_quantile(1)));
	ck_assert(isnan(numlog_normal_quantile(NAN)));
}
END_TEST

int main(void)
{
	Suite *s = suite_create("numlog");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, against_libm);
	tcase_add_test(tc, edges);
	tcase_add_test(tc, normal_quantile);
	suite_add_tcase(s, tc);
	return testutil_run(s);
}
