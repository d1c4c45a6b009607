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
#include "frame.h"
#include "cells.h"
#include "base/i18n.h"
#include "panel.h"
#include "listfilter.h"
#include "base/settings.h"
#include "hintui.h"

#define SPARK_W 10

/* A section's column titles on row Y; the columns they take. */
static int title(struct app *a, int y, int w, const char *text)
{
	int used;

	draw_style(a->color, STYLE_TITLE);
	draw_fill(y, 0, w);
	used = draw_text(y, 0, w, text);
	draw_style(a->color, STYLE_NORMAL);
	return used;
}

/* Source K's sentence on row Y when its file failed; 1 row or 0. */
static int error_line(struct app *a, enum live_source k, int y, int w)
{
	char msg[200];

	if (!stale_sentence(a, k, msg, sizeof(msg)))
		return 0;
	draw_style(a->color, STYLE_WARN);
	draw_fill(y, 0, w);
	draw_text(y, 0, w, msg);
	draw_style(a->color, STYLE_NORMAL);
	return 1;
}

/* The S order on the right of a disk or interface title whose titles
 * take USED columns, where it leaves them whole. */
static void title_order(struct app *a, int y, int w, int used)
{
	int sort = (int)a->filter.sort[PANEL_MAIN], n;
	const char *kept;
	struct frame_key k;
	char t[64];

	frame_key_init(&k);	/* made once per order (textcache.c) */
	frame_key_add(&k, &sort, sizeof(sort));
	kept = textcache_line(&a->text, TEXTCACHE_SORT, &k);
	if (kept) {
		n = (int)strlen(kept);
		snprintf(t, sizeof(t), "%s", kept);
	} else {
		n = snprintf(t, sizeof(t), _(" sort: %s "),
			     listfilter_sort_label(a, PANEL_MAIN));
		textcache_line_keep(&a->text, TEXTCACHE_SORT, &k, t);
	}
	draw_style(a->color, STYLE_TITLE);	/* as the IRQ screen's */
	if (w - n >= used)
		draw_text(y, w - n, n, t);
	else if (n > 2 && w - n + 2 > used)	/* no room for the blanks */
		draw_text(y, w - n + 2, n - 2, t + 1);
	draw_style(a->color, STYLE_NORMAL);
}

/* A replay's interfaces have their bytes recorded, not their packets
 * and errors: the NET title says why those columns read "-", in words
 * where they fit, else shorter.  Whether it did. */
static bool title_unrecorded(struct app *a, int y, int w, int used)
{
	const struct moment *m = app_moment(a);
	const char *t = _(" PKT/s, E+D: not recorded ");
	int n = (int)strlen(t);

	if (!m->nnets || m->nets[0].counts_known)
		return false;
	if (w - n < used) {
		t = _(" - not recorded");
		n = (int)strlen(t);
	}
	draw_style(a->color, STYLE_TITLE);
	if (w - n >= used)
		draw_text(y, w - n, n, t);
	draw_style(a->color, STYLE_NORMAL);
	return true;
}

static int draw_clusters(struct app *a, int y, int h, int w)
{
	int used = 0, tw;

	if (!app_moment(a)->have_hw || h < 2)
		return 0;
	tw = title(a, y, w, textcache_title(&a->text, TEXTCACHE_CLUSTERS));
	used = 1;
	if (h > 2)
		used += error_line(a, LIVE_STAT, y + 1, w);
	used += cells_draw_clusters(a, y + used, h - used, w, tw);
	return used;
}

/* The last SPARK_W figures of KIND:NAME into V; the count. */
static size_t spark_values(struct app *a, const char *kind,
			   const char *name, double *v)
{
	char key[96];
	size_t k = strlen(kind), n = strnlen(name, sizeof(key) - k - 2);

	memcpy(key, kind, k);	/* "disk:sda", as history_push's */
	key[k] = ':';
	memcpy(key + k + 1, name, n);
	key[k + 1 + n] = '\0';
	return history_get(&a->hist, key, v, SPARK_W);
}

static void sparkline_of(struct app *a, const char *kind, const char *name,
			 int y, int x)
{
	double v[SPARK_W];
	size_t n = spark_values(a, kind, name, v);

	draw_style(a->color, STYLE_GOOD);
	draw_sparkline(y, x, SPARK_W, v, n, a->utf8);
	draw_style(a->color, STYLE_NORMAL);
}

static void draw_disk(struct app *a, int y, int w,
		      const struct moment_disk *d)
{
	char link[96], line[1024];
	int x;

	cells_disk_row(line, sizeof(line), d);
	x = draw_text(y, 0, w, line);
	sparkline_of(a, "disk", d->name, y, x);
	cells_disk_link(app_moment(a), d->name, link, sizeof(link));
	draw_text(y, x + SPARK_W + 1, w - x - SPARK_W - 1, link);
}

static void draw_net(struct app *a, int y, int w, const struct moment_net *n)
{
	char link[96], line[1024];
	int x;

	cells_net_row(line, sizeof(line), n);
	x = draw_text(y, 0, w, line);
	sparkline_of(a, "net", n->name, y, x);
	cells_net_link(app_moment(a), n->name, link, sizeof(link));
	draw_text(y, x + SPARK_W + 1, w - x - SPARK_W - 1, link);
}

/* What draw_disk and draw_net draw a row from after its cells (which
 * cells_disk_key and cells_net_key add): the history and the link
 * (change them together). */
static void dev_key(struct app *a, struct frame_key *k, const char *kind,
		    const char *name)
{
	double v[SPARK_W];
	size_t n = spark_values(a, kind, name, v);
	char link[96];

	frame_key_add(k, &n, sizeof(n));
	frame_key_add(k, v, n * sizeof(v[0]));
	if (kind[0] == 'd')
		cells_disk_link(app_moment(a), name, link, sizeof(link));
	else
		cells_net_link(app_moment(a), name, link, sizeof(link));
	frame_key_str(k, link);
}

static void disk_key(struct app *a, struct frame_key *k,
		     const struct moment_disk *d)
{
	cells_disk_key(k, d);
	dev_key(a, k, "disk", d->name);
}

static void net_key(struct app *a, struct frame_key *k,
		    const struct moment_net *n)
{
	cells_net_key(k, n);
	dev_key(a, k, "net", n->name);
}

/* Row IT's key: the row's look, then what its cells are drawn from. */
static void item_key(struct app *a, struct frame_key *k, int w,
		     const struct overview_row *it, bool selected, bool stale)
{
	const struct moment *r = app_moment(a);
	bool look[4] = { a->color, a->utf8, selected, stale };

	frame_key_init(k);
	frame_key_add(k, &w, sizeof(w));
	frame_key_add(k, look, sizeof(look));
	frame_key_add(k, &it->kind, sizeof(it->kind));
	if (it->kind == OVERVIEW_DISK)
		disk_key(a, k, &r->disks[it->index]);
	else if (it->kind == OVERVIEW_NET)
		net_key(a, k, &r->nets[it->index]);
	else
		cells_irq_key(k, &r->irqs[it->index]);
}

static void draw_item(struct app *a, int y, int w,
		      const struct overview_row *it, bool selected, bool stale)
{
	const struct moment *r = app_moment(a);
	struct frame_key k;

	item_key(a, &k, w, it, selected, stale);
	if (draw_row_kept(y, &k)) {	/* as in the last frame */
		draw_style(a->color, STYLE_NORMAL);
		return;
	}
	draw_style(a->color, selected ? STYLE_SELECTED : stale ? STYLE_DIM :
		   STYLE_NORMAL);
	draw_fill(y, 0, w);
	if (it->kind == OVERVIEW_DISK)
		draw_disk(a, y, w, &r->disks[it->index]);
	else if (it->kind == OVERVIEW_NET)
		draw_net(a, y, w, &r->nets[it->index]);
	else
		cells_draw_irq_row(a, y, w, &r->irqs[it->index]);
	draw_style(a->color, STYLE_NORMAL);
	draw_row_keep(y);
}

/* Rows each section gets out of H (titles included). */
/* H rows over three sections that need NEED[]: each gets what it needs
 * up to an equal share, and what one leaves is shared by the others. */
static void fair_share(int h, const int need[3], int got[3])
{
	bool done[3] = { false, false, false };
	int left = h < 0 ? 0 : h, k = 3, i, moved = 1;

	while (k && moved) {
		moved = 0;
		for (i = 0; i < 3; i++)
			if (!done[i] && need[i] <= left / k) {
				got[i] = need[i], left -= need[i];
				done[i] = true, k--, moved = 1;
			}
	}
	for (i = 0; i < 3; i++)
		if (!done[i]) {
			got[i] = left / k + (left % k > 0);
			left -= got[i], k--;
		}
}

static void share_rows(const struct overview *l, const struct live_carry *st,
		       int h, int *dh, int *nh, int *ih)
{
	int de = st->rc[LIVE_DISKS] != 0, ne = st->rc[LIVE_NETS] != 0;
	int ni = (int)l->nirqs + (l->nirqs_unlisted > 0);	/* + marker */

	*dh = l->ndisks || de ? 1 + de + (int)l->ndisks : 0;
	*nh = l->nnets || ne ? 1 + ne + (int)l->nnets : 0;
	*ih = h - *dh - *nh;
	if (*ih < 4 && *dh > 3) {	/* squeeze disks before IRQs */
		int take = *dh - 3 < 4 - *ih ? *dh - 3 : 4 - *ih;

		*dh -= take;
		*ih += take;
	}
	if (*ih < 4 && *nh > 3) {	/* interfaces too: share the rows */
		int need[3] = { l->ndisks || de ? 1 + de + (int)l->ndisks : 0,
				*nh, 1 + (st->rc[LIVE_IRQS] != 0) + ni },
		    got[3];

		fair_share(h, need, got);
		*dh = got[0], *nh = got[1], *ih = got[2];
	}
	if (*ih < 0)
		*ih = 0;
	if (*ih > 1 + (st->rc[LIVE_IRQS] != 0) + ni)
		*ih = 1 + (st->rc[LIVE_IRQS] != 0) + ni;
}

/* Section K's rows FIRST.. under its title at Y: the sentence first
 * when its file failed, then the rows (dim when stale). */
static int draw_section(struct app *a, const struct overview *l, size_t first,
			size_t count, int y, int h, int w, enum live_source k)
{
	struct view *v = &a->views[PANEL_MAIN];
	int i, e = h > 1 ? error_line(a, k, y + 1, w) : 0;

	/* the IRQs past the listed ones are counted in the marker too */
	size_t total = count + (k == LIVE_IRQS ? l->nirqs_unlisted : 0);

	first += l->nclusters;
	/* When the rows do not all fit, the marker takes the last line of
	 * its own (it once overprinted the last row's link). */
	int rows = total > (size_t)(h - 1 - e) ? h - 2 - e : h - 1 - e;
	bool here = v->sel >= first && v->sel < first + count;
	size_t off = 0, shown;

	/* the selected row is always drawn: the rows scroll to it, and it
	 * takes the marker's line when that is the only one */
	if (here && rows < 1 && h > 1 + e)
		rows = 1;
	if (here && rows > 0 && v->sel - first >= (size_t)rows)
		off = v->sel - first - (size_t)rows + 1;
	for (i = 0; i < rows && off + (size_t)i < count; i++) {
		size_t r = first + off + (size_t)i;

		draw_item(a, y + 1 + e + i, w, &l->rows[r], v->sel == r,
			  a->live.carry.carried[k]);
		mouse_row(a, y + 1 + e + i, r);
	}
	/* the rows below the window: none when it was scrolled to the
	 * last (it counted the rows above too) */
	shown = off + (size_t)(rows > 0 ? rows : 0);
	if (shown > count)
		shown = count;
	if (total > shown && 1 + e + (rows > 0 ? rows : 0) < h) {
		draw_style(a->color, STYLE_DIM);
		draw_fill(y + h - 1, 0, w);
		draw_fmt(y + h - 1, w - 12, 12, _(" +%zu more"),
			 total - shown);
		draw_style(a->color, STYLE_NORMAL);
	}
	return h;
}

/* The section of the selected row SEL gets a line for it under its title:
 * one from another section that keeps two (a 60x12 screen left the IRQs
 * their title alone, and j selected rows never drawn). */
static void give_row(const struct overview *l, size_t sel, int *dh, int *nh,
		     int *ih)
{
	size_t d = l->nclusters + l->ndisks, n = d + l->nnets;
	int *to = sel >= n && sel < n + l->nirqs ? ih : sel >= d && sel < n ?
		  nh : NULL;
	int *from = nh != to && *nh > 2 ? nh : dh != to && *dh > 2 ? dh :
		    NULL;

	if (to && *to < 2 && from) {
		(*from)--;
		(*to)++;
	}
}

static void main_draw(struct app *a, int top, int height, int width)
{
	struct view *v = &a->views[PANEL_MAIN];
	const struct overview *l = overview_get(a);
	int y = top, dh, nh, ih, i, tw;

	v->nrows = l->nrows;
	if (v->sel >= l->nrows && l->nrows)
		v->sel = l->nrows - 1;
	/* the hint line, the selected cluster */
	height -= hintui_draw(a, top + height - 1, width, height / 3);
	dh = y;
	y += draw_clusters(a, y, height / 3, width);
	for (i = 0; (size_t)i < l->nclusters && dh + 1 + i < y; i++)
		mouse_row(a, dh + 1 + i, (size_t)i);
	if (v->sel < l->nclusters && dh + 1 + (int)v->sel < y)
		draw_restyle(dh + 1 + (int)v->sel, 0, width, a->color,
			     STYLE_SELECTED);
	share_rows(l, &a->live.carry, top + height - y, &dh, &nh, &ih);
	give_row(l, v->sel, &dh, &nh, &ih);
	if (!app_moment(a)->have_rates) {
		draw_text(y, 0, width, _("measuring... (first rates after one "
					 "interval)"));
		return;
	}
	if (!l->ndisks && !l->nnets && !l->nirqs &&
	    listfilter_text(a, PANEL_MAIN)) {
		draw_fmt(y, 0, width, _("no disk, interface or IRQ matches "
			 "'%s' (Esc clears the filter)"),
			 listfilter_text(a, PANEL_MAIN));
		return;
	}
	if (dh) {
		tw = title(a, y, width,
			   textcache_title(&a->text, TEXTCACHE_DISKS));
		title_order(a, y, width, tw);
		y += draw_section(a, l, 0, l->ndisks, y, dh, width,
				  LIVE_DISKS);
	}
	if (nh) {
		tw = title(a, y, width,
			   textcache_title(&a->text, TEXTCACHE_NETS));
		if (!title_unrecorded(a, y, width, tw))
			title_order(a, y, width, tw);
		y += draw_section(a, l, l->ndisks, l->nnets, y, nh, width,
				  LIVE_NETS);
	}
	if (ih > 0) {
		title(a, y, width,
		      textcache_title(&a->text, TEXTCACHE_IRQS));
		draw_section(a, l, l->ndisks + l->nnets, l->nirqs, y, ih,
			     width, LIVE_IRQS);
	}
}

/* Enter: an IRQ opens in the IRQ screen, selected. */
static void open_selected(struct app *a)
{
	struct view *v = &a->views[PANEL_MAIN];
	const struct overview *l = overview_get(a);

	if (v->sel < l->nrows && l->rows[v->sel].kind == OVERVIEW_IRQ) {
		irqrows_select(a, l->rows[v->sel].index);
		app_show(a, PANEL_IRQ);
	} else if (v->sel < l->nrows && (l->rows[v->sel].kind == OVERVIEW_DISK
		   || l->rows[v->sel].kind == OVERVIEW_NET)) {
		/* a disk or an interface: its device chain */
		snprintf(a->chain_dev, sizeof(a->chain_dev), "%s",
			 l->rows[v->sel].kind == OVERVIEW_DISK ?
			 app_moment(a)->disks[l->rows[v->sel].index].name :
			 app_moment(a)->nets[l->rows[v->sel].index].name);
		app_show(a, PANEL_CHAIN);
	} else {
		app_say(a, "%s",
			 _("Enter opens IRQ rows; disks and interfaces show "
			   "their link in the LINK column"));
	}
}

static bool main_key(struct app *a, int ch)
{
	struct view *v = &a->views[PANEL_MAIN];

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

enum panel_main_sel panel_main_selected(struct app *a, size_t *index)
{
	static const enum panel_main_sel kinds[] = {
		[OVERVIEW_DISK] = PANEL_SEL_DISK, [OVERVIEW_NET] = PANEL_SEL_NET,
		[OVERVIEW_IRQ] = PANEL_SEL_IRQ,
		[OVERVIEW_CLUSTER] = PANEL_SEL_CLUSTER,
	};
	struct view *v = &a->views[PANEL_MAIN];
	const struct overview *l = overview_get(a);

	if (v->sel >= l->nrows)
		return PANEL_SEL_NONE;
	*index = l->rows[v->sel].index;
	return kinds[l->rows[v->sel].kind];
}

const struct panel_ops panel_main_ops = {
	.name = "main",
	.draw = main_draw,
	.key = main_key,
};
