/* SPDX-License-Identifier: GPL-2.0-or-later */
/* panel_bench: the benchmark menu: a preset, then its target - a mount of
 * the disks shown (a disk for read-timing, a host for iperf) or a typed
 * folder, device or host. */
#include "config.h"

#include <curses.h>
#include <stdio.h>
#include <string.h>

#include "app.h"
#include "draw.h"
#include "base/i18n.h"
#include "panel.h"

static size_t rows(const struct app *a)
{
	const struct benchui *b = &a->bench;

	return b->step == BENCHUI_PRESET ? b->presets.n : b->ntargets + 1;
}

static void draw_presets(struct app *a, int y, int h, int w)
{
	const struct benchui *b = &a->bench;
	struct view *v = &a->views[panel_bench_ops.id];
	size_t i;

	draw_style(a->color, STYLE_TITLE);
	draw_fill(y, 0, w);
	draw_text(y++, 0, w, _("BENCHMARK      KIND         (Enter runs, Esc "
			       "back)"));
	for (i = v->top; i < b->presets.n && (int)(i - v->top) < h - 1; i++) {
		const struct preset *p = &b->presets.v[i];

		draw_style(a->color, i == v->sel ? STYLE_SELECTED :
			   STYLE_NORMAL);
		draw_fill(y, 0, w);
		draw_fmt(y++, 0, w, "%-18s %-12s %s", p->name,
			 presets_kind_name(p->kind), p->desc);
	}
}

static void draw_targets(struct app *a, int y, int h, int w)
{
	const struct benchui *b = &a->bench;
	struct view *v = &a->views[panel_bench_ops.id];
	bool iperf = b->chosen && b->chosen->kind == BENCH_IPERF;
	size_t i;

	draw_style(a->color, STYLE_TITLE);
	draw_fill(y, 0, w);
	draw_fmt(y++, 0, w, _("%s: %s"), b->chosen ? b->chosen->name : "",
		 iperf ? _("which iperf3 server?") :
		 b->chosen && b->chosen->kind == BENCH_READ_TIMING ?
		 _("which disk? (read only)") :
		 _("which folder? (a file is written there, then removed)"));
	for (i = 0; i <= b->ntargets && (int)i < h - 2; i++) {
		draw_style(a->color, i == v->sel ? STYLE_SELECTED :
			   STYLE_NORMAL);
		draw_fill(y, 0, w);
		if (i < b->ntargets)
			draw_fmt(y++, 0, w, "%-40s %s", b->targets[i].path,
				 b->targets[i].note);
		else
			draw_text(y++, 0, w, iperf ? _("type a host...") :
				  _("type a path..."));
	}
	if (b->step == BENCHUI_TYPING) {
		draw_style(a->color, STYLE_NORMAL);
		draw_fmt(y + 1, 0, w, "%s %s_", iperf ? _("host:") :
			 _("path:"), b->input);
	}
}

static void bench_draw(struct app *a, int top, int height, int width)
{
	struct view *v = &a->views[panel_bench_ops.id];

	v->nrows = rows(a);
	if (v->sel >= v->nrows)
		v->sel = v->nrows ? v->nrows - 1 : 0;
	if (v->sel < v->top)
		v->top = v->sel;
	if (height > 2 && v->sel >= v->top + (size_t)height - 2)
		v->top = v->sel - (size_t)height + 3;
	if (a->bench.step == BENCHUI_PRESET)
		draw_presets(a, top, height, width);
	else
		draw_targets(a, top, height, width);
	draw_style(a->color, STYLE_NORMAL);
}

static bool typing_key(struct app *a, int ch)
{
	struct benchui *b = &a->bench;
	size_t n = strlen(b->input);

	if (ch == '\n' || ch == '\r' || ch == KEY_ENTER) {
		if (n)
			benchui_start(a, b->input);
	} else if (ch == 27) {
		b->step = BENCHUI_TARGET;
	} else if (ch == KEY_BACKSPACE || ch == 127 || ch == 8) {
		if (n)
			b->input[n - 1] = '\0';
	} else if (ch >= 32 && ch < 127 && n + 1 < sizeof(b->input)) {
		b->input[n] = (char)ch;
		b->input[n + 1] = '\0';
	}
	return true;
}

static void choose(struct app *a)
{
	struct benchui *b = &a->bench;
	struct view *v = &a->views[panel_bench_ops.id];

	if (b->step == BENCHUI_PRESET) {
		if (v->sel >= b->presets.n)
			return;
		b->chosen = &b->presets.v[v->sel];
		benchui_fill_targets(a);
		b->step = BENCHUI_TARGET;
		v->sel = v->top = 0;
	} else if (v->sel < b->ntargets) {
		benchui_start(a, b->targets[v->sel].path);
	} else {
		b->input[0] = '\0';
		b->step = BENCHUI_TYPING;
	}
}

static bool bench_key(struct app *a, int ch)
{
	struct view *v = &a->views[panel_bench_ops.id];

	if (a->bench.step == BENCHUI_TYPING)
		return typing_key(a, ch);
	if (view_key(v, ch))
		return true;
	switch (ch) {
	case '\n':
	case '\r':
	case KEY_ENTER:
		choose(a);
		return true;
	case 27:
	case KEY_BACKSPACE:
		if (a->bench.step == BENCHUI_PRESET)
			return false;
		a->bench.step = BENCHUI_PRESET;
		v->sel = (size_t)(a->bench.chosen - a->bench.presets.v);
		return true;
	}
	return false;
}

const struct panel_ops panel_bench_ops = {
	.name = "bench",
	.id = 6,
	.draw = bench_draw,
	.key = bench_key,
};
