/* SPDX-License-Identifier: GPL-2.0-or-later */
/* dialog: a small box drawn over the panel - choose from a list, type a
 * value, or answer a two-key question - that takes every key while open. */
#ifndef BENCHTOP_DIALOG_H
#define BENCHTOP_DIALOG_H

#include <stdbool.h>
#include <stddef.h>

#define DIALOG_ITEMS 48
#define DIALOG_ITEM_MAX 64

enum dialog_kind {
	DIALOG_NONE, DIALOG_LIST, DIALOG_INPUT, DIALOG_ASK, DIALOG_CONFIRM,
};

/* What a key did to the dialog. */
enum dialog_result { DIALOG_OPEN, DIALOG_DONE, DIALOG_CANCEL };

struct dialog {
	enum dialog_kind kind;
	char title[160];
	char items[DIALOG_ITEMS][DIALOG_ITEM_MAX];
	size_t n, sel;
	char input[DIALOG_ITEM_MAX];	/* DIALOG_INPUT: what was typed */
	char keys[2];		/* DIALOG_ASK: the answers, "yn", "kr" */
	char answer;		/* DIALOG_ASK: the key given;
				 * DIALOG_CONFIRM: 'y' or 'n' */
	int purpose;		/* the caller's: what the answer is for */
	long arg;		/* the caller's: which target */
};

/* Open a list titled TITLE; add entries with dialog_add. */
void dialog_list(struct dialog *d, const char *title, int purpose, long arg);
void dialog_add(struct dialog *d, const char *item);
/* Open a line to type a value into (digits, letters, "-,." only). */
void dialog_input(struct dialog *d, const char *title, int purpose,
		  long arg);
/* Open a question answered by KEYS[0] or KEYS[1] (Esc cancels); a line
 * given with dialog_add after it shows beside the keys. */
void dialog_ask(struct dialog *d, const char *title, const char *keys,
		int purpose, long arg);

/* Open a y/N question: TITLE, then BODY (what it changes) on its own
 * line; y answers yes, n, Enter and Esc no (DIALOG_DONE with 'n'). */
void dialog_confirm(struct dialog *d, const char *title, const char *body,
		    int purpose, long arg);

/* Whether a dialog is open. */
bool dialog_open(const struct dialog *d);

/* Handle key CH of an open dialog; on DIALOG_DONE the answer is in sel,
 * input or answer, and the dialog stays filled until the next open. */
enum dialog_result dialog_key(struct dialog *d, int ch);

/* Close without an answer. */
void dialog_close(struct dialog *d);

/* Draw the open dialog centred over the screen (COLOR: colours on). */
void dialog_draw(struct dialog *d, bool color);

#endif
