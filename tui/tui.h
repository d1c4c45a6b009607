/* SPDX-License-Identifier: GPL-2.0-or-later */
/* tui: the live full-screen monitor (ncursesw). */
#ifndef BENCHTOP_TUI_H
#define BENCHTOP_TUI_H

#include <stdio.h>

struct options;
struct settings;

/* Run the live monitor until the user quits or a signal ends it.  Returns
 * the process exit status; the terminal is restored in every case. */
int tui_run(const struct options *opts, const struct settings *cfg);

/* The live screen's keys, one row a line (`benchtop --list-keys`, which
 * tests/tui/scenarios/keys_doc.scn compares with the man page). */
void tui_list_keys(FILE *f);

#endif
