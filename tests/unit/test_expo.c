/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Tests for expo (label escaping, both formats), httpd_parse_addr and
 * benchres_parse_time: the pure parts of src/metrics. */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <string.h>

#include "metrics/benchres.h"
#include "metrics/expo.h"
#include "metrics/httpd.h"
#include "testutil.h"

static char *escaped(struct buf *b, const char *s, size_t len)
{
	b->len = 0;
	ck_assert_int_eq(expo_escape(b, s, len), 0);
	return b->len ? b->data : "";
}

START_TEST(escapes_backslash_quote_newline)
{
	struct buf b = { 0 };
	const char *s = "a\\b\"c\nd";

	ck_assert_str_eq(escaped(&b, s, strlen(s)), "a\\\\b\\\"c\\nd");
	buf_free(&b);
}
END_TEST

START_TEST(controls_and_bad_utf8_become_question_marks)
{
	struct buf b = { 0 };
	/* ESC [31m, a tab, DEL, a C1 CSI, a lone continuation byte, an
	 * overlong '/', a truncated sequence; "Größe" stays. */
	const char *s = "\x1b[31m\t\x7f" "Gr\xc3\xb6\xc3\x9f" "e\xc2\x9b"
			"\x80\xc0\xaf\xe2\x82";

	ck_assert_str_eq(escaped(&b, s, strlen(s)),
			 "?[31m??Gr\xc3\xb6\xc3\x9f" "e???????");
	buf_free(&b);
}
END_TEST

START_TEST(bidi_and_format_characters_become_one_question_mark)
{
	struct buf b = { 0 };
	/* U+202E RIGHT-TO-LEFT OVERRIDE, U+2066 LEFT-TO-RIGHT ISOLATE and
	 * U+2028 LINE SEPARATOR would reorder what a terminal shows. */
	const char *s = "a\xe2\x80\xae" "b\xe2\x81\xa6" "c\xe2\x80\xa8" "d";

	ck_assert_str_eq(escaped(&b, s, strlen(s)), "a?b?c?d");
	buf_free(&b);
}
END_TEST

START_TEST(text_format_families)
{
	struct buf b = { 0 };
	struct expo e;
	struct expo_label l[2] = { { "irq", "150" }, { "action", "x\"y" } };

	expo_init(&e, &b, false);
	expo_family(&e, "benchtop_empty", EXPO_GAUGE, NULL, "never written");
	expo_family(&e, "benchtop_irq_interrupts_total", EXPO_COUNTER, NULL,
		    "Interrupts.");
	expo_u64(&e, "benchtop_irq_interrupts_total", l, 2,
		 18446744073709551615ull);
	expo_family(&e, "benchtop_usb_device_info", EXPO_INFO, NULL,
		    "A back\\slash\nand a newline.");
	expo_u64(&e, "benchtop_usb_device_info", l, 1, 1);
	expo_family(&e, "benchtop_t_celsius", EXPO_GAUGE, "celsius", "T.");
	expo_double(&e, "benchtop_t_celsius", NULL, 0, 45.5);
	ck_assert_int_eq(expo_finish(&e), 0);
	ck_assert_str_eq(b.data,
		"# HELP benchtop_irq_interrupts_total Interrupts.\n"
		"# TYPE benchtop_irq_interrupts_total counter\n"
		"benchtop_irq_interrupts_total{irq=\"150\",action=\"x\\\"y\"} "
		"18446744073709551615\n"
		"# HELP benchtop_usb_device_info A back\\\\slash\\nand a "
		"newline.\n"
		"# TYPE benchtop_usb_device_info gauge\n"
		"benchtop_usb_device_info{irq=\"150\"} 1\n"
		"# HELP benchtop_t_celsius T.\n"
		"# TYPE benchtop_t_celsius gauge\n"
		"benchtop_t_celsius 45.5\n");
	ck_assert_uint_eq(e.nseries, 3);
	ck_assert_uint_eq(e.nfamilies, 3);
	buf_free(&b);
}
END_TEST

START_TEST(openmetrics_families)
{
	struct buf b = { 0 };
	struct expo e;

	expo_init(&e, &b, true);
	expo_family(&e, "benchtop_disk_read_bytes_total", EXPO_COUNTER,
		    "bytes", "Bytes \"read\".");
	expo_u64(&e, "benchtop_disk_read_bytes_total", NULL, 0, 512);
	expo_family(&e, "benchtop_board_info", EXPO_INFO, NULL, "Board.");
	expo_u64(&e, "benchtop_board_info", NULL, 0, 1);
	expo_family(&e, "benchtop_x", EXPO_GAUGE, NULL, "X.");
	expo_double(&e, "benchtop_x", NULL, 0, NAN);
	ck_assert_int_eq(expo_finish(&e), 0);
	ck_assert_str_eq(b.data,
		"# HELP benchtop_disk_read_bytes Bytes \\\"read\\\".\n"
		"# TYPE benchtop_disk_read_bytes counter\n"
		"# UNIT benchtop_disk_read_bytes bytes\n"
		"benchtop_disk_read_bytes_total 512\n"
		"# HELP benchtop_board Board.\n"
		"# TYPE benchtop_board info\n"
		"benchtop_board_info 1\n"
		"# HELP benchtop_x X.\n"
		"# TYPE benchtop_x gauge\n"
		"benchtop_x NaN\n"
		"# EOF\n");
	buf_free(&b);
}
END_TEST

START_TEST(listen_addresses)
{
	char host[64];
	unsigned port;
	bool v6;

	ck_assert_int_eq(httpd_parse_addr("127.0.0.1:9186", host, sizeof(host),
					  &port, &v6), 0);
	ck_assert_str_eq(host, "127.0.0.1");
	ck_assert_uint_eq(port, 9186);
	ck_assert(!v6);
	ck_assert_int_eq(httpd_parse_addr("9100", host, sizeof(host), &port,
					  &v6), 0);
	ck_assert_str_eq(host, "127.0.0.1");
	ck_assert_int_eq(httpd_parse_addr(":9100", host, sizeof(host), &port,
					  &v6), 0);
	ck_assert_str_eq(host, "127.0.0.1");
	ck_assert_int_eq(httpd_parse_addr("localhost:80", host, sizeof(host),
					  &port, &v6), 0);
	ck_assert_str_eq(host, "127.0.0.1");
	ck_assert_int_eq(httpd_parse_addr("[::1]:9186", host, sizeof(host),
					  &port, &v6), 0);
	ck_assert_str_eq(host, "::1");
	ck_assert(v6);
	ck_assert_int_eq(httpd_parse_addr("0.0.0.0:1", host, sizeof(host),
					  &port, &v6), 0);
	ck_assert_int_eq(httpd_parse_addr("example.com:80", host,
					  sizeof(host), &port, &v6), -EINVAL);
	ck_assert_int_eq(httpd_parse_addr("127.0.0.1:0", host, sizeof(host),
					  &port, &v6), -EINVAL);
	ck_assert_int_eq(httpd_parse_addr("127.0.0.1:65536", host,
					  sizeof(host), &port, &v6), -EINVAL);
	ck_assert_int_eq(httpd_parse_addr("127.0.0.1:", host, sizeof(host),
					  &port, &v6), -EINVAL);
	ck_assert_int_eq(httpd_parse_addr("[::1]9186", host, sizeof(host),
					  &port, &v6), -EINVAL);
	ck_assert_int_eq(httpd_parse_addr("1.2.3.4:-5", host, sizeof(host),
					  &port, &v6), -EINVAL);
}
END_TEST

START_TEST(result_times)
{
	ck_assert(benchres_parse_time("2024-05-01T12:00:00Z") == 1714564800);
	ck_assert(benchres_parse_time("2024-05-01T14:00:00+0200") ==
		  1714564800);
	ck_assert(benchres_parse_time("2024-05-01T07:30:00-04:30") ==
		  1714564800);
	ck_assert(benchres_parse_time("2024-05-01 12:00:00Z") < 0);
	ck_assert(benchres_parse_time("2024-05-01T12:00:00") < 0);
	ck_assert(benchres_parse_time("2024-05-01T12:00:00+2") < 0);
	ck_assert(benchres_parse_time(NULL) < 0);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("expo");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, escapes_backslash_quote_newline);
	tcase_add_test(tc, controls_and_bad_utf8_become_question_marks);
	tcase_add_test(tc, bidi_and_format_characters_become_one_question_mark);
	tcase_add_test(tc, text_format_families);
	tcase_add_test(tc, openmetrics_families);
	tcase_add_test(tc, listen_addresses);
	tcase_add_test(tc, result_times);
	suite_add_tcase(s, tc);
	return testutil_run(s);
}
