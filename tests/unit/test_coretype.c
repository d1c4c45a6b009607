/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Tests for coretype: Arm part numbers as cpuinfo reports them. */
#include "config.h"

#include <string.h>

#include "hw/coretype.h"
#include "testutil.h"

START_TEST(boards_we_know)
{
	/* ODROID-XU4, RK3399, Raspberry Pi 4/5, Rock 5B, Ampere Altra. */
	ck_assert_str_eq(coretype_name(0x41, 0xc07), "Cortex-A7");
	ck_assert_str_eq(coretype_name(0x41, 0xc0f), "Cortex-A15");
	ck_assert_str_eq(coretype_name(0x41, 0xd03), "Cortex-A53");
	ck_assert_str_eq(coretype_name(0x41, 0xd08), "Cortex-A72");
	ck_assert_str_eq(coretype_name(0x41, 0xd0b), "Cortex-A76");
	ck_assert_str_eq(coretype_name(0x41, 0xd05), "Cortex-A55");
	ck_assert_str_eq(coretype_name(0x41, 0xd0c), "Neoverse-N1");
}
END_TEST

START_TEST(whole_table_reachable)
{
	/* Every entry is found by the binary search (table sorted). */
	static const struct { unsigned part; const char *name; } t[] = {
		{ 0xb76, "ARM1176" }, { 0xc05, "Cortex-A5" },
		{ 0xc08, "Cortex-A8" }, { 0xc09, "Cortex-A9" },
		{ 0xc0d, "Cortex-A17" }, { 0xc0e, "Cortex-A17" },
		{ 0xd01, "Cortex-A32" }, { 0xd04, "Cortex-A35" },
		{ 0xd07, "Cortex-A57" }, { 0xd09, "Cortex-A73" },
		{ 0xd0a, "Cortex-A75" }, { 0xd0d, "Cortex-A77" },
		{ 0xd41, "Cortex-A78" }, { 0xd44, "Cortex-X1" },
		{ 0xd46, "Cortex-A510" }, { 0xd47, "Cortex-A710" },
		{ 0xd48, "Cortex-X2" }, { 0xd4d, "Cortex-A715" },
		{ 0xd4e, "Cortex-X3" }, { 0xd80, "Cortex-A520" },
		{ 0xd81, "Cortex-A720" }, { 0xd82, "Cortex-X4" },
		{ 0x810, "ARM810" }, { 0xd8e, "Neoverse-N3" },
	};
	size_t i;

	for (i = 0; i < sizeof(t) / sizeof(t[0]); i++)
		ck_assert_str_eq(coretype_name(0x41, t[i].part), t[i].name);
}
END_TEST

START_TEST(missing_implementer_means_arm)
{
	/* 3.x kernels of some vendors print no "CPU implementer". */
	ck_assert_str_eq(coretype_name(-1, 0xc0f), "Cortex-A15");
}
END_TEST

START_TEST(other_implementers)
{
	ck_assert_str_eq(coretype_name(0x51, 0x803), "Kryo-3XX-Silver");
	/* Arm's numbers mean nothing for another implementer. */
	ck_assert_ptr_null(coretype_name(0x42, 0xd03));
	ck_assert_ptr_null(coretype_name(0x61, 0x022));
}
END_TEST

START_TEST(unknown_prints_hex)
{
	char d[32];

	ck_assert_ptr_null(coretype_name(0x41, 0xabc));
	ck_assert_uint_eq(coretype_format(0x41, 0xabc, d, sizeof(d)), 5);
	ck_assert_str_eq(d, "0xabc");
	coretype_format(0x41, 0x1, d, sizeof(d));
	ck_assert_str_eq(d, "0x001");
	coretype_format(0x42, 0xd03, d, sizeof(d));
	ck_assert_str_eq(d, "0xd03");
	ck_assert_uint_eq(coretype_format(0x41, 0xc07, d, sizeof(d)), 9);
	ck_assert_str_eq(d, "Cortex-A7");
}
END_TEST

START_TEST(format_truncates)
{
	char d[7];

	ck_assert_uint_eq(coretype_format(0x41, 0xd0c, d, sizeof(d)), 11);
	ck_assert_str_eq(d, "Neover");
	ck_assert_uint_eq(coretype_format(0x41, 0xc07, NULL, 0), 9);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("coretype");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, boards_we_know);
	tcase_add_test(tc, whole_table_reachable);
	tcase_add_test(tc, missing_implementer_means_arm);
	tcase_add_test(tc, other_implementers);
	tcase_add_test(tc, unknown_prints_hex);
	tcase_add_test(tc, format_truncates);
	suite_add_tcase(s, tc);
	return testutil_run(s);
}
