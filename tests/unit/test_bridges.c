/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Tests for bridges: the installed usb-bridges.conf and malformed tables. */
#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "hw/bridges.h"
#include "testutil.h"

START_TEST(shipped_table_names_the_chips)
{
	struct bridges b;

	setenv("BENCHTOP_DATADIR", DATA_DIR, 1);
	ck_assert_int_eq(bridges_load(&b), 9);
	ck_assert_str_eq(bridges_lookup(&b, 0x174c, 0x55aa),
			 "ASMedia ASM1051E/ASM1053E/ASM1153E");
	ck_assert_str_eq(bridges_lookup(&b, 0x174c, 0x1153), "ASMedia ASM1153");
	ck_assert_str_eq(bridges_lookup(&b, 0x152d, 0x0578), "JMicron JMS578");
	ck_assert_str_eq(bridges_lookup(&b, 0x0bda, 0x8153), "Realtek RTL8153");
	ck_assert_ptr_null(bridges_lookup(&b, 0x0781, 0x5583));
	ck_assert_ptr_null(bridges_lookup(&b, 0x152d, 0x0562));
	bridges_free(&b);
}
END_TEST

START_TEST(missing_file)
{
	struct bridges b;

	setenv("BENCHTOP_DATADIR", "/nonexistent/benchtop", 1);
	ck_assert_int_eq(bridges_load(&b), -ENOENT);
	ck_assert_ptr_null(bridges_lookup(&b, 0x174c, 0x55aa));
	bridges_free(&b);
}
END_TEST

START_TEST(format_details)
{
	const char *t = "# c\n\n  174C:55AA\tAS\x1b[2Jx  \r\n0bda:8153 R";
	struct bridges b;
	size_t line = 0;

	ck_assert_int_eq(bridges_parse(t, strlen(t), &b, &line), 2);
	ck_assert_str_eq(bridges_lookup(&b, 0x174c, 0x55aa), "AS?[2Jx");
	ck_assert_str_eq(bridges_lookup(&b, 0x0bda, 0x8153), "R");
	bridges_free(&b);
	ck_assert_int_eq(bridges_parse("", 0, &b, &line), 0);
}
END_TEST

START_TEST(malformed_lines)
{
	static const char *const bad[] = {
		"174c:55a Name", "174c55aa Name", "174c:55aa", "174c:55aa   ",
		"174c:55aaName", "g74c:55aa N", "174c:55aa\n", ":", "174c:"
	};
	struct bridges b;
	size_t i, line;

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		line = 0;
		ck_assert_msg(bridges_parse(bad[i], strlen(bad[i]), &b,
					    &line) == -EINVAL, "%s", bad[i]);
		ck_assert_uint_eq(line, 1);
		ck_assert_uint_eq(b.n, 0);
	}
	ck_assert_int_eq(bridges_parse("0001:0002 a\n0003:0004\n", 22, &b,
				       &line), -EINVAL);
	ck_assert_uint_eq(line, 2);
}
END_TEST

START_TEST(very_long_name)
{
	size_t n = 200000;
	char *t = malloc(n + 1);
	struct bridges b;

	memcpy(t, "174c:55aa ", 10);
	memset(t + 10, 'x', n - 10);
	ck_assert_int_eq(bridges_parse(t, n, &b, NULL), 1);
	ck_assert_uint_eq(strlen(bridges_lookup(&b, 0x174c, 0x55aa)), n - 10);
	bridges_free(&b);
	free(t);
}
END_TEST

/* The chip before the vendor, the one the device's product string names. */
START_TEST(short_model_first)
{
	char b[64];

	ck_assert_str_eq(bridges_short("ASMedia ASM1051E/ASM1053E/ASM1153E",
				       "ASMT1153e", b, sizeof(b)),
			 "ASM1153E ASMedia");
	ck_assert_str_eq(bridges_short("ASMedia ASM1051E/ASM1053E/ASM1153E",
				       "ASMT1051", b, sizeof(b)),
			 "ASM1051E ASMedia");
	/* no product, or one naming none of them: every model */
	ck_assert_str_eq(bridges_short("ASMedia ASM1051E/ASM1053E/ASM1153E",
				       NULL, b, sizeof(b)),
			 "ASM1051E/ASM1053E/ASM1153E ASMedia");
	ck_assert_str_eq(bridges_short("ASMedia ASM1051E/ASM1053E",
				       "USB Disk", b, sizeof(b)),
			 "ASM1051E/ASM1053E ASMedia");
	ck_assert_str_eq(bridges_short("Realtek RTL8153", "USB 10/100/1000 LAN",
				       b, sizeof(b)), "RTL8153 Realtek");
	ck_assert_str_eq(bridges_short("VIA Labs VL817", NULL, b, sizeof(b)),
			 "VL817 VIA Labs");
	ck_assert_str_eq(bridges_short("Chip", NULL, b, sizeof(b)), "Chip");
	ck_assert_str_eq(bridges_short("ASMedia ASM1153E", NULL, b, 8),
			 "ASM1153");	/* cut to the buffer, terminated */
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("bridges");
	TCase *t = tcase_create("core");

	tcase_add_test(t, shipped_table_names_the_chips);
	tcase_add_test(t, missing_file);
	tcase_add_test(t, format_details);
	tcase_add_test(t, malformed_lines);
	tcase_add_test(t, very_long_name);
	tcase_add_test(t, short_model_first);
	suite_add_tcase(s, t);
	return s;
}

int main(void)
{
	return testutil_run(suite());
}
