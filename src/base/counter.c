/* SPDX-License-Identifier: GPL-2.0-or-later */
/* counter: wrap-aware deltas of u64 kernel counters. */
#include "config.h"

#include "base/counter.h"

#define U32_RANGE (UINT64_C(1) << 32)

bool counter_delta(uint64_t prev, uint64_t cur, uint64_t *d)
{
	if (cur >= prev) {
		*d = cur - prev;
		return true;
	}
	if (prev < U32_RANGE && prev >= U32_RANGE / 4 * 3 &&
	    cur < U32_RANGE / 4) {
		*d = U32_RANGE - prev + cur;
		return true;
	}
	*d = 0;
	return false;
}

bool counter_deltas(const uint64_t *prev, const uint64_t *cur, uint64_t *d,
		    size_t n)
{
	bool ok = true;
	size_t i;

	for (i = 0; i < n; i++)
		ok &= counter_delta(prev[i], cur[i], &d[i]);
	return ok;
}

double counter_rate(uint64_t delta, double dt)
{
	if (!(dt > 0))
		return 0;
	return (double)delta / dt;
}
