/* SPDX-License-Identifier: GPL-2.0-or-later */
/* counter: deltas of kernel event counters that may wrap or reset. */
#ifndef BENCHTOP_COUNTER_H
#define BENCHTOP_COUNTER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/*
 * Delta from PREV to CUR into *D.  Returns true when the delta is
 * trustworthy.  A counter that went down is a 32-bit wrap only when PREV was
 * in the top quarter of the 32-bit range and CUR in the bottom quarter
 * (32-bit ARM kernels keep unsigned long counters); anything else that goes
 * down is a reset (device re-plugged, driver reloaded) and returns false so
 * the caller restarts that row's baseline.
 */
bool counter_delta(uint64_t prev, uint64_t cur, uint64_t *d);

/* counter_delta for N counters of PREV and CUR into D; true when all
 * were trustworthy (one reset makes the whole row restart). */
bool counter_deltas(const uint64_t *prev, const uint64_t *cur, uint64_t *d,
		    size_t n);

/* Delta over seconds as a rate; 0 when DT is not positive. */
double counter_rate(uint64_t delta, double dt);

#endif
