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

/* Allocate the experiment state (A->exp); an experiment still running at
 * fini is cancelled and its tuning put back. */
void expui_init(struct app *a);
void expui_fini(struct app *a);

/* x on the results screen: the picker for result I (or the running
 * experiment's table).  True. */
bool expui_open(struct app *a, size_t i);

/* After the benchmark run was reaped: the next run, or the end. */
void expui_reap(struct app *a);

/* The experiment's line over the key bar while it runs. */
void expui_draw(struct app *a);

/* The experiments of the session (a new reference), or NULL when none. */
json_t *expui_json(const struct app *a);

/* The picker's keys (Space marks, 1-9 runs, Enter starts, j k move) while
 * it is shown; false for a key it leaves to the key table. */
bool expui_key(struct app *a, int ch);

#endif
