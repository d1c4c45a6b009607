/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Tests for blockdev: mountinfo and scheduler parsers, and a scan of a small
 * sysfs tree with a disk that vanished between listing and reading. */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "hw/blockdev.h"
#include "testutil.h"

START_TEST(mountinfo_of_this_vm)
{
	struct blockdev_mnts m;
	size_t len, line = 0;
	char *buf = testutil_load("x86/proc_self_mountinfo", &len);

	ck_assert_int_eq(blockdev_parse_mountinfo(buf, len, &m, &line), 12);
	ck_assert_uint_eq(m.v[5].major, 254);
	ck_assert_uint_eq(m.v[5].minor, 0);
	ck_assert_str_eq(m.v[5].mountpoint, "/");
	ck_assert_str_eq(m.v[5].fstype, "ext4");
	ck_assert_str_eq(m.v[5].source, "/dev/vda");
	ck_assert_str_eq(m.v[11].mountpoint, "/sys/fs/cgroup/cpuset");
	blockdev_mnts_free(&m);
	free(buf);
}
END_TEST

START_TEST(mountinfo_escapes_and_optional_fields)
{
	const char *t = "41 21 8:1 / /srv/My\\040Disk\\011x rw,noatime "
			"shared:27 master:3 - ext4 /dev/sda1 rw\n"
			"42 21 8:2 / /a\\134b rw - vfat /dev/sda2 rw";
	struct blockdev_mnts m;

	ck_assert_int_eq(blockdev_parse_mountinfo(t, strlen(t), &m, NULL), 2);
	ck_assert_str_eq(m.v[0].mountpoint, "/srv/My Disk?x");
	ck_assert_str_eq(m.v[0].source, "/dev/sda1");
	ck_assert_uint_eq(m.v[1].minor, 2);
	ck_assert_str_eq(m.v[1].mountpoint, "/a\\b");
	ck_assert_str_eq(m.v[1].fstype, "vfat");
	blockdev_mnts_free(&m);
}
END_TEST

START_TEST(mountinfo_malformed)
{
	static const char *const bad[] = {
		"22 27 0:21 / /proc rw,relatime proc proc rw",	/* no " - " */
		"22 27 0:21 / /proc rw - proc",			/* no source */
		"22 27 021 / /proc rw - proc proc rw",		/* no colon */
		"22 27 0:99999999999 / /p rw - proc proc rw",	/* > 2^32 */
		"x 27 0:21 / /proc rw - proc proc rw",
		"22 27 0:21 /",
	};
	struct blockdev_mnts m;
	size_t i, line;
	const char *two = "22 27 0:21 / /proc rw - proc proc rw\nbad\n";

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		ck_assert_msg(blockdev_parse_mountinfo(bad[i], strlen(bad[i]),
						       &m, &line) == -EINVAL,
			      "%s", bad[i]);
	/* One bad row among good ones is left out and counted; the rest
	 * stand (was: the whole file refused). */
	ck_assert_int_eq(blockdev_parse_mountinfo(two, strlen(two), &m, &line),
			 1);
	ck_assert_uint_eq(m.nskipped, 1);
	ck_assert_uint_eq(m.skip_line, 2);
	ck_assert_str_eq(m.v[0].mountpoint, "/proc");
	blockdev_mnts_free(&m);
	ck_assert_int_eq(blockdev_parse_mountinfo("", 0, &m, &line), 0);
	ck_assert_int_eq(blockdev_parse_mountinfo("\n\n", 2, &m, &line), 0);
}
END_TEST

START_TEST(mountinfo_long_line)
{
	size_t n = 300000;
	char *t = malloc(n + 64);
	struct blockdev_mnts m;

	strcpy(t, "1 2 3:4 / /");
	memset(t + 11, 'a', n);
	strcpy(t + 11 + n, " rw - ext4 /dev/x rw");
	ck_assert_int_eq(blockdev_parse_mountinfo(t, strlen(t), &m, NULL), 1);
	ck_assert_uint_eq(strlen(m.v[0].mountpoint), n + 1);
	blockdev_mnts_free(&m);
	free(t);
}
END_TEST

START_TEST(scheduler_lists)
{
	char cur[16], avail[64];

	ck_assert_int_eq(blockdev_parse_sched("mq-deadline kyber [bfq] none\n",
					      29, cur, sizeof(cur), avail,
					      sizeof(avail)), 4);
	ck_assert_str_eq(cur, "bfq");
	ck_assert_str_eq(avail, "mq-deadline kyber bfq none");
	ck_assert_int_eq(blockdev_parse_sched("[none] mq-deadline", 18, cur,
					      sizeof(cur), avail,
					      sizeof(avail)), 2);
	ck_assert_str_eq(cur, "none");
	ck_assert_int_eq(blockdev_parse_sched("none", 4, cur, sizeof(cur),
					      avail, sizeof(avail)), 1);
	ck_assert_str_eq(cur, "");
	ck_assert_int_eq(blockdev_parse_sched("", 0, cur, sizeof(cur), avail,
					      sizeof(avail)), -EINVAL);
	ck_assert_int_eq(blockdev_parse_sched("[a] [b]", 7, cur, sizeof(cur),
					      avail, sizeof(avail)), -EINVAL);
	ck_assert_int_eq(blockdev_parse_sched("[abc", 4, cur, sizeof(cur),
					      avail, sizeof(avail)), -EINVAL);
	ck_assert_int_eq(blockdev_parse_sched("[]", 2, cur, sizeof(cur),
					      avail, sizeof(avail)), -EINVAL);
	ck_assert_int_eq(blockdev_parse_sched("a[b]c", 5, cur, sizeof(cur),
					      avail, sizeof(avail)), -EINVAL);
	/* a long list is cut to the buffer, never overrun */
	ck_assert_int_eq(blockdev_parse_sched("[a-very-long-scheduler-name] "
					      "b c", 33, cur, 8, avail, 8), 3);
	ck_assert_str_eq(cur, "a-very-");
	ck_assert_uint_eq(strlen(avail), 7);
}
END_TEST

static void put(const char *root, const char *rel, const char *text)
{
	char path[4096], *slash;
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", root, rel);
	for (slash = strchr(path + strlen(root) + 1, '/'); slash;
	     slash = strchr(slash + 1, '/')) {
		*slash = '\0';
		mkdir(path, 0755);
		*slash = '/';
	}
	f = fopen(path, "w");
	ck_assert_ptr_nonnull(f);
	fputs(text, f);
	fclose(f);
}

START_TEST(scan_keeps_going_past_bad_disks)
{
	char root[] = "/tmp/benchtop-blockdev-XXXXXX", link[4200], sys[4200];
	struct blockdev_list l;
	const struct blockdev *d;

	ck_assert_ptr_nonnull(mkdtemp(root));
	put(root, "sys/block/sda/size", "7814037168\n");
	put(root, "sys/block/sda/dev", "8:0\n");
	put(root, "sys/block/sda/queue/rotational", "1\n");
	put(root, "sys/block/sda/queue/logical_block_size", "512\n");
	put(root, "sys/block/sda/queue/scheduler", "[mq-deadline] none\n");
	put(root, "sys/block/sda/device/model", "HDN724040ALE640 \n");
	put(root, "sys/block/sda/sda1/partition", "1\n");
	put(root, "sys/block/sda/sda1/dev", "8:1\n");
	put(root, "sys/block/sdb/size", "99999999999999999999999\n");
	put(root, "sys/block/sdb/queue/scheduler", "[x] [y]\n");
	put(root, "sys/block/md0/size", "\n");
	put(root, "sys/block/md0/md/dev-sda1/state", "in_sync\n");
	put(root, "sys/block/loop0/size", "0\n");
	put(root, "proc/self/mountinfo",
	    "38 21 8:1 / /mnt/ssd rw - ext4 /dev/sda1 rw\n");
	snprintf(link, sizeof(link), "%s/sys/block/sdc", root);
	ck_assert_int_eq(symlink("../devices/gone/sdc", link), 0);
	snprintf(sys, sizeof(sys), "%s/sys", root);
	snprintf(link, sizeof(link), "%s/proc", root);
	ck_assert_int_eq(blockdev_scan(sys, link, &l), 4);
	ck_assert_ptr_null(l.error);
	d = blockdev_find(&l, "sda");
	ck_assert_ptr_nonnull(d);
	ck_assert_uint_eq(d->size_bytes, 7814037168ULL * 512);
	ck_assert_int_eq(d->rotational, 1);
	ck_assert_uint_eq(d->logical_block, 512);
	ck_assert_str_eq(d->sched, "mq-deadline");
	ck_assert_str_eq(d->model, "HDN724040ALE640");
	ck_assert_uint_eq(d->nmounts, 1);
	ck_assert_str_eq(d->mounts[0].part, "sda1");
	ck_assert_str_eq(d->mounts[0].mountpoint, "/mnt/ssd");
	ck_assert_ptr_null(d->error);
	d = blockdev_find(&l, "sdb");
	ck_assert_str_eq(d->error, "size: garbled value; scheduler: "
				   "garbled value");
	d = blockdev_find(&l, "sdc");
	ck_assert_str_eq(d->error, "sdc: vanished while reading");
	d = blockdev_find(&l, "md0");
	ck_assert_uint_eq(d->nslaves, 1);
	ck_assert_str_eq(d->slaves[0], "sda1");
	ck_assert_ptr_null(blockdev_find(&l, "loop0"));
	blockdev_list_free(&l);
	snprintf(link, sizeof(link), "rm -rf '%s'", root);
	ck_assert_int_eq(system(link), 0);
}
END_TEST

/* A disk folder without a size file (issue 27, item 18): the kernel never
 * wrote one, so the size is "not provided" and null in the JSON, not a disk
 * that "vanished while reading" with 0 bytes; the disk is still listed. */
START_TEST(size_never_provided)
{
	char root[] = "/tmp/benchtop-blockdev-XXXXXX", sys[4200], cmd[4200];
	struct blockdev_list l;
	const struct blockdev *d;
	json_t *a, *o;

	ck_assert_ptr_nonnull(mkdtemp(root));
	testutil_put(root, "sys/block/zram0/dev", "254:0\n");
	testutil_put(root, "sys/block/zram0/queue/rotational", "0\n");
	testutil_put(root, "proc/self/mountinfo", "");
	snprintf(sys, sizeof(sys), "%s/sys", root);
	snprintf(cmd, sizeof(cmd), "%s/proc", root);
	ck_assert_int_eq(blockdev_scan(sys, cmd, &l), 1);
	d = blockdev_find(&l, "zram0");
	ck_assert_ptr_nonnull(d);
	ck_assert(!d->has_size);
	ck_assert_str_eq(d->error, "size: not provided");
	ck_assert_int_eq(d->rotational, 0);
	a = blockdev_json(&l);
	o = json_array_get(a, 0);
	ck_assert(json_is_null(json_object_get(o, "size_bytes")));
	ck_assert_str_eq(json_string_value(json_object_get(o, "error")),
			 "size: not provided");
	json_decref(a);
	blockdev_list_free(&l);
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", root);
	ck_assert_int_eq(system(cmd), 0);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("blockdev");
	TCase *t = tcase_create("core");

	tcase_add_test(t, mountinfo_of_this_vm);
	tcase_add_test(t, mountinfo_escapes_and_optional_fields);
	tcase_add_test(t, mountinfo_malformed);
	tcase_add_test(t, mountinfo_long_line);
	tcase_add_test(t, scheduler_lists);
	tcase_add_test(t, scan_keeps_going_past_bad_disks);
	tcase_add_test(t, size_never_provided);
	suite_add_tcase(s, t);
	return s;
}

int main(void)
{
	return testutil_run(suite());
}
