/* SPDX-License-Identifier: GPL-2.0-or-later */
/* irqaff: /proc/irq/N/smp_affinity_list and effective_affinity_list. */
#ifndef BENCHTOP_IRQAFF_H
#define BENCHTOP_IRQAFF_H

#include <stdbool.h>

#include "base/cpulist.h"

struct irq_affinity {
	bool has_affinity;		/* smp_affinity_list was readable */
	bool has_effective;		/* effective_affinity_list exists */
	struct cpuset affinity;
	struct cpuset effective;
};

/*
 * Read the affinity files of IRQ under PROC_ROOT ("/proc"). Missing files
 * leave the matching has_ flag false (an unreadable or garbled
 * effective_affinity_list too); returns 0, -ENOENT when PROC_ROOT/irq/IRQ
 * itself is missing, or -errno for an unreadable or garbled
 * smp_affinity_list (-EINVAL, -ERANGE as cpulist_parse).
 */
int irqaff_read(const char *proc_root, unsigned irq, struct irq_affinity *out);

#endif
