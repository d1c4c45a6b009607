/* SPDX-License-Identifier: GPL-2.0-or-later */
/* panel_main: the overview: clusters, every disk and interface with its
 * rates and recent history, and the busiest IRQs. */
#include "config.h"

#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app.h"
#include "draw.h"
#include "cells.h"
#include "base/i18n.h"
#include "panel.h"
#include "base/settings.h"
/* [tune includes: begin] */
#include "tuneui.h"
/* [tune includes: end] */

#define SPARK_W 10
#define TOP_IRQS_MAX 32

/* A selectable row of the overview. */
enum item_kind { ITEM_DISK, ITEM_NET, ITEM_IRQ,
	/* [tune layout: begin] clusters are selectable too */
	ITEM_CLUSTER,
	/* [tune layout: end] */
};
struct item {
	enum item_kind kind;
	size_t index;		/* into rates.disks / nets / irqs */
};

struct layout {
	struct item items[512];
	size_t nitems;
	size_t ndisks, nnets, nirqs;
	/* [tune layout: begin] the first NCLUSTERS items */
	size_t nclusters;
	/* [tune layout: end] */
};

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

static void build_layout(const struct app *a, struct layout *l)
{
	const struct sample_rates *r = &a->rates;
	size_t i, order[TOP_IRQS_MAX * 16], n = 0;

	memset(l, 0, sizeof(*l));
	/* [tune layout: begin] */
	for (i = 0; a->have_hw && i < a->hw.clusters.n && i < 64; i++) {
		l->items[l->nitems++] = (struct item){ ITEM_CLUSTER, i };
		l->nclusters++;
	}
	/* [tune layout: end] */
	for (i = 0; i < r->ndisks && l->nitems < 200; i++)
		if (disk_shown(a, &r->disks[i])) {
			l->items[l->nitems++] = (struct item){ ITEM_DISK, i };
			l->ndisks++;
		}
	for (i = 0; i < r->nnets && l->nitems < 400; i++)
		if (!settings_hidden(a->cfg, r->nets[i].row->name)) {
			l->items[l->nitems++] = (struct item){ ITEM_NET, i };
			l->nnets++;
		}
	for (i = 0; i < r->nirqs && n < sizeof(order) / sizeof(order[0]); i++)
		if (r->irqs[i].row->total > 0)
			order[n++] = i;
	qsort_r(order, n, sizeof(order[0]), cmp_irq_rate, r->irqs);
	for (i = 0; i < n && i < TOP_IRQS_MAX; i++) {
		l->items[l->nitems++] = (struct item){ ITEM_IRQ, order[i] };
		l->nirqs++;
	}
}

static void title(struct app *a, int y, int w, const char *text)
{
	draw_style(a->color, STYLE_TITLE);
	draw_fill(y, 0, w);
	draw_text(y, 0, w, text);
	draw_style(a->color, STYLE_NORMAL);
}

static int draw_clusters(struct app *a, int y, int h, int w)
{
	char t[160];
	int used = 0;

	if (!a->have_hw || h < 2)
		return 0;
	cells_cluster_title(t, sizeof(t));
	title(a, y, w, t);
	used = 1;
	used += cells_draw_clusters(a, y + 1, h - 1, w);
	return used;
}

static void sparkline_of(struct app *a, const char *kind, const char *name,
			 int y, int x)
{
	double v[SPARK_W];
	char key[96];
	size_t n;

	snprintf(key, sizeof(key), "%s:%s", kind, name);
	n = history_get(&a->hist, key, v, SPARK_W);
	draw_style(a->color, STYLE_GOOD);
	draw_sparkline(y, x, SPARK_W, v, n, a->utf8);
	draw_style(a->color, STYLE_NORMAL);
}

static void draw_disk(struct app *a, int y, int w, const struct disk_rate *d)
{
	char rd[24], wr[24], iops[16], util[8], link[96];
	bool ops = d->valid && !d->ops_unknown;
	int x;

	cells_bytes_rate(rd, sizeof(rd), d->rd_bytes_per_s, d->valid);
	cells_bytes_rate(wr, sizeof(wr), d->wr_bytes_per_s, d->valid);
	cells_count(iops, sizeof(iops), d->rd_iops + d->wr_iops, ops);
	snprintf(util, sizeof(util), ops ? "%3.0f%%" : "  -", d->util_pct);
	x = draw_fmt(y, 0, w, "%-10.10s %10s %10s %6s %4s ", d->row->name, rd,
		     wr, iops, util);
	sparkline_of(a, "disk", d->row->name, y, x);
	cells_disk_link(a, d->row->name, link, sizeof(link));
	draw_text(y, x + SPARK_W + 1, w - x - SPARK_W - 1, link);
}

static void draw_net(struct app *a, int y, int w, const struct net_rate *n)
{
	char rx[24], tx[24], pk[16], err[16], link[96];
	int x;

	cells_bits_rate(rx, sizeof(rx), n->rx_bytes_per_s, n->valid);
	cells_bits_rate(tx, sizeof(tx), n->tx_bytes_per_s, n->valid);
	cells_count(pk, sizeof(pk), n->rx_packets_per_s + n->tx_packets_per_s,
		  n->valid);
	cells_count(err, sizeof(err), n->rx_errs_per_s + n->tx_errs_per_s +
		  n->rx_drop_per_s + n->tx_drop_per_s, n->valid);
	x = draw_fmt(y, 0, w, "%-10.10s %12s %12s %6s %4s ", n->row->name, rx,
		     tx, pk, err);
	sparkline_of(a, "net", n->row->name, y, x);
	cells_net_link(a, n->row->name, link, sizeof(link));
	draw_text(y, x + SPARK_W + 1, w - x - SPARK_W - 1, link);
}

static void draw_item(struct app *a, int y, int w, const struct item *it,
		      bool selected)
{
	const struct sample_rates *r = &a->rates;

	draw_style(a->color, selected ? STYLE_SELECTED : STYLE_NORMAL);
	draw_fill(y, 0, w);
	if (it->kind == ITEM_DISK)
		draw_disk(a, y, w, &r->disks[it->index]);
	else if (it->kind == ITEM_NET)
		draw_net(a, y, w, &r->nets[it->index]);
	else
		cells_draw_irq_row(a, y, w, &r->irqs[it->index]);
	draw_style(a->color, STYLE_NORMAL);
}

/* Rows each section gets out of H (titles included). */
static void share_rows(const struct layout *l, int h, int *dh, int *nh,
		       int *ih)
{
	*dh = l->ndisks ? 1 + (int)l->ndisks : 0;
	*nh = l->nnets ? 1 + (int)l->nnets : 0;
	*ih = h - *dh - *nh;
	if (*ih < 4 && *dh > 3) {	/* squeeze disks before IRQs */
		int take = *dh - 3 < 4 - *ih ? *dh - 3 : 4 - *ih;

		*dh -= take;
		*ih += take;
	}
	if (*ih < 0)
		*ih = 0;
	if (*ih > 1 + (int)l->nirqs)
		*ih = 1 + (int)l->nirqs;
}

static int draw_section(struct app *a, const struct layout *l, size_t first,
			size_t count, int y, int h, int w)
{
	struct view *v = &a->views[panel_main_ops.id];
	int i;

	/* [tune layout: begin] */
	first += l->nclusters;
	/* [tune layout: end] */
	for (i = 0; i < h - 1 && (size_t)i < count; i++)
		draw_item(a, y + 1 + i, w, &l->items[first + (size_t)i],
			  v->sel == first + (size_t)i);
	if (count > (size_t)(h - 1) && h > 1) {
		draw_style(a->color, STYLE_DIM);
		draw_fmt(y + h - 1, w - 12, 12, _(" +%zu more"),
			 count - (size_t)(h - 2));
		draw_style(a->color, STYLE_NORMAL);
	}
	return h;
}

static void main_draw(struct app *a, int top, int height, int width)
{
	struct view *v = &a->views[panel_main_ops.id];
	struct layout *l = malloc(sizeof(*l));
	char t[160];
	int y = top, dh, nh, ih;

	if (!l)
		return;
	build_layout(a, l);
	v->nrows = l->nitems;
	if (v->sel >= l->nitems && l->nitems)
		v->sel = l->nitems - 1;
	/* [tune layout: begin] the hint line, the selected cluster */
	height -= tuneui_draw_hint(a, top + height - 1, width);
	dh = y;
	y += draw_clusters(a, y, height / 3, width);
	if (v->sel < l->nclusters && dh + 1 + (int)v->sel < y)
		mvchgat(dh + 1 + (int)v->sel, 0, width, a->color ? A_NORMAL :
			A_REVERSE, a->color ? STYLE_SELECTED : 0, NULL);
	/* [tune layout: end] */
	share_rows(l, top + height - y, &dh, &nh, &ih);
	if (!a->have_rates) {
		draw_text(y, 0, width, _("measuring... (first rates after one "
					 "interval)"));
		free(l);
		return;
	}
	if (dh) {
		cells_disk_title(t, sizeof(t));
		title(a, y, width, t);
		y += draw_section(a, l, 0, l->ndisks, y, dh, width);
	}
	if (nh) {
		cells_net_title(t, sizeof(t));
		title(a, y, width, t);
		y += draw_section(a, l, l->ndisks, l->nnets, y, nh, width);
	}
	if (ih > 0) {
		cells_irq_title(t, sizeof(t));
		title(a, y, width, t);
		draw_section(a, l, l->ndisks + l->nnets, l->nirqs, y, ih,
			     width);
	}
	free(l);
}

/* Enter: an IRQ opens in the IRQ screen, selected. */
static void open_selected(struct app *a)
{
	struct view *v = &a->views[panel_main_ops.id];
	struct layout *l = malloc(sizeof(*l));

	if (!l)
		return;
	build_layout(a, l);
	if (v->sel < l->nitems && l->items[v->sel].kind == ITEM_IRQ) {
		a->views[panel_irq_ops.id].sel = l->items[v->sel].index;
		a->back = &panel_main_ops;
		a->panel = &panel_irq_ops;
	} else {
		snprintf(a->message, sizeof(a->message), "%s",
			 _("Enter opens IRQ rows; disks and interfaces show "
			   "their link in the LINK column"));
	}
	free(l);
}

static bool main_key(struct app *a, int ch)
{
	struct view *v = &a->views[panel_main_ops.id];

	if (view_key(v, ch))
		return true;
	switch (ch) {
	case '\r':
	case '\n':
	case KEY_ENTER:
		open_selected(a);
		return true;
	}
	return false;
}

/* [tune selection: begin] */
enum panel_main_sel panel_main_selected(struct app *a, size_t *index)
{
	static const enum panel_main_sel kinds[] = {
		[ITEM_DISK] = PANEL_SEL_DISK, [ITEM_NET] = PANEL_SEL_NET,
		[ITEM_IRQ] = PANEL_SEL_IRQ, [ITEM_CLUSTER] = PANEL_SEL_CLUSTER,
	};
	struct view *v = &a->views[panel_main_ops.id];
	struct layout *l = malloc(sizeof(*l));
	enum panel_main_sel k = PANEL_SEL_NONE;

	if (!l)
		return k;
	build_layout(a, l);
	if (v->sel < l->nitems) {
		k = kinds[l->items[v->sel].kind];
		*index = l->items[v->sel].index;
	}
	free(l);
	return k;
}
/* [tune selection: end] */

const struct panel_ops panel_main_ops = {
	.name = "main",
	.id = 0,
	.draw = main_draw,
	.key = main_key,
};
