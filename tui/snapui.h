/* SPDX-License-Identifier: GPL-2.0-or-later */
/* snapui: snapshots from the live monitor (session recorder, w / F6). */
#ifndef BENCHTOP_SNAPUI_H
#define BENCHTOP_SNAPUI_H

#include <jansson.h>
#include <stdbool.h>

#include "bench/benchresult.h"

struct app;

#define SNAPUI_PICKS 16		/* saved sessions L offers */

/* Start an empty session recorder in A. */
void snapui_init(struct app *a);

/* Free the recorder. */
void snapui_fini(struct app *a);

/* Record the newest rates in the session's time series. */
void snapui_tick(struct app *a);

/* Write the session to a new file; the status line says where or why
 * not.  Returns 0 or -errno. */
int snapui_save(struct app *a);

/* At the end of the monitor (END: 0 after q, the signal, or -errno): save
 * when snapshot_on_exit says yes, leaving the sentence for stderr in
 * A->snap_exit (printed once the terminal is restored). */
void snapui_exit(struct app *a, int end);

/* L: offer the newest saved sessions of snapshot_dir and the current
 * folder; the one chosen becomes the results screen's baseline. */
void snapui_baseline_ask(struct app *a);

/* While the choice is open it takes every key; true then. */
bool snapui_modal_key(struct app *a, int ch);

/* Draw the open choice over the screen. */
void snapui_draw(struct app *a);

/* The baseline's last good run of RES's preset and target into OUT (to
 * be released with benchresult_fini); false when it has none. */
bool snapui_baseline_for(const struct app *a, const struct benchresult *res,
			 struct benchresult *out);

#endif
