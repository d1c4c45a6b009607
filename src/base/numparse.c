/* SPDX-License-Identifier: GPL-2.0-or-later */
/* numparse: strict decimal parsing shared by the parsers of kernel files,
 * settings, presets, snapshots and the command line; digits are read one
 * by one, so no locale ever changes what a number means. */
#include "config.h"

#include "base/numparse.h"

#include <errno.h>
#include <string.h>

int numparse_u64(const char *s, const char *e, uint64_t *v)
{
	uint64_t x = 0;

	if (s >= e)
		return -EINVAL;
	for (; s < e; s++) {
		unsigned d = (unsigned)(unsigned char)*s - '0';

		if (d > 9 || x > (UINT64_MAX - d) / 10)
			return -EINVAL;
		x = x * 10 + d;
	}
	*v = x;
	return 0;
}

int numparse_uint(const char *s, uint64_t max, uint64_t *v)
{
	uint64_t x;

	if (numparse_u64(s, s + strlen(s), &x) || x > max)
		return -EINVAL;
	*v = x;
	return 0;
}

/* M times ten to the power EXP; powers of ten up to 1e22 are exact. */
static double scale(uint64_t m, int exp)
{
	double x = (double)m, p = 1;
	int n = exp < 0 ? -exp : exp;

	while (n-- > 0)
		p *= 10;
	return exp < 0 ? x / p : x * p;
}

int numparse_decimal_prefix(const char *s, const char *e, double *v,
			    const char **end)
{
	uint64_t m = 0;
	int exp = 0, digits = 0;
	int dot = 0;

	for (; s < e; s++) {
		unsigned d = (unsigned)(unsigned char)*s - '0';

		if (*s == '.' && !dot) {
			dot = 1;
			continue;
		}
		if (d > 9)
			break;
		digits++;
		if (m <= (UINT64_MAX - 9) / 10) {
			m = m * 10 + d;
			exp -= dot;
		} else {
			exp += !dot;	/* past 19 digits: decimals add nothing */
		}
	}
	if (!digits)
		return -EINVAL;
	*v = scale(m, exp);
	*end = s;
	return 0;
}

/* "e6", "E-3" at [S, E) as *EXP (at most 3 digits); 0 or -EINVAL. */
static int exponent(const char *s, const char *e, int *exp)
{
	int sign = 1, x = 0, n = 0;

	if (s >= e || (*s != 'e' && *s != 'E'))
		return -EINVAL;
	if (++s < e && (*s == '-' || *s == '+'))
		sign = *s++ == '-' ? -1 : 1;
	for (; s < e && *s >= '0' && *s <= '9' && n < 3; s++, n++)
		x = x * 10 + (*s - '0');
	if (!n || s != e)
		return -EINVAL;
	*exp = sign * x;
	return 0;
}

int numparse_real(const char *s, const char *e, double *v)
{
	const char *end;
	int exp = 0;

	if (numparse_decimal_prefix(s, e, v, &end) ||
	    (end != e && exponent(end, e, &exp)))
		return -EINVAL;
	if (exp)
		*v = *v * scale(1, exp);
	return 0;
}

int numparse_decimal(const char *s, const char *e, double *v)
{
	const char *end;

	if (numparse_decimal_prefix(s, e, v, &end) || end != e)
		return -EINVAL;
	return 0;
}

int numparse_hexdigit(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}
