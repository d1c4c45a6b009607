/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Tests for the benchmark pieces that need no disk: the pipe's line
 * protocol, the change between two runs, the mount of a path and the
 * failure sentences. */
#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench/bench.h"
#include "bench/benchdisk.h"
#include "bench/benchmsg.h"
#include "hw/blockdev.h"
#include "bench/conditions.h"
#include "testutil.h"

static int parse(const char *s, struct benchmsg *m)
{
	return benchmsg_parse(s, strlen(s), m);
}

START_TEST(lines)
{
	struct benchmsg m;

	ck_assert_int_eq(parse("progress 0.42 write 251.3e6", &m), 0);
	ck_assert_int_eq(m.type, BENCHMSG_PROGRESS);
	ck_assert_double_eq_tol(m.fraction, 0.42, 1e-9);
	ck_assert_str_eq(m.phase, "write");
	ck_assert(m.has_rate);
	ck_assert_double_eq_tol(m.rate, 251.3e6, 1);
	ck_assert_int_eq(parse("progress 1 read", &m), 0);
	ck_assert(!m.has_rate);
	ck_assert_int_eq(parse("expect 10.5", &m), 0);
	ck_assert_double_eq_tol(m.seconds, 10.5, 1e-9);
	ck_assert_int_eq(parse("result {\"figures\":[]}", &m), 0);
	ck_assert_int_eq(m.type, BENCHMSG_RESULT);
	ck_assert_uint_eq(m.textlen, 14);
	ck_assert_int_eq(parse("error the disk is full", &m), 0);
	ck_assert_int_eq(m.type, BENCHMSG_ERROR);
	ck_assert(!strncmp(m.text, "the disk is full", m.textlen));
}
END_TEST

START_TEST(bad_lines)
{
	static const char *const bad[] = {
		"", "progress", "progress 1.5 write", "progress -0.1 write",
		"progress nan write", "progress 0.5", "progress 0.5 w 1 2",
		"progress 0.5 w -3", "expect", "expect x", "expect 1 2",
		"result", "error", "hello world", "progress 0.5 "
		"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa 1",
	};
	struct benchmsg m;
	size_t i;

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		ck_assert_msg(parse(bad[i], &m) == -EINVAL, "accepted '%s'",
			      bad[i]);
}
END_TEST

START_TEST(writers_round_trip)
{
	char buf[512];
	struct benchmsg m;
	int fds[2];
	ssize_t n;

	ck_assert_int_eq(pipe(fds), 0);
	ck_assert_int_eq(benchmsg_progress(fds[1], 0.25, "read", 1.5e8), 0);
	ck_assert_int_eq(benchmsg_error(fds[1], "two\nlines"), 0);
	close(fds[1]);
	n = read(fds[0], buf, sizeof(buf) - 1);
	close(fds[0]);
	ck_assert_int_gt(n, 0);
	buf[n] = '\0';
	ck_assert_str_eq(buf, "progress 0.2500 read 1.5e+08\nerror two lines\n");
	ck_assert_int_eq(benchmsg_parse(buf, strchr(buf, '\n') - buf, &m), 0);
	ck_assert_double_eq_tol(m.rate, 1.5e8, 1);
}
END_TEST

START_TEST(change_between_runs)
{
	char s[24];

	ck_assert_str_eq(bench_change(251.3, 178.2, s, sizeof(s)), "+41 %");
	ck_assert_str_eq(bench_change(97, 100, s, sizeof(s)), "-3 %");
	ck_assert_str_eq(bench_change(100.2, 100, s, sizeof(s)), "+0 %");
	ck_assert_str_eq(bench_change(5, 0, s, sizeof(s)), "n/a");
}
END_TEST

START_TEST(mount_of_a_path)
{
	static const char mi[] =
		"22 1 8:1 / / rw - ext4 /dev/sda1 rw\n"
		"30 22 8:17 / /mnt/ssd rw - ext4 /dev/sdb1 rw\n"
		"31 22 0:40 / /mnt/ssdx rw - tmpfs tmpfs rw\n";
	struct blockdev_mnts m = { 0 };

	ck_assert_int_eq(blockdev_parse_mountinfo(mi, sizeof(mi) - 1, &m,
						  NULL), 3);
	ck_assert_int_eq(conditions_mount_of(&m, "/mnt/ssd/bench"), 1);
	ck_assert_int_eq(conditions_mount_of(&m, "/mnt/ssd"), 1);
	ck_assert_int_eq(conditions_mount_of(&m, "/mnt/ssdx"), 2);
	ck_assert_int_eq(conditions_mount_of(&m, "/mnt/ssdy"), 0);
	ck_assert_int_eq(conditions_mount_of(&m, "/home"), 0);
	blockdev_mnts_free(&m);
}
END_TEST

START_TEST(sentences)
{
	char s[320];

	benchdisk_explain(-ENOSPC, "writing", "/mnt/ssd", "ext4", s,
			  sizeof(s));
	ck_assert_ptr_nonnull(strstr(s, "/mnt/ssd is full (ENOSPC)"));
	benchdisk_explain(EIO, "reading", "/mnt/ssd", "ext4", s, sizeof(s));
	ck_assert_ptr_nonnull(strstr(s, "I/O error (EIO) while reading"));
	benchdisk_explain_space("/mnt/ssd", 3 << 20, 512 << 20, s, sizeof(s));
	ck_assert_ptr_nonnull(strstr(s, "3 MiB free, the run needs 512 MiB"));
}
END_TEST

int main(void)
{
	Suite *s = suite_create("benchmsg");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, lines);
	tcase_add_test(tc, bad_lines);
	tcase_add_test(tc, writers_round_trip);
	tcase_add_test(tc, change_between_runs);
	tcase_add_test(tc, mount_of_a_path);
	tcase_add_test(tc, sentences);
	suite_add_tcase(s, tc);
	return testutil_run(s);
}
