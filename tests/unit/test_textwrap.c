/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Tests for textwrap: a sentence under the column it belongs to, no line
 * past the width, words whole unless wider than a line. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "base/textwrap.h"
#include "testutil.h"

/* What textwrap_put(COL, INDENT, WIDTH, S) writes; *LINES its count. */
static char *put(size_t col, size_t indent, size_t width, const char *s,
		 size_t *lines)
{
	char *out = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&out, &len);

	ck_assert_ptr_nonnull(f);
	*lines = textwrap_put(f, col, indent, width, s);
	fclose(f);
	return out;
}

START_TEST(words_go_on_while_they_fit)
{
	size_t n;
	char *o = put(0, 4, 20, "the quick brown fox jumps over the lazy "
		      "dog", &n);

	ck_assert_str_eq(o, "the quick brown fox\n    jumps over the\n"
			 "    lazy dog\n");
	ck_assert_uint_eq(n, 3);
	free(o);
	o = put(0, 2, 80, "short  and   spaced ", &n);
	ck_assert_str_eq(o, "short and spaced\n");
	ck_assert_uint_eq(n, 1);
	free(o);
	o = put(0, 2, 80, "", &n);
	ck_assert_str_eq(o, "\n");
	free(o);
}
END_TEST

/* A sentence whose first word does not fit after COL starts under it. */
START_TEST(after_a_column)
{
	size_t n;
	char *o = put(15, 4, 20, "cannot tell", &n);

	ck_assert_str_eq(o, "\n    cannot tell\n");
	ck_assert_uint_eq(n, 2);
	free(o);
	o = put(15, 4, 20, "ok", &n);
	ck_assert_str_eq(o, "ok\n");
	free(o);
}
END_TEST

/* A word wider than a line is cut at the width, never past it. */
START_TEST(long_word_cut)
{
	size_t n;
	char *o = put(0, 2, 10, "a /very/long/path/name b", &n);

	/* whole, on a line of its own: a path copies whole */
	ck_assert_str_eq(o, "a\n  /very/long/path/name\n  b\n");
	ck_assert_uint_eq(n, 3);
	free(o);
}
END_TEST

/* Columns are characters: "größer" is 6 columns, 8 bytes. */
START_TEST(utf8_columns)
{
	size_t n;
	char *o;

	ck_assert_uint_eq(textwrap_cols("größer"), 6);
	ck_assert_uint_eq(textwrap_cols(NULL), 0);
	o = put(0, 0, 13, "größer größer größer", &n);
	ck_assert_str_eq(o, "größer größer\ngrößer\n");
	free(o);
	o = put(0, 0, 4, "größer ab", &n);	/* whole, then the next */
	ck_assert_str_eq(o, "größer\nab\n");
	free(o);
}
END_TEST

/* textwrap_put_path into a string. */
static char *put_path(size_t width, const char *s, const char *path)
{
	char *out = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&out, &len);

	ck_assert_ptr_nonnull(f);
	textwrap_put_path(f, width, s, path);
	fclose(f);
	return out;
}

/* A long path goes whole on a line of its own; a short sentence stays
 * as it is. */
START_TEST(a_path_is_never_cut)
{
	const char *p = "/tmp/a-fresh-machine-environment.Xq7/tmp/test.0vuwzd/"
			"snaps/benchtop-vm-20261206-154149.json";
	char s[300], *out;

	snprintf(s, sizeof(s), "benchtop: snapshot saved to %s\n", p);
	out = put_path(80, s, p);
	ck_assert_str_eq(out, "benchtop: snapshot saved to\n  /tmp/a-fresh-"
			 "machine-environment.Xq7/tmp/test.0vuwzd/snaps/"
			 "benchtop-vm-20261206-154149.json\n");
	free(out);
	out = put_path(80, "benchtop: snapshot saved to /tmp/x.json\n",
		       "/tmp/x.json");
	ck_assert_str_eq(out, "benchtop: snapshot saved to /tmp/x.json\n");
	free(out);
	snprintf(s, sizeof(s), "saved to %s, 2 runs", p);
	out = put_path(40, s, p);	/* what follows the path stays */
	ck_assert_str_eq(out, "saved to\n  /tmp/a-fresh-machine-environment"
			 ".Xq7/tmp/test.0vuwzd/snaps/benchtop-vm-20261206-"
			 "154149.json, 2 runs\n");
	free(out);
	snprintf(s, sizeof(s), "%s: no room left", p);
	out = put_path(40, s, p);	/* a path that leads stays */
	ck_assert_str_eq(out + strlen(out) - 15, ": no room left\n");
	ck_assert_ptr_eq(strchr(out, '\n'), out + strlen(out) - 1);
	free(out);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("textwrap");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, words_go_on_while_they_fit);
	tcase_add_test(tc, after_a_column);
	tcase_add_test(tc, long_word_cut);
	tcase_add_test(tc, utf8_columns);
	tcase_add_test(tc, a_path_is_never_cut);
	suite_add_tcase(s, tc);
	return testutil_run(s);
}
