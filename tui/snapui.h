/* SPDX-License-Identifier: GPL-2.0-or-later */
/* snapui: snapshots from the live monitor (session recorder, w / F6). */
#ifndef BENCHTOP_SNAPUI_H
#define BENCHTOP_SNAPUI_H

#include <jansson.h>
#include <stdbool.h>

#include "bench/benchresult.h"

struct app;

#define SNAPUI_PICKS 16		/* saved sessions L offers */

/* Write the session to a new file; the status line says where or why
 * not.  Returns 0 or -errno. */
int snapui_save(struct app *a);

/* L: offer the newest saved sessions of snapshot_dir and the current
 * folder; the one chosen becomes the results screen's baseline. */
void snapui_baseline_ask(struct app *a);

/* The baseline's last good run of RES's preset and target into OUT (to
 * be released with benchresult_fini); false when it has none. */
bool snapui_baseline_for(const struct app *a, const struct benchresult *res,
			 struct benchresult *out);

/* The baseline's file name, cleaned ("" when none). */
const char *snapui_baseline_name(const struct app *a);

#endif
