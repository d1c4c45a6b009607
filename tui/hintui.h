/* SPDX-License-Identifier: GPL-2.0-or-later */
/* hintui: the overview's line of advice, from src/tune/hints. */
#ifndef BENCHTOP_HINTUI_H
#define BENCHTOP_HINTUI_H

struct app;

/* Draw the overview's hint on row Y when there is one; returns the rows
 * used (0 or 1). */
int hintui_draw(struct app *a, int y, int w);

#endif
