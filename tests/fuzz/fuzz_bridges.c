/* SPDX-License-Identifier: GPL-2.0-or-later */
/* libFuzzer target: the usb-bridges.conf parser. */
#include "config.h"

#include <stddef.h>
#include <stdint.h>

#include "hw/bridges.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct bridges b;
	size_t line = 0;

	if (bridges_parse((const char *)data, size, &b, &line) > 0) {
		bridges_lookup(&b, b.v[0].vid, b.v[0].pid);
		bridges_lookup(&b, 0x174c, 0x55aa);
	}
	bridges_free(&b);
	return 0;
}
