/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Tests for figfmt: each shared figure printed one way (issue 27, item 7:
 * 1017600 kHz read 1017 MHz on the screen and 1018 in --once). */
#include "config.h"

#include <string.h>

#include "base/figfmt.h"
#include "testutil.h"

START_TEST(mhz_rounds_to_nearest)
{
	char b[32];

	ck_assert_str_eq(figfmt_mhz(b, sizeof(b), 1017600), "1018");
	ck_assert_str_eq(figfmt_mhz(b, sizeof(b), 556800), "557");
	ck_assert_str_eq(figfmt_mhz(b, sizeof(b), 1400000), "1400");
	ck_assert_str_eq(figfmt_mhz(b, sizeof(b), 1499), "1");
	ck_assert_str_eq(figfmt_mhz(b, sizeof(b), 1500), "2");
	ck_assert_str_eq(figfmt_mhz(b, sizeof(b), 0), "0");
	ck_assert_uint_eq(figfmt_mhz_n(1017400), 1017);
	ck_assert_uint_eq(figfmt_mhz_n(UINT64_MAX), UINT64_MAX / 1000 + 1);
	ck_assert_str_eq(figfmt_mhz_range(b, sizeof(b), 556800, 1017600),
			 "557-1018");
	ck_assert_str_eq(figfmt_mhz_range(b, 5, 556800, 1017600), "557-");
}
END_TEST

START_TEST(irq_cpu_and_driver)
{
	char b[16];

	ck_assert_str_eq(figfmt_irq_cpu(b, sizeof(b), 2), "2");
	ck_assert_str_eq(figfmt_irq_cpu(b, sizeof(b), 0), "0");
	ck_assert_str_eq(figfmt_irq_cpu(b, sizeof(b), -1), "-");
	ck_assert_str_eq(figfmt_driver("xhci-hcd"), "xhci-hcd");
	ck_assert_str_eq(figfmt_driver(NULL), "no driver");
	ck_assert_str_eq(figfmt_driver(""), "no driver");
}
END_TEST

int main(void)
{
	Suite *s = suite_create("figfmt");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, mhz_rounds_to_nearest);
	tcase_add_test(tc, irq_cpu_and_driver);
	suite_add_tcase(s, tc);
	return testutil_run(s);
}
