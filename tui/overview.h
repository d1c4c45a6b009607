/* SPDX-License-Identifier: GPL-2.0-or-later */
/* overview: the overview's selectable rows (clusters, shown disks and
 * interfaces, the busiest IRQs), built once per change of the data, not
 * on every draw or selection query; the selection is an index into them. */
#ifndef BENCHTOP_OVERVIEW_H
#define BENCHTOP_OVERVIEW_H

#include <stdbool.h>
#include <stddef.h>

#include "view/order.h"

struct app;

#define OVERVIEW_ROWS_MAX 512
#define OVERVIEW_KEY 32	/* a row's name, kept to follow the selection */
#define OVERVIEW_LINGER 16	/* idle virtual disks kept listed at once */
#define OVERVIEW_LINGER_S 10.0	/* for so long after their last I/O */

enum overview_kind {
	OVERVIEW_CLUSTER, OVERVIEW_DISK, OVERVIEW_NET, OVERVIEW_IRQ,
};

struct overview_row {
	enum overview_kind kind;
	size_t index;		/* into the moment's clusters, disks, nets, irqs */
};

/* Clusters first, then disks, interfaces and IRQs, each counted; those
 * the / filter leaves, disks and interfaces in the S order. */
struct overview {
	struct overview_row rows[OVERVIEW_ROWS_MAX];
	char keys[OVERVIEW_ROWS_MAX][OVERVIEW_KEY];	/* each row's name */
	size_t nrows;
	size_t nclusters, ndisks, nnets, nirqs;
	size_t nirqs_unlisted;	/* firing IRQs past the listed ones */
	unsigned gen;		/* the app's data_gen it was built from */
	bool built;
	struct order_prev irq_order;	/* the IRQs' order shown last */
	struct order_prev disk_order, net_order;	/* by rate (S) */
	struct {		/* loop, ram, zram disks active lately */
		char name[OVERVIEW_KEY];
		double until;	/* uptime, s, until which it is listed */
	} linger[OVERVIEW_LINGER];
};

/* The rows for the data shown now (rebuilt only when A->data_gen moved). */
const struct overview *overview_get(struct app *a);

void overview_fini(struct overview *o);

#endif
