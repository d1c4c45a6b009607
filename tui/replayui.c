/* SPDX-License-Identifier: GPL-2.0-or-later */
/* replayui: `benchtop --replay FILE` - the live screen fed from a saved
 * session instead of /proc and /sys: a time cursor over the recorded rows
 * (step, jump, first/last, play at a speed), REPLAY on the header, and the
 * tuning and benchmark keys refused. */
#include "config.h"

#include "replayui.h"

#include <curses.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app.h"
#include "feature.h"
#include "tune/journalfile.h"
#include "draw.h"
#include "base/i18n.h"
#include "base/jsonget.h"
#include "session/replay.h"
#include "session/snapshot.h"
#include "base/strclean.h"

#define SPEED_MAX 64u
#define SPARK_ROWS 10	/* rows of history behind the cursor */

/* The feature's state, behind A->replay (NULL: the live monitor). */
struct replayui {
	struct replay rec;	/* the recording */
	size_t i;		/* the row shown */
	struct journal journal;	/* the recording's, for J */
	bool play;
	unsigned speed;		/* rows per tick while playing */
};

/* The session's tuning journal, for J (read only: tuning is off). */
static void load_journal(struct app *a)
{
	struct journal_entry e;
	json_t *o;
	size_t i;

	json_array_foreach(json_object_get(a->replay->rec.doc, "journal"), i, o)
		if (journalfile_entry(o, &e) == 0)
			journal_add(&a->replay->journal, &e);
}

int replayui_open(struct app *a, const char *path)
{
	char err[400], shown[512];
	json_t *doc;
	int rc = snapshot_read(path, &doc, err, sizeof(err));

	strclean_copy(shown, sizeof(shown), path, strlen(path));
	if (rc) {
		fprintf(stderr, "%s: %s: %s\n", PACKAGE, shown, err);
		return 2;
	}
	a->replay = calloc(1, sizeof(*a->replay));
	rc = a->replay ? replay_open(&a->replay->rec, doc, err, sizeof(err)) :
	     -ENOMEM;
	json_decref(doc);
	if (rc) {
		fprintf(stderr, _("%s: %s: cannot be replayed: %s\n"), PACKAGE,
			shown, rc == -ENOMEM ? strerror(ENOMEM) : err);
		free(a->replay);
		a->replay = NULL;
		return 2;
	}
	a->replay->speed = 1;
	journal_init(&a->replay->journal);
	load_journal(a);
	if (a->replay->rec.series.interval_s >= 0.1 &&
	    a->replay->rec.series.interval_s <= 3600)
		a->interval_s = a->replay->rec.series.interval_s;
	replayui_load(a, 0);
	return 0;
}

static void replayui_fini(struct app *a)
{
	if (!a->replay)
		return;
	journal_fini(&a->replay->journal);
	replay_fini(&a->replay->rec);
	free(a->replay);
	a->replay = NULL;
}

/* "disk:sda" of "disk:sda:read_bytes_per_s" into DST, when CH is the
 * first channel of a disk or an interface; the second's metric in *OTHER. */
static bool device_of(const char *ch, char *dst, size_t size,
		      const char **other)
{
	static const char *const m[][2] = {
		{ ":read_bytes_per_s", "write_bytes_per_s" },
		{ ":rx_bytes_per_s", "tx_bytes_per_s" },
	};
	size_t n = strlen(ch), k, l;

	for (k = 0; k < 2; k++) {
		l = strlen(m[k][0]);
		if (n > l && strcmp(ch + n - l, m[k][0]) == 0 && n - l < size &&
		    strncmp(ch, k ? "net:" : "disk:", k ? 4 : 5) == 0) {
			snprintf(dst, size, "%.*s", (int)(n - l), ch);
			*other = m[k][1];
			return true;
		}
	}
	return false;
}

/* The sparklines' history (keys as the live screen's): the rows up to
 * the cursor, read + write of each disk, rx + tx of each interface. */
static void rebuild_history(struct app *a, size_t i)
{
	const struct series *s = &a->replay->rec.series;
	size_t j = i >= SPARK_ROWS ? i - SPARK_ROWS + 1 : 0, c;
	char dev[SERIES_NAME_MAX], ch2[SERIES_NAME_MAX + 24];
	const char *other;
	double v, w;

	history_free(&a->hist);
	for (; j <= i; j++) {
		history_tick(&a->hist);
		for (c = 0; c < s->nch; c++) {
			if (!device_of(s->names[c], dev, sizeof(dev), &other))
				continue;
			snprintf(ch2, sizeof(ch2), "%s:%s", dev, other);
			v = replay_value(&a->replay->rec, j, s->names[c]);
			w = replay_value(&a->replay->rec, j, ch2);
			history_push(&a->hist, dev, (isnan(v) ? 0 : v) +
				     (isnan(w) ? 0 : w));
		}
	}
}

void replayui_load(struct app *a, size_t i)
{
	struct replay *rp = &a->replay->rec;

	if (i >= rp->n)
		i = rp->n - 1;
	a->replay->i = i;
	/* the moment at the cursor, straight from the row (empty when out
	 * of memory: the panels say "measuring...") */
	replay_moment(rp, i, &a->moment.m);
	rebuild_history(a, i);
	app_data_changed(a);
}

static void replayui_tick(struct app *a)
{
	size_t last = a->replay->rec.n - 1;

	if (!a->replay->play)
		return;
	if (a->replay->i + a->replay->speed >= last) {
		a->replay->play = false;
		app_say(a, "%s",
			 _("replay: the end of the recording"));
		replayui_load(a, last);
		return;
	}
	replayui_load(a, a->replay->i + a->replay->speed);
}

/* The row D rows from the cursor, within the recording. */
static void step(struct app *a, long d)
{
	long i = (long)a->replay->i + d, last = (long)a->replay->rec.n - 1;

	a->replay->play = false;
	replayui_load(a, (size_t)(i < 0 ? 0 : i > last ? last : i));
}

void replayui_refuse(struct app *a, int ch)
{
	if (ch == 'w' || ch == KEY_F(6))
		app_say(a, "%s", _("replay: this "
			 "session is already saved; nothing new to write"));
	else
		app_say(a, "%s", _("replay: tuning is off"));
}

void replayui_speed(struct app *a, bool faster)
{
	if (faster && a->replay->speed < SPEED_MAX)
		a->replay->speed *= 2;
	else if (!faster && a->replay->speed > 1)
		a->replay->speed /= 2;
	app_say(a, _("replay: speed %ux"),
		 a->replay->speed);
}

void replayui_step(struct app *a, int dir)
{
	step(a, dir);
}

void replayui_jump(struct app *a, int dir)
{
	long n = (long)a->replay->rec.n, jump = n / 10 ? n / 10 : 1;

	step(a, dir * jump);
}

void replayui_ends(struct app *a, int dir)
{
	step(a, dir * (long)a->replay->rec.n);
}

void replayui_play(struct app *a)
{
	a->replay->play = !a->replay->play &&
			  a->replay->i + 1 < a->replay->rec.n;
}

static const char *fact(const struct app *a, const char *k1, const char *k2)
{
	const json_t *o = jsonget_at(json_object_get(a->replay->rec.doc,
						     "system"), k1, k2);

	return json_is_string(o) ? json_string_value(o) : "";
}

static void replayui_draw_header(struct app *a, int width)
{
	int64_t ms = replay_time_ms(&a->replay->rec, a->replay->i);
	long s = (long)(ms / 1000);
	char line[512];

	snprintf(line, sizeof(line), "REPLAY %02ld:%02ld:%02ld (%zu/%zu)  %s  "
		 "%s  %s  %s", s / 3600, s / 60 % 60, s % 60,
		 a->replay->i + 1, a->replay->rec.n, a->replay->play ?
		 _("playing") : _("paused"), fact(a, "host", "hostname"),
		 fact(a, "board", NULL), fact(a, "host", "kernel"));
	draw_style(a->color, STYLE_HEADER);
	draw_fill(0, 0, width);
	draw_text(0, 0, width, line);
	if (a->replay->speed > 1)
		draw_fmt(0, width - 6, 6, "%4ux", a->replay->speed);
}

/* --replay: the recording instead of /proc; while playing, the cursor
 * moves on by the speed. */
static bool replayui_source_tick(struct app *a)
{
	if (!a->replay)
		return false;
	replayui_tick(a);
	return true;
}

/* --replay: REPLAY <time> (<i>/<n>), host, board, kernel. */
static bool replayui_header(struct app *a, int width)
{
	if (!a->replay)
		return false;
	replayui_draw_header(a, width);
	return true;
}

/* A recorded session shown in place of the live reading (opened before
 * the terminal starts: replayui_open). */
const struct feature_ops replayui_ops = {
	.name = "replay",
	.fini = replayui_fini,
	.source_tick = replayui_source_tick,
	.draw_header = replayui_header,
};

const struct journal *replayui_journal(const struct app *a)
{
	return a->replay ? &a->replay->journal : NULL;
}
