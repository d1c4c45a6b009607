/* SPDX-License-Identifier: GPL-2.0-or-later */
/* servewatch: a test child's sockets, read from /proc while it serves. */
#include "config.h"

#include "bench/servewatch.h"

#include <dirent.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <unistd.h>

#include "base/buf.h"
#include "collect/socktable.h"

#define MAX_SOCKETS 64	/* a one-off server holds a few */

/* The socket inodes of PID's descriptors into V (at most MAX_SOCKETS). */
static size_t socket_inodes(pid_t pid, uint64_t *v)
{
	char dir[64], path[96], link[64];
	struct dirent *de;
	size_t n = 0;
	ssize_t l;
	DIR *d;

	snprintf(dir, sizeof(dir), "/proc/%d/fd", (int)pid);
	if (!(d = opendir(dir)))
		return 0;
	while ((de = readdir(d)) && n < MAX_SOCKETS) {
		if (de->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), "%s/%.20s", dir, de->d_name);
		l = readlink(path, link, sizeof(link) - 1);
		if (l <= 0)
			continue;
		link[l] = '\0';
		if ((v[n] = socktable_fd_inode(link)) != 0)
			n++;
	}
	closedir(d);
	return n;
}

/* The rows of /proc/PID/net/TABLE for INODES in STATE. */
static unsigned in_table(pid_t pid, const char *table, const uint64_t *in,
			 size_t n, int state)
{
	char path[64];
	struct buf b = { 0 };
	unsigned c = 0;

	snprintf(path, sizeof(path), "/proc/%d/net/%s", (int)pid, table);
	if (buf_read_file(&b, path) == 0)
		c = socktable_count(b.data, b.len, in, n, state);
	buf_free(&b);
	return c;
}

bool servewatch_exchanging(pid_t pid)
{
	uint64_t in[MAX_SOCKETS];
	size_t n = socket_inodes(pid, in);

	if (n < 2)
		return false;	/* the listener alone: no table read */
	return in_table(pid, "tcp", in, n, SOCKTABLE_ESTABLISHED) +
	       in_table(pid, "tcp6", in, n, SOCKTABLE_ESTABLISHED) == 1 &&
	       in_table(pid, "udp", in, n, SOCKTABLE_ANY) +
	       in_table(pid, "udp6", in, n, SOCKTABLE_ANY) == 0;
}
