/* SPDX-License-Identifier: GPL-2.0-or-later */
/* numlog: the natural logarithm, the exponential, the square root and
 * the normal quantile without libm (benchtop does not map it; see
 * numround.h), to within a few units in the last place - what the
 * verdict's statistics need, not a libm. */
#ifndef BENCHTOP_NUMLOG_H
#define BENCHTOP_NUMLOG_H

/* ln X: NAN below 0 or for a NaN, -INFINITY at 0, X at +INFINITY. */
double numlog_ln(double x);

/* e to the power X: 0 far below, INFINITY far above, NAN for a NaN. */
double numlog_exp(double x);

/* The square root of X: NAN below 0. */
double numlog_sqrt(double x);

/* The standard normal quantile: z with P(Z <= z) = P, for 0 < P < 1
 * (relative error below 1e-9: Acklam's rational approximation, one
 * Newton step); NAN outside. */
double numlog_normal_quantile(double p);

#endif
