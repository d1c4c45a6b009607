/* SPDX-License-Identifier: GPL-2.0-or-later */
/* socktable: counting one process's sockets in the kernel's socket tables
 * (pure: text in, counts out). */
#include "config.h"

#include "collect/socktable.h"

#include <stdbool.h>
#include <string.h>

/* The next blank-separated word of [*P, END) into *W, *WL. */
static bool word(const char **p, const char *end, const char **w, size_t *wl)
{
	while (*p < end && (**p == ' ' || **p == '\t'))
		(*p)++;
	*w = *p;
	while (*p < end && **p != ' ' && **p != '\t')
		(*p)++;
	*wl = (size_t)(*p - *w);
	return *wl > 0;
}

/* W (WL bytes) as a number in BASE (10 or 16); false when it is not. */
static bool number(const char *w, size_t wl, unsigned base, uint64_t *v)
{
	size_t i;
	unsigned d;

	*v = 0;
	if (wl == 0 || wl > 16)
		return false;
	for (i = 0; i < wl; i++) {
		if (w[i] >= '0' && w[i] <= '9')
			d = (unsigned)(w[i] - '0');
		else if (base == 16 && w[i] >= 'A' && w[i] <= 'F')
			d = (unsigned)(w[i] - 'A' + 10);
		else if (base == 16 && w[i] >= 'a' && w[i] <= 'f')
			d = (unsigned)(w[i] - 'a' + 10);
		else
			return false;
		if (d >= base)
			return false;
		*v = *v * base + d;
	}
	return true;
}

static bool wanted(uint64_t ino, const uint64_t *inodes, size_t n)
{
	size_t i;

	for (i = 0; ino && i < n; i++)
		if (inodes[i] == ino)
			return true;
	return false;
}

/* One row: "sl local remote st queues timer retr uid timeout inode". */
static bool row(const char *p, const char *end, int state,
		const uint64_t *inodes, size_t n)
{
	const char *w;
	size_t wl, k;
	uint64_t st = 0, ino = 0;

	for (k = 0; k < 10; k++) {
		if (!word(&p, end, &w, &wl))
			return false;
		if (k == 3 && !number(w, wl, 16, &st))
			return false;
		if (k == 9 && !number(w, wl, 10, &ino))
			return false;
	}
	return (state == SOCKTABLE_ANY || st == (uint64_t)state) &&
	       wanted(ino, inodes, n);
}

unsigned socktable_count(const char *text, size_t len,
			 const uint64_t *inodes, size_t n, int state)
{
	const char *p = text, *end = text + len, *nl;
	unsigned count = 0;

	/* the first line is the header */
	nl = memchr(p, '\n', (size_t)(end - p));
	p = nl ? nl + 1 : end;
	while (p < end) {
		nl = memchr(p, '\n', (size_t)(end - p));
		if (!nl)
			nl = end;
		if (row(p, nl, state, inodes, n))
			count++;
		p = nl + 1;
	}
	return count;
}

uint64_t socktable_fd_inode(const char *link)
{
	static const char pre[] = "socket:[";
	size_t l = strlen(link), pl = sizeof(pre) - 1;
	uint64_t v;

	if (l <= pl + 1 || strncmp(link, pre, pl) != 0 || link[l - 1] != ']')
		return 0;
	return number(link + pl, l - pl - 1, 10, &v) ? v : 0;
}
