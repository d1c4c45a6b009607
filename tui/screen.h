/* SPDX-License-Identifier: GPL-2.0-or-later */
/* screen: the monitor's state changes (ticks, keys) and its frame: the
 * header, the panel in between and the key bar. */
#ifndef BENCHTOP_SCREEN_H
#define BENCHTOP_SCREEN_H

struct app;
struct settings;
struct options;

#define SCREEN_MIN_COLS 60
#define SCREEN_MIN_ROWS 12

void screen_app_init(struct app *a, const struct options *opts,
		     const struct settings *cfg);
void screen_app_fini(struct app *a);

/* Take a new sample and update rates, history and the hardware model. */
void screen_tick(struct app *a);

/* Draw the whole frame; curses sends only what changed. */
void screen_draw(struct app *a);

/* Handle one key. */
void screen_key(struct app *a, int ch);

#endif
