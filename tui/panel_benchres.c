/* SPDX-License-Identifier: GPL-2.0-or-later */
/* panel_benchres: the results of this session's runs, their main figures,
 * and for the selected run each figure against the run before it of the
 * same preset ("write 251.3 MB/s  was 178.2  +41 %"). */
#include "config.h"

#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app.h"
#include "bench/bench.h"
#include "benchcond.h"
#include "wrap.h"
#include "draw.h"
#include "session/runmatch.h"
#include "base/i18n.h"
#include "panel.h"
#include "expui.h"
#include "snapui.h"

#define DETAIL_MAX 96	/* figures and conditions of one run */
#define DETAIL_ROWS (DETAIL_MAX * 4)	/* as rows, some wrapped */

/* S, or "" when the result has none. */
#define S(s) benchresult_or(s, "")

/* The run before I of the same preset that succeeded, or NULL. */
/* The last finished run before run I that ran alike: the same preset,
 * target, settings and disk (session/runmatch.h), or NULL. */
static const struct benchresult *earlier(const struct benchui *b, size_t i)
{
	const struct benchresult *r = b->results[i], *o;

	while (i-- > 0) {
		o = b->results[i];
		if (o->st == BENCHRESULT_OK && !strcmp(S(o->preset),
						       S(r->preset)) &&
		    !strcmp(S(o->target), S(r->target)) &&
		    runmatch_alike(benchresult_doc(o), benchresult_doc(r),
				   NULL, 0))
			return o;
	}
	return NULL;
}

static void draw_list(struct app *a, int y, int h, int w)
{
	const struct benchui *b = &a->bench;
	struct view *v = &a->views[PANEL_BENCHRES];
	char figs[200];
	size_t i;

	if (v->sel < v->top)
		v->top = v->sel;
	if (h > 0 && v->sel >= v->top + (size_t)h)
		v->top = v->sel - (size_t)h + 1;
	for (i = v->top; i < b->nresults && (int)(i - v->top) < h; i++) {
		const struct benchresult *r = b->results[i];
		bool ok = r->st == BENCHRESULT_OK;

		benchui_figures_line(r, true, figs, sizeof(figs));
		draw_style(a->color, i == v->sel ? STYLE_SELECTED :
			   !ok ? STYLE_BAD : STYLE_NORMAL);
		draw_fill(y, 0, w);
		draw_fmt(y++, 0, w, "%2zu %-14.14s %-16.16s %s", i + 1,
			 S(r->preset), S(r->target), ok ? figs : S(r->error));
	}
}

/* The selected run's figures, each against the run before, as lines. */
static int figure_lines(const struct benchresult *r,
			const struct benchresult *old, char (*l)[BENCHCOND_W],
			int max)
{
	const struct benchresult_figure *f, *of;
	const char *name;
	char chg[24];
	int pad;
	size_t i;
	int n = 0;

	for (i = 0; i < r->nfigs && n < max; i++) {
		f = &r->figs[i];
		of = benchresult_figure(old, f->name);
		name = benchui_figure_label(f->name);
		/* 22 columns: printf pads bytes, a German label has
		 * two-byte letters */
		pad = 22 + (int)strlen(name) - draw_width(name);
		if (of)
			snprintf(l[n++], BENCHCOND_W, " %-*s %12.1f %-7s %s "
				 "%12.1f  %s", pad, name, f->value, f->unit,
				 _("was"), of->value, bench_change(f->value,
				 of->value, chg, sizeof(chg)));
		else
			snprintf(l[n++], BENCHCOND_W, " %-*s %12.1f %s",
				 pad, name, f->value, f->unit);
	}
	return n;
}

/* One row of the detail: BYTES bytes of line LINE from OFF. */
struct detail_row {
	int line;
	size_t off, bytes;
};

#define WRAP_INDENT 4	/* a wrapped line goes on under its start */

/* The N lines L as rows of W columns into ROWS (MAX of them): a line
 * wider than the screen (a long target path) wraps, not cut. */
static int detail_rows(char (*l)[BENCHCOND_W], int n, int w,
		       struct detail_row *rows, int max)
{
	int i, k = 0;

	for (i = 0; i < n && k < max; i++) {
		size_t off = 0, next;
		bool first = true;

		do {
			int room = first ? w : w - WRAP_INDENT;

			rows[k] = (struct detail_row){ i, off, wrap_line(
				l[i] + off, room < 8 ? 8 : room, &next) };
			off += next;
			first = false;
		} while (++k < max && next && l[i][off]);
	}
	return k;
}

/* The figures, then the conditions, from row V->col on (PgDn/PgUp). */
static void draw_lines(struct app *a, const struct benchresult *r,
		       const struct benchresult *old, int y, int h, int w)
{
	char (*l)[BENCHCOND_W] = malloc(DETAIL_MAX * sizeof(*l));
	struct detail_row *rows = malloc(DETAIL_ROWS * sizeof(*rows));
	struct view *v = &a->views[PANEL_BENCHRES];
	char row[BENCHCOND_W];
	int n = 0, i;

	if (!l || !rows) {
		free(l);
		free(rows);
		return;
	}
	if (r->st != BENCHRESULT_OK)
		snprintf(l[n++], BENCHCOND_W, " %s", S(r->error));
	else
		n = figure_lines(r, old, l, DETAIL_MAX);
	if (n < DETAIL_MAX)
		l[n++][0] = '\0';
	n += benchcond_lines(r, l + n, DETAIL_MAX - n);
	n = detail_rows(l, n, w, rows, DETAIL_ROWS);
	if (n > h && v->col > (size_t)(n - h + 1))
		v->col = (size_t)(n - h + 1);
	if (n <= h)
		v->col = 0;
	for (i = 0; i < h && (int)v->col + i < n; i++) {
		const struct detail_row *d = &rows[v->col + (size_t)i];
		int x = d->off ? WRAP_INDENT : 0;

		snprintf(row, sizeof(row), "%.*s", (int)d->bytes,
			 l[d->line] + d->off);
		draw_text(y + i, x, w - x, row);
	}
	if (n > h) {
		draw_style(a->color, STYLE_DIM);
		draw_fill(y + h - 1, 0, w);
		draw_fmt(y + h - 1, 0, w, _(" lines %zu-%zu of %d: PgDn/PgUp "
			 "scroll"), v->col + 1, v->col + (size_t)h - 1, n);
		draw_style(a->color, STYLE_NORMAL);
	}
	free(rows);
	free(l);
}

static void draw_detail(struct app *a, int y, int h, int w)
{
	const struct benchui *b = &a->bench;
	size_t sel = a->views[PANEL_BENCHRES].sel;
	const struct benchresult *r, *old;
	struct benchresult base;
	bool have_base;

	if (sel >= b->nresults || h < 3)
		return;
	r = b->results[sel];
	old = earlier(b, sel);
	draw_style(a->color, STYLE_TITLE);
	draw_fill(y, 0, w);
	/* L: against the saved session's run */
	have_base = snapui_baseline_for(a, r, &base);
	if (have_base) {
		old = &base;
		/* the baseline before the target: a long path is cut */
		draw_fmt(y, 0, w, _("#%zu %s against the baseline %s, on %s"),
			 sel + 1, S(r->preset), snapui_baseline_name(a),
			 S(r->target));
	} else
	draw_fmt(y, 0, w, _("#%zu %s on %s %s %s  %s"), sel + 1,
		 S(r->preset), S(r->target), S(r->cond.target.fstype),
		 S(r->cond.time_start), old ?
		 _("(compared with the run before)") : "");
	draw_style(a->color, STYLE_NORMAL);
	draw_lines(a, r, old, y + 1, h - 1, w);
	if (have_base)
		benchresult_fini(&base);
}

static void res_draw(struct app *a, int top, int height, int width)
{
	struct view *v = &a->views[PANEL_BENCHRES];
	int list_h = height / 3 < 3 ? 3 : height / 3;

	v->nrows = a->bench.nresults;
	if (v->sel >= v->nrows && v->nrows)
		v->sel = v->nrows - 1;
	draw_style(a->color, STYLE_TITLE);
	draw_fill(top, 0, width);
	draw_text(top, 0, width, _(" # PRESET         TARGET           MAIN "
				   "FIGURES"));
	draw_style(a->color, STYLE_NORMAL);
	if (!a->bench.nresults) {
		draw_text(top + 1, 0, width, _("no runs yet: b chooses a "
					       "benchmark"));
		return;
	}
	if (list_h > (int)a->bench.nresults)	/* the rest for the detail */
		list_h = (int)a->bench.nresults;
	draw_list(a, top + 1, list_h, width);
	draw_detail(a, top + 2 + list_h, height - list_h - 2, width);
}

static bool res_key(struct app *a, int ch)
{
	struct view *v = &a->views[PANEL_BENCHRES];

	/* x: an experiment on the selected run */
	if (ch == 'x')
		return expui_open(a, v->sel);
	if (ch == KEY_NPAGE || ch == KEY_PPAGE) {	/* the detail lines */
		v->col = ch == KEY_PPAGE ? (v->col > 5 ? v->col - 5 : 0) :
			 v->col + 5;
		return true;
	}
	if ((ch == 'j' || ch == KEY_DOWN) && v->sel + 1 < v->nrows)
		v->sel++;
	else if ((ch == 'k' || ch == KEY_UP) && v->sel > 0)
		v->sel--;
	else if (ch != 'j' && ch != 'k' && ch != KEY_DOWN && ch != KEY_UP)
		return false;
	v->col = 0;
	return true;
}

const struct panel_ops panel_benchres_ops = {
	.name = "benchres",
	.draw = res_draw,
	.key = res_key,
};
