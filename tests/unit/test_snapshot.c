/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Tests for snapshot and snapfile: reading good, truncated, corrupt,
 * hostile and newer files; the byte-for-byte round trip; safe writes. */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "session/snapfile.h"
#include "session/snapreport.h"
#include "session/snapshot.h"
#include "testutil.h"

static const char *const goods[] = {
	"snapshots/odroid-xu4.json", "snapshots/odroid-hc1-480m.json",
	"snapshots/x86-vm.json", "snapshots/raw-odroid-xu4.json",
};

static int load(const char *text, size_t len, char *err, size_t size)
{
	json_t *d;
	int rc = snapshot_load(text, len, &d, err, size);

	json_decref(d);
	return rc;
}

START_TEST(good_files_load_and_round_trip)
{
	size_t i, len;

	for (i = 0; i < sizeof(goods) / sizeof(goods[0]); i++) {
		char *text = testutil_load(goods[i], &len), *a, *b, err[400];
		json_t *d, *e;

		ck_assert_int_eq(snapshot_load(text, len, &d, err, sizeof(err)),
				 0);
		a = snapshot_dumps(d);
		ck_assert_int_eq(snapshot_load(a, strlen(a), &e, err,
					       sizeof(err)), 0);
		b = snapshot_dumps(e);
		ck_assert_str_eq(a, b);
		ck_assert(json_equal(d, e));
		if (strstr(goods[i], "raw-"))	/* written by benchtop */
			ck_assert_str_eq(a, text);
		free(a);
		free(b);
		json_decref(d);
		json_decref(e);
		free(text);
	}
}
END_TEST

START_TEST(truncated_and_corrupt_files_give_one_sentence)
{
	size_t len, off;
	char *text = testutil_load("snapshots/odroid-xu4.json", &len);
	char err[400];

	for (off = 0; off < len - 2; off += 1 + off / 7) {
		err[0] = '\0';
		ck_assert_int_eq(load(text, off, err, sizeof(err)), -EINVAL);
		ck_assert_msg(err[0] && !strchr(err, '\n'), "offset %zu", off);
	}
	ck_assert_int_eq(load(text, len / 2, err, sizeof(err)), -EINVAL);
	ck_assert_ptr_nonnull(strstr(err, "truncated"));
	for (off = 1; off < len; off += 97) {
		char saved = text[off];

		text[off] = (char)(saved ^ 0x5a);
		if (load(text, len, err, sizeof(err)) != 0)
			ck_assert(err[0] && !strchr(err, '\n'));
		text[off] = saved;
	}
	free(text);
}
END_TEST

START_TEST(hostile_files_are_refused)
{
	size_t n = 100000, i;
	char *deep = malloc(2 * n + 1), err[400];

	for (i = 0; i < n; i++)
		deep[i] = '[';
	ck_assert_int_eq(load(deep, n, err, sizeof(err)), -EINVAL);
	ck_assert_ptr_nonnull(strstr(err, "deep"));
	for (i = 0; i < n; i++)
		deep[n + i] = ']';
	ck_assert_int_eq(load(deep, 2 * n, err, sizeof(err)), -EINVAL);
	ck_assert_ptr_nonnull(strstr(err, "deep"));
	/* 70 levels: valid JSON, but deeper than a snapshot ever is */
	ck_assert_int_eq(load(deep + n - 70, 140, err, sizeof(err)), -EINVAL);
	ck_assert_ptr_nonnull(strstr(err, "more than 64 deep"));
	free(deep);
	ck_assert_int_eq(load("{\"schema\":1e999}", 16, err, sizeof(err)),
			 -EINVAL);
	ck_assert_int_eq(load("{\"schema\":1180591620717411303424}", 33, err,
			      sizeof(err)), -EINVAL);
	ck_assert_int_eq(load("{\"schema\":1,\"schema\":1}", 23, err,
			      sizeof(err)), -EINVAL);
	ck_assert_int_eq(load("[1]", 3, err, sizeof(err)), -EINVAL);
	ck_assert_int_eq(load("", 0, err, sizeof(err)), -EINVAL);
	ck_assert_str_eq(err, "is empty");
}
END_TEST

START_TEST(newer_schema_says_so)
{
	const char *t = "{\"schema\":999,\"future\":true}";
	char err[400];

	ck_assert_int_eq(load(t, strlen(t), err, sizeof(err)), -EINVAL);
	ck_assert_str_eq(err, "written by a newer benchtop (schema 999); this "
			 "one reads schema 1");
}
END_TEST

static void no_control(void *ctx, const char *path, double v)
{
	(void)ctx;
	(void)v;
	for (; *path; path++)
		ck_assert((unsigned char)*path >= 0x20 && *path != 0x7f);
}

START_TEST(escape_sequences_are_cleaned_on_reading)
{
	size_t len;
	char *text = testutil_load("snapshots/x86-vm.json", &len), err[400];
	char *hostile = NULL, *at = strstr(text, "\"results\":[]");
	json_t *d;

	ck_assert_ptr_nonnull(at);
	*at = '\0';
	ck_assert_int_ne(asprintf(&hostile, "%s\"results\":[{\"preset\":"
		"\"\\u001b]0;pwned\\u0007\\u001b[2J\",\"\\u001b[31mred\":{"
		"\"k\":1}}]%s", text, at + strlen("\"results\":[]")), -1);
	ck_assert_int_eq(snapshot_load(hostile, strlen(hostile), &d, err,
				       sizeof(err)), 0);
	ck_assert_str_eq(json_string_value(json_object_get(json_array_get(
		json_object_get(d, "results"), 0), "preset")),
		"?]0;pwned??[2J");
	snapreport_figures(json_array_get(json_object_get(d, "results"), 0),
			   no_control, NULL);
	json_decref(d);
	free(hostile);
	free(text);
}
END_TEST

static int count_entries(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	int n = 0;

	while (d && (e = readdir(d)))
		n += e->d_name[0] != '.' || strlen(e->d_name) > 2;
	if (d)
		closedir(d);
	return n;
}

START_TEST(writes_are_safe)
{
	char dir[] = "/tmp/test-snapfile.XXXXXX", path[300], link[300];
	char err[600], buf[64] = "";
	struct stat st;
	int fd;

	ck_assert_ptr_nonnull(mkdtemp(dir));
	snprintf(path, sizeof(path), "%s/s.json", dir);
	ck_assert_int_eq(snapfile_write(path, "one\n", 4, false, err,
					sizeof(err)), 0);
	ck_assert_int_eq(stat(path, &st), 0);
	if (geteuid() == 0)
		ck_assert_int_eq(st.st_mode & 0777, 0600);
	ck_assert_int_eq(snapfile_write(path, "two\n", 4, false, err,
					sizeof(err)), -EEXIST);
	ck_assert_ptr_nonnull(strstr(err, "--force"));
	ck_assert_int_eq(snapfile_write(path, "three\n", 6, true, err,
					sizeof(err)), 0);
	fd = open(path, O_RDONLY);
	ck_assert_int_eq(read(fd, buf, sizeof(buf) - 1), 6);
	close(fd);
	ck_assert_str_eq(buf, "three\n");
	/* A link at the target is neither followed nor replaced. */
	snprintf(link, sizeof(link), "%s/l.json", dir);
	ck_assert_int_eq(symlink(path, link), 0);
	ck_assert_int_eq(snapfile_write(link, "x", 1, true, err, sizeof(err)),
			 -ELOOP);
	ck_assert_int_eq(snapfile_write(link, "x", 1, false, err,
					sizeof(err)), -ELOOP);
	ck_assert_int_eq(lstat(link, &st), 0);
	ck_assert(S_ISLNK(st.st_mode));
	ck_assert_int_eq(count_entries(dir), 2);	/* no temp file left */
	unlink(link);
	unlink(path);
	rmdir(dir);
	snprintf(path, sizeof(path), "%s/gone/s.json", dir);
	ck_assert_int_lt(snapfile_write(path, "x", 1, false, err,
					sizeof(err)), 0);
	ck_assert(err[0] && !strchr(err, '\n'));
}
END_TEST

START_TEST(default_names_carry_host_and_time)
{
	char p[300];
	time_t t = 1714564800;	/* 2024-05-01 12:00:00 UTC */

	setenv("TZ", "UTC", 1);
	setenv("HOME", "/home/u", 1);
	ck_assert_int_eq(snapfile_default_path(p, sizeof(p), NULL, "xu4", t),
			 0);
	ck_assert_str_eq(p, "benchtop-xu4-20240501-120000.json");
	ck_assert_int_eq(snapfile_default_path(p, sizeof(p), "~/snaps",
					       "a/b\x1b", t), 0);
	ck_assert_str_eq(p, "/home/u/snaps/benchtop-ab-20240501-120000.json");
	ck_assert_int_eq(snapfile_default_path(p, sizeof(p), "/var/x", "", t),
			 0);
	ck_assert_str_eq(p, "/var/x/benchtop-host-20240501-120000.json");
	ck_assert_int_eq(snapfile_default_path(p, 10, "/var/x", "h", t),
			 -ENAMETOOLONG);
}
END_TEST

/* A '|' in a report's table cell (a preset named "a|b") would end the cell
 * in Markdown: it is escaped. */
START_TEST(markdown_cells_escape_the_bar)
{
	char *out = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&out, &len);

	ck_assert_ptr_nonnull(f);
	snapreport_md_cell(f, "a|b");
	snapreport_md_cell(f, "");
	fclose(f);
	ck_assert_str_eq(out, " a\\|b |  |");
	free(out);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("snapshot");
	TCase *tc = tcase_create("snapshot");

	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, good_files_load_and_round_trip);
	tcase_add_test(tc, truncated_and_corrupt_files_give_one_sentence);
	tcase_add_test(tc, hostile_files_are_refused);
	tcase_add_test(tc, newer_schema_says_so);
	tcase_add_test(tc, escape_sequences_are_cleaned_on_reading);
	tcase_add_test(tc, writes_are_safe);
	tcase_add_test(tc, default_names_carry_host_and_time);
	tcase_add_test(tc, markdown_cells_escape_the_bar);
	suite_add_tcase(s, tc);
	return testutil_run(s);
}
