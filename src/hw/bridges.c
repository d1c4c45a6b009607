/* SPDX-License-Identifier: GPL-2.0-or-later */
/* bridges: the VID:PID -> bridge chip table, parsed from usb-bridges.conf
 * (found by base/datadir: installed, or the source tree of a build). */
#include "config.h"

#include "hw/bridges.h"

#include <ctype.h>
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/numparse.h"
#include "base/buf.h"
#include "base/datadir.h"
#include "base/strclean.h"

static bool is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\r';
}

/* Exactly four hex digits at P (N bytes available). */
static int hex4(const char *p, size_t n, uint16_t *v)
{
	unsigned x = 0;
	size_t i;

	if (n < 4)
		return -EINVAL;
	for (i = 0; i < 4; i++) {
		int d = numparse_hexdigit(p[i]);

		if (d < 0)
			return -EINVAL;
		x = x << 4 | (unsigned)d;
	}
	*v = (uint16_t)x;
	return 0;
}

/* One line L[0..N) (no newline): 1 entry added, 0 blank, -errno. */
static int parse_line(const char *l, size_t n, struct bridges *out)
{
	struct bridge e, *v;
	size_t i = 0, end;

	while (i < n && is_space(l[i]))
		i++;
	if (i == n || l[i] == '#')
		return 0;
	if (hex4(l + i, n - i, &e.vid) || n - i < 5 || l[i + 4] != ':' ||
	    hex4(l + i + 5, n - i - 5, &e.pid))
		return -EINVAL;
	i += 9;
	if (i == n || !is_space(l[i]))
		return -EINVAL;
	while (i < n && is_space(l[i]))
		i++;
	end = n;
	while (end > i && is_space(l[end - 1]))
		end--;
	if (end == i)
		return -EINVAL;
	e.name = strclean_dup(l + i, end - i);
	v = e.name ? realloc(out->v, (out->n + 1) * sizeof(*v)) : NULL;
	if (!v) {
		free(e.name);
		return -ENOMEM;
	}
	out->v = v;
	out->v[out->n++] = e;
	return 1;
}

int bridges_parse(const char *buf, size_t len, struct bridges *out,
		  size_t *line)
{
	size_t off = 0, lineno = 0;

	memset(out, 0, sizeof(*out));
	while (off < len) {
		const char *nl = memchr(buf + off, '\n', len - off);
		size_t n = nl ? (size_t)(nl - (buf + off)) : len - off;
		int rc;

		lineno++;
		rc = parse_line(buf + off, n, out);
		if (rc < 0) {
			if (line)
				*line = lineno;
			bridges_free(out);
			return rc;
		}
		off += n + 1;
	}
	return (int)out->n;
}

/* The data file of datadir_find(): $BENCHTOP_DATADIR, the source tree of
 * an uninstalled build, or the installed PKGDATADIR. */
static int read_table(struct buf *b)
{
	char path[4200];

	if (!datadir_file(path, sizeof(path), "usb-bridges.conf"))
		return -ENAMETOOLONG;
	return buf_read_file(b, path);
}

int bridges_load(struct bridges *out)
{
	struct buf b = { 0 };
	int rc;

	memset(out, 0, sizeof(*out));
	rc = read_table(&b);
	if (rc == 0)
		rc = bridges_parse(b.data, b.len, out, NULL);
	buf_free(&b);
	return rc;
}

const char *bridges_lookup(const struct bridges *b, uint16_t vid,
			   uint16_t pid)
{
	size_t i;

	for (i = 0; i < b->n; i++)
		if (b->v[i].vid == vid && b->v[i].pid == pid)
			return b->v[i].name;
	return NULL;
}

/* Whether the first run of digits in MODEL (LEN bytes) is in PRODUCT. */
static bool number_in(const char *model, size_t len, const char *product)
{
	size_t a = 0, b;
	char num[16];

	while (a < len && !isdigit((unsigned char)model[a]))
		a++;
	for (b = a; b < len && isdigit((unsigned char)model[b]); b++)
		;
	if (b == a || b - a >= sizeof(num) || !product)
		return false;
	memcpy(num, model + a, b - a);
	num[b - a] = '\0';
	return strstr(product, num) != NULL;
}

char *bridges_short(const char *name, const char *product, char *dst,
		    size_t size)
{
	const char *sp = strrchr(name, ' '), *m, *end;
	size_t len;

	if (!sp) {
		snprintf(dst, size, "%s", name);
		return dst;
	}
	for (m = sp + 1; *m; m = *end ? end + 1 : end) {
		end = m + strcspn(m, "/");
		len = (size_t)(end - m);
		if (m == sp + 1 && !*end)
			break;		/* one model */
		if (number_in(m, len, product)) {
			snprintf(dst, size, "%.*s %.*s", (int)len, m,
				 (int)(sp - name), name);
			return dst;
		}
	}
	snprintf(dst, size, "%s %.*s", sp + 1, (int)(sp - name), name);
	return dst;
}

void bridges_free(struct bridges *b)
{
	size_t i;

	for (i = 0; i < b->n; i++)
		free(b->v[i].name);
	free(b->v);
	b->v = NULL;
	b->n = 0;
}
