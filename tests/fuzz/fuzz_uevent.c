/* SPDX-License-Identifier: GPL-2.0-or-later */
/* fuzz_uevent: libFuzzer target for uevent_parse (a hotplug message of
 * the kernel's or libudev's form) and pciids_lookup (pci.ids text). */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "hw/pciids.h"
#include "hw/uevent.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *buf = (const char *)data;
	struct pciids_query q[3] = {
		{ .vendor = 0x1af4, .device = 0x1041 },
		{ .vendor = 0x0000, .device = 0x0000 },
		{ .vendor = 0xffff, .device = 0xffff },
	};
	struct uevent ev;
	size_t i;

	if (uevent_parse(buf, size, &ev) == 0 &&
	    (strlen(ev.name) >= sizeof(ev.name) ||
	     strlen(ev.devpath) >= sizeof(ev.devpath)))
		abort();
	pciids_lookup(buf, size, q, 3);
	for (i = 0; i < 3; i++)
		if (q[i].found && strlen(q[i].name) >= sizeof(q[i].name))
			abort();
	return 0;
}
