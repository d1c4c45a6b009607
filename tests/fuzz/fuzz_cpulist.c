/* SPDX-License-Identifier: GPL-2.0-or-later */
/* fuzz_cpulist: libFuzzer target for cpulist_parse and cpumask_parse; every
 * set that parses must come back unchanged through both formatters. */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>

#include "base/cpulist.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void round_trip(const struct cpuset *s, unsigned nbits)
{
	static char text[CPUSET_MAX * 6];
	struct cpuset back;
	size_t n = cpulist_format(s, text, sizeof(text));

	if (n >= sizeof(text) || cpulist_parse(text, n, &back) < 0 ||
	    !cpuset_equal(s, &back))
		abort();
	n = cpumask_format(s, nbits, text, sizeof(text));
	if (n >= sizeof(text) || cpumask_parse(text, n, &back) < 0 ||
	    !cpuset_equal(s, &back))
		abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *buf = (const char *)data;
	unsigned nbits = size ? data[0] * 8u : 0;
	struct cpuset s;
	int n;

	n = cpulist_parse(buf, size, &s);
	if (n >= 0) {
		if ((unsigned)n != cpuset_count(&s))
			abort();
		round_trip(&s, nbits);
	} else if (cpuset_count(&s) != 0) {
		abort();
	}
	n = cpumask_parse(buf, size, &s);
	if (n >= 0)
		round_trip(&s, nbits);
	return 0;
}
