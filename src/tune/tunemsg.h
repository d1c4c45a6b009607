/* SPDX-License-Identifier: GPL-2.0-or-later */
/* tunemsg: the one sentence a user reads about each tuning action, shared
 * by the live screen and `benchtop set` (translated, so it lives in the
 * program's front, not in the core library). */
#ifndef BENCHTOP_TUNEMSG_H
#define BENCHTOP_TUNEMSG_H

#include <stddef.h>

#include "tune/journal.h"

struct tune;

/*
 * One sentence about RC, the return of a tune_* action on KIND for the
 * target LABEL ("IRQ 151", "CPUs 4-7", "sda"): what was refused and why,
 * or the journal entry RC: old, new and read-back value, or the error.
 * Returns whether the action succeeded (the write worked and reads back
 * as written) or left nothing in force to fail (an undo of an IRQ that
 * went with its device, TUNE_EGONE, TUNE_EREUSED).
 */
int tunemsg_outcome(const struct tune *t, enum journal_kind kind,
		    const char *label, long rc, char *dst, size_t size);

/* What KIND changes, for "... needs root": "changing the governor". */
const char *tunemsg_what(enum journal_kind kind);

/* The label of a journal entry's target ("IRQ 151", "policy4", "sda"),
 * translated where words are involved. */
void tunemsg_label(const struct journal_entry *e, char *dst, size_t size);

struct tune_found;

/* One sentence about what tune_attach FOUND (changes that a benchtop
 * which ended left in force, writes it never finished recording), "" when
 * nothing. */
void tunemsg_found(const struct tune *t, const struct tune_found *found,
		   char *dst, size_t size);

#endif
