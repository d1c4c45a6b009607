/* SPDX-License-Identifier: GPL-2.0-or-later */
/* hintui: the overview's line of advice, from src/tune/hints. */
#ifndef BENCHTOP_HINTUI_H
#define BENCHTOP_HINTUI_H

struct app;

/* Draw every hint that applies, the last ending on row Y, in at most
 * MAX_ROWS rows (the first hint always); returns the rows used. */
int hintui_draw(struct app *a, int y, int w, int max_rows);

#endif
