/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test_numparse: the strict number parser and the JSON lookups, the same
 * under a locale whose decimal point is ',' (when one is installed). */
#include "config.h"

#include <check.h>
#include <errno.h>
#include <locale.h>
#include <math.h>
#include <string.h>

#include "base/jsonget.h"
#include "base/numparse.h"
#include "testutil.h"

static int dec(const char *s, double *v)
{
	return numparse_decimal(s, s + strlen(s), v);
}

START_TEST(decimals_are_plain)
{
	double v;

	ck_assert_int_eq(dec("0.42", &v), 0);
	ck_assert(v == 0.42);
	ck_assert_int_eq(dec("2", &v), 0);
	ck_assert(v == 2);
	ck_assert_int_eq(dec(".25", &v), 0);
	ck_assert(v == 0.25);
	ck_assert_int_eq(dec("10.", &v), 0);
	ck_assert(v == 10);
	ck_assert_int_eq(dec("3600.000000000000000000001", &v), 0);
	ck_assert(v == 3600);
	ck_assert_int_eq(dec("123456789012345678901234", &v), 0);
	ck_assert(fabs(v / 1.23456789012345678901234e23 - 1) < 1e-15);
}
END_TEST

START_TEST(decimals_refuse_the_rest)
{
	static const char *const bad[] = {
		"", ".", "-1", "+1", "1e3", "0x10", "inf", "nan", " 1", "1 ",
		"0,5", "1.2.3", "1..2",
	};
	double v;
	size_t i;

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		ck_assert_msg(dec(bad[i], &v) == -EINVAL, "'%s' taken", bad[i]);
}
END_TEST

START_TEST(prefix_stops_at_a_unit)
{
	const char *s = "1.4GHz", *end;
	double v;

	ck_assert_int_eq(numparse_decimal_prefix(s, s + 6, &v, &end), 0);
	ck_assert(v == 1.4);
	ck_assert_str_eq(end, "GHz");
	s = "GHz";
	ck_assert_int_eq(numparse_decimal_prefix(s, s + 3, &v, &end),
			 -EINVAL);
}
END_TEST

START_TEST(reals_take_an_exponent)
{
	const char *s = "251.3e6";
	double v;

	ck_assert_int_eq(numparse_real(s, s + strlen(s), &v), 0);
	ck_assert(fabs(v - 251.3e6) < 1e-3);
	s = "1E-3";
	ck_assert_int_eq(numparse_real(s, s + strlen(s), &v), 0);
	ck_assert(fabs(v - 1e-3) < 1e-18);
	s = "1e";
	ck_assert_int_eq(numparse_real(s, s + strlen(s), &v), -EINVAL);
	s = "1e5x";
	ck_assert_int_eq(numparse_real(s, s + strlen(s), &v), -EINVAL);
	s = "-1e5";
	ck_assert_int_eq(numparse_real(s, s + strlen(s), &v), -EINVAL);
}
END_TEST

/* A German LC_NUMERIC (decimal comma) changes nothing, if installed. */
START_TEST(no_locale_changes_a_number)
{
	static const char *const de[] = { "de_DE.UTF-8", "de_DE.utf8",
					   "de_DE" };
	double v;
	size_t i;

	for (i = 0; i < 3 && !setlocale(LC_NUMERIC, de[i]); i++)
		;
	ck_assert_int_eq(dec("1.5", &v), 0);
	ck_assert(v == 1.5);
	ck_assert_int_eq(dec("1,5", &v), -EINVAL);
	setlocale(LC_NUMERIC, "C");
}
END_TEST

START_TEST(uints_have_a_bound)
{
	uint64_t v;

	ck_assert_int_eq(numparse_uint("65535", 65535, &v), 0);
	ck_assert_uint_eq(v, 65535);
	ck_assert_int_eq(numparse_uint("65536", 65535, &v), -EINVAL);
	ck_assert_int_eq(numparse_uint("", 10, &v), -EINVAL);
	ck_assert_int_eq(numparse_uint("-1", 10, &v), -EINVAL);
	ck_assert_int_eq(numparse_uint("18446744073709551616", UINT64_MAX,
					&v), -EINVAL);
}
END_TEST

START_TEST(json_lookups_have_defaults)
{
	json_t *o = json_pack("{s:s s:i s:f s:{s:{s:s}} s:b s:s}", "name",
			      "sda", "n", 7, "x", 0.5, "host", "cpu", "model",
			      "A15", "ok", 1, "empty", "");
	char tmp[32];

	ck_assert_str_eq(jsonget_str(o, "name", "-"), "sda");
	ck_assert_str_eq(jsonget_str(o, "n", "-"), "-");
	ck_assert_ptr_null(jsonget_str(NULL, "name", NULL));
	ck_assert(jsonget_num(o, "n", -1) == 7);
	ck_assert(jsonget_num(o, "x", -1) == 0.5);
	ck_assert(jsonget_num(o, "name", -1) == -1);
	ck_assert_str_eq(json_string_value(jsonget_path(o, "host.cpu.model")),
			 "A15");
	ck_assert_ptr_null(jsonget_path(o, "host.gpu.model"));
	ck_assert_ptr_nonnull(jsonget_at(o, "host", "cpu"));
	ck_assert_ptr_eq(jsonget_at(o, "host", NULL),
			 json_object_get(o, "host"));
	ck_assert_str_eq(jsonget_text(json_object_get(o, "x"), tmp,
				      sizeof(tmp), "-"), "0.50");
	ck_assert_str_eq(jsonget_text(json_object_get(o, "ok"), tmp,
				      sizeof(tmp), "-"), "yes");
	ck_assert_str_eq(jsonget_text(json_object_get(o, "empty"), tmp,
				      sizeof(tmp), "-"), "-");
	ck_assert_str_eq(jsonget_text(NULL, tmp, sizeof(tmp), "-"), "-");
	json_decref(o);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("numparse");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, decimals_are_plain);
	tcase_add_test(tc, decimals_refuse_the_rest);
	tcase_add_test(tc, prefix_stops_at_a_unit);
	tcase_add_test(tc, reals_take_an_exponent);
	tcase_add_test(tc, no_locale_changes_a_number);
	tcase_add_test(tc, uints_have_a_bound);
	tcase_add_test(tc, json_lookups_have_defaults);
	suite_add_tcase(s, tc);
	return testutil_run(s);
}
