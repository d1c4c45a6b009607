/* SPDX-License-Identifier: GPL-2.0-or-later */
/* view: a panel's cursor (selected row, first row and column shown) and
 * the keys that move it, the same on every list screen. */
#ifndef BENCHTOP_VIEW_H
#define BENCHTOP_VIEW_H

#include <stdbool.h>
#include <stddef.h>

struct view {
	size_t sel;
	size_t top;
	size_t col;		/* first CPU column (IRQ screen) */
	size_t ncols;		/* CPU columns shown at its last draw: a
				 * Left or Right pages by as many */
	size_t nrows;		/* rows the panel had at its last draw */
};

/* Move V's selection for j/k/Up/Down, PgUp/PgDn, Home/End; true when CH
 * was one of them. */
bool view_key(struct view *v, int ch);

#endif
