/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Tests for strclean: terminal escapes in kernel strings. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/strclean.h"
#include "testutil.h"

START_TEST(keeps_plain_ascii)
{
	char d[64];

	strclean_copy(d, sizeof(d), "xhci-hcd:usb5", 13);
	ck_assert_str_eq(d, "xhci-hcd:usb5");
}
END_TEST

START_TEST(replaces_escape_sequences)
{
	char d[64];
	const char *evil = "ASMT\x1b[2J\x1b]0;pwned\x07" "1153e";

	strclean_copy(d, sizeof(d), evil, strlen(evil));
	ck_assert_str_eq(d, "ASMT?[2J?]0;pwned?1153e");
	ck_assert_ptr_null(strchr(d, 0x1b));
}
END_TEST

START_TEST(keeps_valid_utf8_drops_c1_and_broken)
{
	char d[64];
	/* "Größe", then a C1 CSI (U+009B), a lone continuation byte, an
	 * overlong '/', and a truncated 3-byte sequence at the end. */
	const char *s = "Gr\xc3\xb6\xc3\x9f" "e\xc2\x9b" "x\x80" "y\xc0\xaf" "z\xe2\x82";

	strclean_copy(d, sizeof(d), s, strlen(s));
	ck_assert_str_eq(d, "Gr\xc3\xb6\xc3\x9f" "e??x?y??z??");
}
END_TEST

START_TEST(truncates_without_splitting_utf8)
{
	char d[4];

	strclean_copy(d, sizeof(d), "a\xc3\xb6\xc3\xb6", 5);
	ck_assert_str_eq(d, "a\xc3\xb6");
	strclean_copy(d, sizeof(d), "ab\xc3\xb6", 4);
	ck_assert_str_eq(d, "ab");
}
END_TEST

START_TEST(dup_stops_at_len_and_nul)
{
	char *d = strclean_dup("Ugreen\nStorage\0junk", 40);

	ck_assert_str_eq(d, "Ugreen?Storage");
	free(d);
	d = strclean_dup("Realtek", 4);
	ck_assert_str_eq(d, "Real");
	free(d);
}
END_TEST

/* CP as UTF-8 into D (4 bytes and a NUL). */
static void utf8(unsigned cp, char *d)
{
	if (cp < 0x800) {
		d[0] = (char)(0xc0 | cp >> 6);
		d[1] = (char)(0x80 | (cp & 0x3f));
		d[2] = '\0';
	} else if (cp < 0x10000) {
		d[0] = (char)(0xe0 | cp >> 12);
		d[1] = (char)(0x80 | ((cp >> 6) & 0x3f));
		d[2] = (char)(0x80 | (cp & 0x3f));
		d[3] = '\0';
	} else {
		d[0] = (char)(0xf0 | cp >> 18);
		d[1] = (char)(0x80 | ((cp >> 12) & 0x3f));
		d[2] = (char)(0x80 | ((cp >> 6) & 0x3f));
		d[3] = (char)(0x80 | (cp & 0x3f));
		d[4] = '\0';
	}
}

START_TEST(replaces_bidi_and_format_characters)
{
	/* Bidi embeddings, overrides and isolates, marks, separators,
	 * zero-width characters, the BOM, soft hyphen, tags: Cf, Zl, Zp. */
	static const unsigned bad[] = {
		0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068,
		0x2069, 0x2028, 0x2029, 0x200e, 0x200f, 0x061c, 0x200b, 0x200d,
		0x2060, 0xfeff, 0x00ad, 0x0600, 0xfff9, 0x1d173, 0xe0001,
		0xe0041, 0x13430,
	};
	static const unsigned good[] = { 0x00b0, 0x00e9, 0x2030, 0x2190,
					 0x2588, 0x0627, 0x1f600 };
	char in[32], ch[8], d[32];
	size_t i;

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		utf8(bad[i], ch);
		snprintf(in, sizeof(in), "usb%sx", ch);
		strclean_copy(d, sizeof(d), in, strlen(in));
		ck_assert_msg(strcmp(d, "usb?x") == 0, "U+%04X gave %s",
			      bad[i], d);
	}
	for (i = 0; i < sizeof(good) / sizeof(good[0]); i++) {
		utf8(good[i], ch);
		snprintf(in, sizeof(in), "a%sb", ch);
		strclean_copy(d, sizeof(d), in, strlen(in));
		ck_assert_msg(strcmp(d, in) == 0, "U+%04X was changed",
			      good[i]);
	}
}
END_TEST

START_TEST(reordering_device_string)
{
	/* A USB product string that shows "SanDisk" while holding "ksiDnaS
	 * Extreme" reversed: the override must not reach the terminal. */
	const char *evil = "Fast \xe2\x80\xae" "emertxE ksiDnaS\xe2\x80\xac";
	char d[64];

	strclean_copy(d, sizeof(d), evil, strlen(evil));
	ck_assert_str_eq(d, "Fast ?emertxE ksiDnaS?");
}
END_TEST

START_TEST(hostile_interrupts_capture)
{
	/* The XU4's /proc/interrupts with bidi and separator characters in
	 * two IRQ names (tests/data/hostile): none survives. */
	static const char *const marks[] = { "\xe2\x80\xae", "\xe2\x81\xa6",
		"\xe2\x81\xa9", "\xe2\x80\xa8", "\xe2\x80\x8f", "\xd8\x9c" };
	size_t len, i;
	char *buf = testutil_load("hostile/proc_interrupts_bidi", &len);
	char *d = malloc(len + 1);

	ck_assert_ptr_nonnull(d);
	strclean_copy(d, len + 1, buf, len);
	for (i = 0; i < sizeof(marks) / sizeof(marks[0]); i++)
		ck_assert_ptr_null(strstr(d, marks[i]));
	ck_assert_ptr_nonnull(strstr(d, "xhci?dcsu?:?usb5"));
	ck_assert_ptr_nonnull(strstr(d, "xhci?hcd?:usb3?"));
	free(d);
	free(buf);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("strclean");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, keeps_plain_ascii);
	tcase_add_test(tc, replaces_escape_sequences);
	tcase_add_test(tc, keeps_valid_utf8_drops_c1_and_broken);
	tcase_add_test(tc, truncates_without_splitting_utf8);
	tcase_add_test(tc, dup_stops_at_len_and_nul);
	tcase_add_test(tc, replaces_bidi_and_format_characters);
	tcase_add_test(tc, reordering_device_string);
	tcase_add_test(tc, hostile_interrupts_capture);
	suite_add_tcase(s, tc);
	return testutil_run(s);
}
