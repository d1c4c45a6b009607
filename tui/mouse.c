/* SPDX-License-Identifier: GPL-2.0-or-later */
/* mouse: the left button, pressed: on a list row drawn this frame it
 * selects that row; on the key bar it tells the frame (screen.c) which
 * column of the key words was hit, so that it runs that word's key. */
#include "config.h"

#include "mouse.h"

#include <curses.h>
#include <string.h>

#include "app.h"

void mouse_clear(struct app *a)
{
	memset(a->mouse.rows, 0, sizeof(a->mouse.rows));
	a->mouse.bar_shown = false;
}

void mouse_row(struct app *a, int y, size_t index)
{
	if (y >= 0 && y < MOUSE_ROWS)
		a->mouse.rows[y] = index + 1;
}

bool mouse_read(struct app *a, int *col)
{
	MEVENT ev;

	if (getmouse(&ev) != OK || !(ev.bstate & (BUTTON1_PRESSED |
						  BUTTON1_CLICKED)))
		return false;
	if (ev.y == LINES - 1) {
		*col = ev.x - a->mouse.bar_x;
		return a->mouse.bar_shown && *col >= 0;
	}
	if (ev.y >= 0 && ev.y < MOUSE_ROWS && a->mouse.rows[ev.y])
		a->views[a->panel].sel = a->mouse.rows[ev.y] - 1;
	return false;
}
