/* SPDX-License-Identifier: GPL-2.0-or-later */
/* irqmove: whether an IRQ pin took effect.  After a write to
 * smp_affinity_list the kernel's effective affinity may still name the
 * old CPUs: on x86 an IO-APIC or MSI interrupt moves at its next
 * interrupt (a pending move), on a GIC at once (a refusal).  These tell
 * the two apart by the interrupt controller's name and by whether the
 * IRQ fired since the write. */
#ifndef BENCHTOP_IRQMOVE_H
#define BENCHTOP_IRQMOVE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "collect/interrupts.h"

/* Whether the chip of a /proc/interrupts row ("IR-PCI-MSIX-0000:00:03.0",
 * "IO-APIC", "GICv2") moves an interrupt at its next interrupt rather
 * than at the write: x86's IO-APIC, MSI, HPET and DMAR chips. */
bool irqmove_defers(const char *chip);

/* Whether every CPU of the list EFFECTIVE is in the list AFFINITY; true
 * when either cannot be read (nothing to say against the pin). */
bool irqmove_inside(const char *affinity, const char *effective);

/* What /proc/interrupts says of one IRQ: its count, its chip, and the
 * names of its actions (which device holds it: "virtio0-config"). */
struct irqmove_id {
	uint64_t total;
	char chip[64];
	char action[64];
};

/* IRQ's row of T (NULL: PROC_ROOT/interrupts is read) into OUT; 0, or
 * -ENOENT when no row has that number, or the read's -errno. */
int irqmove_row(const char *proc_root, const struct irq_table *t,
		unsigned irq, struct irqmove_id *out);

/* The IRQ whose action in PROC_ROOT/interrupts is NAME (a persisted pin
 * names its device, as its number may change across kernels): 0 with the
 * number in *IRQ; -ENOENT none, -EEXIST several (the second in *OTHER),
 * or the read's -errno. */
int irqmove_named(const char *proc_root, const char *name, unsigned *irq,
		  unsigned *other);

#endif
