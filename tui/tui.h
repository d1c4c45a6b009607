/* SPDX-License-Identifier: GPL-2.0-or-later */
/* tui: the live full-screen monitor (ncursesw). */
#ifndef BENCHTOP_TUI_H
#define BENCHTOP_TUI_H

struct options;
struct settings;

/* Run the live monitor until the user quits or a signal ends it.  Returns
 * the process exit status; the terminal is restored in every case. */
int tui_run(const struct options *opts, const struct settings *cfg);

#endif
