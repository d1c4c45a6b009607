/* SPDX-License-Identifier: GPL-2.0-or-later */
/* listfilter: the / filter (rows by name, typed incrementally) and the S
 * sort of the overview's and the IRQ screen's lists; the row builders
 * (overview.c, irqrows.c) ask it, the frame shows it. */
#ifndef BENCHTOP_LISTFILTER_H
#define BENCHTOP_LISTFILTER_H

#include <stdbool.h>
#include <stddef.h>

#include "panel.h"

struct app;

#define LISTFILTER_MAX 32

/* The orders S goes through: IRQs by number, rate, name; disks and
 * interfaces in the kernel's order, by rate, by name. */
enum listfilter_sort { LISTSORT_KERNEL, LISTSORT_RATE, LISTSORT_NAME };

struct listfilter {
	char text[PANEL_N][LISTFILTER_MAX];	/* "" when none */
	bool typing;		/* / is open on the screen shown */
	enum listfilter_sort sort[PANEL_N];
};

/* /: start typing the filter of the screen shown. */
void listfilter_open(struct app *a);

/* While / is open, key CH edits the filter (Enter keeps it, Esc clears
 * it); true when it took the key. */
bool listfilter_key(struct app *a, int ch);

/* Esc with a filter set on the screen shown: clear it (true); false
 * when there is none, so that Esc goes back. */
bool listfilter_esc(struct app *a, int ch);

/* S: the next order of the screen shown's lists. */
void listfilter_sort(struct app *a);

/* Whether one of NAMES (N of them, NULL ones skipped) holds screen ID's
 * filter, case-blind; true when it has none. */
bool listfilter_match(const struct app *a, enum panel_id id,
		      const char *const *names, size_t n);

/* The filter line of the screen shown for the key bar ("" for none). */
void listfilter_note(const struct app *a, char *dst, size_t size);

/* The order of screen ID's lists in a word: "rate", "name", "number"
 * (IRQ screen), "kernel order" (overview). */
const char *listfilter_sort_label(const struct app *a, enum panel_id id);

/* The filter of screen ID, or NULL when it has none. */
const char *listfilter_text(const struct app *a, enum panel_id id);

#endif
