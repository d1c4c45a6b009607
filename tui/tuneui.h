/* SPDX-License-Identifier: GPL-2.0-or-later */
/* tuneui: what the tuning keys do (tui/keys.c binds them), their dialogs
 * and status sentences, and the keep-or-restore decision at exit. */
#ifndef BENCHTOP_TUNEUI_H
#define BENCHTOP_TUNEUI_H

#include <stdbool.h>
#include <stddef.h>

#include "dialog.h"
#include "tune/hints.h"
#include "tune/irqbalance.h"
#include "tune/tune.h"

struct app;

/* The tuning feature's state (A->tuning), tuneui.c's and hintui.c's. */
struct tuneui {
	struct tune tune;	/* the journal of changes */
	struct dialog dialog;	/* the open tuning dialog, if any */
	bool ro;		/* not root: tuning keys only explain */
	bool readonly;		/* --readonly, readonly = yes: tuning keys
				 * refuse and leave the key bar and help */
	int irqbalance_pid;	/* > 0 while irqbalance runs */
	struct irqbalance_look irqbalance;	/* what the last look saw */
	unsigned ticks;
	bool bench;		/* a benchmark runs (the governor hint) */
	struct hints_in hint_in;	/* hintui's input for hint_gen */
	unsigned hint_gen;
	bool hint_built;
	char exit[600];		/* what stays in force after quit, and
				 * how to undo it (stderr) */
};

/* Whether an open dialog takes every key (the interval keys too). */
bool tuneui_modal(const struct app *a);

/* The tuning keys' actions (tui/keys.c binds them): the governor (g),
 * the limits (f), every cluster to performance (P), pin the selected IRQ
 * (p), the I/O scheduler (s), undo the last change (u), restore all (R),
 * the journal (J). */
void tuneui_governor(struct app *a);
void tuneui_limits(struct app *a);
void tuneui_performance(struct app *a);
void tuneui_pin(struct app *a);
void tuneui_scheduler(struct app *a);
void tuneui_undo_last(struct app *a);
void tuneui_restore(struct app *a);
void tuneui_journal(struct app *a);

/* Why tuning is off ("read-only: started with --readonly", "... not
 * root"), or NULL when it is on. */
const char *tuneui_ro_reason(const struct app *a);

/* q: true when it asked whether to keep the changes in force instead of
 * quitting. */
bool tuneui_ask_quit(struct app *a);

/* What the key bar says before the keys on this screen, or NULL. */
const char *tuneui_bar_note(const struct app *a);

/* Undo journal entry K (-1: say there is nothing to undo). */
void tuneui_undo(struct app *a, long k);

/* The label of journal entry E: "CPUs 4-7", "IRQ 151", "sda". */
struct journal_entry;
void tuneui_entry_label(const struct app *a, const struct journal_entry *e,
			char *dst, size_t size);

#endif
