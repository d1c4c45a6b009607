/* SPDX-License-Identifier: GPL-2.0-or-later */
/* overview: the overview's row list, from the rates and the hardware model
 * of the moment: which disks and interfaces are shown, the IRQs busiest
 * first. */
#include "config.h"

#include "overview.h"

#include <stdlib.h>
#include <string.h>

#include "app.h"
#include "base/settings.h"

#define TOP_IRQS_MAX 32

static bool disk_shown(const struct app *a, const struct disk_rate *d)
{
	if (settings_hidden(a->cfg, d->row->name))
		return false;
	if (a->show_all)
		return true;
	if (d->row->kind == DISK_PARTITION)
		return false;
	if (d->row->kind != DISK_VIRTUAL)
		return true;
	return d->valid && (d->ops_unknown ?
			    d->rd_bytes_per_s + d->wr_bytes_per_s > 0 :
			    d->rd_iops + d->wr_iops > 0);
}

/* Busiest first: by rate, then by count since boot. */
static int cmp_irq_rate(const void *x, const void *y, void *ctx)
{
	const struct irq_rate *r = ctx;
	const struct irq_rate *p = &r[*(const size_t *)x];
	const struct irq_rate *q = &r[*(const size_t *)y];
	double a = p->valid ? p->total_per_s : 0;
	double b = q->valid ? q->total_per_s : 0;

	if (a != b)
		return (a < b) - (a > b);
	return (p->row->total < q->row->total) -
	       (p->row->total > q->row->total);
}

static void add(struct overview *o, enum overview_kind kind, size_t index,
		size_t *count)
{
	o->rows[o->nrows++] = (struct overview_row){ kind, index };
	(*count)++;
}

static void add_irqs(struct overview *o, const struct sample_rates *r)
{
	size_t i, order[TOP_IRQS_MAX * 16], n = 0;

	for (i = 0; i < r->nirqs && n < sizeof(order) / sizeof(order[0]); i++)
		if (r->irqs[i].row->total > 0)
			order[n++] = i;
	qsort_r(order, n, sizeof(order[0]), cmp_irq_rate, r->irqs);
	for (i = 0; i < n && i < TOP_IRQS_MAX; i++)
		add(o, OVERVIEW_IRQ, order[i], &o->nirqs);
}

static void build(const struct app *a, struct overview *o)
{
	const struct sample_rates *r = &a->rates;
	size_t i;

	o->nrows = o->nclusters = o->ndisks = o->nnets = o->nirqs = 0;
	for (i = 0; a->have_hw && i < a->hw.clusters.n && i < 64; i++)
		add(o, OVERVIEW_CLUSTER, i, &o->nclusters);
	if (!a->have_rates)
		return;
	for (i = 0; i < r->ndisks && o->nrows < 200; i++)
		if (disk_shown(a, &r->disks[i]))
			add(o, OVERVIEW_DISK, i, &o->ndisks);
	for (i = 0; i < r->nnets && o->nrows < 400; i++)
		if (!settings_hidden(a->cfg, r->nets[i].row->name))
			add(o, OVERVIEW_NET, i, &o->nnets);
	add_irqs(o, r);
}

const struct overview *overview_get(struct app *a)
{
	struct overview *o = &a->overview;

	if (!o->built || o->gen != a->data_gen) {
		build(a, o);
		o->gen = a->data_gen;
		o->built = true;
	}
	return o;
}
