/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Tests for stamp: what changes a file's or a folder's fingerprint. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/stamp.h"
#include "testutil.h"

static char dir[64];

/* A folder of its own for each test (each runs in a process of its own). */
static void setup(void)
{
	snprintf(dir, sizeof(dir), "/tmp/test_stamp.XXXXXX");
	ck_assert_ptr_nonnull(mkdtemp(dir));
}

static void teardown(void)
{
	char cmd[96];

	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	ck_assert_int_eq(system(cmd), 0);
}

static void put(const char *name, const char *text)
{
	char path[128];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	ck_assert_ptr_nonnull(f = fopen(path, "w"));
	fputs(text, f);
	fclose(f);
}

static uint64_t of_file(const char *name)
{
	char path[128];

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	return stamp_path(STAMP_START, path);
}

START_TEST(a_file_changes_with_its_text)
{
	uint64_t a, b;

	struct timespec t[2] = { { 1000, 0 }, { 1000, 0 } };
	char path[128];

	put("a.json", "{}");
	a = of_file("a.json");
	ck_assert_uint_eq(of_file("a.json"), a);	/* nothing moved */
	put("a.json", "{ }");			/* size */
	b = of_file("a.json");
	ck_assert_uint_ne(b, a);
	/* the same size: the times (set, so as not to depend on the clock's
	 * granularity) */
	snprintf(path, sizeof(path), "%s/a.json", dir);
	ck_assert_int_eq(utimensat(AT_FDCWD, path, t, 0), 0);
	ck_assert_uint_ne(of_file("a.json"), b);
	ck_assert_uint_ne(of_file("gone.json"), of_file("a.json"));
	ck_assert_uint_ne(of_file("gone.json"), of_file("other.json"));
}
END_TEST

START_TEST(a_folder_changes_with_its_names)
{
	char sub[128];
	uint64_t a, b;

	snprintf(sub, sizeof(sub), "%s/d", dir);
	ck_assert_int_eq(mkdir(sub, 0700), 0);
	a = stamp_names(STAMP_START, sub);
	ck_assert_uint_eq(stamp_names(STAMP_START, sub), a);
	put("d/x", "1");
	b = stamp_names(STAMP_START, sub);
	ck_assert_uint_ne(b, a);
	put("d/x", "22");			/* a file's text: not a name */
	ck_assert_uint_eq(stamp_names(STAMP_START, sub), b);
	put("d/y", "");
	ck_assert_uint_ne(stamp_names(STAMP_START, sub), b);
	ck_assert_uint_ne(stamp_names(STAMP_START, "/nonexistent"), a);
	/* a folder's own times do not count (a file made in it moves them) */
	ck_assert_uint_eq(stamp_path(STAMP_START, sub),
			  stamp_path(STAMP_START, sub));
}
END_TEST

int main(void)
{
	Suite *s = suite_create("stamp");
	TCase *tc = tcase_create("core");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, a_file_changes_with_its_text);
	tcase_add_test(tc, a_folder_changes_with_its_names);
	suite_add_tcase(s, tc);
	return testutil_run(s);
}
