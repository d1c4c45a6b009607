/* SPDX-License-Identifier: GPL-2.0-or-later */
/* fuzz_time_in_state: libFuzzer target for clusters_parse_time_in_state,
 * clusters_parse_u64 and the sentence clusters_explain makes of a value. */
#include "config.h"

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "hw/clusters.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *buf = (const char *)data;
	struct cpufreqinfo_state *st;
	unsigned line;
	uint64_t v, sum = 0;
	char msg[160];
	int i, n = clusters_parse_time_in_state(buf, size, &st, &line);

	if (n < 0 && (st || (n == -EINVAL && line == 0)))
		abort();
	for (i = 0; i < n; i++)
		sum += st[i].ms / 10;
	free(st);
	clusters_parse_u64(buf, size, &v);
	if (clusters_explain("scaling_cur_freq", 0, buf, size, msg,
			     sizeof(msg)) == 0 || strlen(msg) >= sizeof(msg))
		abort();
	(void)sum;
	return 0;
}
