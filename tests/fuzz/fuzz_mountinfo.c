/* SPDX-License-Identifier: GPL-2.0-or-later */
/* libFuzzer target: /proc/self/mountinfo and queue/scheduler parsers. */
#include "config.h"

#include <stddef.h>
#include <stdint.h>

#include "hw/blockdev.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct blockdev_mnts m;
	char cur[16], avail[64];
	size_t line = 0;

	blockdev_parse_mountinfo((const char *)data, size, &m, &line);
	blockdev_mnts_free(&m);
	blockdev_parse_sched((const char *)data, size, cur, sizeof(cur), avail,
			     sizeof(avail));
	return 0;
}
