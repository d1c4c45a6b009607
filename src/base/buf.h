/* SPDX-License-Identifier: GPL-2.0-or-later */
/* buf: a growing byte buffer, and whole-file reads of kernel files into it. */
#ifndef BENCHTOP_BUF_H
#define BENCHTOP_BUF_H

#include <stddef.h>

struct buf {
	char *data;	/* always NUL-terminated after a successful read */
	size_t len;
	size_t cap;
};

/* Read the whole of PATH into B (reusing its memory); 0 or -errno. */
int buf_read_file(struct buf *b, const char *path);

/* Read the sysfs attribute DIR/NAME into B, its trailing newlines and
 * spaces cut; 0 or -errno (-ENAMETOOLONG for a path past PATH_MAX). */
int buf_read_attr(struct buf *b, const char *dir, const char *name);

/* Read the whole of an open descriptor into B; 0 or -errno. */
int buf_read_fd(struct buf *b, int fd);

/* Make room for at least NEED bytes plus a NUL; 0 or -ENOMEM. */
int buf_reserve(struct buf *b, size_t need);

void buf_free(struct buf *b);

#endif
