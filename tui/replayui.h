/* SPDX-License-Identifier: GPL-2.0-or-later */
/* replayui: `benchtop --replay FILE` in the live monitor (time cursor,
 * REPLAY header, tuning and benchmark keys refused). */
#ifndef BENCHTOP_REPLAYUI_H
#define BENCHTOP_REPLAYUI_H

#include <stdbool.h>
#include <stddef.h>

struct app;

/* Read PATH and show its first recorded row; 0, or 2 after one sentence
 * on stderr (the terminal is not touched yet). */
int replayui_open(struct app *a, const char *path);

/* Free the replay, if any. */
void replayui_fini(struct app *a);

/* Show recorded row I (the last one past the end). */
void replayui_load(struct app *a, size_t i);

/* Each tick: while playing, move the cursor on by the speed. */
void replayui_tick(struct app *a);

/* The time cursor's keys and the refused ones; true when handled. */
bool replayui_key(struct app *a, int ch);

/* The header line: REPLAY <time> (<i>/<n>), host, board, kernel. */
void replayui_draw_header(struct app *a, int width);

/* The key bar's text while replaying. */
const char *replayui_keybar(void);

#endif
