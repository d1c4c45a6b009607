/* SPDX-License-Identifier: GPL-2.0-or-later */
/* irqrows: the IRQ screen's rows - the IRQs that match its / filter, in
 * its S order - built once per change of the data; the selection is an
 * index into them and follows its IRQ when the order changes. */
#ifndef BENCHTOP_IRQROWS_H
#define BENCHTOP_IRQROWS_H

#include <stdbool.h>
#include <stddef.h>

#include "view/order.h"

struct app;

#define IRQROWS_KEY 16	/* an IRQ's key as kept to follow the selection */

struct irqrows {
	size_t *v;		/* indexes into the moment's irqs */
	char (*keys)[IRQROWS_KEY];	/* each row's IRQ key, copied */
	size_t n, cap;
	unsigned gen;		/* the app's data_gen it was built from */
	bool built;
	struct order_prev order;	/* the rate order shown last */
	int order_by;		/* the sort it was built with */
};

/* The rows for the data shown now (rebuilt only when data_gen moved). */
const struct irqrows *irqrows_get(struct app *a);

/* The index into the moment's irqs of the IRQ screen's selection, or -1. */
long irqrows_selected(struct app *a);

/* Select the moment's IRQ INDEX on the IRQ screen, clearing its
 * filter when that hides it. */
void irqrows_select(struct app *a, size_t index);

void irqrows_fini(struct irqrows *o);

#endif
