/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcidev: PCI devices through libpci (sysfs method): USB host controllers,
 * NICs, NVMe and the rest, with driver and IRQs (legacy and MSI). */
#ifndef BENCHTOP_PCIDEV_H
#define BENCHTOP_PCIDEV_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <jansson.h>

struct pcidev {
	char *addr;		/* "0000:00:03.0" */
	uint16_t vendor, device;
	uint32_t class_code;	/* base << 16 | sub << 8 | prog-if */
	char *name;		/* from pci.ids, else "1af4:1041" */
	const char *kind;	/* "USB xHCI controller", "NVMe", ... */
	char *driver;		/* bound driver, NULL when none */
	unsigned irq;		/* legacy line, 0 when none */
	unsigned *msi;		/* msi_irqs/ numbers, ascending */
	size_t nmsi;
	char *error;
};

struct pcidev_list {
	struct pcidev *v;
	size_t n;
	char *error;		/* "no PCI bus" or libpci's complaint */
};

/*
 * List the PCI devices under SYS_ROOT ("/sys") with libpci.  libpci reads
 * /sys/bus/pci itself (umockdev redirects it); SYS_ROOT is used for the
 * driver link and msi_irqs.  Returns the number of devices; a missing bus
 * is 0 with out->error set.
 */
#define PCIDEV_NAMES 1u	/* look vendor and device names up in pci.ids */

int pcidev_scan(const char *sys_root, unsigned flags,
		struct pcidev_list *out);

void pcidev_list_free(struct pcidev_list *l);

/* The device at ADDR ("0000:00:03.0"), or NULL. */
const struct pcidev *pcidev_find(const struct pcidev_list *l,
				 const char *addr);

/* What a class code means to a user ("USB xHCI controller"), or NULL. */
const char *pcidev_kind(uint32_t class_code);

/* Parse an IRQ number (sysfs irq file, msi_irqs entry name; newline
 * allowed).  Returns 0 or -EINVAL / -ERANGE. */
int pcidev_parse_irq(const char *buf, size_t len, unsigned *irq);

/*
 * The IRQs that fire for the PCI function ADDR, read from sysfs (libpci
 * not needed): its MSI/MSI-X vectors (msi_irqs/) when it has any, else
 * its legacy line (irq) when that is not 0.  A function on MSI-X keeps a
 * legacy number it does not use, often another device's line: it is not
 * listed.  Returns how many went to IRQS (at most MAX), ascending.
 */
size_t pcidev_sysfs_irqs(const char *sys_root, const char *addr,
			 unsigned *irqs, size_t max);

json_t *pcidev_json(const struct pcidev_list *l);

void pcidev_print(FILE *f, const struct pcidev_list *l);

#endif
