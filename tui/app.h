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
#include "mouse.h"
#include "panel.h"
#include "view.h"
#include "stale.h"
#include "frame.h"
#include "textcache.h"
/* [tune app: begin] includes */
#include "dialog.h"
#include "tune/irqbalance.h"
#include "tune/tune.h"
#include "tune/hints.h"
/* [tune app: end] includes */
/* [bench app: begin] includes */
#include "benchui.h"
/* [bench app: end] includes */
/* [snapshot app: begin] includes */
#include "session/series.h"
#include "session/snapevents.h"
struct replay;
/* [snapshot app: end] includes */

/* [experiment app: begin] includes */
struct expui;
struct persistui;
/* [experiment app: end] includes */
struct settings;
struct options;


struct app {
	const struct options *opts;
	const struct settings *cfg;
	double interval_s;
	bool show_all;		/* idle loop/ram/zram too */
	bool utf8;		/* the locale's codeset is UTF-8 */
	bool color;
	bool quit;

	struct live live;	/* samples, rates, hardware model (src/view) */
	struct history hist;
	int uevent_fd;		/* hotplugui.c's socket, -1 when none */
	int uevent_err;		/* why there is none (-errno), or 0 */

	enum panel_id panel;	/* the screen shown (app_show) */
	enum panel_id back;	/* where Esc goes (app_back) */
	struct view views[PANEL_N];	/* each screen's cursor */
	unsigned data_gen;	/* moves when rates, hardware or filters do */
	struct moment moment;	/* what the panels draw (app_moment) */
	unsigned moment_gen;	/* the data_gen it was built for */
	bool moment_built;
	struct overview overview;	/* its rows for data_gen (overview.c) */
	char chain_dev[64];	/* the device the chain screen shows */
	struct irqrows irqrows;	/* the IRQ screen's rows (irqrows.c) */
	struct listfilter filter;	/* the / filters and S orders */
	struct mouse mouse;	/* where this frame's rows are (mouse.c) */
	char message[400];	/* the status line (app_say), or "" */
	/* [tune app: begin] */
	struct tune tune;	/* the journal of changes */
	struct dialog dialog;	/* the open tuning dialog, if any */
	bool tune_ro;		/* not root: tuning keys only explain */
	bool tune_readonly;	/* --readonly, readonly = yes: tuning keys
				 * refuse and leave the key bar and help */
	int irqbalance_pid;	/* > 0 while irqbalance runs */
	struct irqbalance_look irqbalance;	/* what the last look saw */
	unsigned tune_ticks;
	bool tune_bench;	/* a benchmark runs (for the governor hint) */
	struct hints_in hint_in;	/* hintui's input for hint_gen */
	unsigned hint_gen;
	bool hint_built;
	/* [tune app: end] */
	/* [bench app: begin] */
	struct benchui bench;	/* presets, the run, results, server */
	/* [bench app: end] */
	/* [snapshot app: begin] */
	struct series series;	/* the session's time series (snapui.c) */
	struct snapevents events;	/* governor, affinity changes */
	char snap_exit[600];	/* the exit save's sentence for stderr */
	char tune_exit[600];	/* what stays in force after quit, and how
				 * to undo it (stderr) */
	json_t *baseline;	/* L: results of a saved session, or NULL */
	char baseline_name[128];	/* its file name, cleaned */
	char snap_picks[16][512];	/* L: the files offered */
	size_t snap_npicks, snap_pick_sel;
	bool snap_picking;		/* the L choice is open */
	struct replay *replay;	/* --replay: the recording, else NULL */
	size_t replay_i;	/* the row shown */
	struct journal replay_journal;	/* the recording's, for J */
	bool replay_play;
	unsigned replay_speed;	/* rows per tick while playing */
	/* [snapshot app: end] */
	struct frame frame;	/* the rows drawn last (frame.c) */
	/* [experiment app: begin] */
	struct expui *exp;	/* expui.c */
	struct persistui *persist;	/* persistui.c, K on the journal */
	/* [experiment app: end] */
	struct textcache text;	/* text made once (textcache.c) */
};

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
