/* SPDX-License-Identifier: GPL-2.0-or-later */
/* diskstats: /proc/diskstats rows and per-device rates. */
#ifndef BENCHTOP_DISKSTATS_H
#define BENCHTOP_DISKSTATS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum disk_kind {
	DISK_WHOLE,		/* sda, mmcblk0, nvme0n1, vda */
	DISK_PARTITION,		/* sda1, mmcblk0p1, nvme0n1p2 */
	DISK_VIRTUAL,		/* loop, ram, zram, nbd */
	DISK_MD,		/* md0, md127 (software RAID) */
	DISK_DM,		/* dm-0 (LVM, crypt) */
};

struct disk_row {
	unsigned major, minor;
	char name[64];
	enum disk_kind kind;
	unsigned nfields;	/* stat fields after the name: 4, 11, 15, 17 or
				 * more (later kernels; the first 17 are read) */
	uint64_t rd_ios, rd_merges, rd_sectors, rd_ticks;
	uint64_t wr_ios, wr_merges, wr_sectors, wr_ticks;
	uint64_t in_flight, io_ticks, time_in_queue;
	uint64_t dc_ios, dc_merges, dc_sectors, dc_ticks;	/* 4.18+ */
	uint64_t fl_ios, fl_ticks;				/* 5.5+ */
};

struct disk_table {
	struct disk_row *rows;
	size_t nrows;
	unsigned err_line;	/* after -EINVAL: 1-based line at fault */
};

/* Parse /proc/diskstats into OUT (reset first); the count or -EINVAL. */
int diskstats_parse(const char *buf, size_t len, struct disk_table *out);

/* Free the rows of T and leave it empty (a parse does not free them). */
void diskstats_free(struct disk_table *t);

/* The kind of a device named NAME, from its name alone. */
enum disk_kind diskstats_kind_from_name(const char *name);

/* Lower-case name of KIND for output ("disk", "partition", ...). */
const char *diskstats_kind_name(enum disk_kind kind);

struct disk_rate {
	const struct disk_row *row;	/* row in CUR */
	bool valid;		/* false: new device or counters reset */
	double rd_bytes_per_s, wr_bytes_per_s;
	double rd_iops, wr_iops;
	double util_pct;	/* io_ticks over wall time, 0..100 */
	double await_ms;	/* (rd+wr ticks) / (rd+wr ios); 0 if no I/O */
	bool ops_unknown;	/* replay of a file without IOPS and busy share:
				 * rd_iops, wr_iops, util_pct mean nothing */
};

/* Rates from PREV to CUR over DT seconds, one per row of CUR, into *OUT
 * (free()); rows matched by name. Returns the count or -ENOMEM. */
int diskstats_rates(const struct disk_table *prev, const struct disk_table *cur,
		    double dt, struct disk_rate **out);

#endif
