/* SPDX-License-Identifier: GPL-2.0-or-later */
/* term: bringing ncurses up and down, and the terminal's size. */
#ifndef BENCHTOP_TERM_H
#define BENCHTOP_TERM_H

#include <stdbool.h>

struct settings;

/* Start curses on the terminal, in colour when CFG and the terminal allow;
 * returns 0, or -ENOTTY when standard input/output is not a terminal. */
int term_start(const struct settings *cfg, bool *color, bool *utf8);

/* Restore the terminal before the default action of a crash signal. */
void term_crash_handlers(void);

/* Restore the terminal (safe to call twice). */
void term_stop(void);

/* Tell curses the terminal's new size after SIGWINCH. */
void term_resize(void);

/* After SIGCONT (fg after Ctrl-Z): the keypad mode back, and a full
 * redraw at the next refresh. */
void term_resume(void);

#endif
