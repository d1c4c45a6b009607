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

/* Show recorded row I (the last one past the end). */
void replayui_load(struct app *a, size_t i);

/* The time cursor (tui/keys.c binds the keys): one sample, a tenth of the
 * recording or to its end (DIR -1 back, 1 on); play or pause; the play
 * speed doubled or halved. */
void replayui_step(struct app *a, int dir);
void replayui_jump(struct app *a, int dir);
void replayui_ends(struct app *a, int dir);
void replayui_play(struct app *a);
void replayui_speed(struct app *a, bool faster);

/* CH does not work in a replay: say why (tuning is off; w: the session is
 * saved already). */
void replayui_refuse(struct app *a, int ch);

/* The recording's tuning journal (for J), or NULL when not replaying. */
struct journal;
const struct journal *replayui_journal(const struct app *a);

#endif
