/* SPDX-License-Identifier: GPL-2.0-or-later */
/* libFuzzer target: the presets.conf parser. */
#include "config.h"

#include <stddef.h>
#include <stdint.h>

#include "bench/presets.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct presets ps = { 0 };
	char msg[160];
	unsigned line = 0;
	uint64_t v;

	if (presets_parse((const char *)data, size, &ps, &line, msg,
			  sizeof(msg)) > 0)
		presets_find(&ps, ps.v[0].name);
	presets_free(&ps);
	presets_parse_size((const char *)data, size < 40 ? size : 40, &v);
	return 0;
}
