/* SPDX-License-Identifier: GPL-2.0-or-later */
/* numround: round, llround and floor as the C library's libm computes
 * them (halves away from zero, the sign of a zero kept), so that
 * benchtop does not map libm (300 kB resident) for three functions. */
#ifndef BENCHTOP_NUMROUND_H
#define BENCHTOP_NUMROUND_H

/* X to the nearest whole number, halves away from zero: round(3). */
double numround_round(double x);

/* numround_round(X) as a long long; LLONG_MIN when that is out of range
 * or X is not a number (what llround(3) returns on x86-64 then). */
long long numround_llround(double x);

/* The largest whole number not above X: floor(3). */
double numround_floor(double x);

#endif
