/* SPDX-License-Identifier: GPL-2.0-or-later */
/* keymap: a key to the row of the key table (keys.c) that takes it on the
 * screen shown, and the table as text for `benchtop --list-keys`. */
#ifndef BENCHTOP_KEYMAP_H
#define BENCHTOP_KEYMAP_H

#include <stdbool.h>
#include <stdio.h>

struct app;

/* Run the row for CH on the screen shown; false when no row has CH. A row
 * for the live monitor only is refused in a replay, with a sentence. */
bool keymap_run(struct app *a, int ch);

/* The table, one row a line: names, screens, modes, kind, help (English,
 * tab-separated). */
void keymap_list(FILE *f);

#endif
