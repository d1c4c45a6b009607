/* SPDX-License-Identifier: GPL-2.0-or-later */
/* fuzz_expo: libFuzzer target for expo_escape (any bytes must become a
 * label value that is valid UTF-8, has no control byte and no quote or
 * backslash that is not escaped), httpd_parse_addr and
 * benchres_parse_time. */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "metrics/benchres.h"
#include "metrics/expo.h"
#include "metrics/httpd.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Length of the UTF-8 sequence at S (N bytes left), 0 when invalid. */
static size_t seq(const unsigned char *s, size_t n)
{
	size_t k = s[0] < 0x80 ? 1 : s[0] >= 0xc2 && s[0] <= 0xdf ? 2 :
		   s[0] >= 0xe0 && s[0] <= 0xef ? 3 :
		   s[0] >= 0xf0 && s[0] <= 0xf4 ? 4 : 0;
	size_t i;

	if (k == 0 || k > n)
		return 0;
	for (i = 1; i < k; i++)
		if ((s[i] & 0xc0) != 0x80)
			return 0;
	return k;
}

static void check_value(const struct buf *b)
{
	const unsigned char *s = (const unsigned char *)b->data;
	size_t i = 0, k;

	while (i < b->len) {
		if (s[i] < 0x20 || s[i] == 0x7f || s[i] == '"')
			abort();
		if (s[i] == '\\') {
			if (i + 1 >= b->len || !strchr("\\\"n", s[i + 1]))
				abort();
			i += 2;
			continue;
		}
		if ((k = seq(s + i, b->len - i)) == 0)
			abort();
		i += k;
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct buf b = { 0 };
	char *z = malloc(size + 1), host[64];
	unsigned port;
	bool v6;

	if (!z)
		return 0;
	memcpy(z, data, size);
	z[size] = '\0';
	if (expo_escape(&b, (const char *)data, size) == 0 && b.len)
		check_value(&b);
	if (httpd_parse_addr(z, host, sizeof(host), &port, &v6) == 0 &&
	    (port == 0 || port > 65535 || !host[0]))
		abort();
	(void)benchres_parse_time(z);
	buf_free(&b);
	free(z);
	return 0;
}
