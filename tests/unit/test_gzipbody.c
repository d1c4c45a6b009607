/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Tests for gzipbody: Accept-Encoding read as RFC 9110 says, and a body
 * gzip'ed that zlib's inflate (gzip framing only) gives back whole. */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <zlib.h>

#include "metrics/gzipbody.h"
#include "testutil.h"

/* What real scrapers send, and the corner cases of the grammar. */
START_TEST(accept_encoding)
{
	static const struct {
		const char *v;
		bool gzip;
	} want[] = {
		{ "gzip", true },	/* Prometheus */
		{ "gzip, deflate, br, zstd", true },	/* curl --compressed */
		{ "deflate, gzip;q=1.0, *;q=0.5", true },
		{ "GZIP", true },
		{ "x-gzip", true },
		{ "  gzip  ;  q=0.5  ", true },
		{ "br,gzip;Q=0.001", true },
		{ "gzip;q=0", false },
		{ "gzip;q=0.000", false },
		{ "gzip;q=0., br", false },
		{ "gzip;q=0, *", false },	/* named: * does not count */
		{ "*;q=0, gzip", true },
		{ "*", true },
		{ "*;q=0.2", true },
		{ "*;q=0", false },
		{ "identity", false },
		{ "identity;q=1, deflate", false },
		{ "", false },
		{ " , ,, ", false },
		{ "gzipx", false },
		{ "gz ip", false },
		{ "gzip;q=2", false },	/* no weight above 1 */
		{ "gzip;q=1.5", false },
		{ "gzip;q=0.0001", false },	/* three decimals at most */
		{ "gzip;q=abc", false },
		{ "gzip;q=", false },
		{ "gzip;q", false },
		{ "gzip;level=9", true },	/* other parameters: ignored */
		{ ";q=1", false },
		{ "\xff\xfe;;==,", false },
	};
	size_t i;

	for (i = 0; i < sizeof(want) / sizeof(want[0]); i++)
		ck_assert_msg(gzipbody_wanted(want[i].v) == want[i].gzip,
			      "\"%s\": want %d", want[i].v, want[i].gzip);
	ck_assert(!gzipbody_wanted(NULL));
}
END_TEST

/* BUF (LEN bytes) inflated as gzip into OUT (CAP bytes); its length, or
 * (size_t)-1 when it is not one whole gzip stream. */
static size_t gunzip(const unsigned char *buf, size_t len, char *out,
		     size_t cap)
{
	z_stream z;
	int rc;

	memset(&z, 0, sizeof(z));
	ck_assert_int_eq(inflateInit2(&z, 15 + 16), Z_OK);
	z.next_in = (Bytef *)buf;
	z.avail_in = (uInt)len;
	z.next_out = (Bytef *)out;
	z.avail_out = (uInt)cap;
	rc = inflate(&z, Z_FINISH);
	len = rc == Z_STREAM_END && z.avail_in == 0 ? z.total_out :
	      (size_t)-1;
	inflateEnd(&z);
	return len;
}

/* An exposition-like body of about N bytes. */
static char *exposition(size_t n, size_t *len)
{
	char *b = malloc(n + 200);
	size_t at = 0;
	unsigned i = 0;

	ck_assert_ptr_nonnull(b);
	while (at < n)
		at += (size_t)sprintf(b + at, "benchtop_irq_interrupts_total"
				      "{irq=\"%u\",cpu=\"%u\"} %u\n", i / 8,
				      i % 8, i * 7919u % 100003u), i++;
	*len = at;
	return b;
}

START_TEST(round_trip)
{
	struct gzipbody g = { 0 };
	size_t len, n;
	char *body = exposition(16384, &len), *out = malloc(len + 1);
	char err[256];

	ck_assert_ptr_nonnull(out);
	ck_assert_int_eq(gzipbody_compress(&g, body, len), -ENOTSUP);
	ck_assert_msg(gzipbody_init(&g, err, sizeof(err)) == 0, "%s", err);
	ck_assert_int_eq(gzipbody_compress(&g, body, len), 0);
	ck_assert_uint_gt(g.len, 18);
	ck_assert_uint_lt(g.len, len / 3);
	ck_assert_uint_eq(g.buf[0], 0x1f);	/* RFC 1952 magic, deflate */
	ck_assert_uint_eq(g.buf[1], 0x8b);
	ck_assert_uint_eq(g.buf[2], 8);
	n = gunzip(g.buf, g.len, out, len + 1);
	ck_assert_uint_eq(n, len);
	ck_assert(memcmp(out, body, len) == 0);

	/* the buffer is reused: a shorter body, then an empty one */
	ck_assert_int_eq(gzipbody_compress(&g, body + 100, 2000), 0);
	n = gunzip(g.buf, g.len, out, len + 1);
	ck_assert_uint_eq(n, 2000);
	ck_assert(memcmp(out, body + 100, 2000) == 0);
	ck_assert_int_eq(gzipbody_compress(&g, "", 0), 0);
	ck_assert_uint_eq(gunzip(g.buf, g.len, out, len + 1), 0);

	/* a truncated stream is not taken for a whole one */
	ck_assert_int_eq(gzipbody_compress(&g, body, len), 0);
	ck_assert_uint_eq(gunzip(g.buf, g.len - 4, out, len + 1),
			  (size_t)-1);
	gzipbody_fini(&g);
	ck_assert_ptr_null(g.buf);
	free(out);
	free(body);
}
END_TEST

/* A burst of 50 scrapes of one reading compresses once; the next
 * reading once more; the body given back is that reading's. */
START_TEST(once_per_reading)
{
	struct gzipbody g = { 0 };
	size_t len, n;
	char *body = exposition(16384, &len), *out = malloc(len + 1);
	char err[256];
	int i;

	ck_assert_ptr_nonnull(out);
	ck_assert_msg(gzipbody_init(&g, err, sizeof(err)) == 0, "%s", err);
	for (i = 0; i < 50; i++)
		ck_assert_int_eq(gzipbody_compress_once(&g, 7, body, len), 0);
	ck_assert_uint_eq(g.runs, 1);
	ck_assert_uint_eq(gunzip(g.buf, g.len, out, len + 1), len);
	for (i = 0; i < 50; i++)
		ck_assert_int_eq(gzipbody_compress_once(&g, 8, body + 100,
							2000), 0);
	ck_assert_uint_eq(g.runs, 2);
	n = gunzip(g.buf, g.len, out, len + 1);
	ck_assert_uint_eq(n, 2000);
	ck_assert(memcmp(out, body + 100, 2000) == 0);
	/* a plain compression in between forgets the reading */
	ck_assert_int_eq(gzipbody_compress(&g, body, 3000), 0);
	ck_assert_int_eq(gzipbody_compress_once(&g, 8, body + 100, 2000), 0);
	ck_assert_uint_eq(g.runs, 4);
	ck_assert_uint_eq(gunzip(g.buf, g.len, out, len + 1), 2000);
	gzipbody_fini(&g);
	free(out);
	free(body);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("gzipbody");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, accept_encoding);
	tcase_add_test(tc, round_trip);
	tcase_add_test(tc, once_per_reading);
	suite_add_tcase(s, tc);
	return testutil_run(s);
}
