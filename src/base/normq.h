/* SPDX-License-Identifier: GPL-2.0-or-later */
/* normq: the standard normal quantile, which libm lacks. */
#ifndef BENCHTOP_NORMQ_H
#define BENCHTOP_NORMQ_H

/* z with P(Z <= z) = P for 0 < P < 1 (Acklam's rational approximation,
 * then one Halley step against libm's erfc: relative error below 1e-9);
 * NAN outside. */
double normq(double p);

#endif
