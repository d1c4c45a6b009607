/* SPDX-License-Identifier: GPL-2.0-or-later */
/* chain: which way the data of a disk or network interface travels,
 * derived from sysfs links rather than names: sda -> USB device 4-1 ->
 * host controller xhci-hcd.2.auto -> IRQ 150 -> the CPU it fires on. */
#ifndef BENCHTOP_CHAIN_H
#define BENCHTOP_CHAIN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <jansson.h>

#include "hw/blockdev.h"
#include "base/cpulist.h"
#include "collect/interrupts.h"
#include "hw/pcidev.h"
#include "hw/usbdev.h"

#define CHAIN_NAME_MAX 64

/* What a resolved sysfs device path says about the way to the CPU. */
struct chain_path {
	char usb_iface[CHAIN_NAME_MAX];	/* deepest interface, "4-1:1.0" */
	char usb_dev[CHAIN_NAME_MAX];	/* deepest USB device, "4-1" */
	unsigned usb_bus;		/* N of usbN; 0 when not on USB */
	char controller[CHAIN_NAME_MAX]; /* "xhci-hcd.2.auto", PCI address,
					  * or the parent of block/ or net/ */
	char pci[CHAIN_NAME_MAX];	/* nearest PCI function */
};

/*
 * Split a resolved sysfs path ("/sys/devices/platform/soc/12000000.dwc3/
 * xhci-hcd.2.auto/usb4/4-1/4-1:1.0/host0/.../block/sda") into OUT.
 * Returns 0, or -EINVAL for a path outside /devices/ or when a component
 * it keeps is longer than CHAIN_NAME_MAX.
 */
int chain_parse_path(const char *path, size_t len, struct chain_path *out);

/* What identifies a host controller's interrupts. */
struct chain_target {
	const char *controller;		/* action equal to it matches */
	const unsigned *buses;		/* root hubs: action "...:usbN" */
	size_t nbuses;
	const unsigned *irqs;		/* PCI irq and msi_irqs numbers */
	size_t nirqs;
	const char *pci;		/* chip "PCI-MSI(X)-<addr>" matches */
	const char *const *names;	/* other actions that match: "eth0" */
	size_t nnames;
};

/* Indexes of the rows of T that belong to TGT, into IDX (at most MAX);
 * returns how many matched. */
size_t chain_match_irqs(const struct irq_table *t,
			const struct chain_target *tgt, size_t *idx,
			size_t max);

struct chain_irq {
	unsigned irq;		/* Linux IRQ number (the row key) */
	char *hwirq;		/* the controller's number: "105" */
	char *action;		/* "xhci-hcd:usb5" */
	uint64_t total;
	int top_cpu;		/* CPU that takes it (most of them until
				 * chain_list_take_irqs), -1 none yet */
	unsigned top_pct;
	bool has_affinity;
	struct cpuset affinity;	/* smp_affinity_list */
};

struct chain {
	char *dev;		/* "sda", "eth0" */
	const char *kind;	/* "block", "net" */
	struct chain_path path;
	char *usb_label;	/* "ASMedia ... uas 5000M", NULL off USB */
	struct chain_irq *irqs;
	size_t nirqs;
	char *error;
};

struct chain_list {
	struct chain *v;
	size_t n;
	char *error;		/* /proc/interrupts unreadable */
};

/* What chain_build works from: the other scans and the two roots. */
struct chain_input {
	const char *sys_root;		/* "/sys" */
	const char *proc_root;		/* "/proc" */
	const struct usbdev_list *usb;
	const struct pcidev_list *pci;
	const struct blockdev_list *block;
	const struct irq_table *irqs;	/* /proc/interrupts as just read,
					 * or NULL: chain_build reads it */
};

/*
 * Build the chain of every disk in IN->block and every network interface
 * of SYS_ROOT/class/net that sits on a device (not lo or bridges).
 * Returns the number of chains or -ENOMEM; per-chain trouble goes into
 * that chain's error.
 */
int chain_build(const struct chain_input *in, struct chain_list *out);

void chain_list_free(struct chain_list *l);

/* The counts of each chain IRQ of L (total, the CPU with the most) from
 * T, a newer reading of /proc/interrupts; an IRQ T lacks keeps its own. */
void chain_list_count_irqs(struct chain_list *l, const struct irq_table *t);

struct sample;
struct sample_rates;

/* As chain_list_count_irqs from S, a sample, and R, its rates (or NULL),
 * but each IRQ's CPU is the one every view names (interrupts_taker: the
 * busiest now, else where its effective affinity or its counts since boot
 * send it) and its share the one of that CPU's counts since boot. */
void chain_list_take_irqs(struct chain_list *l, const struct sample *s,
			  const struct sample_rates *r);

/* One line: "sda -> 4-1 ASM... uas 5000M -> xhci-hcd.2.auto -> IRQ 150 ->
 * CPU 2".  Returns the length it needed (like snprintf). */
size_t chain_format(const struct chain *c, char *dst, size_t size);

json_t *chain_json(const struct chain_list *l);

void chain_print(FILE *f, const struct chain_list *l);

/* Everything the USB/PCI/block side of the hardware model holds. */
struct chain_model {
	struct usbdev_list usb;
	struct pcidev_list pci;
	struct blockdev_list block;
	struct chain_list chains;
};

#define CHAIN_PCI_NAMES 1u	/* name PCI devices from pci.ids */

/* Scan USB, PCI, block devices and build the chains; never fails as a
 * whole (problems are sentences inside); returns 0 or -ENOMEM. */
int chain_model_load(struct chain_model *m, const char *sys_root,
		     const char *proc_root, unsigned flags);

/* chain_model_load, the chains matched against IRQS (a sample's reading
 * of this moment; NULL: PROC_ROOT/interrupts is read again). */
int chain_model_load_irqs(struct chain_model *m, const char *sys_root,
			  const char *proc_root, unsigned flags,
			  const struct irq_table *irqs);

void chain_model_fini(struct chain_model *m);

/* Add "usb", "pci", "block" and "chain" to the JSON object OBJ. */
void chain_model_json(const struct chain_model *m, json_t *obj);

/* The USB, PCI, block and chain sections as text. */
void chain_model_print(FILE *f, const struct chain_model *m);

#endif
