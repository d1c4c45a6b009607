/* SPDX-License-Identifier: GPL-2.0-or-later */
/* fixfmt: fixed-point figures with printf's rounding (the exact binary
 * value to nearest, ties to even), in whole numbers. */
#include "config.h"

#include "base/fixfmt.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

/* V * 10^DECIMALS rounded as printf rounds, V in [0, 1e14): V is
 * M * 2^E exactly (M < 2^53), so M * 10 fits 64 bits and the rounding is
 * done on whole numbers (no libm: the other half of the tree runs
 * without it). */
static uint64_t round_scaled(double v, int decimals)
{
	uint64_t bits, m, n, rest, half;
	int e;

	memcpy(&bits, &v, sizeof(bits));
	e = (int)((bits >> 52) & 0x7ff);
	m = bits & ((UINT64_C(1) << 52) - 1);
	if (e)
		m |= UINT64_C(1) << 52;
	e = (e ? e : 1) - 1075;		/* v = m * 2^e */
	n = decimals ? m * 10 : m;
	if (e >= 0)
		return n << e;		/* whole: v < 1e14 keeps it in range */
	if (e <= -64)
		return 0;		/* below 2^-7 */
	rest = n & ((UINT64_C(1) << -e) - 1);
	half = UINT64_C(1) << (-e - 1);
	n >>= -e;
	if (rest > half || (rest == half && (n & 1)))
		n++;			/* to nearest, ties to even */
	return n;
}

size_t fixfmt(char *dst, size_t size, double v, int decimals)
{
	char tmp[32], *p = tmp + sizeof(tmp);
	uint64_t q, sign;
	size_t n;

	memcpy(&sign, &v, sizeof(sign));
	if (!(v >= 0) || sign >> 63 || v >= 1e14 ||
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
