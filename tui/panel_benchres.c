/* SPDX-License-Identifier: GPL-2.0-or-later */
/* panel_benchres: the results of this session's runs, their main figures,
 * and for the selected run each figure against the run before it of the
 * same preset ("write 251.3 MB/s  was 178.2  +41 %"). */
#include "config.h"

#include <curses.h>
#include <stdio.h>
#include <string.h>

#include "app.h"
#include "bench/bench.h"
#include "draw.h"
#include "base/i18n.h"
#include "panel.h"
/* [snapshot baseline: begin] */
#include "snapui.h"
/* [snapshot baseline: end] */

#define S(o, k) (json_is_string(json_object_get(o, k)) ? \
		 json_string_value(json_object_get(o, k)) : "")

/* The run before I of the same preset that succeeded, or NULL. */
static json_t *earlier(const struct benchui *b, size_t i)
{
	const char *name = S(b->results[i], "preset");

	while (i-- > 0)
		if (!strcmp(S(b->results[i], "preset"), name) &&
		    !strcmp(S(b->results[i], "status"), "ok"))
			return b->results[i];
	return NULL;
}

static void draw_list(struct app *a, int y, int h, int w)
{
	const struct benchui *b = &a->bench;
	struct view *v = &a->views[panel_benchres_ops.id];
	char figs[200];
	size_t i;

	if (v->sel < v->top)
		v->top = v->sel;
	if (h > 0 && v->sel >= v->top + (size_t)h)
		v->top = v->sel - (size_t)h + 1;
	for (i = v->top; i < b->nresults && (int)(i - v->top) < h; i++) {
		json_t *r = b->results[i];

		benchui_figures_line(r, true, figs, sizeof(figs));
		draw_style(a->color, i == v->sel ? STYLE_SELECTED :
			   strcmp(S(r, "status"), "ok") ? STYLE_BAD :
			   STYLE_NORMAL);
		draw_fill(y, 0, w);
		draw_fmt(y++, 0, w, "%2zu %-14.14s %-16.16s %s", i + 1,
			 S(r, "preset"), S(r, "target"),
			 strcmp(S(r, "status"), "ok") ? S(r, "error") : figs);
	}
}

static void draw_compare(struct app *a, json_t *r, json_t *old, int y,
			 int h, int w)
{
	json_t *f, *of;
	char chg[24];
	size_t i;

	json_array_foreach(json_object_get(r, "figures"), i, f) {
		if ((int)i >= h)
			break;
		of = old ? bench_find_figure(old, S(f, "name")) : NULL;
		if (of)
			draw_fmt(y + (int)i, 1, w - 1, "%-22s %12.1f %-7s %s "
				 "%12.1f  %s", S(f, "name"), json_number_value(
				 json_object_get(f, "value")), S(f, "unit"),
				 _("was"), json_number_value(json_object_get(
				 of, "value")), bench_change(json_number_value(
				 json_object_get(f, "value")), json_number_value(
				 json_object_get(of, "value")), chg, sizeof(chg)));
		else
			draw_fmt(y + (int)i, 1, w - 1, "%-22s %12.1f %s",
				 S(f, "name"), json_number_value(json_object_get(
				 f, "value")), S(f, "unit"));
	}
}

static void draw_detail(struct app *a, int y, int h, int w)
{
	const struct benchui *b = &a->bench;
	size_t sel = a->views[panel_benchres_ops.id].sel;
	json_t *r, *old, *c, *t;

	if (sel >= b->nresults || h < 3)
		return;
	r = b->results[sel];
	old = earlier(b, sel);
	c = json_object_get(r, "conditions");
	t = json_object_get(c, "target");
	draw_style(a->color, STYLE_TITLE);
	draw_fill(y, 0, w);
	/* [snapshot baseline: begin] L: against the saved session's run */
	if (snapui_baseline_for(a, r)) {
		old = snapui_baseline_for(a, r);
		draw_fmt(y, 0, w, _("#%zu %s on %s  against the baseline %s"),
			 sel + 1, S(r, "preset"), S(r, "target"),
			 a->baseline_name);
	} else
	/* [snapshot baseline: end] */
	draw_fmt(y, 0, w, _("#%zu %s on %s %s %s  %s"), sel + 1,
		 S(r, "preset"), S(r, "target"), S(t, "fstype"),
		 S(c, "time_start"), old ? _("(compared with the run before)")
		 : "");
	draw_style(a->color, STYLE_NORMAL);
	if (strcmp(S(r, "status"), "ok"))
		draw_text(y + 1, 1, w - 1, S(r, "error"));
	else
		draw_compare(a, r, old, y + 1, h - 1, w);
}

static void res_draw(struct app *a, int top, int height, int width)
{
	struct view *v = &a->views[panel_benchres_ops.id];
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
	draw_list(a, top + 1, list_h, width);
	draw_detail(a, top + 2 + list_h, height - list_h - 2, width);
}

static bool res_key(struct app *a, int ch)
{
	struct view *v = &a->views[panel_benchres_ops.id];

	if ((ch == 'j' || ch == KEY_DOWN) && v->sel + 1 < v->nrows)
		v->sel++;
	else if ((ch == 'k' || ch == KEY_UP) && v->sel > 0)
		v->sel--;
	else if (ch != 'j' && ch != 'k' && ch != KEY_DOWN && ch != KEY_UP)
		return false;
	return true;
}

const struct panel_ops panel_benchres_ops = {
	.name = "benchres",
	.id = 7,
	.draw = res_draw,
	.key = res_key,
};
