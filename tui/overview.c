/* SPDX-License-Identifier: GPL-2.0-or-later */
/* overview: the overview's row list, from the moment (app_moment): which
 * disks and interfaces are shown, the IRQs busiest first. */
#include "config.h"

#include "overview.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app.h"
#include "base/settings.h"
#include "listfilter.h"

#define TOP_IRQS_MAX 32

static bool disk_active(const struct moment_disk *d)
{
	return d->valid && (d->ops_unknown ?
			    d->rd_bytes_per_s + d->wr_bytes_per_s > 0 :
			    d->rd_iops + d->wr_iops > 0);
}

/* Whether virtual disk D is listed: while it has I/O and for
 * OVERVIEW_LINGER_S after (at 0 B/s), so that a zram device busy now
 * and then does not come and go every tick and move the rows below. */
static bool linger(struct overview *o, const struct moment *r,
		   const struct moment_disk *d)
{
	size_t i, free = OVERVIEW_LINGER, old = 0;
	bool active = disk_active(d);

	if (!r->has_uptime)
		return active;
	for (i = 0; i < OVERVIEW_LINGER; i++) {
		if (strncmp(o->linger[i].name, d->name, OVERVIEW_KEY - 1) == 0)
			break;
		if (o->linger[i].until < r->uptime_s && free == OVERVIEW_LINGER)
			free = i;
		if (o->linger[i].until < o->linger[old].until)
			old = i;
	}
	if (active) {
		if (i == OVERVIEW_LINGER)
			i = free < OVERVIEW_LINGER ? free : old;
		snprintf(o->linger[i].name, OVERVIEW_KEY, "%.*s",
			 OVERVIEW_KEY - 1, d->name);
		o->linger[i].until = r->uptime_s + OVERVIEW_LINGER_S;
		return true;
	}
	/* (a replay gone back before its last I/O: not listed) */
	return i < OVERVIEW_LINGER && r->uptime_s <= o->linger[i].until &&
	       r->uptime_s >= o->linger[i].until - OVERVIEW_LINGER_S;
}

/* Whether disk D is listed without a: whole disks, and virtual ones while
 * they have I/O (linger). */
static bool disk_shown(struct overview *o, const struct moment *r,
		       const struct moment_disk *d)
{
	if (d->kind == DISK_PARTITION)
		return false;
	if (d->kind != DISK_VIRTUAL)
		return true;
	return linger(o, r, d);
}

/* Busiest first: by rate, then by count since boot. */
static int cmp_irq_rate(const void *x, const void *y, void *ctx)
{
	const struct moment_irq *r = ctx;
	const struct moment_irq *p = &r[*(const size_t *)x];
	const struct moment_irq *q = &r[*(const size_t *)y];
	double a = p->valid ? p->total_per_s : 0;
	double b = q->valid ? q->total_per_s : 0;

	if (a != b)
		return (a < b) - (a > b);
	return (p->total < q->total) - (p->total > q->total);
}

static double irq_rate(const void *ctx, size_t i)
{
	const struct moment_irq *q = &((const struct moment *)ctx)->irqs[i];

	return q->valid ? q->total_per_s : 0;
}

static const char *irq_key(const void *ctx, size_t i)
{
	return ((const struct moment *)ctx)->irqs[i].key;
}

static void add(struct overview *o, enum overview_kind kind, size_t index,
		size_t *count)
{
	o->rows[o->nrows++] = (struct overview_row){ kind, index };
	(*count)++;
}

/* Whether the / filter of the overview leaves NAME. */
static bool named(const struct app *a, const char *name)
{
	return listfilter_match(a, PANEL_MAIN, &name, 1);
}

static bool irq_shown(const struct app *a, const struct moment_irq *q)
{
	const char *names[] = { q->key, q->desc, q->action };

	return q->total > 0 && listfilter_match(a, PANEL_MAIN, names, 3);
}

static void add_irqs(const struct app *a, struct overview *o,
		     const struct moment *r)
{
	size_t i, order[TOP_IRQS_MAX * 16], n = 0, firing = 0;
	struct order_items it = { r, r->nirqs, irq_rate, irq_key,
				  ORDER_LEAD_IRQS };

	for (i = 0; i < r->nirqs; i++)
		if (irq_shown(a, &r->irqs[i]) && firing++ < sizeof(order) /
		    sizeof(order[0]))
			order[n++] = i;
	qsort_r(order, n, sizeof(order[0]), cmp_irq_rate, r->irqs);
	order_hold(&o->irq_order, order, n, &it);	/* no swaps by noise */
	if (n > TOP_IRQS_MAX)
		n = TOP_IRQS_MAX;
	order_note(&o->irq_order, order, n, &it);
	for (i = 0; i < n; i++)
		add(o, OVERVIEW_IRQ, order[i], &o->nirqs);
	/* the section's "+N more" counts these too (it said +26 of the 32
	 * listed with 84 firing) */
	o->nirqs_unlisted = firing - o->nirqs;
}

static double row_rate(const struct moment *r,
		       const struct overview_row *w)
{
	if (w->kind == OVERVIEW_DISK)
		return r->disks[w->index].valid ?
		       r->disks[w->index].rd_bytes_per_s +
		       r->disks[w->index].wr_bytes_per_s : 0;
	return r->nets[w->index].valid ? r->nets[w->index].rx_bytes_per_s +
	       r->nets[w->index].tx_bytes_per_s : 0;
}

static const char *row_name(const struct moment *r,
			    const struct overview_row *w)
{
	switch (w->kind) {
	case OVERVIEW_DISK:
		return r->disks[w->index].name;
	case OVERVIEW_NET:
		return r->nets[w->index].name;
	case OVERVIEW_IRQ:
		return r->irqs[w->index].key;
	default:
		return "";
	}
}

struct order {
	const struct moment *r;
	enum listfilter_sort by;
	enum overview_kind kind;	/* of the rows sorted */
};

/* S: by rate (busiest first) or by name; the kernel's order else. */
static int cmp_row(const void *x, const void *y, void *ctx)
{
	const struct overview_row *p = x, *q = y;
	const struct order *o = ctx;
	double a, b;

	if (o->by == LISTSORT_NAME)
		return strcmp(row_name(o->r, p), row_name(o->r, q));
	a = row_rate(o->r, p);
	b = row_rate(o->r, q);
	if (o->by == LISTSORT_RATE && a != b)
		return a > b ? -1 : 1;
	return (p->index > q->index) - (p->index < q->index);
}

static double dev_rate(const void *ctx, size_t i)
{
	const struct order *o = ctx;
	struct overview_row w = { o->kind, i };

	return row_rate(o->r, &w);
}

static const char *dev_key(const void *ctx, size_t i)
{
	const struct order *o = ctx;
	struct overview_row w = { o->kind, i };

	return row_name(o->r, &w);
}

/* By rate, a disk or interface keeps its place unless another overtakes
 * it clearly (view/order.h); any other order starts that afresh. */
static void hold_rows(struct order_prev *p, const struct order *ord,
		      struct overview_row *rows, size_t n)
{
	struct order_items it = { ord, ord->kind == OVERVIEW_DISK ?
				  ord->r->ndisks : ord->r->nnets,
				  dev_rate, dev_key, ORDER_LEAD_BYTES };
	size_t i, v[OVERVIEW_ROWS_MAX];

	if (ord->by != LISTSORT_RATE) {
		order_forget(p);
		return;
	}
	for (i = 0; i < n; i++)
		v[i] = rows[i].index;
	order_hold(p, v, n, &it);
	order_note(p, v, n, &it);
	for (i = 0; i < n; i++)
		rows[i].index = v[i];
}

static void sort_rows(const struct app *a, const struct moment *m,
		      struct overview *o, size_t first, size_t n,
		      enum overview_kind kind)
{
	struct order ord = { m, a->filter.sort[PANEL_MAIN], kind };

	if (ord.by != LISTSORT_KERNEL)
		qsort_r(o->rows + first, n, sizeof(o->rows[0]), cmp_row, &ord);
	hold_rows(kind == OVERVIEW_DISK ? &o->disk_order : &o->net_order,
		  &ord, o->rows + first, n);
}

/* The disks shown without a, in the kernel's order; then, with a, the idle
 * virtual disks and the partitions it adds, below them: a busy disk is
 * never pushed down by idle loop devices. */
static void add_disks(const struct app *a, const struct moment *r,
		      struct overview *o)
{
	bool base[OVERVIEW_ROWS_MAX];
	size_t i, n = r->ndisks < OVERVIEW_ROWS_MAX ? r->ndisks :
		      OVERVIEW_ROWS_MAX;
	int pass;

	for (i = 0; i < n; i++)
		base[i] = disk_shown(o, r, &r->disks[i]);
	for (pass = 0; pass < (a->show_all ? 2 : 1); pass++)
		for (i = 0; i < n && o->nrows < 200; i++)
			if (base[i] == !pass &&
			    !settings_hidden(a->cfg, r->disks[i].name) &&
			    named(a, r->disks[i].name))
				add(o, OVERVIEW_DISK, i, &o->ndisks);
}

static void build(const struct app *a, const struct moment *r,
		  struct overview *o)
{
	size_t i;

	o->nrows = o->nclusters = o->ndisks = o->nnets = o->nirqs = 0;
	o->nirqs_unlisted = 0;
	for (i = 0; r->have_hw && i < r->nclusters && i < 64; i++)
		add(o, OVERVIEW_CLUSTER, i, &o->nclusters);
	if (!r->have_rates)
		return;
	add_disks(a, r, o);
	sort_rows(a, r, o, o->nclusters, o->ndisks, OVERVIEW_DISK);
	for (i = 0; i < r->nnets && o->nrows < 400; i++)
		if (!settings_hidden(a->cfg, r->nets[i].name) &&
		    named(a, r->nets[i].name))
			add(o, OVERVIEW_NET, i, &o->nnets);
	sort_rows(a, r, o, o->nclusters + o->ndisks, o->nnets,
		  OVERVIEW_NET);
	add_irqs(a, o, r);
	for (i = 0; i < o->nrows; i++)
		if (o->rows[i].kind == OVERVIEW_CLUSTER)
			snprintf(o->keys[i], OVERVIEW_KEY, "#%zu", i);
		else
			snprintf(o->keys[i], OVERVIEW_KEY, "%.*s",
				 OVERVIEW_KEY - 1, row_name(r, &o->rows[i]));
}

/* The row of KIND named KEY, or N when there is none. */
static size_t find_row(const struct overview *o, enum overview_kind kind,
		       const char *key)
{
	size_t i;

	for (i = 0; i < o->nrows; i++)
		if (o->rows[i].kind == kind && strcmp(o->keys[i], key) == 0)
			return i;
	return o->nrows;
}

const struct overview *overview_get(struct app *a)
{
	struct overview *o = &a->overview;
	struct view *v = &a->views[PANEL_MAIN];
	char key[OVERVIEW_KEY] = "";
	enum overview_kind kind = OVERVIEW_CLUSTER;
	size_t at;

	if (o->built && o->gen == a->data_gen)
		return o;
	if (o->built && v->sel < o->nrows) {	/* follow the selection */
		kind = o->rows[v->sel].kind;
		memcpy(key, o->keys[v->sel], sizeof(key));
	}
	build(a, app_moment(a), o);
	o->gen = a->data_gen;
	o->built = true;
	at = key[0] ? find_row(o, kind, key) : o->nrows;
	if (at < o->nrows)
		v->sel = at;
	else if (key[0] && kind != OVERVIEW_CLUSTER)
		v->sel = o->nrows > o->nclusters ? o->nclusters : 0;
	return o;
}

void overview_fini(struct overview *o)
{
	order_fini(&o->irq_order);
	order_fini(&o->disk_order);
	order_fini(&o->net_order);
}
