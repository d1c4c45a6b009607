/* SPDX-License-Identifier: GPL-2.0-or-later */
/* mouse: the left button, pressed: on a list row drawn this frame it
 * selects that row, on a word of the key bar it runs that word's key. */
#include "config.h"

#include "mouse.h"

#include <curses.h>
#include <string.h>

#include "app.h"
#include "keymap.h"
#include "keys.h"

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

bool mouse_key(struct app *a, int ch)
{
	MEVENT ev;
	int key;

	(void)ch;
	if (getmouse(&ev) != OK || !(ev.bstate & (BUTTON1_PRESSED |
						  BUTTON1_CLICKED)))
		return true;
	if (ev.y == LINES - 1) {
		if (!a->mouse.bar_shown || ev.x < a->mouse.bar_x)
			return true;
		key = keys_bar_key(a, a->mouse.bar_w, ev.x - a->mouse.bar_x);
		if (key)
			keymap_run(a, key);
		return true;
	}
	if (ev.y >= 0 && ev.y < MOUSE_ROWS && a->mouse.rows[ev.y])
		a->views[a->panel].sel = a->mouse.rows[ev.y] - 1;
	return true;
}
