/* SPDX-License-Identifier: GPL-2.0-or-later */
/* benchdisk: what the disk benchmarks share in their child process: the
 * space check, a temporary file that never outlives the run (O_TMPFILE, or
 * unlinked as soon as it is open), aligned buffers, timed I/O loops and
 * one sentence for each way a run can fail. */
#ifndef BENCHTOP_BENCHDISK_H
#define BENCHTOP_BENCHDISK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct benchdisk {
	const char *dir;	/* the target folder */
	char fstype[32];	/* from statfs, "ext4", "tmpfs", "?" */
	bool direct;		/* O_DIRECT (else buffered, fsync timed) */
	int fd;			/* the open, already nameless file */
	size_t align;		/* buffer and offset alignment for O_DIRECT */
	int out;		/* the pipe to the parent */
	char err[320];		/* the sentence when a call failed */
};

/* The sentence for an errno met while DOING (an N_() phrase: "writing",
 * "reading") in DIR of type FSTYPE, into DST, in the language of the
 * message catalogue (pure otherwise). */
void benchdisk_explain(int err, const char *doing, const char *dir,
		       const char *fstype, char *dst, size_t size);

/* The sentence for NEED bytes wanted where AVAIL are free, into DST. */
void benchdisk_explain_space(const char *dir, uint64_t avail, uint64_t need,
			     char *dst, size_t size);

/* Check DIR is a folder, open a nameless file in it (O_DIRECT unless
 * buffered), then check NEED bytes are free.  0, or -errno with D->err
 * set (and nothing open). */
int benchdisk_open(struct benchdisk *d, uint64_t need);

void benchdisk_close(struct benchdisk *d);

/* A buffer of SIZE bytes aligned for D, filled with a non-zero pattern;
 * NULL when out of memory. */
void *benchdisk_buffer(const struct benchdisk *d, size_t size);

/* Write (or read) SIZE bytes at OFF in full; 0 or -errno (-EIO for a
 * short transfer at the end of the file). */
int benchdisk_pwrite(struct benchdisk *d, const void *buf, size_t size,
		     uint64_t off);
int benchdisk_pread(struct benchdisk *d, void *buf, size_t size,
		    uint64_t off);

/* Drop the file's pages from the page cache (after a buffered write so a
 * read measures the disk); 0 or -errno. */
int benchdisk_drop_cache(struct benchdisk *d);

/* One timed sequential pass over the file, with progress lines. */
struct benchdisk_pass {
	void *buf;		/* aligned, BLOCK bytes */
	uint64_t size;		/* bytes, a multiple of BLOCK */
	size_t block;
	bool write;		/* else read */
	bool fsync;		/* fsync timed in at the end of a write */
	bool rewrite;		/* read each block then write it back */
	bool zero_fill;		/* read each block from /dev/zero before
				 * writing it, as dd if=/dev/zero does */
	double frac0, fspan;	/* progress from FRAC0 to FRAC0 + FSPAN */
	const char *phase;	/* "write", "read" */
	double secs;		/* out: the pass's time */
	double max_lat_s;	/* out: the slowest request */
	double io_secs;		/* out: the time inside the requests */
};

/* Run PS over D->fd from offset 0; 0 or -errno with D->err set. */
int benchdisk_seq(struct benchdisk *d, struct benchdisk_pass *ps);

/* Set D->err for ERR met while DOING and report it on the pipe; returns
 * ERR (negative). */
int benchdisk_fail(struct benchdisk *d, int err, const char *doing);

#endif
