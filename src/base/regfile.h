/* SPDX-License-Identifier: GPL-2.0-or-later */
/* regfile: read a file the user or benchtop keeps (a journal, a presets
 * file) whole, only when it is a regular file of bounded size: a FIFO, a
 * device (/dev/zero) or a huge file in its place is refused, never read. */
#ifndef BENCHTOP_REGFILE_H
#define BENCHTOP_REGFILE_H

#include <stddef.h>

/*
 * PATH's bytes into *OUT (malloc'd, NUL-terminated, *LEN bytes) when it
 * is a regular file of at most MAX bytes.  Opened without blocking (a
 * FIFO cannot hang the caller) and checked with fstat before a byte is
 * read.  0, -ENOENT (missing), -EINVAL (not a regular file), -EFBIG
 * (larger than MAX, or grew past it while read), or -errno.
 */
int regfile_read(const char *path, size_t max, char **out, size_t *len);

#endif
