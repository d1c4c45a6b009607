/* SPDX-License-Identifier: GPL-2.0-or-later */
/* view: list navigation shared by the overview, IRQ, benchmark and
 * journal screens. */
#include "config.h"

#include "view.h"

#include <curses.h>

bool view_key(struct view *v, int ch)
{
	size_t page = LINES > 4 ? (size_t)LINES - 4 : 1;
	size_t last = v->nrows ? v->nrows - 1 : 0;

	switch (ch) {
	case 'j':
	case KEY_DOWN:
		if (v->sel + 1 < v->nrows)
			v->sel++;
		return true;
	case 'k':
	case KEY_UP:
		if (v->sel > 0)
			v->sel--;
		return true;
	case KEY_NPAGE:
		v->sel = v->sel + page < last ? v->sel + page : last;
		return true;
	case KEY_PPAGE:
		v->sel = v->sel > page ? v->sel - page : 0;
		return true;
	case KEY_HOME:
		v->sel = 0;
		return true;
	case KEY_END:
		v->sel = last;
		return true;
	}
	return false;
}
