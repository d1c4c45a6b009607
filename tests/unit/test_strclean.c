/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Tests for strclean: terminal escapes in kernel strings. */
#include "config.h"

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

int main(void)
{
	Suite *s = suite_create("strclean");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, keeps_plain_ascii);
	tcase_add_test(tc, replaces_escape_sequences);
	tcase_add_test(tc, keeps_valid_utf8_drops_c1_and_broken);
	tcase_add_test(tc, truncates_without_splitting_utf8);
	tcase_add_test(tc, dup_stops_at_len_and_nul);
	suite_add_tcase(s, tc);
	return testutil_run(s);
}
