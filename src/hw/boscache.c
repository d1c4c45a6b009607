/* SPDX-License-Identifier: GPL-2.0-or-later */
/* boscache: one file a device, named by bus, device number and VID:PID,
 * holding the BOS as the device sent it (the bytes sysfs shows since
 * Linux 6.7); written by root with mode 0644 (a BOS is no secret: sysfs
 * shows it to everyone), read by anyone. */
#include "config.h"

#include "hw/boscache.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>


void boscache_dir(char *dst, size_t size)
{
	const char *env = getenv(BOSCACHE_ENV);

	snprintf(dst, size, "%s", env && *env ? env : BOSCACHE_DIR);
}

static void file_name(char *dst, size_t size, unsigned busnum,
		      unsigned devnum, uint16_t vid, uint16_t pid)
{
	snprintf(dst, size, "%03u-%03u-%04x-%04x", busnum, devnum, vid, pid);
}

int boscache_read(unsigned busnum, unsigned devnum, uint16_t vid,
		  uint16_t pid, struct buf *b)
{
	char dir[4096], name[32], path[4200];

	boscache_dir(dir, sizeof(dir));
	file_name(name, sizeof(name), busnum, devnum, vid, pid);
	snprintf(path, sizeof(path), "%s/%s", dir, name);
	return buf_read_file(b, path);	/* binary: nothing trimmed */
}

/* The files of an earlier run (names that start with a digit). */
static void clear(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;

	if (!d)
		return;
	while ((e = readdir(d)) != NULL)
		if (e->d_name[0] >= '0' && e->d_name[0] <= '9')
			unlinkat(dirfd(d), e->d_name, 0);
	closedir(d);
}

/* DATA into DIR/NAME: a temporary file, fsync'd, renamed; no link
 * followed. */
static int put(const char *dir, const char *name, const void *data,
	       size_t len)
{
	char tmp[4200], path[4200];
	int fd, rc = 0;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	snprintf(tmp, sizeof(tmp), "%s/.%s.tmp", dir, name);
	unlink(tmp);
	fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC,
		  0644);
	if (fd < 0)
		return -errno;
	if (write(fd, data, len) != (ssize_t)len || fsync(fd))
		rc = errno ? -errno : -EIO;
	if (close(fd) && !rc)
		rc = -errno;
	if (!rc && rename(tmp, path))
		rc = -errno;
	if (rc)
		unlink(tmp);
	return rc;
}

/* DIR, made 0755 when missing: readable by the service's dynamic user
 * (not /run/benchtop, which root's journal makes 0700). */
static int make_dir(const char *dir)
{
	return mkdir(dir, 0755) && errno != EEXIST ? -errno : 0;
}

int boscache_begin(const char *dir)
{
	int rc = make_dir(dir);

	if (rc == 0)
		clear(dir);
	return rc;
}

int boscache_write(const char *dir, unsigned busnum, unsigned devnum,
		   uint16_t vid, uint16_t pid, const void *data, size_t len)
{
	char name[32];

	file_name(name, sizeof(name), busnum, devnum, vid, pid);
	return put(dir, name, data, len);
}
