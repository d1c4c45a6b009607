/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Tests for the built-in presets and the data folder: the compiled-in text
 * is data/presets.conf; a missing or damaged data file is one warning and
 * the built-in presets; a good one overrides by name. */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/buf.h"
#include "base/datadir.h"
#include "bench/presets.h"
#include "bench/presets_builtin.h"
#include "testutil.h"

static char tmpdir[] = "/tmp/benchtop-presets.XXXXXX";

static void write_presets(const char *text)
{
	char path[sizeof(tmpdir) + 20];
	FILE *f;

	snprintf(path, sizeof(path), "%s/presets.conf", tmpdir);
	f = fopen(path, "w");
	ck_assert_ptr_nonnull(f);
	fputs(text, f);
	ck_assert_int_eq(fclose(f), 0);
}

static void setup(void)
{
	ck_assert_ptr_nonnull(mkdtemp(tmpdir));
	setenv("XDG_CONFIG_HOME", "/nonexistent", 1);
}

static void teardown(void)
{
	char path[sizeof(tmpdir) + 20];

	snprintf(path, sizeof(path), "%s/presets.conf", tmpdir);
	unlink(path);
	rmdir(tmpdir);
	strcpy(tmpdir + sizeof(tmpdir) - 7, "XXXXXX");
}

/* The compiled-in text is the source tree's data/presets.conf. */
START_TEST(builtin_is_the_data_file)
{
	struct buf b = { 0 };

	ck_assert_int_eq(buf_read_file(&b, DATA_DIR "/presets.conf"), 0);
	ck_assert_uint_eq(presets_builtin_len, b.len);
	ck_assert(memcmp(presets_builtin_text, b.data, b.len) == 0);
	buf_free(&b);
}
END_TEST

START_TEST(missing_data_file_warns)
{
	struct presets ps;
	char err[600];

	/* no presets.conf there */
	setenv("BENCHTOP_DATADIR", tmpdir, 1);
	ck_assert_int_ge(presets_load(&ps, err, sizeof(err)), 6);
	ck_assert_msg(strstr(err, tmpdir) && strstr(err, "presets.conf") &&
		      strstr(err, "No such file") &&
		      strstr(err, "using the built-in presets"), "%s", err);
	ck_assert_uint_eq(presets_find(&ps, "seq-direct")->size, 512ULL << 20);
	ck_assert(presets_find(&ps, "iperf-reverse")->reverse);
	presets_free(&ps);
}
END_TEST

START_TEST(damaged_data_file_warns)
{
	struct presets ps;
	char err[600];

	/* a good section first: all or nothing, it must not count either */
	write_presets("[seq-direct]\nkind = seq-direct\nsize = 1M\n"
		      "[broken\n\x01\x02garbage\n");
	setenv("BENCHTOP_DATADIR", tmpdir, 1);
	ck_assert_int_ge(presets_load(&ps, err, sizeof(err)), 6);
	ck_assert_msg(strstr(err, "line 4") &&
		      strstr(err, "using the built-in presets"), "%s", err);
	ck_assert_uint_eq(presets_find(&ps, "seq-direct")->size, 512ULL << 20);
	ck_assert_ptr_nonnull(presets_find(&ps, "bonnie-style"));
	presets_free(&ps);
}
END_TEST

START_TEST(data_file_overrides_by_name)
{
	struct presets ps;
	char err[600];
	int n;

	write_presets("[seq-direct]\nkind = seq-direct\nsize = 64M\n"
		      "[mine]\nkind = iperf\nduration = 3\n");
	setenv("BENCHTOP_DATADIR", tmpdir, 1);
	n = presets_load(&ps, err, sizeof(err));
	ck_assert_str_eq(err, "");
	ck_assert_uint_eq(presets_find(&ps, "seq-direct")->size, 64ULL << 20);
	ck_assert_uint_eq(presets_find(&ps, "mine")->duration_s, 3);
	ck_assert_ptr_nonnull(presets_find(&ps, "iozone-sweep"));
	presets_free(&ps);
	setenv("BENCHTOP_DATADIR", DATA_DIR, 1);
	ck_assert_int_eq(presets_load(&ps, err, sizeof(err)), n - 1);
	ck_assert_str_eq(err, "");
	presets_free(&ps);
}
END_TEST

/* No marker beside this test program: the installed folder. */
START_TEST(datadir_order)
{
	char dir[4200];

	setenv("BENCHTOP_DATADIR", "/some/where", 1);
	ck_assert_str_eq(datadir_find(dir, sizeof(dir)), "/some/where");
	ck_assert_str_eq(datadir_file(dir, sizeof(dir), "presets.conf"),
			 "/some/where/presets.conf");
	ck_assert_ptr_null(datadir_file(dir, 12, "presets.conf"));
	unsetenv("BENCHTOP_DATADIR");
	ck_assert_str_eq(datadir_find(dir, sizeof(dir)), PKGDATADIR);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("presets_builtin");
	TCase *tc = tcase_create("core");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, builtin_is_the_data_file);
	tcase_add_test(tc, missing_data_file_warns);
	tcase_add_test(tc, damaged_data_file_warns);
	tcase_add_test(tc, data_file_overrides_by_name);
	tcase_add_test(tc, datadir_order);
	suite_add_tcase(s, tc);
	return testutil_run(s);
}
