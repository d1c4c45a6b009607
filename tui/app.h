/* SPDX-License-Identifier: GPL-2.0-or-later */
/* app: the state of the live monitor, passed explicitly to every panel. */
#ifndef BENCHTOP_APP_H
#define BENCHTOP_APP_H

#include <stdbool.h>
#include <stddef.h>

#include "base/buf.h"
#include "collect/history.h"
#include "hw/hwmodel.h"
#include "collect/sample.h"
#include "view/live.h"
#include "view/moment.h"
#include "overview.h"
#include "irqrows.h"
#include "listfilter.h"
#include "hotplugui.h"
#include "mouse.h"
#include "panel.h"
#include "view.h"
#include "stale.h"
#include "frame.h"
#include "textcache.h"
#include "tuneui.h"
#include "benchui.h"
#include "feature.h"

struct snapui;
struct replayui;
struct expui;
struct settings;
struct options;

/* The moment the panels draw, and the data_gen it was built for. */
struct app_moment {
	struct moment m;
	unsigned gen;
	bool built;
};


/* What every screen shares; each field says which module writes it.  A
 * feature of the table in features.c keeps its state in one field of its
 * own (one pointer when no other file reads it). */
struct app {
	const struct options *opts;	/* main.c's, read only */
	const struct settings *cfg;	/* main.c's, read only */
	double interval_s;	/* keys.c (+ -), replayui.c */
	bool show_all;		/* keys.c: idle loop/ram/zram too */
	bool utf8;		/* tui.c (term_start): the codeset is UTF-8 */
	bool color;		/* tui.c (term_start) */
	bool quit;		/* keys.c, tuneui.c (q) */

	struct live live;	/* samples, rates, hardware model (src/view) */
	struct history hist;	/* screen.c, replayui.c: the sparklines */
	struct hotplugui hotplug;	/* the uevent socket (hotplugui.c) */

	enum panel_id panel;	/* the screen shown (app.c: app_show) */
	enum panel_id back;	/* where Esc goes (app.c: app_back) */
	struct view views[PANEL_N];	/* each screen's cursor */
	unsigned data_gen;	/* moves when rates, hardware or filters do
				 * (app_data_changed) */
	struct app_moment moment;	/* what the panels draw (app.c) */
	struct overview overview;	/* its rows for data_gen (overview.c) */
	char chain_dev[64];	/* the device the chain screen shows
				 * (panel_main.c, usbrows.c: Enter) */
	struct irqrows irqrows;	/* the IRQ screen's rows (irqrows.c) */
	struct listfilter filter;	/* the / filters and S orders */
	struct mouse mouse;	/* where this frame's rows are (mouse.c) */
	char message[400];	/* the status line (app.c: app_say), or "" */
	struct frame frame;	/* the rows drawn last (frame.c) */
	struct textcache text;	/* text made once (textcache.c) */

	/* the features (features.c) */
	struct tuneui tuning;	/* journal, dialogs (tuneui.c, hintui.c) */
	struct benchui bench;	/* presets, the run, results, server
				 * (benchui.c; expui.c drives its run) */
	struct snapui *snap;	/* the session recorder, L (snapui.c) */
	struct replayui *replay;	/* --replay: the recording, else NULL
					 * (replayui.c) */
	struct expui *exp;	/* experiments (expui.c) */
	/* the state of the features no other file reads, one pointer each
	 * (app_feature_data: persistui.c, sinceui.c) */
	struct feature_slot features[FEATURES_MAX];
};

/* The state slot of feature OPS (a row of features.c's table), or NULL
 * when OPS is not in the table. */
static inline void **app_feature_data(struct app *a,
				      const struct feature_ops *ops)
{
	size_t i;

	for (i = 0; i < FEATURES_MAX; i++)
		if (a->features[i].ops == ops)
			return &a->features[i].data;
	return NULL;
}

/* The newest sample. */
static inline const struct sample *app_cur(const struct app *a)
{
	return &a->live.samples[a->live.cur];
}

/* The rates, the hardware model or what is shown changed: views built
 * from them (the moment, the overview's rows) are built again when next
 * asked for.  Call it after any reload of A->hw: the moment borrows its
 * USB tree and chains. */
static inline void app_data_changed(struct app *a)
{
	a->data_gen++;
}

/* The moment the panels draw: built from the newest samples, rates and
 * hardware model when the data moved since (a replay sets it itself). */
const struct moment *app_moment(struct app *a);

/* Show screen ID; Esc goes back to the one shown before (the help screen
 * is never one to go back to, and the overview ends the way back). */
void app_show(struct app *a, enum panel_id id);

/* Esc: the screen shown before, or the overview. */
void app_back(struct app *a);

/* Set the status line, printf-style, until the next key. */
void app_say(struct app *a, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* Empty the status line. */
void app_say_clear(struct app *a);

#endif
