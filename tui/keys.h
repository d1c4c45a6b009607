/* SPDX-License-Identifier: GPL-2.0-or-later */
/* keys: the one table of the live screen's keys. The key handler, the key
 * bar, the help screen and `benchtop --list-keys` (which the man page is
 * checked against) all read it; keymap.c runs it. */
#ifndef BENCHTOP_KEYS_H
#define BENCHTOP_KEYS_H

#include <stdbool.h>
#include <stddef.h>

struct app;

/* What a key does to the machine. */
enum keys_kind {
	KEYS_VIEW,	/* only the view (or a file the user asked for) */
	KEYS_RUN,	/* starts or stops a benchmark or a server */
	KEYS_TUNE,	/* writes a kernel setting (root) */
};

#define KEYS_LIVE 1u	/* in the live monitor */
#define KEYS_REPLAY 2u	/* in --replay */
#define KEYS_BOTH (KEYS_LIVE | KEYS_REPLAY)
#define KEYS_ALL_SCREENS (~0u)
#define KEYS_MAX 4

struct keys_cmd {
	int keys[KEYS_MAX];	/* curses codes; 0 ends the list */
	const char *names;	/* as help and the man page write them */
	unsigned screens;	/* 1 << enum panel_id each */
	unsigned modes;		/* KEYS_LIVE, KEYS_REPLAY */
	enum keys_kind kind;
	/* The action: ACT, or KEY when it depends on the key pressed (KEY
	 * returns false to let the next row that matches have it). */
	void (*act)(struct app *a);
	bool (*key)(struct app *a, int ch);
	const char *help;	/* the help screen's line (N_) */
	const char *bar;	/* the key bar's words (N_), or NULL */
	int bar_at;		/* their place on the bar, from the left */
	unsigned bar_screens;	/* the screens whose bar shows them */
	bool cpufreq;		/* off the bar where no cluster has cpufreq */
};

/* The table and its length. */
const struct keys_cmd *keys_table(size_t *n);

/* The key bar of the screen shown in WIDTH columns, into DST: the words
 * that fit, and "+N more: h" before the last (q Quit) when some do not. */
void keys_bar(const struct app *a, int width, char *dst, size_t size);

/* The key of the bar's word at column AT of that bar, or 0. */
int keys_bar_key(const struct app *a, int width, int at);

/* Whether row C is gone from the help and the bar (tuning rows under
 * --readonly). */
bool keys_hidden(const struct keys_cmd *c, const struct app *a);

#endif
