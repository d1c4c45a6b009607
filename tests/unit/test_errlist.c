/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Tests for errlist: the "; "-separated sentences a model item keeps, and
 * buf_read_attr, the sysfs attribute read the hardware readers share. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/buf.h"
#include "base/errlist.h"
#include "testutil.h"

START_TEST(sentences_are_joined_by_semicolons)
{
	char *err = NULL;

	ck_assert_int_eq(errlist_add(&err, "size: %s", "not provided"), 0);
	ck_assert_str_eq(err, "size: not provided");
	ck_assert_int_eq(errlist_add(&err, "cpu%u: %s", 7u, "offline"), 0);
	ck_assert_str_eq(err, "size: not provided; cpu7: offline");
	free(err);
}
END_TEST

/* the cluster and thermal readers cut their sentences at 255 bytes */
START_TEST(a_long_sentence_is_kept_whole)
{
	char *err = NULL, longname[600];

	memset(longname, 'x', sizeof(longname) - 1);
	longname[sizeof(longname) - 1] = '\0';
	ck_assert_int_eq(errlist_add(&err, "first"), 0);
	ck_assert_int_eq(errlist_add(&err, "%s is gone", longname), 0);
	ck_assert_uint_eq(strlen(err), strlen("first; ") + 599 +
			  strlen(" is gone"));
	ck_assert_str_eq(err + strlen(err) - 8, " is gone");
	free(err);
}
END_TEST

START_TEST(an_attribute_loses_its_trailing_newline_and_spaces)
{
	char dir[] = "/tmp/test_errlist.XXXXXX", path[64];
	struct buf b = { 0 };
	FILE *f;

	ck_assert_ptr_nonnull(mkdtemp(dir));
	snprintf(path, sizeof(path), "%s/speed", dir);
	ck_assert_ptr_nonnull(f = fopen(path, "w"));
	fputs("5000 \n\n", f);
	fclose(f);
	ck_assert_int_eq(buf_read_attr(&b, dir, "speed"), 0);
	ck_assert_str_eq(b.data, "5000");
	ck_assert_uint_eq(b.len, 4);
	ck_assert_int_lt(buf_read_attr(&b, dir, "missing"), 0);
	unlink(path);
	rmdir(dir);
	buf_free(&b);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("errlist");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, sentences_are_joined_by_semicolons);
	tcase_add_test(tc, a_long_sentence_is_kept_whole);
	tcase_add_test(tc, an_attribute_loses_its_trailing_newline_and_spaces);
	suite_add_tcase(s, tc);
	return testutil_run(s);
}
