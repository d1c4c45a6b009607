/* SPDX-License-Identifier: GPL-2.0-or-later */
/* sinceui: T, how long the monitor has watched and how many readings it
 * took, in the status line. */
#ifndef BENCHTOP_SINCEUI_H
#define BENCHTOP_SINCEUI_H

struct app;

/* T: "watching for H:MM:SS: N readings, every S s" (tui/keys.c binds it). */
void sinceui_say(struct app *a);

#endif
