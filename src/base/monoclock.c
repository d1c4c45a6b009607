/* SPDX-License-Identifier: GPL-2.0-or-later */
/* monoclock: the monotonic clock in seconds. */
#include "config.h"

#include "base/monoclock.h"

#include <time.h>

double monoclock_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}
