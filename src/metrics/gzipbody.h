/* SPDX-License-Identifier: GPL-2.0-or-later */
/* gzipbody: whether a scraper's Accept-Encoding takes gzip, and the body
 * of an answer compressed in gzip framing (RFC 1952) by zlib, loaded with
 * dlopen when the metrics server starts; zlib's types stay in gzipbody.c. */
#ifndef BENCHTOP_GZIPBODY_H
#define BENCHTOP_GZIPBODY_H

#include <stdbool.h>
#include <stddef.h>

/* Bodies shorter than this go as they are: the gzip header and trailer
 * (18 bytes) and the time would buy next to nothing. */
#define GZIPBODY_MIN 1024

struct gzipbody_zlib;

/* zlib's functions, and the output buffer reused from one answer to the
 * next (grown as needed); all released by gzipbody_fini. */
struct gzipbody {
	struct gzipbody_zlib *z;	/* NULL: zlib is not loaded */
	unsigned char *buf;
	size_t cap;
	size_t len;		/* bytes of the last gzipbody_compress() */
	unsigned long long key;	/* what buf holds, when keyed */
	bool keyed;		/* buf holds the body of reading KEY */
	unsigned long long runs;	/* compressions so far */
};

/*
 * Whether the Accept-Encoding header value V (NULL when absent) accepts
 * gzip: a comma-separated list of codings with optional ";q=" weights,
 * case-insensitive. "gzip" (or "x-gzip") with a weight above 0 is yes,
 * "gzip;q=0" no whatever else is listed, "*" with a weight above 0 yes
 * when gzip is not named; "identity" alone, an empty or absent value, and
 * elements that do not parse (a weight that is no number in 0..1) count
 * as nothing.  Pure: no I/O.
 */
bool gzipbody_wanted(const char *v);

/* Load zlib into G (zeroed before); 0, or -ENOTSUP / -ENOMEM with one
 * sentence in ERR (G then compresses nothing: answers go as they are). */
int gzipbody_init(struct gzipbody *g, char *err, size_t errsize);

/* Compress IN (LEN bytes) at level 6 into G->buf, G->len bytes; 0, or
 * -ENOTSUP (no zlib), -ENOMEM or -EIO: the caller sends IN as it is. */
int gzipbody_compress(struct gzipbody *g, const char *in, size_t len);

/* Compress IN for reading KEY unless G holds that reading's body
 * already (a burst of scrapers of one reading costs one compression):
 * as gzipbody_compress, G->buf and G->len then stay as they are. */
int gzipbody_compress_once(struct gzipbody *g, unsigned long long key,
			   const char *in, size_t len);

void gzipbody_fini(struct gzipbody *g);

#endif
