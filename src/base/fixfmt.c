/* SPDX-License-Identifier: GPL-2.0-or-later */
/* fixfmt: fixed-point figures with printf's rounding (the exact binary
 * value to nearest, ties to even), from the product and its error. */
#include "config.h"

#include "base/fixfmt.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

/* V * 10^DECIMALS rounded as printf rounds, V in [0, 1e14). */
static uint64_t round_scaled(double v, int decimals)
{
	double p = decimals ? v * 10.0 : v;
	double e = decimals ? fma(v, 10.0, -p) : 0.0;	/* v*10 = p + e */
	double f = floor(p);
	double t = (p - f) - 0.5;	/* exact: p < 2^50 */

	/* |e| < ulp(p) <= |t| unless t == 0: then e decides, and a true
	 * tie goes to the even neighbour */
	if (t > 0 || (t == 0 && (e > 0 || (e == 0 && fmod(f, 2.0) != 0))))
		f += 1.0;
	return (uint64_t)f;
}

size_t fixfmt(char *dst, size_t size, double v, int decimals)
{
	char tmp[32], *p = tmp + sizeof(tmp);
	uint64_t q;
	size_t n;

	if (!(v >= 0) || signbit(v) || v >= 1e14 ||
	    (decimals != 0 && decimals != 1))
		return (size_t)snprintf(dst, size, "%.*f", decimals, v);
	q = round_scaled(v, decimals);
	if (decimals) {
		*--p = (char)('0' + q % 10);
		*--p = '.';
		q /= 10;
	}
	do {
		*--p = (char)('0' + q % 10);
		q /= 10;
	} while (q);
	n = (size_t)(tmp + sizeof(tmp) - p);
	if (size) {
		size_t k = n < size - 1 ? n : size - 1;

		memcpy(dst, p, k);
		dst[k] = '\0';
	}
	return n;
}

size_t fixfmt_cat(char *dst, size_t size, size_t len, const char *s)
{
	size_t n = strlen(s);

	if (size && len <= size - 1) {
		size_t k = n < size - 1 - len ? n : size - 1 - len;

		memcpy(dst + len, s, k);
		dst[len + k] = '\0';
	}
	return len + n;
}

/* N blanks appended, as fixfmt_cat. */
static size_t blanks(char *dst, size_t size, size_t len, size_t n)
{
	if (size && len <= size - 1) {
		size_t k = n < size - 1 - len ? n : size - 1 - len;

		memset(dst + len, ' ', k);
		dst[len + k] = '\0';
	}
	return len + n;
}

size_t fixfmt_pad(char *dst, size_t size, size_t len, const char *s,
		  int width, int prec, bool left)
{
	size_t n = prec < 0 ? strlen(s) : strnlen(s, (size_t)prec);
	size_t pad = width > 0 && (size_t)width > n ? (size_t)width - n : 0;

	if (!left)
		len = blanks(dst, size, len, pad);
	if (size && len <= size - 1) {
		size_t k = n < size - 1 - len ? n : size - 1 - len;

		memcpy(dst + len, s, k);
		dst[len + k] = '\0';
	}
	len += n;
	if (left)
		len = blanks(dst, size, len, pad);
	return len;
}
