/* SPDX-License-Identifier: GPL-2.0-or-later */
/* benchcond: a benchmark result's conditions (doc/bench.md) as the lines
 * the results screen shows: target, USB link, the IRQs and the CPU that
 * took them, governors and clocks, temperature range, throttling. */
#ifndef BENCHTOP_BENCHCOND_H
#define BENCHTOP_BENCHCOND_H

#include "bench/benchresult.h"

#define BENCHCOND_W 512

/* Up to MAX lines about RES's conditions into L; returns how many. */
int benchcond_lines(const struct benchresult *res, char (*l)[BENCHCOND_W],
		    int max);

#endif
