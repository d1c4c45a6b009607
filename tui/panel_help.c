/* panel_help: every key of the monitor. */
#include "config.h"

#include <curses.h>

#include "app.h"
#include "draw.h"
#include "i18n.h"
#include "panel.h"

static const struct { const char *keys, *what; } help_keys[] = {
	{ N_("h ? F1"), N_("this help") },
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
	{ N_("Esc"), N_("back to the previous screen") },
	/* [tune help: begin] */
	/* [tune help: end] */
	/* [bench help: begin] */
	/* [bench help: end] */
	/* [snapshot help: begin] */
	/* [snapshot help: end] */
	{ N_("q"), N_("quit") },
};

static void help_draw(struct app *a, int top, int height, int width)
{
	size_t i;
	int y = top;

	draw_style(a->color, STYLE_TITLE);
	draw_text(y++, 0, width, _("Keys (F-keys are extras: they do not "
				   "always cross SSH, tmux or screen)"));
	draw_style(a->color, STYLE_NORMAL);
	for (i = 0; i < sizeof(help_keys) / sizeof(help_keys[0]); i++) {
		if (y >= top + height)
			break;
		draw_style(a->color, STYLE_WARN);
		draw_fmt(y, 1, 16, "%s", _(help_keys[i].keys));
		draw_style(a->color, STYLE_NORMAL);
		draw_text(y++, 18, width - 18, _(help_keys[i].what));
	}
	if (y + 1 < top + height)
		draw_fmt(y + 1, 0, width, _("Interval %.1f s. Colour %s, %s "
			 "characters."), a->interval_s, a->color ? _("on") :
			 _("off"), a->utf8 ? "UTF-8" : "ASCII");
}

const struct panel_ops panel_help_ops = {
	.name = "help",
	.id = 2,
	.draw = help_draw,
	.key = NULL,
};
