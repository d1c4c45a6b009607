/* SPDX-License-Identifier: GPL-2.0-or-later */
/* textfile: the atomic replacement of DIR/benchtop.prom, so that
 * node_exporter never reads half a file. */
#include "config.h"

#include "metrics/textfile.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/strclean.h"

static int fail(char *err, size_t size, const char *dir, const char *what,
		int rc)
{
	char shown[256];

	strclean_copy(shown, sizeof(shown), dir, strlen(dir));
	snprintf(err, size, "could not write %s/%s: %s: %s", shown,
		 TEXTFILE_NAME, what, strerror(-rc));
	return rc;
}

static int write_all(int fd, const char *data, size_t len)
{
	ssize_t n;

	while (len) {
		n = write(fd, data, len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return -errno;
		data += n;
		len -= (size_t)n;
	}
	return fsync(fd) ? -errno : 0;
}

int textfile_write(const char *dir, const char *data, size_t len, char *err,
		   size_t size)
{
	char tmp[4096], dst[4096];
	int fd, dfd, rc;

	if ((size_t)snprintf(tmp, sizeof(tmp), "%s/.%s.XXXXXX", dir,
			     TEXTFILE_NAME) >= sizeof(tmp) ||
	    (size_t)snprintf(dst, sizeof(dst), "%s/%s", dir,
			     TEXTFILE_NAME) >= sizeof(dst))
		return fail(err, size, dir, "the name", -ENAMETOOLONG);
	dfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (dfd < 0)
		return fail(err, size, dir, "the folder", -errno);
	fd = mkostemp(tmp, O_CLOEXEC);
	if (fd < 0) {
		rc = -errno;
		close(dfd);
		return fail(err, size, dir, "a temporary file", rc);
	}
	rc = fchmod(fd, 0644) ? -errno : write_all(fd, data, len);
	if (close(fd) && rc == 0)
		rc = -errno;
	if (rc == 0 && rename(tmp, dst))
		rc = -errno;
	if (rc)
		unlink(tmp);
	else
		fsync(dfd);
	close(dfd);
	return rc ? fail(err, size, dir, "writing", rc) : 0;
}
