/* SPDX-License-Identifier: GPL-2.0-or-later */
/* regfile: whole reads of regular files with a size cap, O_NONBLOCK and
 * fstat first, so that nothing but a plain file is ever read. */
#include "config.h"

#include "base/regfile.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

/* At most MAX bytes of FD (one more to see that it grew past). */
static int read_capped(int fd, size_t max, size_t hint, char **out,
		       size_t *len)
{
	size_t cap = hint + 1 < max + 2 ? hint + 1 : max + 2, n = 0;
	char *b = malloc(cap + 1);
	ssize_t r;

	if (!b)
		return -ENOMEM;
	while (n <= max && (r = read(fd, b + n, cap - n)) != 0) {
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0) {
			free(b);
			return -errno;
		}
		n += (size_t)r;
		if (n == cap && n <= max) {
			char *g;

			cap = cap * 2 < max + 2 ? cap * 2 : max + 2;
			g = realloc(b, cap + 1);
			if (!g) {
				free(b);
				return -ENOMEM;
			}
			b = g;
		}
	}
	if (n > max) {
		free(b);
		return -EFBIG;
	}
	b[n] = '\0';
	*out = b;
	*len = n;
	return 0;
}

int regfile_read(const char *path, size_t max, char **out, size_t *len)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);
	struct stat st;
	int rc;

	*out = NULL;
	*len = 0;
	if (fd < 0)
		return -errno;
	if (fstat(fd, &st) < 0)
		rc = -errno;
	else if (!S_ISREG(st.st_mode))
		rc = -EINVAL;
	else if (st.st_size < 0 || (unsigned long long)st.st_size > max)
		rc = -EFBIG;
	else
		rc = read_capped(fd, max, (size_t)st.st_size, out, len);
	close(fd);
	return rc;
}
