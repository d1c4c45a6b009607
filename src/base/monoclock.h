/* SPDX-License-Identifier: GPL-2.0-or-later */
/* monoclock: seconds on the monotonic clock, for intervals and bounds
 * (never for a time of day). */
#ifndef BENCHTOP_MONOCLOCK_H
#define BENCHTOP_MONOCLOCK_H

/* CLOCK_MONOTONIC in seconds. */
double monoclock_s(void);

#endif
