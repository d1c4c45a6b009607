/* SPDX-License-Identifier: GPL-2.0-or-later */
/* stamp: fingerprints of files and folders from lstat and readdir. */
#include "config.h"

#include "base/stamp.h"

#include <dirent.h>
#include <errno.h>
#include <string.h>
#include <sys/stat.h>

uint64_t stamp_bytes(uint64_t h, const void *p, size_t n)
{
	const unsigned char *c = p;

	while (n--)
		h = (h ^ *c++) * 0x100000001b3ull;
	return h;
}

uint64_t stamp_path(uint64_t h, const char *path)
{
	struct stat st;
	int64_t v[7] = { 0 };

	h = stamp_bytes(h, path, strlen(path) + 1);
	if (lstat(path, &st) != 0) {
		v[6] = errno;
		return stamp_bytes(h, v, sizeof(v));
	}
	v[0] = st.st_mode;
	v[1] = (int64_t)st.st_ino;
	v[2] = (int64_t)st.st_dev;
	if (!S_ISDIR(st.st_mode)) {
		v[3] = st.st_size;
		v[4] = st.st_mtim.tv_sec * 1000000000ll + st.st_mtim.tv_nsec;
		v[5] = st.st_ctim.tv_sec * 1000000000ll + st.st_ctim.tv_nsec;
	}
	return stamp_bytes(h, v, sizeof(v));
}

uint64_t stamp_names(uint64_t h, const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *de;
	uint64_t sum = 0, n = 0;

	h = stamp_bytes(h, dir, strlen(dir) + 1);
	if (!d)
		return stamp_bytes(h, "?", 1);
	while ((de = readdir(d))) {
		/* a sum: the same names in another order, the same stamp */
		sum += stamp_bytes(STAMP_START, de->d_name,
				   strlen(de->d_name));
		n++;
	}
	closedir(d);
	h = stamp_bytes(h, &sum, sizeof(sum));
	return stamp_bytes(h, &n, sizeof(n));
}
