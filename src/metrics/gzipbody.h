/* SPDX-License-Identifier: GPL-2.0-or-later */
/* gzipbody: whether a scraper's Accept-Encoding takes gzip, and the body
 * of an answer compressed with zlib in gzip framing (RFC 1952). */
#ifndef BENCHTOP_GZIPBODY_H
#define BENCHTOP_GZIPBODY_H

#include <stdbool.h>
#include <stddef.h>

/* Bodies shorter than this go as they are: the gzip header and trailer
 * (18 bytes) and the time would buy next to nothing. */
#define GZIPBODY_MIN 1024

/* The output buffer, reused from one answer to the next (grown as
 * needed, freed by gzipbody_fini). */
struct gzipbody {
	unsigned char *buf;
	size_t cap;
	size_t len;		/* bytes of the last gzipbody_compress() */
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

/* Compress IN (LEN bytes) at level 6 into G->buf, G->len bytes;
 * 0, or -ENOMEM / -EIO (zlib refused: the caller sends IN as it is). */
int gzipbody_compress(struct gzipbody *g, const char *in, size_t len);

void gzipbody_fini(struct gzipbody *g);

#endif
