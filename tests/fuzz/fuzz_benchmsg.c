/* SPDX-License-Identifier: GPL-2.0-or-later */
/* libFuzzer target: the benchmark child's line protocol. */
#include "config.h"

#include <stddef.h>
#include <stdint.h>

#include "bench/benchmsg.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct benchmsg m;

	benchmsg_parse((const char *)data, size, &m);
	return 0;
}
