/* SPDX-License-Identifier: GPL-2.0-or-later */
/* panel_help: every key of the monitor. */
#include "config.h"

#include <curses.h>

#include "app.h"
#include "draw.h"
#include "base/i18n.h"
#include "panel.h"

static const struct { const char *keys, *what; } help_keys[] = {
	{ N_("h ? F1"), N_("this help (j k PgUp PgDn scroll it)") },
	{ N_("q"), N_("quit") },
	{ N_("Esc"), N_("back to the previous screen") },
	{ N_("1"), N_("the overview: clusters, disks, network, busiest IRQs") },
	{ N_("i F3"), N_("every IRQ with per-CPU rates and affinity") },
	{ N_("d F5"), N_("USB devices: speed, capable speed, driver, UAS") },
	{ N_("j k Up Down"), N_("move the selection") },
	{ N_("Left Right"), N_("scroll the CPU columns (IRQ screen)") },
	{ N_("PgUp PgDn g G"), N_("page up, page down, first, last") },
	{ N_("Enter"), N_("open the selected IRQ in the IRQ screen") },
	{ N_("+ -"), N_("double or halve the sampling interval") },
	{ N_("a"), N_("show or hide idle loop/ram/zram devices and partitions") },
	{ N_("Ctrl-L"), N_("redraw the whole screen") },
	/* [tune help: begin] */
	{ N_("g"), N_("governor of the selected cluster (root)") },
	{ N_("f"), N_("min/max frequency of the selected cluster (root)") },
	{ N_("P"), N_("every cluster to the performance governor (root)") },
	{ N_("p"), N_("pin the selected IRQ: big, LITTLE, a CPU, a list (root)") },
	{ N_("s"), N_("I/O scheduler of the selected disk (root)") },
	{ N_("u R"), N_("undo the last change, restore all originals (root)") },
	{ N_("J F4"), N_("the journal of changes; Enter undoes one") },
	/* [tune help: end] */
	/* [bench help: begin] */
	{ N_("b F2 c r v"), N_("benchmark: run a preset, cancel it, results, "
			       "iperf3 server") },
	/* [bench help: end] */
	/* [snapshot help: begin] */
	{ N_("w F6"), N_("save the session (system, series, journal, results) to a file") },
	{ N_("L"), N_("a saved session's results as the baseline of r") },
	{ N_(", . [ ]"), N_("replay: one sample back, on; 10 % back, on") },
	{ N_("< > o"), N_("replay: first, last sample; play or pause") },
	{ N_("+ -"), N_("replay: play faster, slower (1x 2x 4x ... 64x)") },
	/* [snapshot help: end] */
};
#define NKEYS (sizeof(help_keys) / sizeof(help_keys[0]))

static void help_draw(struct app *a, int top, int height, int width)
{
	struct view *v = &a->views[panel_help_ops.id];
	size_t i, rows = height > 3 ? (size_t)height - 3 : 1;
	int y = top;

	draw_style(a->color, STYLE_TITLE);
	draw_text(y++, 0, width, _("Keys (F-keys are extras: they do not "
				   "always cross SSH, tmux or screen)"));
	draw_style(a->color, STYLE_DIM);
	draw_fmt(y++, 0, width, _("Interval %.1f s. Colour %s, %s "
		 "characters."), a->interval_s, a->color ? _("on") : _("off"),
		 a->utf8 ? "UTF-8" : "ASCII");
	draw_style(a->color, STYLE_NORMAL);
	v->nrows = NKEYS;
	if (v->top + rows > NKEYS)
		v->top = NKEYS > rows ? NKEYS - rows : 0;
	for (i = v->top; i < NKEYS && i < v->top + rows; i++) {
		draw_style(a->color, STYLE_WARN);
		draw_fmt(y, 1, 16, "%s", _(help_keys[i].keys));
		draw_style(a->color, STYLE_NORMAL);
		draw_text(y++, 18, width - 18, _(help_keys[i].what));
	}
	if (v->top + rows < NKEYS) {
		draw_style(a->color, STYLE_DIM);
		draw_fmt(top + height - 1, 1, width - 1, _("(%zu more: j or "
			 "PgDn)"), NKEYS - v->top - rows);
		draw_style(a->color, STYLE_NORMAL);
	}
}

static bool help_key(struct app *a, int ch)
{
	struct view *v = &a->views[panel_help_ops.id];

	switch (ch) {
	case 'j':
	case KEY_DOWN:
		v->top++;
		return true;
	case 'k':
	case KEY_UP:
		if (v->top > 0)
			v->top--;
		return true;
	case KEY_NPAGE:
	case ' ':
		v->top += 10;
		return true;
	case KEY_PPAGE:
		v->top = v->top > 10 ? v->top - 10 : 0;
		return true;
	}
	return false;
}

const struct panel_ops panel_help_ops = {
	.name = "help",
	.id = 2,
	.draw = help_draw,
	.key = help_key,
};
