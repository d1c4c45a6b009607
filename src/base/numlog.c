/* SPDX-License-Identifier: GPL-2.0-or-later */
/* numlog: ln, exp, sqrt and the normal quantile from the bits of a double
 * and short series, so that the verdict's statistics need no libm. */
#include "config.h"

#include "base/numlog.h"

#include <math.h>
#include <stdint.h>
#include <string.h>

#define LN2 0.69314718055994530942
#define SQRT_HALF 0.70710678118654752440

/* X's exponent E and mantissa M in [1, 2): X = M * 2^E (X finite, > 0). */
static double split(double x, int *e)
{
	uint64_t b;
	int adj = 0;

	if (x < 2.2250738585072014e-308) {	/* subnormal: scale up */
		x *= 18014398509481984.0;	/* 2^54 */
		adj = -54;
	}
	memcpy(&b, &x, sizeof(b));
	*e = (int)((b >> 52) & 0x7ff) - 1023 + adj;
	b = (b & ~(UINT64_C(0x7ff) << 52)) | (UINT64_C(1023) << 52);
	memcpy(&x, &b, sizeof(x));
	return x;
}

/* 2^K for -1022 <= K <= 1023. */
static double pow2(int k)
{
	uint64_t b = (uint64_t)(k + 1023) << 52;
	double x;

	memcpy(&x, &b, sizeof(x));
	return x;
}

double numlog_ln(double x)
{
	double m, s, s2, term, sum;
	int e, k;

	if (isnan(x) || x < 0)
		return NAN;
	if (x == 0)
		return -INFINITY;
	if (isinf(x))
		return x;
	m = split(x, &e);
	if (m > 2 * SQRT_HALF) {	/* m in [sqrt(1/2), sqrt(2)) */
		m /= 2;
		e++;
	}
	/* ln m = 2 atanh(s), s = (m - 1) / (m + 1), |s| < 0.172 */
	s = (m - 1) / (m + 1);
	s2 = s * s;
	term = s;
	sum = 0;
	for (k = 1; k < 40; k += 2) {
		sum += term / k;
		term *= s2;
		if (term < 1e-20 * (sum < 0 ? -sum : sum) && term > -1e-300)
			break;
	}
	return 2 * sum + e * LN2;
}

double numlog_exp(double x)
{
	double r, term, sum;
	int k, i;

	if (isnan(x))
		return x;
	if (x > 709.78)
		return INFINITY;
	if (x < -745.2)
		return 0;
	/* x = k ln2 + r, |r| <= ln2 / 2 */
	k = (int)(x / LN2 + (x < 0 ? -0.5 : 0.5));
	r = x - k * 0.693147180369123816490 - k * 1.90821492927058770002e-10;
	sum = 1;
	term = 1;
	for (i = 1; i < 30; i++) {
		term *= r / i;
		sum += term;
		if ((term < 0 ? -term : term) < 1e-18)
			break;
	}
	if (k < -1021)		/* a subnormal result: two steps */
		return sum * pow2(k + 600) * pow2(-600);
	if (k > 1023)
		return sum * pow2(k - 1) * 2;
	return sum * pow2(k);
}

double numlog_sqrt(double x)
{
	double y;
	int e;

	if (isnan(x) || x < 0)
		return NAN;
	if (x == 0 || isinf(x))
		return x;
	/* a first guess from half the exponent, then Newton */
	split(x, &e);
	y = e >= -1022 && e <= 1023 ? pow2(e / 2) : 1;
	if (e < -1022)
		y = pow2(-511);
	for (e = 0; e < 60; e++) {
		double n = (y + x / y) / 2;

		if (n == y)
			break;
		y = n;
	}
	return y;
}

/* Acklam's rational approximation of the normal quantile. */
static double acklam(double p)
{
	static const double a[] = { -3.969683028665376e+01,
		2.209460984245205e+02, -2.759285104469687e+02,
		1.383577518672690e+02, -3.066479806614716e+01,
		2.506628277459239e+00 };
	static const double b[] = { -5.447609879822406e+01,
		1.615858368580409e+02, -1.556989798598866e+02,
		6.680131188771972e+01, -1.328068155288572e+01 };
	static const double c[] = { -7.784894002430293e-03,
		-3.223964580411365e-01, -2.400758277161838e+00,
		-2.549732539343734e+00, 4.374664141464968e+00,
		2.938163982698783e+00 };
	static const double d[] = { 7.784695709041462e-03,
		3.224671290700398e-01, 2.445134137142996e+00,
		3.754408661907416e+00 };
	double q, r;

	if (p < 0.02425 || p > 1 - 0.02425) {
		q = numlog_sqrt(-2 * numlog_ln(p < 0.5 ? p : 1 - p));
		r = (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) *
		     q + c[5]) / ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) *
				  q + 1);
		return p < 0.5 ? r : -r;
	}
	q = p - 0.5;
	r = q * q;
	return (((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r +
		a[5]) * q / (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r +
			      b[4]) * r + 1);
}

/* Q(T) = P(Z > T) for T >= 0: the series of erf up to 3, Lentz's
 * continued fraction of the tail beyond (no 1 - x for small tails). */
static double upper_tail(double t)
{
	double sum = t, term = t, f;
	int k;

	if (t <= 3) {
		for (k = 1; k < 200; k++) {
			term *= t * t / (2 * k + 1);
			sum += term;
			if (term < 1e-17 * sum)
				break;
		}
		return 0.5 - numlog_exp(-t * t / 2) * 0.39894228040143267794 *
			     sum;
	}
	f = t;
	for (k = 60; k >= 1; k--)
		f = t + k / f;
	return numlog_exp(-t * t / 2) * 0.39894228040143267794 / f;
}

/* P(Z <= X), for the refining step. */
static double normal_cdf(double x)
{
	return x < 0 ? upper_tail(-x) : 1 - upper_tail(x);
}

double numlog_normal_quantile(double p)
{
	double z, e;

	if (!(p > 0 && p < 1))
		return NAN;
	z = acklam(p);
	/* one Halley step against the cdf */
	e = normal_cdf(z) - p;
	if (z > -8 && z < 8) {
		double u = e * 2.50662827463100050242 * numlog_exp(z * z / 2);

		z = z - u / (1 + z * u / 2);
	}
	return z;
}
