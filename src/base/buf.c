/* SPDX-License-Identifier: GPL-2.0-or-later */
/* buf: whole-file reads into one reusable buffer, with no line length cap
 * (/proc/interrupts on a 256-CPU host has lines of several kilobytes). */
#include "config.h"

#include "base/buf.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

int buf_reserve(struct buf *b, size_t need)
{
	size_t cap = b->cap ? b->cap : 4096;
	char *p;

	if (need + 1 <= b->cap)
		return 0;
	while (cap < need + 1) {
		if (cap > ((size_t)-1) / 2)
			return -ENOMEM;
		cap *= 2;
	}
	p = realloc(b->data, cap);
	if (!p)
		return -ENOMEM;
	b->data = p;
	b->cap = cap;
	return 0;
}

int buf_read_fd(struct buf *b, int fd)
{
	b->len = 0;
	for (;;) {
		ssize_t n;
		int rc = buf_reserve(b, b->len + 4096);

		if (rc)
			return rc;
		n = read(fd, b->data + b->len, b->cap - b->len - 1);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return -errno;
		if (n == 0)
			break;
		b->len += (size_t)n;
	}
	b->data[b->len] = '\0';
	return 0;
}

int buf_read_file(struct buf *b, const char *path)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	int rc;

	if (fd < 0)
		return -errno;
	rc = buf_read_fd(b, fd);
	close(fd);
	return rc;
}

int buf_read_attr(struct buf *b, const char *dir, const char *name)
{
	char path[PATH_MAX];
	int rc;

	if ((size_t)snprintf(path, sizeof(path), "%s/%s", dir, name) >=
	    sizeof(path))
		return -ENAMETOOLONG;
	rc = buf_read_file(b, path);
	if (rc)
		return rc;
	while (b->len && (b->data[b->len - 1] == '\n' ||
			  b->data[b->len - 1] == ' '))
		b->data[--b->len] = '\0';
	return 0;
}

void buf_free(struct buf *b)
{
	free(b->data);
	b->data = NULL;
	b->len = b->cap = 0;
}
