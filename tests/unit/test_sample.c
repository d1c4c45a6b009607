/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test_sample: a reading of a made-up /proc and /sys: /proc/interrupts
 * larger than the pieces it is read in, and the kind sysfs gave a disk
 * and the IRQ affinities kept from the reading before (not looked up
 * again every tick). */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "collect/sample.h"
#include "testutil.h"

struct root {
	char dir[64], proc[96], sys[96];
};

static void put(const struct root *r, const char *rel, const char *text)
{
	char path[256];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", r->dir, rel);
	f = fopen(path, "w");
	ck_assert_ptr_nonnull(f);
	fputs(text, f);
	fclose(f);
}

static void mkdirs(const struct root *r, const char *rel)
{
	char path[256];

	snprintf(path, sizeof(path), "%s/%s", r->dir, rel);
	for (char *p = path + strlen(r->dir) + 1; *p; p++)
		if (*p == '/') {
			*p = '\0';
			mkdir(path, 0755);
			*p = '/';
		}
	mkdir(path, 0755);
}

static void make_root(struct root *r)
{
	strcpy(r->dir, "/tmp/test_sample.XXXXXX");
	ck_assert_ptr_nonnull(mkdtemp(r->dir));
	snprintf(r->proc, sizeof(r->proc), "%s/proc", r->dir);
	snprintf(r->sys, sizeof(r->sys), "%s/sys", r->dir);
	mkdirs(r, "proc/net");
	mkdirs(r, "sys/devices/system/cpu");
	put(r, "proc/stat", "cpu  1 0 1 10 0 0 0 0 0 0\n"
	    "cpu0 1 0 1 10 0 0 0 0 0 0\n");
	put(r, "sys/devices/system/cpu/present", "0\n");
	put(r, "proc/diskstats",
	    " 179 1 mmcblk0p1 100 0 200 0 0 0 0 0 0 0 0\n");
}

static void remove_root(const struct root *r)
{
	char cmd[128];

	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", r->dir);
	ck_assert_int_eq(system(cmd), 0);
}

/* 64 CPUs, 400 rows in the kernel's layout: about 290 kB, read in
 * pieces of 64 KiB, the same table as the text parsed whole. */
START_TEST(interrupts_in_pieces)
{
	struct root r;
	struct sample s = { 0 }, t = { 0 };
	struct sample_roots roots;
	struct buf b = { 0 };
	struct irq_table whole;
	char *text = NULL;
	size_t size = 0;
	FILE *f = open_memstream(&text, &size);

	make_root(&r);
	for (int c = 0; c < 64; c++)
		fprintf(f, "%sCPU%-7d", c ? "   " : "       ", c);
	fputc('\n', f);
	for (int i = 0; i < 400; i++) {
		fprintf(f, "%4d:", i);
		for (int c = 0; c < 64; c++)
			fprintf(f, " %10d", (i * 7919 + c * 104729) % 100000);
		fprintf(f, "  IR-PCI-MSI %d-edge      bench-%d\n", i, i);
	}
	fclose(f);
	put(&r, "proc/interrupts", text);
	roots = (struct sample_roots){ r.proc, r.sys };
	ck_assert_uint_gt(size, 4 * 64 * 1024);
	ck_assert_int_eq(interrupts_parse(text, size, &whole), 400);
	ck_assert_int_eq(sample_take(&s, &roots, &b), 0);
	ck_assert_int_eq(s.status.interrupts, 0);
	ck_assert_uint_eq(s.irqs.nrows, 400);
	ck_assert_uint_lt(b.cap, 2 * 64 * 1024 + 2);	/* never the file */
	ck_assert_int_eq(sample_take_since(&t, &roots, &b, &s, true), 0);
	for (size_t i = 0; i < 400; i++) {
		ck_assert_str_eq(s.irqs.rows[i].key, whole.rows[i].key);
		ck_assert_str_eq(t.irqs.rows[i].action, whole.rows[i].action);
		ck_assert_uint_eq(s.irqs.rows[i].total, whole.rows[i].total);
		ck_assert_mem_eq(t.irqs.rows[i].counts, whole.rows[i].counts,
				 64 * sizeof(uint32_t));
	}
	interrupts_free(&whole);
	sample_free(&s);
	sample_free(&t);
	buf_free(&b);
	free(text);
	remove_root(&r);
}
END_TEST

/* sysfs says mmcblk0p1 is a whole disk (its name says partition); gone
 * from sysfs, the reading after keeps what the one before found. */
START_TEST(disk_kind_kept)
{
	struct root r;
	struct sample s = { 0 }, t = { 0 }, u = { 0 };
	struct sample_roots roots;
	struct buf b = { 0 };
	char path[256];

	make_root(&r);
	mkdirs(&r, "sys/block/mmcblk0p1");
	roots = (struct sample_roots){ r.proc, r.sys };
	ck_assert_int_eq(sample_take(&s, &roots, &b), 0);
	ck_assert_uint_eq(s.disks.nrows, 1);
	ck_assert_int_eq(s.disks.rows[0].kind, DISK_WHOLE);
	snprintf(path, sizeof(path), "%s/sys/block/mmcblk0p1", r.dir);
	ck_assert_int_eq(rmdir(path), 0);
	ck_assert_int_eq(sample_take_since(&t, &roots, &b, &s, true), 0);
	ck_assert_int_eq(t.disks.rows[0].kind, DISK_WHOLE);
	ck_assert_int_eq(sample_take(&u, &roots, &b), 0);	/* afresh */
	ck_assert_int_eq(u.disks.rows[0].kind, DISK_PARTITION);
	sample_free(&s);
	sample_free(&t);
	sample_free(&u);
	buf_free(&b);
	remove_root(&r);
}
END_TEST

/* The IRQ affinities kept between readings: with the same IRQs the next
 * reading takes the array itself (one copy, freed by the newest), read
 * again by neither; a new IRQ gets an array of its own, its affinity
 * read from the file and the others' kept. */
START_TEST(affinity_handed_over)
{
	struct root r;
	struct sample s = { 0 }, t = { 0 };
	struct sample_roots roots;
	struct buf b = { 0 };
	const struct irq_affinity *a;

	make_root(&r);
	mkdirs(&r, "proc/irq/16");
	mkdirs(&r, "proc/irq/17");
	put(&r, "proc/irq/16/smp_affinity_list", "0-3\n");
	put(&r, "proc/irq/17/smp_affinity_list", "2\n");
	put(&r, "proc/interrupts", "CPU0\n 16: 5 GIC 1 Edge a\n");
	roots = (struct sample_roots){ r.proc, r.sys };
	ck_assert_int_eq(sample_take(&s, &roots, &b), 0);
	ck_assert(s.aff[0].has_affinity);
	ck_assert_int_eq(cpuset_count(&s.aff[0].affinity), 4);
	/* the file changes: a kept affinity is not read again */
	put(&r, "proc/irq/16/smp_affinity_list", "1\n");
	ck_assert_int_eq(sample_take_since(&t, &roots, &b, &s, true), 0);
	ck_assert_ptr_eq(t.aff, s.aff);
	ck_assert(s.aff_lent && !t.aff_lent);
	ck_assert_int_eq(cpuset_count(&t.aff[0].affinity), 4);
	/* the older one goes first (as the live screen's two alternate):
	 * the array stays with the newer one, then passes back */
	a = t.aff;
	ck_assert_int_eq(sample_take_since(&s, &roots, &b, &t, true), 0);
	ck_assert_ptr_eq(s.aff, a);
	ck_assert(t.aff_lent && !s.aff_lent);
	/* a new IRQ: an array of its own, 17 read, 16 kept */
	put(&r, "proc/interrupts", "CPU0\n 16: 5 GIC 1 Edge a\n"
	    " 17: 1 GIC 2 Edge b\n");
	ck_assert_int_eq(sample_take_since(&t, &roots, &b, &s, true), 0);
	ck_assert_ptr_ne(t.aff, s.aff);
	ck_assert(!s.aff_lent && !t.aff_lent);
	ck_assert_int_eq(cpuset_count(&t.aff[0].affinity), 4);
	ck_assert(cpuset_has(&t.aff[1].affinity, 2));
	/* afresh (every 10 s): the file's value, into the same array */
	a = t.aff;
	ck_assert_int_eq(sample_take_since(&s, &roots, &b, &t, false), 0);
	ck_assert_ptr_eq(s.aff, a);
	ck_assert(t.aff_lent && !s.aff_lent);
	ck_assert(cpuset_has(&s.aff[0].affinity, 1));
	ck_assert_int_eq(cpuset_count(&s.aff[0].affinity), 1);
	ck_assert(cpuset_has(&s.aff[1].affinity, 2));
	sample_free(&s);
	sample_free(&t);
	buf_free(&b);
	remove_root(&r);
}
END_TEST

static Suite *sample_suite(void)
{
	Suite *s = suite_create("sample");
	TCase *c = tcase_create("core");

	tcase_add_test(c, interrupts_in_pieces);
	tcase_add_test(c, disk_kind_kept);
	tcase_add_test(c, affinity_handed_over);
	suite_add_tcase(s, c);
	return s;
}

int main(void)
{
	return testutil_run(sample_suite());
}
