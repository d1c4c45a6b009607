/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pciids: the vendor and device names of a few PCI devices from the text
 * of pci.ids in one pass, where libpci's pci_lookup_name parses and hashes
 * the whole file first (25 M instructions: 77 % of `benchtop --once`).
 * Pure over (buf,len); names as libpci gives them ("VENDOR DEVICE"). */
#ifndef BENCHTOP_PCIIDS_H
#define BENCHTOP_PCIIDS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct pciids_query {
	uint16_t vendor, device;
	bool found;		/* both names known */
	char name[256];		/* "Red Hat, Inc. Virtio 1.0 RNG" */
};

/* Fill each of the N queries from pci.ids text BUF of LEN bytes. */
void pciids_lookup(const char *buf, size_t len, struct pciids_query *q,
		   size_t n);

#endif
