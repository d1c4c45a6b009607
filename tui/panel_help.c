/* SPDX-License-Identifier: GPL-2.0-or-later */
/* panel_help: every key of the monitor, from the key table (keys.c). */
#include "config.h"

#include <curses.h>

#include "app.h"
#include "draw.h"
#include "base/i18n.h"
#include "keys.h"
#include "panel.h"
#include "wrap.h"

#define KEYS_ROWS_MAX 96	/* rows of the key table at most */

/* Rows the help of C takes at WIDTH (it wraps under itself). */
static int help_rows(const struct keys_cmd *c, int width)
{
	int h = width > 18 ? wrap_count(_(c->help), width - 18) : 1;

	return h < 1 ? 1 : h;
}

/* The first row shown when the last of the N rows SHOWN ends the page of
 * ROWS lines: as far as End and j go. */
static size_t last_top(const struct keys_cmd **shown, size_t n, size_t rows,
		       int width)
{
	size_t i = n, used = 0;

	while (i > 0 && used + (size_t)help_rows(shown[i - 1], width) <= rows)
		used += (size_t)help_rows(shown[--i], width);
	return i < n ? i : (n ? n - 1 : 0);
}

static void help_draw(struct app *a, int top, int height, int width)
{
	struct view *v = &a->views[PANEL_HELP];
	size_t i, rows = height > 3 ? (size_t)height - 3 : 1, n;
	const struct keys_cmd *t = keys_table(&n);
	const struct keys_cmd *shown[KEYS_ROWS_MAX];
	size_t nshown = 0;
	int y = top;

	draw_style(a->color, STYLE_TITLE);
	draw_text(y++, 0, width, _("Keys (F-keys are extras: they do not "
				   "always cross SSH, tmux or screen)"));
	draw_style(a->color, STYLE_DIM);
	draw_fmt(y++, 0, width, _("Interval %.1f s. Colour %s, %s "
		 "characters."), a->interval_s, a->color ? _("on") : _("off"),
		 a->utf8 ? "UTF-8" : "ASCII");
	draw_style(a->color, STYLE_NORMAL);
	for (i = 0; i < n && nshown < KEYS_ROWS_MAX; i++)
		if (!keys_hidden(&t[i], a))	/* --readonly: no tuning */
			shown[nshown++] = &t[i];
	v->nrows = nshown;
	if (v->top > last_top(shown, nshown, rows, width))	/* End, j */
		v->top = last_top(shown, nshown, rows, width);
	/* a help text wider than the screen wraps under itself, never cut */
	for (i = v->top; i < nshown && y < top + 2 + (int)rows; i++) {
		const char *help = _(shown[i]->help);
		int h = help_rows(shown[i], width);

		if (y + h > top + 2 + (int)rows && y > top + 2)
			break;
		draw_style(a->color, STYLE_WARN);
		draw_fmt(y, 1, 16, "%s", shown[i]->names);
		draw_style(a->color, STYLE_NORMAL);
		if (width > 18)
			wrap_draw(y, 18, width - 18, h, help);
		y += h;
	}
	if (i < nshown) {
		draw_style(a->color, STYLE_DIM);
		draw_fmt(top + height - 1, 1, width - 1, _("(%zu more: j or "
			 "PgDn)"), nshown - i);
		draw_style(a->color, STYLE_NORMAL);
	}
}

static bool help_key(struct app *a, int ch)
{
	struct view *v = &a->views[PANEL_HELP];

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
	case KEY_HOME:
	case 'g':
		v->top = 0;
		return true;
	case KEY_END:
	case 'G':
		v->top = v->nrows;	/* the draw shows the last page */
		return true;
	}
	return false;
}

const struct panel_ops panel_help_ops = {
	.name = "help",
	.draw = help_draw,
	.key = help_key,
};
