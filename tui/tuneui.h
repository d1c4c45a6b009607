/* SPDX-License-Identifier: GPL-2.0-or-later */
/* tuneui: the tuning keys of the live monitor (g f P R u p s J, and q with
 * changes in force), their dialogs, status sentences, hints and the
 * keep-or-restore decision at exit. */
#ifndef BENCHTOP_TUNEUI_H
#define BENCHTOP_TUNEUI_H

#include <stdbool.h>
#include <stddef.h>

struct app;

void tuneui_init(struct app *a);
void tuneui_fini(struct app *a);

/* Once a tick: look for irqbalance now and then. */
void tuneui_tick(struct app *a);

/* Whether an open dialog takes every key (the interval keys too). */
bool tuneui_modal(const struct app *a);

/* Handle CH when a dialog is open; true when it did. */
bool tuneui_modal_key(struct app *a, int ch);

/* Handle a tuning key; true when CH was one. */
bool tuneui_key(struct app *a, int ch);

/* Draw what sits over the frame: the dialog, the read-only and the
 * irqbalance notes. */
void tuneui_draw(struct app *a);

/* Draw the overview's hint on row Y when there is one; returns the rows
 * used (0 or 1). */
int tuneui_draw_hint(struct app *a, int y, int w);

/* Undo journal entry K (-1: say there is nothing to undo). */
void tuneui_undo(struct app *a, long k);

/* The label of journal entry E: "CPUs 4-7", "IRQ 151", "sda". */
struct journal_entry;
void tuneui_entry_label(const struct app *a, const struct journal_entry *e,
			char *dst, size_t size);

/* At the end of the run (RC: 0 after q, a signal number, or -errno):
 * keep or restore the changes in force as the options and settings say. */
void tuneui_exit(struct app *a, int rc);

#endif
