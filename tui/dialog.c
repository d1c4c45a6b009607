/* SPDX-License-Identifier: GPL-2.0-or-later */
/* dialog: list, input and question boxes for the tuning keys; one at a
 * time, drawn last so that it sits over the panel. */
#include "config.h"

#include "dialog.h"

#include <curses.h>
#include <stdio.h>
#include <string.h>

#include "draw.h"
#include "base/i18n.h"

static void reset(struct dialog *d, enum dialog_kind kind, const char *title,
		  int purpose, long arg)
{
	memset(d, 0, sizeof(*d));
	d->kind = kind;
	d->purpose = purpose;
	d->arg = arg;
	snprintf(d->title, sizeof(d->title), "%s", title);
}

void dialog_list(struct dialog *d, const char *title, int purpose, long arg)
{
	reset(d, DIALOG_LIST, title, purpose, arg);
}

void dialog_add(struct dialog *d, const char *item)
{
	if (d->n < DIALOG_ITEMS)
		snprintf(d->items[d->n++], DIALOG_ITEM_MAX, "%s", item);
}

void dialog_input(struct dialog *d, const char *title, int purpose, long arg)
{
	reset(d, DIALOG_INPUT, title, purpose, arg);
}

void dialog_ask(struct dialog *d, const char *title, const char *keys,
		int purpose, long arg)
{
	reset(d, DIALOG_ASK, title, purpose, arg);
	d->keys[0] = keys[0];
	d->keys[1] = keys[1];
}

void dialog_confirm(struct dialog *d, const char *title, const char *body,
		    int purpose, long arg)
{
	reset(d, DIALOG_CONFIRM, title, purpose, arg);
	dialog_add(d, body);
}

bool dialog_open(const struct dialog *d)
{
	return d->kind != DIALOG_NONE;
}

void dialog_close(struct dialog *d)
{
	d->kind = DIALOG_NONE;
}

static bool typable(int ch)
{
	return (ch >= '0' && ch <= '9') || (ch >= 'a' && ch <= 'z') ||
	       (ch >= 'A' && ch <= 'Z') || ch == '-' || ch == ',' ||
	       ch == '.' || ch == '_';
}

static enum dialog_result input_key(struct dialog *d, int ch)
{
	size_t len = strlen(d->input);

	if (ch == '\n' || ch == '\r' || ch == KEY_ENTER)
		return len ? DIALOG_DONE : DIALOG_OPEN;
	if ((ch == KEY_BACKSPACE || ch == 127 || ch == 8) && len)
		d->input[len - 1] = '\0';
	else if (typable(ch) && len + 1 < sizeof(d->input))
		d->input[len] = (char)ch;
	return DIALOG_OPEN;
}

static enum dialog_result list_key(struct dialog *d, int ch)
{
	switch (ch) {
	case 'j':
	case KEY_DOWN:
		if (d->sel + 1 < d->n)
			d->sel++;
		break;
	case 'k':
	case KEY_UP:
		if (d->sel > 0)
			d->sel--;
		break;
	case KEY_HOME:
	case 'g':
		d->sel = 0;
		break;
	case KEY_END:
	case 'G':
		d->sel = d->n ? d->n - 1 : 0;
		break;
	case '\n':
	case '\r':
	case KEY_ENTER:
		return d->n ? DIALOG_DONE : DIALOG_OPEN;
	}
	return DIALOG_OPEN;
}

/* y/N: y is yes; n, Enter, Esc and F10 are no; any other key waits. */
static enum dialog_result confirm_key(struct dialog *d, int ch)
{
	if (ch == 'y' || ch == 'Y')
		d->answer = 'y';
	else if (ch == 'n' || ch == 'N' || ch == '\n' || ch == '\r' ||
		 ch == KEY_ENTER || ch == 27 || ch == KEY_F(10))
		d->answer = 'n';
	else
		return DIALOG_OPEN;
	d->kind = DIALOG_NONE;
	return DIALOG_DONE;
}

enum dialog_result dialog_key(struct dialog *d, int ch)
{
	enum dialog_result r = DIALOG_OPEN;

	if (d->kind == DIALOG_CONFIRM)
		return confirm_key(d, ch);
	if (ch == 27 || ch == KEY_F(10)) {
		dialog_close(d);
		return DIALOG_CANCEL;
	}
	if (d->kind == DIALOG_LIST)
		r = list_key(d, ch);
	else if (d->kind == DIALOG_INPUT)
		r = input_key(d, ch);
	else if (d->kind == DIALOG_ASK && (ch == d->keys[0] ||
					    ch == d->keys[1])) {
		d->answer = (char)ch;
		r = DIALOG_DONE;
	}
	if (r == DIALOG_DONE)
		d->kind = DIALOG_NONE;
	return r;
}

static void box_frame(bool color, int y, int x, int h, int w)
{
	int i;

	/* the box's rows blank across the screen and one above and below,
	 * so no fragment of the rows beneath shows beside it ("Bus   big
	 * cores (4-7)", a row's last letters past its right edge) */
	draw_style(color, STYLE_NORMAL);
	for (i = y > 0 ? -1 : 0; i <= h && y + i < LINES; i++)
		draw_fill(y + i, 0, COLS);
	draw_style(color, STYLE_HEADER);
	for (i = 0; i < h; i++)
		draw_fill(y + i, x, w);
	draw_style(color, STYLE_NORMAL);
	for (i = 1; i < h - 1; i++)
		draw_fill(y + i, x + 1, w - 2);
}

void dialog_draw(struct dialog *d, bool color)
{
	int w = COLS - 4 < 72 ? COLS - 4 : 72, rows, h, y, x, i;
	size_t top;

	if (!dialog_open(d) || w < 20)
		return;
	rows = d->kind == DIALOG_LIST ? (int)d->n : 1 + (d->kind ==
							DIALOG_CONFIRM);
	if (rows > LINES - 6)
		rows = LINES - 6;
	h = rows + 3;
	y = (LINES - h) / 2;
	x = (COLS - w) / 2;
	box_frame(color, y, x, h, w);
	draw_style(color, STYLE_HEADER);
	draw_text(y, x + 1, w - 2, d->title);
	draw_text(y + h - 1, x + 1, w - 2, d->kind == DIALOG_LIST ?
		  _("j/k choose  Enter apply  Esc cancel") : d->kind ==
		  DIALOG_INPUT ? _("Enter apply  Esc cancel") : d->kind ==
		  DIALOG_CONFIRM ? _("y yes  n, Enter or Esc: no") :
		  _("Esc cancel"));
	top = d->sel >= (size_t)rows ? d->sel - (size_t)rows + 1 : 0;
	for (i = 0; i < rows && d->kind == DIALOG_LIST; i++) {
		draw_style(color, top + (size_t)i == d->sel ? STYLE_SELECTED :
			   STYLE_NORMAL);
		draw_fill(y + 1 + i, x + 1, w - 2);
		draw_text(y + 1 + i, x + 2, w - 4, d->items[top + (size_t)i]);
	}
	draw_style(color, STYLE_NORMAL);
	if (d->kind == DIALOG_INPUT)
		draw_fmt(y + 1, x + 2, w - 4, "> %s_", d->input);
	else if (d->kind == DIALOG_ASK)	/* a dialog_add line beside */
		draw_fmt(y + 1, x + 2, w - 4, "(%c/%c)%s%s", d->keys[0],
			 d->keys[1], d->n ? "  " : "", d->n ? d->items[0] : "");
	else if (d->kind == DIALOG_CONFIRM)
		draw_fmt(y + 1, x + 2, w - 4, "%s", d->items[0]);
	if (d->kind == DIALOG_CONFIRM)
		draw_text(y + 2, x + 2, w - 4, _("(y/N)"));
}
