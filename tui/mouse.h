/* SPDX-License-Identifier: GPL-2.0-or-later */
/* mouse: a click on a list row selects it, a click on a key-bar word runs
 * that key (as in htop); the draw says where its rows and the bar are,
 * the frame (screen.c) turns a bar click into its key. */
#ifndef BENCHTOP_MOUSE_H
#define BENCHTOP_MOUSE_H

#include <stdbool.h>
#include <stddef.h>

struct app;

#define MOUSE_ROWS 256	/* screen lines a click can select on */

struct mouse {
	size_t rows[MOUSE_ROWS];	/* list row + 1 drawn on each line, 0 */
	int bar_x, bar_w;	/* where the key words start and their room */
	bool bar_shown;		/* the key bar shows keys, not a message */
};

/* Forget where the rows were: a new frame is drawn. */
void mouse_clear(struct app *a);

/* Line Y of the screen shows row INDEX of the shown screen's list. */
void mouse_row(struct app *a, int y, size_t index);

/* Read the click that came (KEY_MOUSE): a row's is done here (it selects
 * the row); true for one on the key bar, with its column among the key
 * words in *COL. */
bool mouse_read(struct app *a, int *col);

#endif
