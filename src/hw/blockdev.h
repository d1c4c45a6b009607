/* SPDX-License-Identifier: GPL-2.0-or-later */
/* blockdev: the disks in /sys/block: model, size, rotational, block size,
 * I/O scheduler, where their partitions are mounted, md/dm members. */
#ifndef BENCHTOP_BLOCKDEV_H
#define BENCHTOP_BLOCKDEV_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <jansson.h>

/* One row of /proc/self/mountinfo. */
struct blockdev_mnt {
	unsigned major, minor;
	char *mountpoint;	/* unescaped ("\040" -> ' ') and cleaned */
	char *fstype;
	char *source;		/* "/dev/sda1" */
};

struct blockdev_mnts {
	struct blockdev_mnt *v;
	size_t n;
	size_t nskipped;	/* rows not understood, left out */
	size_t skip_line;	/* 1-based line of the first of them */
};

/*
 * Parse /proc/self/mountinfo text into OUT (reset first).  Returns the
 * number of rows, or -ENOMEM.  A malformed row is left out and counted in
 * OUT->nskipped; -EINVAL with *LINE set (OUT left empty) only when no row
 * was understood.
 */
int blockdev_parse_mountinfo(const char *buf, size_t len,
			     struct blockdev_mnts *out, size_t *line);

void blockdev_mnts_free(struct blockdev_mnts *m);

/*
 * Parse queue/scheduler text ("mq-deadline kyber [bfq] none") into the
 * scheduler in use CUR ("" when none is bracketed) and the space-separated
 * list AVAIL.  Returns the number of schedulers, -EINVAL for empty text,
 * two bracketed names or an unbalanced bracket.
 */
int blockdev_parse_sched(const char *buf, size_t len, char *cur,
			 size_t cursize, char *avail, size_t availsize);

struct blockdev_mount {
	char *part;		/* "sda1" (or the disk itself) */
	char *mountpoint;
	char *fstype;
};

struct blockdev {
	char *name;		/* "sda" */
	char *model;		/* cleaned, NULL when the kernel has none */
	uint64_t size_bytes;
	bool has_size;		/* false: size_bytes unknown (no size file, garbled) */
	int rotational;		/* 1, 0, or -1 unknown */
	unsigned logical_block;	/* bytes, 0 unknown */
	char *sched;		/* in use, NULL unknown ("" none bracketed) */
	char *sched_avail;
	struct blockdev_mount *mounts;
	size_t nmounts;
	char **slaves;		/* md members or dm slaves: "sda1" */
	size_t nslaves;
	char *error;		/* a sentence when something was unreadable */
};

struct blockdev_list {
	struct blockdev *v;
	size_t n;
	char *error;		/* /sys/block unreadable, mountinfo broken */
};

/*
 * Read every disk of SYS_ROOT/block ("/sys") and the mounts in
 * PROC_ROOT/self/mountinfo into OUT.  Empty loop and ram devices are left
 * out.  Problems with one disk are recorded in its error and never hide
 * the others.  Returns the number of disks, or -ENOMEM.
 */
int blockdev_scan(const char *sys_root, const char *proc_root,
		  struct blockdev_list *out);

void blockdev_list_free(struct blockdev_list *l);

/* The disk named NAME, or NULL. */
const struct blockdev *blockdev_find(const struct blockdev_list *l,
				     const char *name);

/* JSON array of disks (new reference). */
json_t *blockdev_json(const struct blockdev_list *l);

/* A readable "Block devices" section for benchtop --once. */
void blockdev_print(FILE *f, const struct blockdev_list *l);

#endif
