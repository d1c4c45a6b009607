/* SPDX-License-Identifier: GPL-2.0-or-later */
/* mdcell: one cell of a Markdown table, '|' escaped. */
#include "config.h"

#include "base/mdcell.h"

void mdcell_put(FILE *f, const char *s)
{
	fputs(" ", f);
	for (; *s; s++) {
		if (*s == '|')
			fputc('\\', f);
		fputc(*s, f);
	}
	fputs(" |", f);
}
