/* SPDX-License-Identifier: GPL-2.0-or-later */
/* libFuzzer target: sysfs path splitting, and IRQ matching of that path
 * against the rest of the input parsed as /proc/interrupts. */
#include "config.h"

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "hw/chain.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *s = (const char *)data, *nl = memchr(s, '\n', size);
	size_t plen = nl ? (size_t)(nl - s) : size, idx[16];
	struct irq_table t = { 0 };
	struct chain_path p;
	unsigned buses[2] = { 3, 4 }, irqs[2] = { 150, 151 };
	const char *names[1] = { "eth0" };
	struct chain_target tgt = { .buses = buses, .nbuses = 2,
				    .irqs = irqs, .nirqs = 2,
				    .names = names, .nnames = 1 };

	if (chain_parse_path(s, plen, &p) == 0) {
		tgt.controller = p.controller;
		tgt.pci = p.pci;
	}
	if (nl && interrupts_parse(nl + 1, size - plen - 1, &t) >= 0)
		chain_match_irqs(&t, &tgt, idx, 16);
	interrupts_free(&t);
	return 0;
}
