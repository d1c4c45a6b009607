/* SPDX-License-Identifier: GPL-2.0-or-later */
/* normq: the standard normal quantile from Acklam's rational
 * approximation, refined against the normal distribution libm gives. */
#include "config.h"

#include "base/normq.h"

#include <math.h>

/* Acklam's rational approximation (relative error below 1.15e-9). */
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
		q = sqrt(-2 * log(p < 0.5 ? p : 1 - p));
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

double normq(double p)
{
	double z, e, u;

	if (!(p > 0 && p < 1))
		return NAN;
	z = acklam(p);
	/* one Halley step: P(Z <= z) = erfc(-z / sqrt 2) / 2 */
	e = 0.5 * erfc(-z / M_SQRT2) - p;
	u = e * sqrt(2 * M_PI) * exp(z * z / 2);
	return z - u / (1 + z * u / 2);
}
