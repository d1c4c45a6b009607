/* SPDX-License-Identifier: GPL-2.0-or-later */
/* gzipbody: Accept-Encoding read as RFC 9110 (section 12.5.3) says, and
 * one-shot gzip compression of an answer's body with zlib (dlopen: the
 * binary links no libz, tests/integration/dlopen_libs.sh). */
#include "config.h"

#include "metrics/gzipbody.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <zlib.h>

#include "base/dynlib.h"

/* The functions of zlib used; each is called through g->z->name. */
#define ZLIB_FUNCS(X) X(deflateInit2_) X(deflate) X(deflateEnd) \
	X(deflateBound)

struct gzipbody_zlib {
	void *handle;
#define X(f) __typeof__(f) *f;
	ZLIB_FUNCS(X)
#undef X
};

#define OWS(c) ((c) == ' ' || (c) == '\t')

/* Where [S, E) ends once its trailing spaces are off. */
static const char *trim_end(const char *s, const char *e)
{
	while (e > s && OWS(e[-1]))
		e--;
	return e;
}

/* The first C in [S, E), or NULL. */
static const char *find(const char *s, const char *e, char c)
{
	for (; s < e; s++)
		if (*s == c)
			return s;
	return NULL;
}

static const char *skip_ows(const char *s, const char *e)
{
	while (s < e && OWS(*s))
		s++;
	return s;
}

/* A weight "0", "0.", "0.ddd", "1", "1.", "1.000" (at most three
 * decimals): 0 for zero, 1 above zero, -1 when it is none of these. */
static int qvalue(const char *s, const char *e)
{
	bool one, nonzero = false;
	int n = 0;

	if (s == e || (*s != '0' && *s != '1'))
		return -1;
	one = *s++ == '1';
	if (s < e && *s++ != '.')
		return -1;
	for (; s < e; s++, n++) {
		if (n == 3 || *s < '0' || *s > '9' || (one && *s != '0'))
			return -1;
		nonzero |= *s != '0';
	}
	return one || nonzero;
}

/* The weight of element [S, E) (its parameters after the coding), 1
 * when it has none, -1 when a parameter does not parse. */
static int weight(const char *s, const char *e)
{
	const char *semi, *eq, *pe;
	int q = 1;

	while (s < e) {		/* S is at a ';' */
		s = skip_ows(s + 1, e);
		semi = find(s, e, ';');
		pe = trim_end(s, semi ? semi : e);
		eq = find(s, pe, '=');
		if (!eq)
			return -1;
		if (trim_end(s, eq) - s == 1 && (*s == 'q' || *s == 'Q'))
			q = qvalue(skip_ows(eq + 1, pe), pe);
		if (q < 0)
			return -1;
		s = semi ? semi : e;
	}
	return q;
}

static bool named(const char *s, const char *e, const char *name)
{
	size_t n = strlen(name);

	return (size_t)(e - s) == n && strncasecmp(s, name, n) == 0;
}

bool gzipbody_wanted(const char *v)
{
	const char *s, *e, *end, *ce;
	int gzip = -1, star = -1, q;

	if (!v)
		return false;
	for (s = v; *s; s = *e ? e + 1 : e) {
		e = strchr(s, ',');
		e = e ? e : s + strlen(s);
		s = skip_ows(s, e);
		end = trim_end(s, e);
		ce = find(s, end, ';');
		ce = ce ? ce : end;
		q = weight(ce, end);
		ce = trim_end(s, ce);
		if (q < 0 || ce == s)
			continue;
		if (named(s, ce, "gzip") || named(s, ce, "x-gzip"))
			gzip = gzip == 0 ? 0 : q;	/* a refusal stands */
		else if (named(s, ce, "*"))
			star = star == 0 ? 0 : q;
	}
	return gzip >= 0 ? gzip > 0 : star > 0;
}

int gzipbody_init(struct gzipbody *g, char *err, size_t errsize)
{
	struct gzipbody_zlib *z = calloc(1, sizeof(*z));
	const struct dynlib_sym syms[] = {
#define X(f) { #f, (void **)&z->f },
		ZLIB_FUNCS(X)
#undef X
	};

	if (!z) {
		snprintf(err, errsize, "%s", strerror(ENOMEM));
		return -ENOMEM;
	}
	z->handle = dynlib_open(ZLIB_SONAME, syms, sizeof(syms) /
				sizeof(syms[0]), "gzip", err, errsize);
	if (!z->handle) {
		free(z);
		return -ENOTSUP;
	}
	g->z = z;
	return 0;
}

/* G->buf holding at least NEED bytes; 0 or -ENOMEM. */
static int reserve(struct gzipbody *g, size_t need)
{
	unsigned char *nb;

	if (need <= g->cap)
		return 0;
	if (!(nb = realloc(g->buf, need)))
		return -ENOMEM;
	g->buf = nb;
	g->cap = need;
	return 0;
}

int gzipbody_compress(struct gzipbody *g, const char *in, size_t len)
{
	const struct gzipbody_zlib *L = g->z;
	z_stream z;
	int rc;

	g->len = 0;
	g->keyed = false;
	if (!L)
		return -ENOTSUP;
	g->runs++;
	if (len > UINT_MAX / 2)	/* deflateBound and avail_out: uInt */
		return -EIO;
	memset(&z, 0, sizeof(z));
	/* 15 + 16: a 32 KiB window and the gzip header and trailer */
	if (L->deflateInit2_(&z, 6, Z_DEFLATED, 15 + 16, 8,
			     Z_DEFAULT_STRATEGY, ZLIB_VERSION,
			     (int)sizeof(z)) != Z_OK)
		return -ENOMEM;
	if (reserve(g, L->deflateBound(&z, (uLong)len))) {
		L->deflateEnd(&z);
		return -ENOMEM;
	}
	z.next_in = (Bytef *)in;
	z.avail_in = (uInt)len;
	z.next_out = g->buf;
	z.avail_out = (uInt)g->cap;
	rc = L->deflate(&z, Z_FINISH);
	g->len = rc == Z_STREAM_END ? (size_t)z.total_out : 0;
	L->deflateEnd(&z);
	return rc == Z_STREAM_END ? 0 : -EIO;
}

int gzipbody_compress_once(struct gzipbody *g, unsigned long long key,
			   const char *in, size_t len)
{
	int rc;

	if (g->keyed && g->key == key)
		return 0;
	if ((rc = gzipbody_compress(g, in, len)) != 0)
		return rc;
	g->key = key;
	g->keyed = true;
	return 0;
}

void gzipbody_fini(struct gzipbody *g)
{
	if (g->z)
		dynlib_close(g->z->handle);
	free(g->z);
	free(g->buf);
	g->z = NULL;
	g->buf = NULL;
	g->cap = g->len = 0;
}
