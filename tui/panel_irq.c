/* SPDX-License-Identifier: GPL-2.0-or-later */
/* panel_irq: every /proc/interrupts row with per-CPU rates (as many CPU
 * columns as fit beside the name, narrower ones before scrolling, Left
 * and Right a screenful at a time), affinity and effective affinity on
 * every row. */
#include "config.h"

#include <curses.h>
#include <stdio.h>
#include <string.h>

#include "app.h"
#include "cells.h"
#include "draw.h"
#include "base/i18n.h"
#include "panel.h"
#include "irqrows.h"
#include "listfilter.h"

#define LEFT_W 14	/* "IRQ   TOTAL/s " */
#define CPU_W 6		/* " 12.3k" */
#define CPU_SHORT 5	/* "  12k" (cells_count_short) */
#define LIST_W 3	/* the narrowest AFF and EFF columns */
#define LIST_MAX 12	/* the widest: longer lists are cut */
#define NAME_MIN 15	/* "virtio2-input.0", "xhci-hcd:usb5": always shown */

/* The widths of the AFF and EFF columns: the longest list of either. */
static int list_width(const struct moment *m)
{
	char t[64];
	size_t i;
	int w = LIST_W, n;

	for (i = 0; i < m->nirqs; i++) {
		const struct irq_affinity *af = m->irqs[i].aff;

		n = af->has_affinity ? (int)cpulist_format(&af->affinity, t,
							   sizeof(t)) : 1;
		w = n > w ? n : w;
		n = af->has_effective ? (int)cpulist_format(&af->effective, t,
							    sizeof(t)) : 1;
		w = n > w ? n : w;
	}
	return w > LIST_MAX ? LIST_MAX : w;
}

/* The columns that fit in WIDTH: a NAME of at least NAME_MIN always (it
 * is what a person looks for) and the AFF and EFF columns (*LW wide) on
 * every row; then a CPU column per CPU, CPU_W wide when all of them fit so,
 * else CPU_SHORT ("12k": 8 CPUs at 80 columns), scrolling when even these
 * do not all fit. *CW gets the cell width. AFF and EFF go (*LW 0; the
 * last line spells out the selected row's affinity) only where the width
 * leaves no room for them and one CPU column. */
static int cpu_columns(int width, size_t ncpus, int *lw, int *cw)
{
	int room = width - LEFT_W - 1 - NAME_MIN, n;

	if (room - CPU_SHORT < 2 * (*lw + 1))
		*lw = 0;
	room -= *lw ? 2 * (*lw + 1) : 0;
	*cw = room >= (int)ncpus * CPU_W ? CPU_W : CPU_SHORT;
	n = room / *cw;
	if (n < (int)ncpus)	/* the '>' that says more are to the right */
		n = (room - 1) / *cw;
	return n < 1 ? 1 : n;
}

/* The NAME cell: the action first ("virtio1-req.0"), then the chip,
 * hwirq and trigger in brackets when they fit in ROOM columns too. */
static void name_cell(const struct moment_irq *r, char *dst, size_t size,
		      int room)
{
	char rest[256];

	if (!r->action[0]) {
		cells_squeeze(dst, size, r->desc);
		return;
	}
	snprintf(rest, sizeof(rest), "%s %s %s", r->chip, r->hwirq,
		 r->trigger);
	cells_squeeze(dst, size, r->action);
	cells_squeeze(rest, sizeof(rest), rest);
	if (rest[0] && strlen(dst) + strlen(rest) + 4 < size &&
	    draw_width(dst) + draw_width(rest) + 3 <= room)
		snprintf(dst + strlen(dst), size - strlen(dst), " (%s)", rest);
}

/* The title row; returns the column after its last title. */
static int draw_titles(struct app *a, int y, int w, size_t first, int ncols,
		       int cw, int lw)
{
	const struct moment *m = app_moment(a);
	int x, i;

	draw_style(a->color, STYLE_TITLE);
	draw_fill(y, 0, w);
	draw_fmt(y, 0, w, "%-5s %7s ", _("IRQ"), _("TOTAL/s"));
	x = LEFT_W;
	for (i = 0; i < ncols && first + (size_t)i < m->nirq_cpus; i++) {
		char col[16];

		/* "CPU601" would fill the column: "C601" keeps a blank. */
		if (snprintf(col, sizeof(col), "CPU%u",
			     m->irq_cpus[first + (size_t)i]) > cw - 1)
			snprintf(col, sizeof(col), "C%u",
				 m->irq_cpus[first + (size_t)i]);
		x += draw_fmt(y, x, cw, "%*s", cw, col);
	}
	if (first + (size_t)ncols < m->nirq_cpus)
		x += draw_text(y, x, w - x, ">");
	if (lw)
		x += 1 + draw_fmt(y, x + 1, w - x - 1, "%-*s %-*s %s", lw,
				  _("AFF"), lw, _("EFF"), _("NAME"));
	else
		x += 1 + draw_text(y, x + 1, w - x - 1, _("NAME"));
	draw_style(a->color, STYLE_NORMAL);
	return x;
}

static void draw_row(struct app *a, int y, int w, const struct moment_irq *q,
		     size_t first, int ncols, int cw, int lw)
{
	size_t ncpus = app_moment(a)->nirq_cpus;
	const struct irq_affinity *af = q->aff;
	char total[16], cell[16], aff[64] = "-", eff[64] = "-", desc[256];
	int x, i;

	cells_count(total, sizeof(total), q->total_per_s, q->valid);
	draw_fmt(y, 0, w, "%-5.5s %7s ", q->key, total);
	x = LEFT_W;
	for (i = 0; i < ncols && first + (size_t)i < ncpus; i++) {
		size_t c = first + (size_t)i;

		/* ERR and MIS hold one count for the whole machine: it is
		 * in TOTAL/s, under no CPU */
		if (q->ncounts >= ncpus)
			(cw < CPU_W ? cells_count_short : cells_count)(cell,
				sizeof(cell), moment_irq_cpu(q, c),
				q->valid);
		else
			snprintf(cell, sizeof(cell), " ");
		x += draw_fmt(y, x, cw, "%*s", cw, cell);
	}
	if (first + (size_t)ncols < ncpus)
		x++;
	if (af->has_affinity)
		cpulist_format(&af->affinity, aff, sizeof(aff));
	if (af->has_effective)
		cpulist_format(&af->effective, eff, sizeof(eff));
	name_cell(q, desc, sizeof(desc), w - x - 1 - (lw ? 2 * (lw + 1) : 0));
	if (lw)
		draw_fmt(y, x + 1, w - x - 1, "%-*.*s %-*.*s %s", lw, lw, aff,
			 lw, lw, eff, desc);
	else
		draw_text(y, x + 1, w - x - 1, desc);
}

/* The selected row in words on the panel's last line: its whole name
 * does not fit beside eight CPU columns at 80 columns. */
static void draw_selected(struct app *a, int y, int w,
			  const struct moment_irq *q)
{
	const struct irq_affinity *af = q->aff;
	char desc[256], aff[64] = "-", eff[64] = "-";

	cells_squeeze(desc, sizeof(desc), q->desc);
	if (af->has_affinity)
		cpulist_format(&af->affinity, aff, sizeof(aff));
	if (af->has_effective)
		cpulist_format(&af->effective, eff, sizeof(eff));
	draw_style(a->color, STYLE_DIM);
	draw_fill(y, 0, w);
	draw_fmt(y, 0, w, _("%s: %s  affinity %s, effective %s"),
		 q->key, desc, aff, eff);
	draw_style(a->color, STYLE_NORMAL);
}

/* The order on the title row's right, where it leaves the titles (to
 * column end) whole, and what the filter left out. */
static void draw_order(struct app *a, int top, int width, int end,
		       const struct irqrows *l)
{
	char t[64];
	int n;

	n = snprintf(t, sizeof(t), _(" sort: %s "),
		     listfilter_sort_label(a, PANEL_IRQ));
	draw_style(a->color, STYLE_TITLE);
	if (width - n >= end)
		draw_text(top, width - n, n, t);
	else if (n > 2 && width - n + 2 > end)	/* no room for the blanks */
		draw_text(top, width - n + 2, n - 2, t + 1);
	draw_style(a->color, STYLE_NORMAL);
	if (l->n == 0 && listfilter_text(a, PANEL_IRQ))
		draw_fmt(top + 1, 0, width, _("no IRQ matches '%s' (Esc clears "
			 "the filter)"), listfilter_text(a, PANEL_IRQ));
}

static void irq_draw(struct app *a, int top, int height, int width)
{
	struct view *v = &a->views[PANEL_IRQ];
	const struct moment *r = app_moment(a);
	int lw, cw, ncols, i, rows = height - 2;
	const struct irqrows *l;

	if (!r->have_rates) {
		draw_text(top, 0, width, _("measuring... (first rates after one "
					   "interval)"));
		return;
	}
	lw = list_width(r);
	ncols = cpu_columns(width, r->nirq_cpus, &lw, &cw);
	v->ncols = (size_t)ncols;
	l = irqrows_get(a);
	v->nrows = l->n;
	if (v->sel >= l->n && l->n)
		v->sel = l->n - 1;
	if (v->col + (size_t)ncols > r->nirq_cpus)
		v->col = r->nirq_cpus > (size_t)ncols ?
			 r->nirq_cpus - (size_t)ncols : 0;
	if (v->sel < v->top)
		v->top = v->sel;
	if (rows > 0 && v->sel >= v->top + (size_t)rows)
		v->top = v->sel - (size_t)rows + 1;
	draw_order(a, top, width, draw_titles(a, top, width, v->col, ncols, cw,
				     lw),
		   l);
	for (i = 0; i < rows && v->top + (size_t)i < l->n; i++) {
		size_t k = v->top + (size_t)i;

		draw_style(a->color, k == v->sel ? STYLE_SELECTED :
						   STYLE_NORMAL);
		draw_fill(top + 1 + i, 0, width);
		draw_row(a, top + 1 + i, width, &r->irqs[l->v[k]], v->col,
			 ncols, cw, lw);
		mouse_row(a, top + 1 + i, k);
	}
	draw_style(a->color, STYLE_NORMAL);
	if (v->sel < l->n)
		draw_selected(a, top + height - 1, width,
			      &r->irqs[l->v[v->sel]]);
}

static bool irq_key(struct app *a, int ch)
{
	struct view *v = &a->views[PANEL_IRQ];

	if (view_key(v, ch))
		return true;
	switch (ch) {
	case ' ':
		return view_key(v, KEY_NPAGE);
	case 'g':
		return view_key(v, KEY_HOME);
	case 'G':
		return view_key(v, KEY_END);
	case KEY_RIGHT:	/* a screenful of CPU columns (the draw clamps) */
	case 'l':
		v->col += v->ncols ? v->ncols : 1;
		return true;
	case KEY_LEFT:
		v->col = v->col > v->ncols ? v->col - v->ncols : 0;
		return true;
	}
	return false;
}

const struct panel_ops panel_irq_ops = {
	.name = "irq",
	.draw = irq_draw,
	.key = irq_key,
};
