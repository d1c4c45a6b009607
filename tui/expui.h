/* SPDX-License-Identifier: GPL-2.0-or-later */
/* expui: experiments in the live monitor - from the results screen (x),
 * pick what to vary among the tunables of the selected run's chain, watch
 * the live screen during the runs, read the table. */
#ifndef BENCHTOP_EXPUI_H
#define BENCHTOP_EXPUI_H

#include <stdbool.h>
#include <stddef.h>

#include <jansson.h>

struct app;

extern const struct panel_ops panel_exp_ops;

/* x on the results screen: the picker for result I (or the running
 * experiment's table).  True. */
bool expui_open(struct app *a, size_t i);

/* The experiments of the session (a new reference), or NULL when none. */
json_t *expui_json(const struct app *a);

#endif
