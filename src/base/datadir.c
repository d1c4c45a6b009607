/* SPDX-License-Identifier: GPL-2.0-or-later */
/* datadir: find the data folder; an uninstalled binary reads the source
 * tree's data/ through the marker file `make` writes beside it. */
#include "config.h"

#include "base/datadir.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/buf.h"

#ifndef PKGDATADIR
#define PKGDATADIR "/usr/local/share/benchtop"
#endif

static const char *copy_out(char *dst, size_t size, const char *src,
			    size_t n)
{
	if (n >= size)
		return NULL;
	memcpy(dst, src, n);
	dst[n] = '\0';
	return dst;
}

/* The folder named in the marker beside /proc/self/exe, or NULL. */
static const char *from_marker(char *dst, size_t size)
{
	char exe[4096 + sizeof(DATADIR_MARKER) + 1];
	struct buf b = { 0 };
	const char *r = NULL;
	char *slash;
	ssize_t n = readlink("/proc/self/exe", exe, 4096);
	size_t len;

	if (n <= 0 || n >= 4096)
		return NULL;
	exe[n] = '\0';
	if (!(slash = strrchr(exe, '/')))
		return NULL;
	strcpy(slash + 1, DATADIR_MARKER);
	if (buf_read_file(&b, exe) == 0) {
		len = strcspn(b.data, "\n");
		if (len > 1 && b.data[0] == '/')
			r = copy_out(dst, size, b.data, len);
	}
	buf_free(&b);
	return r;
}

const char *datadir_find(char *dst, size_t size)
{
	const char *env = getenv("BENCHTOP_DATADIR");

	if (env && *env)
		return copy_out(dst, size, env, strlen(env));
	if (from_marker(dst, size))
		return dst;
	return copy_out(dst, size, PKGDATADIR, strlen(PKGDATADIR));
}

const char *datadir_file(char *dst, size_t size, const char *name)
{
	size_t n;

	if (!datadir_find(dst, size))
		return NULL;
	n = strlen(dst);
	if (n + 1 + strlen(name) >= size)
		return NULL;
	dst[n] = '/';
	strcpy(dst + n + 1, name);
	return dst;
}
