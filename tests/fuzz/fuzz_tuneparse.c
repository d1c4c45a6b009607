/* SPDX-License-Identifier: GPL-2.0-or-later */
/* fuzz_tuneparse: frequency text, comm text, and the min/max plan (which
 * must never cross, whatever the numbers). */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "tune/irqbalance.h"
#include "tune/tune.h"

static void plan(const uint8_t *d, size_t n)
{
	uint64_t v[4] = { 0 }, lo, hi;
	struct tune_freq_step st[2];
	int i, k;

	if (n < sizeof(v))
		return;
	memcpy(v, d, sizeof(v));
	lo = v[0] < v[1] ? v[0] : v[1];
	hi = v[0] < v[1] ? v[1] : v[0];
	k = tune_freq_plan(lo, hi, v[2], v[3], st);
	for (i = 0; i < k; i++) {
		if (st[i].kind == JOURNAL_MIN_FREQ)
			lo = st[i].khz;
		else
			hi = st[i].khz;
		if (lo > hi)
			abort();
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *s = malloc(size + 1);
	uint64_t khz;

	if (!s)
		return 0;
	memcpy(s, data, size);
	s[size] = '\0';
	tune_parse_khz(s, &khz);
	irqbalance_comm_is(s, size);
	free(s);
	plan(data, size);
	return 0;
}
