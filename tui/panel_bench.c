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
	struct view *v = &a->views[PANEL_BENCH];
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

/* The size of the run for the kinds that write: the preset's or the one
 * chosen with s, and the field while it is typed. */
static void draw_size(struct app *a, int y, int w)
{
	const struct benchui *b = &a->bench;
	const struct preset *p = b->chosen;
	uint64_t size;

	if (!p || !presets_kind_writes(p->kind))
		return;
	size = b->size ? b->size : p->kind == BENCH_IOZONE ? p->file_size :
	       p->size;
	draw_style(a->color, STYLE_NORMAL);
	if (b->step == BENCHUI_SIZE)
		draw_fmt(y, 0, w, _("size (such as 64M, 1G): %s_"), b->input);
	else
		draw_fmt(y, 0, w, _("size %.0f MiB  (s changes it)"),
			 (double)size / (1024.0 * 1024.0));
}

/* Enter on the size field: 64M, 1G (at least 4k, multiples of 512). */
static void take_size(struct app *a)
{
	struct benchui *b = &a->bench;
	uint64_t v;

	if (presets_parse_size(b->input, strlen(b->input), &v) || v < 4096 ||
	    v % 512)
		snprintf(a->message, sizeof(a->message), _("'%.40s' is not a "
			 "size: give 64M or 1G (at least 4k, a multiple of "
			 "512)"), b->input);
	else
		b->size = v;
	b->step = BENCHUI_TARGET;
}

static void draw_targets(struct app *a, int y, int h, int w)
{
	const struct benchui *b = &a->bench;
	struct view *v = &a->views[PANEL_BENCH];
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
	draw_size(a, y + 2, w);
}

static void bench_draw(struct app *a, int top, int height, int width)
{
	struct view *v = &a->views[PANEL_BENCH];

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

	if ((ch == '\n' || ch == '\r' || ch == KEY_ENTER) &&
	    b->step == BENCHUI_SIZE) {
		take_size(a);
	} else if (ch == '\n' || ch == '\r' || ch == KEY_ENTER) {
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
	struct view *v = &a->views[PANEL_BENCH];

	if (b->step == BENCHUI_PRESET) {
		if (v->sel >= b->presets.n)
			return;
		b->chosen = &b->presets.v[v->sel];
		b->size = 0;
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

/* s in the list of presets: the selected one, then its size asked (it
 * writes), or why there is none to ask. */
static bool size_first(struct app *a)
{
	struct benchui *b = &a->bench;
	struct view *v = &a->views[PANEL_BENCH];
	const struct preset *p;

	if (v->sel >= b->presets.n)
		return true;
	p = &b->presets.v[v->sel];
	if (!presets_kind_writes(p->kind)) {
		app_say(a, _("%s writes nothing: it has no size to set "
			     "(s is for the presets that write)"), p->name);
		return true;
	}
	choose(a);
	b->input[0] = '\0';
	b->step = BENCHUI_SIZE;
	return true;
}

static bool bench_key(struct app *a, int ch)
{
	struct view *v = &a->views[PANEL_BENCH];

	if (a->bench.step == BENCHUI_TYPING || a->bench.step == BENCHUI_SIZE)
		return typing_key(a, ch);
	if (ch == 's' && a->bench.step == BENCHUI_PRESET)
		return size_first(a);
	if (ch == 's' && a->bench.step == BENCHUI_TARGET && a->bench.chosen &&
	    presets_kind_writes(a->bench.chosen->kind)) {
		a->bench.input[0] = '\0';
		a->bench.step = BENCHUI_SIZE;
		return true;
	}
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
	.draw = bench_draw,
	.key = bench_key,
};
