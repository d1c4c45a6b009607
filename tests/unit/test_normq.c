/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Tests for normq: the normal quantile against tabulated values, the
 * symmetry of its tails and its edges. */
#include "config.h"

#include <math.h>

#include "base/normq.h"
#include "testutil.h"

/* |A - B| within REL of |B| (and exact when B is 0). */
static void near(double a, double b, double rel, const char *what, double x)
{
	ck_assert_msg(fabs(a - b) <= rel * fabs(b), "%s(%.17g): %.17g, "
		      "table %.17g", what, x, a, b);
}

START_TEST(normal_quantile)
{
	/* values from tables of the standard normal */
	near(normq(0.975), 1.959963984540054, 1e-10, "q",
	     0.975);
	near(normq(0.9), 1.2815515655446004, 1e-10, "q",
	     0.9);
	near(normq(0.05), -1.6448536269514722, 1e-10, "q",
	     0.05);
	near(normq(1e-4), -3.7190164854556804, 1e-9, "q",
	     1e-4);
	near(normq(1e-9), -5.997807015007686, 1e-9, "q",
	     1e-9);
	ck_assert(normq(0.5) == 0);
	near(normq(0.3), -normq(0.7), 1e-9,
	     "q", 0.3);
	ck_assert(isnan(normq(0)));
	ck_assert(isnan(normq(1)));
	ck_assert(isnan(normq(NAN)));
}
END_TEST

int main(void)
{
	Suite *s = suite_create("normq");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, normal_quantile);
	suite_add_tcase(s, tc);
	return testutil_run(s);
}
