/* SPDX-License-Identifier: GPL-2.0-or-later */
/* numround: whole numbers from doubles without libm; below 2^52 a
 * double's whole part fits a long long exactly, and x - trunc(x) is
 * exact, so no step rounds. */
#include "config.h"

#include "base/numround.h"

#include <limits.h>
#include <stdint.h>
#include <string.h>

#define WHOLE_FROM 4503599627370496.0	/* 2^52: every double from here
					 * on is a whole number */

/* |X| with the sign bit of S: copysign(3) without libm. */
static double with_sign_of(double x, double s)
{
	uint64_t bx, bs;

	memcpy(&bx, &x, sizeof(bx));
	memcpy(&bs, &s, sizeof(bs));
	bx = (bx & ~(UINT64_C(1) << 63)) | (bs & UINT64_C(1) << 63);
	memcpy(&x, &bx, sizeof(x));
	return x;
}

/* True for a NaN, an infinity and |X| >= 2^52: X is its own result. */
static int is_whole_already(double x)
{
	return !(x > -WHOLE_FROM && x < WHOLE_FROM);
}

double numround_round(double x)
{
	double t;

	if (is_whole_already(x))
		return x;
	t = (double)(long long)x;	/* toward zero */
	if (x - t >= 0.5)
		t += 1.0;
	else if (x - t <= -0.5)
		t -= 1.0;
	return with_sign_of(t, x);
}

long long numround_llround(double x)
{
	double r = numround_round(x);

	/* -2^63 is a long long, 2^63 is not */
	if (!(r >= -9223372036854775808.0 && r < 9223372036854775808.0))
		return LLONG_MIN;
	return (long long)r;
}

double numround_floor(double x)
{
	double t;

	if (is_whole_already(x))
		return x;
	t = (double)(long long)x;
	if (t > x)
		t -= 1.0;
	return with_sign_of(t, x);
}
