/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test_diskstats: /proc/diskstats parsing on real captures (11 and 20
 * fields), device kinds, and the rates a user reads off the DISK panel. */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "collect/diskstats.h"
#include "testutil.h"

#define SBC "sbc/proc_diskstats_11field"
#define X86 "x86/proc_diskstats_20field"

static const struct disk_row *find(const struct disk_table *t,
				   const char *name)
{
	for (size_t i = 0; i < t->nrows; i++)
		if (strcmp(t->rows[i].name, name) == 0)
			return &t->rows[i];
	ck_abort_msg("no row %s", name);
	return NULL;
}

static const struct disk_rate *find_rate(const struct disk_rate *r, int n,
					 const char *name)
{
	for (int i = 0; i < n; i++)
		if (strcmp(r[i].row->name, name) == 0)
			return &r[i];
	ck_abort_msg("no rate %s", name);
	return NULL;
}

/* Parse fixture NAME into T and check the row count. */
static void load(const char *name, struct disk_table *t, int nrows)
{
	size_t len;
	char *buf = testutil_load(name, &len);

	ck_assert_int_eq(diskstats_parse(buf, len, t), nrows);
	free(buf);
}

static int parse_str(const char *s, struct disk_table *t)
{
	return diskstats_parse(s, strlen(s), t);
}

/* Each line of SRC cut after its first KEEP blank-separated fields. */
static char *keep_fields(const char *src, int keep)
{
	char *dst = malloc(strlen(src) + 1), *d = dst;
	const char *p = src;

	ck_assert_ptr_nonnull(dst);
	while (*p) {
		const char *nl = strchr(p, '\n');
		const char *e = nl ? nl : p + strlen(p), *q = p, *stop = e;
		int n = 0;

		while (q < e && n < keep) {
			while (q < e && *q == ' ')
				q++;
			while (q < e && *q != ' ')
				q++;
			if (++n == keep)
				stop = q;
		}
		memcpy(d, p, (size_t)(stop - p));
		d += stop - p;
		if (nl)
			*d++ = '\n';
		p = nl ? nl + 1 : e;
	}
	*d = '\0';
	return dst;
}

START_TEST(sbc_11field_values)
{
	struct disk_table t;
	const struct disk_row *r;

	load(SBC, &t, 17);
	ck_assert_uint_eq(t.err_line, 0);
	for (size_t i = 0; i < t.nrows; i++)
		ck_assert_uint_eq(t.rows[i].nfields, 11);
	r = find(&t, "sdb");
	ck_assert_uint_eq(r->major, 8);
	ck_assert_uint_eq(r->minor, 16);
	ck_assert_uint_eq(r->rd_ios, 5650742);
	ck_assert_uint_eq(r->rd_merges, 34516);
	ck_assert_uint_eq(r->rd_sectors, 727476416);
	ck_assert_uint_eq(r->rd_ticks, 92732820);
	ck_assert_uint_eq(r->wr_ios, 1728864);
	ck_assert_uint_eq(r->wr_merges, 35618);
	ck_assert_uint_eq(r->wr_sectors, 404215912);
	ck_assert_uint_eq(r->wr_ticks, 705303450);
	ck_assert_uint_eq(r->in_flight, 0);
	ck_assert_uint_eq(r->io_ticks, 22944140);
	ck_assert_uint_eq(r->time_in_queue, 798112260);
	ck_assert_uint_eq(r->dc_ios, 0);
	ck_assert_uint_eq(r->fl_ticks, 0);
	r = find(&t, "mmcblk0p1");
	ck_assert_uint_eq(r->major, 179);
	ck_assert_uint_eq(r->minor, 1);
	ck_assert_uint_eq(r->rd_sectors, 1760);
	ck_assert_uint_eq(r->time_in_queue, 210);
	/* The capture lists sdc before sdb: order is the kernel's. */
	ck_assert_str_eq(t.rows[13].name, "sdc");
	ck_assert_str_eq(t.rows[15].name, "sdb");
	diskstats_free(&t);
	ck_assert_ptr_null(t.rows);
	ck_assert_uint_eq(t.nrows, 0);
}
END_TEST

START_TEST(sbc_11field_kinds)
{
	static const struct {
		const char *name;
		enum disk_kind kind;
	} want[] = {
		{ "loop0", DISK_VIRTUAL }, { "loop7", DISK_VIRTUAL },
		{ "mmcblk0", DISK_WHOLE }, { "mmcblk0p1", DISK_PARTITION },
		{ "mmcblk0p2", DISK_PARTITION }, { "sda", DISK_WHOLE },
		{ "sda1", DISK_PARTITION }, { "sdb", DISK_WHOLE },
		{ "sdb1", DISK_PARTITION }, { "sdc", DISK_WHOLE },
		{ "sdc1", DISK_PARTITION },
	};
	struct disk_table t;
	size_t whole = 0, part = 0, virt = 0;

	load(SBC, &t, 17);
	for (size_t i = 0; i < sizeof(want) / sizeof(want[0]); i++)
		ck_assert_int_eq(find(&t, want[i].name)->kind, want[i].kind);
	for (size_t i = 0; i < t.nrows; i++) {
		whole += t.rows[i].kind == DISK_WHOLE;
		part += t.rows[i].kind == DISK_PARTITION;
		virt += t.rows[i].kind == DISK_VIRTUAL;
	}
	ck_assert_uint_eq(whole, 4);
	ck_assert_uint_eq(part, 5);
	ck_assert_uint_eq(virt, 8);
	diskstats_free(&t);
}
END_TEST

START_TEST(x86_20field_values)
{
	struct disk_table t;
	const struct disk_row *r;

	load(X86, &t, 10);
	r = find(&t, "vda");
	ck_assert_uint_eq(r->nfields, 17);
	ck_assert_uint_eq(r->major, 254);
	ck_assert_int_eq(r->kind, DISK_WHOLE);
	ck_assert_uint_eq(r->rd_ios, 28444);
	ck_assert_uint_eq(r->rd_sectors, 1886450);
	ck_assert_uint_eq(r->wr_ios, 12226);
	ck_assert_uint_eq(r->wr_sectors, 752952);
	ck_assert_uint_eq(r->io_ticks, 4412);
	ck_assert_uint_eq(r->time_in_queue, 12110);
	ck_assert_uint_eq(r->dc_ios, 6700);
	ck_assert_uint_eq(r->dc_merges, 38);
	ck_assert_uint_eq(r->dc_sectors, 234712);
	ck_assert_uint_eq(r->dc_ticks, 246);
	ck_assert_uint_eq(r->fl_ios, 1891);
	ck_assert_uint_eq(r->fl_ticks, 42);
	ck_assert_int_eq(find(&t, "zram0")->kind, DISK_VIRTUAL);
	ck_assert_int_eq(find(&t, "loop3")->kind, DISK_VIRTUAL);
	diskstats_free(&t);
}
END_TEST

/* No 14- or 18-field capture exists in our fixtures: these are the 20-field
 * x86 capture with every line cut to its first 14 (pre-4.18) or 18 (4.18
 * to 5.4) fields, which is what those kernels print for the same counters. */
START_TEST(x86_cut_to_14_and_18_fields)
{
	static const int keep[] = { 14, 18 };
	char *src = testutil_load(X86, NULL);

	for (size_t k = 0; k < 2; k++) {
		char *txt = keep_fields(src, keep[k]);
		struct disk_table t;
		const struct disk_row *r;

		ck_assert_int_eq(parse_str(txt, &t), 10);
		r = find(&t, "vda");
		ck_assert_uint_eq(r->nfields, (unsigned)keep[k] - 3);
		ck_assert_uint_eq(r->rd_sectors, 1886450);
		ck_assert_uint_eq(r->time_in_queue, 12110);
		ck_assert_uint_eq(r->dc_sectors, keep[k] == 18 ? 234712 : 0);
		ck_assert_uint_eq(r->dc_ticks, keep[k] == 18 ? 246 : 0);
		ck_assert_uint_eq(r->fl_ios, 0);
		diskstats_free(&t);
		free(txt);
	}
	free(src);
}
END_TEST

/* 2.6 kernels printed partitions with 4 fields (reads, read sectors,
 * writes, write sectors) next to 11-field disks: the sda and sda1 lines of
 * the SBC capture in that format. */
START_TEST(partition_4field)
{
	const char *txt =
		"   8       0 sda 321553 158156 37537568 5961590 50820 94361 "
		"10439592 26691430 0 3357150 32650910\n"
		"   8       1 sda1 321454 37536344 50820 10439592\n";
	struct disk_table t;
	const struct disk_row *r;

	ck_assert_int_eq(parse_str(txt, &t), 2);
	r = find(&t, "sda1");
	ck_assert_uint_eq(r->nfields, 4);
	ck_assert_int_eq(r->kind, DISK_PARTITION);
	ck_assert_uint_eq(r->rd_ios, 321454);
	ck_assert_uint_eq(r->rd_merges, 0);
	ck_assert_uint_eq(r->rd_sectors, 37536344);
	ck_assert_uint_eq(r->rd_ticks, 0);
	ck_assert_uint_eq(r->wr_ios, 50820);
	ck_assert_uint_eq(r->wr_sectors, 10439592);
	ck_assert_uint_eq(find(&t, "sda")->nfields, 11);
	diskstats_free(&t);
}
END_TEST

START_TEST(kind_from_name)
{
	static const struct {
		const char *name;
		enum disk_kind kind;
	} k[] = {
		{ "sda", DISK_WHOLE }, { "sdaa", DISK_WHOLE },
		{ "sdaa12", DISK_PARTITION }, { "hda", DISK_WHOLE },
		{ "hdb3", DISK_PARTITION }, { "vda", DISK_WHOLE },
		{ "vdb1", DISK_PARTITION }, { "xvda", DISK_WHOLE },
		{ "xvda1", DISK_PARTITION }, { "mmcblk1", DISK_WHOLE },
		{ "mmcblk1p12", DISK_PARTITION },
		{ "mmcblk0boot0", DISK_WHOLE }, { "nvme0n1", DISK_WHOLE },
		{ "nvme10n2p3", DISK_PARTITION }, { "mtdblock0", DISK_WHOLE },
		{ "sr0", DISK_WHOLE }, { "loop0", DISK_VIRTUAL },
		{ "loop12p1", DISK_VIRTUAL }, { "ram15", DISK_VIRTUAL },
		{ "zram0", DISK_VIRTUAL }, { "nbd3", DISK_VIRTUAL },
		{ "nbd0p2", DISK_VIRTUAL }, { "md0", DISK_MD },
		{ "md127", DISK_MD }, { "md_d0", DISK_MD },
		{ "md126p1", DISK_PARTITION }, { "dm-0", DISK_DM },
		{ "dm-12", DISK_DM }, { "", DISK_WHOLE }, { "p1", DISK_WHOLE },
		{ "sd", DISK_WHOLE }, { "loop", DISK_WHOLE },
	};

	for (size_t i = 0; i < sizeof(k) / sizeof(k[0]); i++)
		ck_assert_msg(diskstats_kind_from_name(k[i].name) == k[i].kind,
			      "%s: got %d", k[i].name,
			      diskstats_kind_from_name(k[i].name));
	ck_assert_str_eq(diskstats_kind_name(DISK_WHOLE), "disk");
	ck_assert_str_eq(diskstats_kind_name(DISK_PARTITION), "partition");
	ck_assert_str_eq(diskstats_kind_name(DISK_VIRTUAL), "virtual");
	ck_assert_str_eq(diskstats_kind_name(DISK_MD), "md");
	ck_assert_str_eq(diskstats_kind_name(DISK_DM), "dm");
	ck_assert_str_eq(diskstats_kind_name((enum disk_kind)99), "unknown");
}
END_TEST

/* sdb reads 2048 sectors (1 MiB) and writes 4096 in 2 s. */
START_TEST(rates_throughput_iops)
{
	struct disk_table prev, cur;
	struct disk_rate *r;
	struct disk_row *sdb;
	const struct disk_rate *x;
	int n;

	load(SBC, &prev, 17);
	load(SBC, &cur, 17);
	sdb = (struct disk_row *)find(&cur, "sdb");
	sdb->rd_sectors += 2048;
	sdb->wr_sectors += 4096;
	sdb->rd_ios += 100;
	sdb->wr_ios += 30;
	n = diskstats_rates(&prev, &cur, 2.0, &r);
	ck_assert_int_eq(n, 17);
	x = find_rate(r, n, "sdb");
	ck_assert(x->valid);
	ck_assert_ptr_eq(x->row, sdb);
	ck_assert_double_eq_tol(x->rd_bytes_per_s, 524288.0, 1e-6);
	ck_assert_double_eq_tol(x->wr_bytes_per_s, 1048576.0, 1e-6);
	ck_assert_double_eq_tol(x->rd_iops, 50.0, 1e-9);
	ck_assert_double_eq_tol(x->wr_iops, 15.0, 1e-9);
	x = find_rate(r, n, "sda");
	ck_assert(x->valid);
	ck_assert_double_eq(x->rd_bytes_per_s, 0.0);
	ck_assert_double_eq(x->util_pct, 0.0);
	ck_assert_double_eq(x->await_ms, 0.0);
	free(r);
	diskstats_free(&prev);
	diskstats_free(&cur);
}
END_TEST

/* io_ticks +500 ms in 1 s is 50 % busy; +1500 ms is clamped to 100 %.
 * 10 reads and 10 writes that took 100 + 300 ms wait 20 ms each. */
START_TEST(rates_util_await)
{
	struct disk_table prev, cur;
	struct disk_rate *r;
	struct disk_row *sdb, *sdc;
	int n;

	load(SBC, &prev, 17);
	load(SBC, &cur, 17);
	sdb = (struct disk_row *)find(&cur, "sdb");
	sdb->io_ticks += 500;
	sdb->rd_ios += 10;
	sdb->wr_ios += 10;
	sdb->rd_ticks += 100;
	sdb->wr_ticks += 300;
	sdc = (struct disk_row *)find(&cur, "sdc");
	sdc->io_ticks += 1500;
	n = diskstats_rates(&prev, &cur, 1.0, &r);
	ck_assert_double_eq_tol(find_rate(r, n, "sdb")->util_pct, 50.0, 1e-9);
	ck_assert_double_eq_tol(find_rate(r, n, "sdb")->await_ms, 20.0, 1e-9);
	ck_assert_double_eq(find_rate(r, n, "sdc")->util_pct, 100.0);
	ck_assert_double_eq(find_rate(r, n, "sdc")->await_ms, 0.0);
	free(r);
	diskstats_free(&prev);
	diskstats_free(&cur);
}
END_TEST

/* in_flight is a gauge: going from 5 to 0 is not a reset. */
START_TEST(rates_in_flight_not_a_counter)
{
	struct disk_table prev, cur;
	struct disk_rate *r;
	int n;

	load(SBC, &prev, 17);
	load(SBC, &cur, 17);
	((struct disk_row *)find(&prev, "sda"))->in_flight = 5;
	n = diskstats_rates(&prev, &cur, 1.0, &r);
	ck_assert(find_rate(r, n, "sda")->valid);
	free(r);
	diskstats_free(&prev);
	diskstats_free(&cur);
}
END_TEST

/* sdb unplugged and plugged back between two ticks: its counters restart
 * from the 150 reads of the new mount; other disks are unaffected. */
START_TEST(rates_replugged_invalid)
{
	const char *replug = "   8      16 sdb 150 0 1200 300 0 0 0 0 0 "
			     "310 300\n";
	struct disk_table prev, cur, one;
	struct disk_rate *r;
	const struct disk_rate *x;
	int n;

	load(SBC, &prev, 17);
	load(SBC, &cur, 17);
	ck_assert_int_eq(parse_str(replug, &one), 1);
	*(struct disk_row *)find(&cur, "sdb") = one.rows[0];
	((struct disk_row *)find(&cur, "sda"))->rd_sectors += 8;
	n = diskstats_rates(&prev, &cur, 1.0, &r);
	x = find_rate(r, n, "sdb");
	ck_assert(!x->valid);
	ck_assert_double_eq(x->rd_bytes_per_s, 0.0);
	ck_assert_double_eq(x->wr_bytes_per_s, 0.0);
	ck_assert_double_eq(x->rd_iops, 0.0);
	ck_assert_double_eq(x->util_pct, 0.0);
	ck_assert_double_eq(x->await_ms, 0.0);
	ck_assert(find_rate(r, n, "sda")->valid);
	ck_assert_double_eq(find_rate(r, n, "sda")->rd_bytes_per_s, 4096.0);
	free(r);
	/* Same name, higher counters but another major:minor: another disk. */
	((struct disk_row *)find(&cur, "sdb"))->rd_sectors = UINT64_C(1) << 40;
	((struct disk_row *)find(&cur, "sdb"))->minor = 64;
	n = diskstats_rates(&prev, &cur, 1.0, &r);
	ck_assert(!find_rate(r, n, "sdb")->valid);
	free(r);
	diskstats_free(&one);
	diskstats_free(&prev);
	diskstats_free(&cur);
}
END_TEST

/* A USB stick sdd appears: no baseline, so no rate this tick. */
START_TEST(rates_device_appears)
{
	const char *sdd = "   8      48 sdd 10 0 80 5 0 0 0 0 0 5 5\n";
	char *base = testutil_load(SBC, NULL);
	char *txt = malloc(strlen(base) + strlen(sdd) + 1);
	struct disk_table prev, cur;
	struct disk_rate *r;
	int n;

	strcat(strcpy(txt, base), sdd);
	load(SBC, &prev, 17);
	ck_assert_int_eq(parse_str(txt, &cur), 18);
	n = diskstats_rates(&prev, &cur, 1.0, &r);
	ck_assert_int_eq(n, 18);
	ck_assert(!find_rate(r, n, "sdd")->valid);
	ck_assert_double_eq(find_rate(r, n, "sdd")->rd_bytes_per_s, 0.0);
	for (int i = 0; i < 17; i++)
		ck_assert(r[i].valid);
	free(r);
	/* The first tick has no previous sample at all. */
	n = diskstats_rates(NULL, &cur, 1.0, &r);
	for (int i = 0; i < n; i++)
		ck_assert(!r[i].valid);
	free(r);
	diskstats_free(&prev);
	diskstats_free(&cur);
	free(txt);
	free(base);
}
END_TEST

/* sdc and sdc1 are unplugged: they are simply not in the output. */
START_TEST(rates_device_disappears)
{
	char *txt = testutil_load(SBC, NULL);
	char *sdc = strstr(txt, "   8      32 sdc ");
	char *sdb = strstr(txt, "   8      16 sdb ");
	struct disk_table prev, cur;
	struct disk_rate *r;
	int n;

	memmove(sdc, sdb, strlen(sdb) + 1);
	load(SBC, &prev, 17);
	ck_assert_int_eq(parse_str(txt, &cur), 15);
	n = diskstats_rates(&prev, &cur, 1.0, &r);
	ck_assert_int_eq(n, 15);
	for (int i = 0; i < n; i++) {
		ck_assert(strncmp(r[i].row->name, "sdc", 3) != 0);
		ck_assert(r[i].valid);
	}
	free(r);
	diskstats_free(&prev);
	diskstats_free(&cur);
	free(txt);
}
END_TEST

/* 32-bit ARM kernels keep unsigned long counters: 4294967000 -> 200 read
 * sectors is 496 sectors, not a reset; a 64-bit value going down is. */
START_TEST(rates_wrap_and_reset)
{
	struct disk_table prev, cur;
	struct disk_rate *r;
	int n;

	load(SBC, &prev, 17);
	load(SBC, &cur, 17);
	((struct disk_row *)find(&prev, "sdb"))->rd_sectors = 4294967000u;
	((struct disk_row *)find(&cur, "sdb"))->rd_sectors = 200;
	((struct disk_row *)find(&prev, "sdc"))->wr_sectors = 5000000000u;
	((struct disk_row *)find(&cur, "sdc"))->wr_sectors = 200;
	n = diskstats_rates(&prev, &cur, 1.0, &r);
	ck_assert(find_rate(r, n, "sdb")->valid);
	ck_assert_double_eq(find_rate(r, n, "sdb")->rd_bytes_per_s,
			    496.0 * 512);
	ck_assert(!find_rate(r, n, "sdc")->valid);
	ck_assert_double_eq(find_rate(r, n, "sdc")->wr_bytes_per_s, 0.0);
	free(r);
	/* No time passed: no rates rather than a division by zero. */
	n = diskstats_rates(&prev, &cur, 0.0, &r);
	for (int i = 0; i < n; i++)
		ck_assert(!r[i].valid && r[i].rd_bytes_per_s == 0.0);
	free(r);
	diskstats_free(&prev);
	diskstats_free(&cur);
}
END_TEST

START_TEST(rates_empty)
{
	struct disk_table none = { 0 };
	struct disk_rate *r = (struct disk_rate *)&none;

	ck_assert_int_eq(diskstats_rates(&none, &none, 1.0, &r), 0);
	ck_assert_ptr_null(r);
}
END_TEST

static bool same_row(const struct disk_row *a, const struct disk_row *b)
{
	return a->major == b->major && a->minor == b->minor &&
	       strcmp(a->name, b->name) == 0 && a->kind == b->kind &&
	       a->nfields == b->nfields && a->rd_ios == b->rd_ios &&
	       a->rd_sectors == b->rd_sectors && a->wr_ios == b->wr_ios &&
	       a->wr_sectors == b->wr_sectors && a->io_ticks == b->io_ticks &&
	       a->time_in_queue == b->time_in_queue &&
	       a->fl_ticks == b->fl_ticks;
}

/* Captures cut at every 29th byte: an error, or the rows before the cut
 * (the last one may have lost digits of its last field). */
static void cut_every_29(const char *name, int full_rows)
{
	size_t len;
	char *buf = testutil_load(name, &len);
	struct disk_table full, t;
	int ok = 0, bad = 0;

	load(name, &full, full_rows);
	for (size_t cut = 0; cut <= len; cut += 29) {
		char *copy = malloc(cut + 1);
		int n;

		memcpy(copy, buf, cut);	/* exact size: ASan sees overreads */
		n = diskstats_parse(copy, cut, &t);
		ck_assert_msg(n == -EINVAL || (n >= 0 && n <= full_rows),
			      "cut %zu: %d", cut, n);
		if (n < 0) {
			ck_assert_ptr_null(t.rows);
			bad++;
		} else {
			ok++;
		}
		for (int i = 0; i < n - 1; i++)
			ck_assert(same_row(&t.rows[i], &full.rows[i]));
		if (n > 0)
			ck_assert_str_eq(t.rows[n - 1].name,
					 full.rows[n - 1].name);
		diskstats_free(&t);
		free(copy);
	}
	ck_assert_int_gt(ok, 1);
	ck_assert_int_ge(bad, 1);	/* a cut inside the first line */
	diskstats_free(&full);
	free(buf);
}

START_TEST(truncated_captures)
{
	cut_every_29(SBC, 17);
	cut_every_29(X86, 10);
}
END_TEST

static void expect_einval(const char *txt, unsigned line)
{
	struct disk_table t;

	ck_assert_msg(parse_str(txt, &t) == -EINVAL, "accepted: %s", txt);
	ck_assert_ptr_null(t.rows);
	ck_assert_uint_eq(t.nrows, 0);
	ck_assert_uint_eq(t.err_line, line);
}

/* Each line of SRC with EXTRA appended (before its newline). */
static char *append_fields(const char *src, const char *extra)
{
	size_t lines = 0, n = strlen(extra);
	char *dst, *d;

	for (const char *p = src; *p; p++)
		lines += *p == '\n';
	dst = malloc(strlen(src) + lines * n + 1);
	ck_assert_ptr_nonnull(dst);
	d = dst;
	for (const char *p = src; *p; p++) {
		if (*p == '\n') {
			memcpy(d, extra, n);
			d += n;
		}
		*d++ = *p;
	}
	*d = '\0';
	return dst;
}

/* A kernel after 6.x may append stat fields: the x86 capture with 2 and
 * with 47 more numbers a line still gives its 17 fields (not a blank disk
 * panel); the formats no kernel printed are still refused. */
START_TEST(future_kernel_more_fields)
{
	static const char *const extra[] = { " 7 8", " 1 2 3 4 5 6 7 8 9 10 "
		"11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 "
		"31 32 33 34 35 36 37 38 39 40 41 42 43 44 45 46 "
		"18446744073709551615" };
	static const unsigned nfields[] = { 19, 64 };
	char *src = testutil_load(X86, NULL), line[256];

	for (size_t k = 0; k < 2; k++) {
		char *txt = append_fields(src, extra[k]);
		struct disk_table t;
		const struct disk_row *r;

		ck_assert_int_eq(parse_str(txt, &t), 10);
		r = find(&t, "vda");
		ck_assert_uint_eq(r->nfields, nfields[k]);
		ck_assert_uint_eq(r->rd_ios, 28444);
		ck_assert_uint_eq(r->rd_sectors, 1886450);
		ck_assert_uint_eq(r->wr_sectors, 752952);
		ck_assert_uint_eq(r->time_in_queue, 12110);
		ck_assert_uint_eq(r->dc_sectors, 234712);
		ck_assert_uint_eq(r->fl_ios, 1891);
		ck_assert_uint_eq(r->fl_ticks, 42);
		diskstats_free(&t);
		free(txt);
	}
	free(src);
	/* 5 to 10, 12 to 14 and 16 stat fields: no kernel's format. */
	for (int n = 5; n <= 16; n++) {
		int len = snprintf(line, sizeof(line), "8 0 sda");

		if (n == 11 || n == 15)
			continue;
		for (int i = 1; i <= n; i++)
			len += snprintf(line + len, sizeof(line) - (size_t)len,
					" %d", i);
		strcpy(line + len, "\n");
		expect_einval(line, 1);
	}
	/* Appended fields are numbers too; 65 or more is not diskstats. */
	expect_einval("8 0 sda 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 x\n",
		      1);
	expect_einval("8 0 sda 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 "
		      "18446744073709551616\n", 1);
	strcpy(line, "8 0 sda");
	for (int i = 1; i <= 65; i++)
		strcat(line, " 1");
	expect_einval(line, 1);
}
END_TEST

START_TEST(garbage_lines)
{
	/* 10 stat fields (13 a line) is no kernel's format. */
	expect_einval("   8       0 sda 1 2 3 4 5 6 7 8 9 10\n", 1);
	expect_einval("8 0 sda 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16\n", 1);
	expect_einval("8 0 sda 1 2 3\n", 1);
	expect_einval("8 0 sda\n", 1);
	expect_einval("hello\n", 1);
	expect_einval("   8       0 sda 321553 158156 3753x568 5961590 50820 "
		      "94361 10439592 26691430 0 3357150 32650910\n", 1);
	expect_einval("8 0 sda -1 2 3 4 5 6 7 8 9 10 11\n", 1);
	expect_einval("8 0 sda +1 2 3 4 5 6 7 8 9 10 11\n", 1);
	expect_einval("8 0 sda 0x1 2 3 4 5 6 7 8 9 10 11\n", 1);
	expect_einval("8 -0 sda 1 2 3 4 5 6 7 8 9 10 11\n", 1);
	expect_einval("4294967296 0 sda 1 2 3 4 5 6 7 8 9 10 11\n", 1);
	/* Errors name their line. */
	expect_einval("\n\n8 1 sda1 1 2 3 4 5 6 7 8 9 10 11\r\n", 3);
}
END_TEST

/* One line no parser can use is left out, counted and named by its line;
 * the rows around it stand (was: the whole file refused). */
START_TEST(bad_line_skipped)
{
	static const char *const bad[] = {
		"8 16 sdb 1 2 3 4 5 6 7 8 9 10 11 12",
		"8 16 sdb 1 2 3 4 5 6 7 8 9 10 11 12 13",
		"8 16 sdb 1 2 3 4 5 6 7 8 9 10 11 12 13 14",
		"8 16 sdb 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16",
		"8 16 sdb 1 2 x 4 5 6 7 8 9 10 11",
		"garbage",
	};
	char txt[512];
	struct disk_table t;

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		snprintf(txt, sizeof(txt), "8 0 sda 1 2 3 4 5 6 7 8 9 10 11\n"
			 "%s\n8 32 sdc 9 2 3 4 5 6 7 8 9 10 11\n", bad[i]);
		ck_assert_int_eq(parse_str(txt, &t), 2);
		ck_assert_uint_eq(t.nskipped, 1);
		ck_assert_uint_eq(t.skip_line, 2);
		ck_assert_str_eq(t.rows[0].name, "sda");
		ck_assert_str_eq(t.rows[1].name, "sdc");
		ck_assert_uint_eq(t.rows[1].rd_ios, 9);
		diskstats_free(&t);
	}
}
END_TEST

/* sysstat's root1: 21 rows of 17 fields and one (sds) of 14, which no
 * kernel prints: the 21 stand, the one is counted (was: 0 disks). */
START_TEST(sysstat_14field_line)
{
	struct disk_table t;

	load("sysstat/root1_proc_diskstats", &t, 21);
	ck_assert_uint_eq(t.nskipped, 1);
	ck_assert_uint_eq(t.skip_line, 21);
	ck_assert_uint_eq(find(&t, "sdq")->dc_ios, 8638);
	for (size_t i = 0; i < t.nrows; i++)
		ck_assert_str_ne(t.rows[i].name, "sds");
	diskstats_free(&t);
}
END_TEST

/* await counts every completed request with its own time (iostats.rst):
 * sysstat's sdq, root1 -> root2, did 200 reads in 1900 ms and 100 discards
 * in 2000 ms: 3900 / 300 = 13.00 ms (9.50 without the discards, as
 * before).  A device that only discarded has an await; flushes are left
 * out, as iostat leaves them (it shows them as f_await). */
START_TEST(await_discards_flushes)
{
	struct disk_table prev, cur;
	struct disk_rate *r;
	struct disk_row *sda;
	int n;

	load("sysstat/root1_proc_diskstats", &prev, 21);
	load("sysstat/root2_proc_diskstats", &cur, 20);
	n = diskstats_rates(&prev, &cur, 1.0, &r);
	ck_assert_double_eq_tol(find_rate(r, n, "sdq")->await_ms, 13.0, 1e-9);
	free(r);
	diskstats_free(&prev);
	diskstats_free(&cur);

	load(X86, &prev, 10);
	load(X86, &cur, 10);
	sda = (struct disk_row *)find(&cur, "vda");
	sda->dc_ios += 50;
	sda->dc_ticks += 150;
	n = diskstats_rates(&prev, &cur, 1.0, &r);
	ck_assert_double_eq_tol(find_rate(r, n, "vda")->await_ms, 3.0, 1e-9);
	free(r);
	sda->fl_ios += 50;
	sda->fl_ticks += 50;
	sda->rd_ios += 100;
	sda->rd_ticks += 1000;
	n = diskstats_rates(&prev, &cur, 1.0, &r);
	/* (1000 + 150) / (100 + 50): the 50 flushes in 50 ms stay out */
	ck_assert_double_eq_tol(find_rate(r, n, "vda")->await_ms,
				1150.0 / 150.0, 1e-9);
	free(r);
	sda->rd_ios -= 100;
	sda->rd_ticks -= 1000;
	sda->dc_ios -= 50;
	sda->dc_ticks -= 150;
	n = diskstats_rates(&prev, &cur, 1.0, &r);
	/* only flushes: no await, as iostat prints 0.00 */
	ck_assert_double_eq_tol(find_rate(r, n, "vda")->await_ms, 0.0, 1e-9);
	free(r);
	diskstats_free(&prev);
	diskstats_free(&cur);
}
END_TEST

START_TEST(huge_numbers)
{
	struct disk_table t;

	expect_einval("8 0 sda 18446744073709551616 0 0 0 0 0 0 0 0 0 0\n", 1);
	expect_einval("8 0 sda 99999999999999999999999 0 0 0 0 0 0 0 0 0 0\n",
		      1);
	ck_assert_int_eq(parse_str("8 0 sda 18446744073709551615 0 0 0 0 0 0 "
				   "0 0 0 00000000000000000000000042\n", &t),
			 1);
	ck_assert_uint_eq(t.rows[0].rd_ios, UINT64_MAX);
	ck_assert_uint_eq(t.rows[0].time_in_queue, 42);
	diskstats_free(&t);
}
END_TEST

START_TEST(empty_and_blank)
{
	static const char nul[] = "8 0 s\0a 1 2 3 4\n";
	struct disk_table t;

	ck_assert_int_eq(diskstats_parse("", 0, &t), 0);
	ck_assert_ptr_null(t.rows);
	ck_assert_int_eq(parse_str("\n \t \n\n", &t), 0);
	ck_assert_int_eq(diskstats_parse("8 0 sda 1 2 3 4", 4, &t), -EINVAL);
	/* A NUL is never in a kernel file. */
	ck_assert_int_eq(diskstats_parse(nul, sizeof(nul) - 1, &t), -EINVAL);
	ck_assert_ptr_null(t.rows);
}
END_TEST

/* No line-length cap: 1 MB of blanks between fields parses; a 100 kB name
 * or 100000 fields do not (no kernel prints them) and nothing overflows. */
START_TEST(long_lines)
{
	size_t big = 1 << 20;
	char *txt = malloc(big + 200);
	struct disk_table t;
	char *p;

	strcpy(txt, "   8 0 sda 1");
	p = txt + strlen(txt);
	memset(p, ' ', big);
	strcpy(p + big, "2 3 4 5 6 7 8 9 10 11\n");
	ck_assert_int_eq(parse_str(txt, &t), 1);
	ck_assert_uint_eq(t.rows[0].rd_merges, 2);
	ck_assert_uint_eq(t.rows[0].time_in_queue, 11);
	diskstats_free(&t);

	memset(txt, 'a', big);
	memcpy(txt, "8 0 ", 4);
	strcpy(txt + big, " 1 2 3 4\n");
	expect_einval(txt, 1);
	for (size_t i = 0; i < big; i += 2)
		memcpy(txt + i, "1 ", 2);
	strcpy(txt + big, "\n");
	expect_einval(txt, 1);
	free(txt);
}
END_TEST

static Suite *diskstats_suite(void)
{
	Suite *s = suite_create("diskstats");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, sbc_11field_values);
	tcase_add_test(tc, sbc_11field_kinds);
	tcase_add_test(tc, x86_20field_values);
	tcase_add_test(tc, x86_cut_to_14_and_18_fields);
	tcase_add_test(tc, partition_4field);
	tcase_add_test(tc, future_kernel_more_fields);
	tcase_add_test(tc, kind_from_name);
	tcase_add_test(tc, rates_throughput_iops);
	tcase_add_test(tc, rates_util_await);
	tcase_add_test(tc, rates_in_flight_not_a_counter);
	tcase_add_test(tc, rates_replugged_invalid);
	tcase_add_test(tc, rates_device_appears);
	tcase_add_test(tc, rates_device_disappears);
	tcase_add_test(tc, rates_wrap_and_reset);
	tcase_add_test(tc, rates_empty);
	tcase_add_test(tc, truncated_captures);
	tcase_add_test(tc, garbage_lines);
	tcase_add_test(tc, huge_numbers);
	tcase_add_test(tc, empty_and_blank);
	tcase_add_test(tc, long_lines);
	tcase_add_test(tc, bad_line_skipped);
	tcase_add_test(tc, sysstat_14field_line);
	tcase_add_test(tc, await_discards_flushes);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return testutil_run(diskstats_suite());
}
