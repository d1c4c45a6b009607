/* SPDX-License-Identifier: GPL-2.0-or-later */
/* order: a busiest-first order with hysteresis. A row keeps the place it
 * had in the order shown last unless one below it overtakes it clearly
 * (by more than an eighth of its rate and more than a least lead: 10 a
 * second for IRQs, 64 KiB/s for disks and interfaces), so rows whose
 * rates differ by noise do not swap every tick. Without an order shown
 * last the order is the plain one, unchanged. */
#ifndef BENCHTOP_ORDER_H
#define BENCHTOP_ORDER_H

#include <stdbool.h>
#include <stddef.h>

#define ORDER_KEY 32		/* a row's key as kept (an IRQ, a device) */
#define ORDER_LEAD_IRQS 10.0	/* per second: a lead below this is noise */
#define ORDER_LEAD_BYTES 65536.0	/* bytes per second, the same */

/* The order shown last: each place's item index and key. */
struct order_prev {
	size_t *idx;
	char (*key)[ORDER_KEY];
	size_t n, cap;
	size_t *rank, *pos, nrank;	/* scratch: each item's place last
					 * time and in the plain order */
	double *bars;			/* scratch of order_hold, nrank too */
	bool valid;
};

struct order_items {
	const void *ctx;
	size_t n;		/* items 0..n-1; V holds some of them */
	double (*rate)(const void *ctx, size_t item);
	const char *(*key)(const void *ctx, size_t item);
	double lead;		/* the least lead that is not noise */
};

/* Whether rate A overtakes rate B clearly: by more than an eighth of B
 * and more than LEAD. */
bool order_overtakes(double a, double b, double lead);

/* V (N item indexes, in the plain busiest-first order): reorder so that
 * each keeps its place from P unless a row below overtakes it clearly;
 * rows P had not come after the rows it had; then no row overtakes
 * clearly any row above it. Nothing is done when P is not valid (the
 * first order). */
void order_hold(struct order_prev *p, size_t *v, size_t n,
		const struct order_items *it);

/* Note V (N items) as the order shown: the next order_hold holds to it
 * (unless every rate of V is 0: then there is no order to hold). */
void order_note(struct order_prev *p, const size_t *v, size_t n,
		const struct order_items *it);

/* Forget the order shown (the sort changed): the next is the plain one. */
void order_forget(struct order_prev *p);

void order_fini(struct order_prev *p);

#endif
