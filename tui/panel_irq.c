/* panel_irq: every /proc/interrupts row with per-CPU rates (as many CPU
 * columns as fit, scrolling for the rest), affinity and effective
 * affinity. */
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
#define RIGHT_W 18	/* affinity and effective affinity */

static int cpu_columns(int width)
{
	int n = (width - LEFT_W - RIGHT_W) / CPU_W;

	return n < 1 ? 1 : n;
}

static void draw_titles(struct app *a, int y, int w, size_t first, int ncols)
{
	const struct irq_table *t = &app_cur(a)->irqs;
	int x, i;

	draw_style(a->color, STYLE_TITLE);
	draw_fill(y, 0, w);
	draw_fmt(y, 0, w, "%-5s %7s ", _("IRQ"), _("TOTAL/s"));
	x = LEFT_W;
	for (i = 0; i < ncols && first + (size_t)i < t->ncpus; i++) {
		char col[16];

		snprintf(col, sizeof(col), "CPU%u", t->cpus[first + (size_t)i]);
		x += draw_fmt(y, x, CPU_W, "%*s", CPU_W, col);
	}
	draw_fmt(y, x + 1, w - x - 1, "%-8s %-8s %s", _("AFFINITY"),
		 _("EFFECT."), _("NAME"));
	draw_style(a->color, STYLE_NORMAL);
}

static void draw_row(struct app *a, int y, int w, const struct irq_rate *q,
		     size_t first, int ncols)
{
	const struct sample *s = app_cur(a);
	const struct irq_affinity *af = &s->aff[q->row - s->irqs.rows];
	char total[16], cell[16], aff[64] = "-", eff[64] = "-", desc[256];
	int x, i;

	cells_count(total, sizeof(total), q->total_per_s, q->valid);
	draw_fmt(y, 0, w, "%-5.5s %7s ", q->row->key, total);
	x = LEFT_W;
	for (i = 0; i < ncols && first + (size_t)i < s->irqs.ncpus; i++) {
		size_t c = first + (size_t)i;

		if (c < q->row->ncounts)
			cells_count(cell, sizeof(cell), q->valid ?
				    q->per_cpu[c] : 0, q->valid);
		else
			snprintf(cell, sizeof(cell), " ");
		x += draw_fmt(y, x, CPU_W, "%*s", CPU_W, cell);
	}
	if (af->has_affinity)
		cpulist_format(&af->affinity, aff, sizeof(aff));
	if (af->has_effective)
		cpulist_format(&af->effective, eff, sizeof(eff));
	cells_squeeze(desc, sizeof(desc), q->row->desc);
	draw_fmt(y, x + 1, w - x - 1, "%-8.8s %-8.8s %s", aff, eff, desc);
}

/* The selected row in words on the panel's last line: its whole name
 * does not fit beside eight CPU columns at 80 columns. */
static void draw_selected(struct app *a, int y, int w, const struct irq_rate *q)
{
	const struct sample *s = app_cur(a);
	const struct irq_affinity *af = &s->aff[q->row - s->irqs.rows];
	char desc[256], aff[64] = "-", eff[64] = "-";

	cells_squeeze(desc, sizeof(desc), q->row->desc);
	if (af->has_affinity)
		cpulist_format(&af->affinity, aff, sizeof(aff));
	if (af->has_effective)
		cpulist_format(&af->effective, eff, sizeof(eff));
	draw_style(a->color, STYLE_DIM);
	draw_fill(y, 0, w);
	draw_fmt(y, 0, w, _("%s: %s  affinity %s, effective %s"),
		 q->row->key, desc, aff, eff);
	draw_style(a->color, STYLE_NORMAL);
}

/* The order on the title row's right, and what the filter left out. */
static void draw_order(struct app *a, int top, int width,
		       const struct irqrows *l)
{
	char t[64];
	int n;

	n = snprintf(t, sizeof(t), _(" sort: %s "),
		     listfilter_sort_label(a, PANEL_IRQ));
	draw_style(a->color, STYLE_TITLE);
	draw_text(top, width - n, n, t);
	draw_style(a->color, STYLE_NORMAL);
	if (l->n == 0 && listfilter_text(a, PANEL_IRQ))
		draw_fmt(top + 1, 0, width, _("no IRQ matches '%s' (Esc clears "
			 "the filter)"), listfilter_text(a, PANEL_IRQ));
}

static void irq_draw(struct app *a, int top, int height, int width)
{
	struct view *v = &a->views[PANEL_IRQ];
	const struct sample_rates *r = &a->rates;
	int ncols = cpu_columns(width), i, rows = height - 2;
	const struct irqrows *l;

	if (!a->have_rates) {
		draw_text(top, 0, width, _("measuring... (first rates after one "
					   "interval)"));
		return;
	}
	l = irqrows_get(a);
	v->nrows = l->n;
	if (v->sel >= l->n && l->n)
		v->sel = l->n - 1;
	if (v->col + (size_t)ncols > app_cur(a)->irqs.ncpus)
		v->col = app_cur(a)->irqs.ncpus > (size_t)ncols ?
			 app_cur(a)->irqs.ncpus - (size_t)ncols : 0;
	if (v->sel < v->top)
		v->top = v->sel;
	if (rows > 0 && v->sel >= v->top + (size_t)rows)
		v->top = v->sel - (size_t)rows + 1;
	draw_titles(a, top, width, v->col, ncols);
	draw_order(a, top, width, l);
	for (i = 0; i < rows && v->top + (size_t)i < l->n; i++) {
		size_t k = v->top + (size_t)i;

		draw_style(a->color, k == v->sel ? STYLE_SELECTED :
						   STYLE_NORMAL);
		draw_fill(top + 1 + i, 0, width);
		draw_row(a, top + 1 + i, width, &r->irqs[l->v[k]], v->col,
			 ncols);
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
	case KEY_RIGHT:
	case 'l':
		v->col++;
		return true;
	case KEY_LEFT:
		if (v->col > 0)
			v->col--;
		return true;
	}
	return false;
}

const struct panel_ops panel_irq_ops = {
	.name = "irq",
	.draw = irq_draw,
	.key = irq_key,
};
