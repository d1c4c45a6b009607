/* SPDX-License-Identifier: GPL-2.0-or-later */
/* snapui: the monitor's side of snapshots - feeding the session recorder
 * at each tick, w / F6 writing the whole session to a file (and the save
 * on exit the configuration asks for), and L choosing a saved session
 * whose results become the baseline of the results screen. */
#include "config.h"

#include "snapui.h"

#include <curses.h>
#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "app.h"
#include "draw.h"
#include "base/i18n.h"
#include "tune/journal.h"
#include "base/settings.h"
#include "session/snapshot.h"
#include "base/strclean.h"

void snapui_init(struct app *a)
{
	series_init(&a->series);
}

void snapui_fini(struct app *a)
{
	series_free(&a->series);
	json_decref(a->baseline);
	a->baseline = NULL;
}

void snapui_tick(struct app *a)
{
	if (a->have_rates)
		snapshot_feed(&a->series, app_cur(a), &a->rates,
			      a->have_hw ? &a->hw : NULL);
}

/* The session's benchmark results, oldest first (a new array). */
static json_t *results_json(const struct app *a)
{
	json_t *arr = json_array();
	size_t i;

	for (i = 0; arr && i < a->bench.nresults; i++)
		json_array_append(arr, a->bench.results[i]);
	return arr;
}

/* Save the session to the default name; 0 or -errno, with MSG (SIZE
 * bytes) saying where it went or why not. */
static int save(struct app *a, char *msg, size_t size)
{
	struct snapshot_input in = {
		.prev = a->have_rates ? &a->samples[!a->cur] : NULL,
		.cur = a->have_rates ? app_cur(a) : NULL,
		.rates = a->have_rates ? &a->rates : NULL,
		.hw = a->have_hw ? &a->hw : NULL,
		.series = &a->series,
		.saved_at = time(NULL),
	};
	char where[4096], err[600], shown[512];
	int rc;

	/* The tuning journal, and every benchmark result of the session
	 * with its conditions (benchrun_result_json(), doc/bench.md). */
	in.journal = journal_json(&a->tune.journal);
	in.results = results_json(a);
	rc = snapshot_save(&in, NULL, a->cfg->snapshot_dir, false, where,
			   sizeof(where), err, sizeof(err));
	json_decref(in.journal);
	json_decref(in.results);
	if (rc) {
		strclean_copy(msg, size, err, strlen(err));
		return rc;
	}
	strclean_copy(shown, sizeof(shown), where, strlen(where));
	snprintf(msg, size, _("snapshot saved to %s"), shown);
	return 0;
}

int snapui_save(struct app *a)
{
	return save(a, a->message, sizeof(a->message));
}

void snapui_exit(struct app *a, int end)
{
	char msg[sizeof(a->snap_exit) - 16];

	if (!a->cfg->snapshot_on_exit || a->replay ||
	    !(end == 0 || end == SIGTERM || end == SIGHUP || end == SIGINT ||
	      end == -EIO))
		return;
	save(a, msg, sizeof(msg));
	snprintf(a->snap_exit, sizeof(a->snap_exit), "%s: %s\n", PACKAGE,
		 msg);
}

/* ---- L: a saved session as the baseline ----------------------------- */

struct pick {
	char path[512];
	time_t mtime;
};

static int newest_first(const void *x, const void *y)
{
	const struct pick *p = x, *q = y;

	return (p->mtime < q->mtime) - (p->mtime > q->mtime);
}

/* The *.json files of DIR ("" the current folder) into V (room for
 * MAX; N counts them). */
static void scan(const char *dir, struct pick *v, size_t *n, size_t max)
{
	DIR *d = opendir(dir[0] ? dir : ".");
	struct dirent *e;
	struct stat st;
	size_t l;

	while (d && (e = readdir(d)) != NULL && *n < max) {
		l = strlen(e->d_name);
		if (l < 6 || strcmp(e->d_name + l - 5, ".json") ||
		    e->d_name[0] == '.')
			continue;
		snprintf(v[*n].path, sizeof(v[*n].path), "%s%s%s", dir,
			 dir[0] ? "/" : "", e->d_name);
		if (stat(v[*n].path, &st) == 0 && S_ISREG(st.st_mode)) {
			v[*n].mtime = st.st_mtime;
			(*n)++;
		}
	}
	if (d)
		closedir(d);
}

static void snapshot_folder(const struct app *a, char *dst, size_t size)
{
	const char *d = a->cfg->snapshot_dir, *home = getenv("HOME");

	dst[0] = '\0';
	if (d && strncmp(d, "~/", 2) == 0 && home)
		snprintf(dst, size, "%s/%s", home, d + 2);
	else if (d && d[0] != '~')
		snprintf(dst, size, "%s", d);
}

void snapui_baseline_ask(struct app *a)
{
	struct pick *v = calloc(SNAPUI_PICKS * 2, sizeof(*v));
	char dir[512];
	size_t n = 0, i;

	if (!v)
		return;
	snapshot_folder(a, dir, sizeof(dir));
	if (dir[0])
		scan(dir, v, &n, SNAPUI_PICKS * 2);
	scan("", v, &n, SNAPUI_PICKS * 2);
	qsort(v, n, sizeof(*v), newest_first);
	a->snap_npicks = n < SNAPUI_PICKS ? n : SNAPUI_PICKS;
	for (i = 0; i < a->snap_npicks; i++)
		snprintf(a->snap_picks[i], sizeof(a->snap_picks[i]), "%s",
			 v[i].path);
	free(v);
	a->snap_pick_sel = 0;
	a->snap_picking = a->snap_npicks > 0;
	if (!n)
		snprintf(a->message, sizeof(a->message), _("L: no saved "
			 "session (*.json) in %s or the current folder"),
			 dir[0] ? dir : "snapshot_dir");
}

/* Read PATH's results as the baseline; the status line says how it went. */
static void load_baseline(struct app *a, const char *path)
{
	char err[400], shown[128];
	json_t *doc;
	const char *base = strrchr(path, '/');
	size_t n;

	strclean_copy(shown, sizeof(shown), base ? base + 1 : path,
		      strlen(base ? base + 1 : path));
	if (snapshot_read(path, &doc, err, sizeof(err))) {
		snprintf(a->message, sizeof(a->message), _("L: %s: %s"), shown,
			 err);
		return;
	}
	json_decref(a->baseline);
	a->baseline = json_incref(json_object_get(doc, "results"));
	json_decref(doc);
	snprintf(a->baseline_name, sizeof(a->baseline_name), "%s", shown);
	n = json_array_size(a->baseline);
	snprintf(a->message, sizeof(a->message), ngettext("baseline: %s (%zu "
		 "run); r shows the results against it", "baseline: %s (%zu "
		 "runs); r shows the results against it", n), shown, n);
}

bool snapui_modal_key(struct app *a, int ch)
{
	if (!a->snap_picking)
		return false;
	if ((ch == 'j' || ch == KEY_DOWN) &&
	    a->snap_pick_sel + 1 < a->snap_npicks)
		a->snap_pick_sel++;
	else if ((ch == 'k' || ch == KEY_UP) && a->snap_pick_sel > 0)
		a->snap_pick_sel--;
	else if (ch == '\n' || ch == '\r' || ch == KEY_ENTER) {
		a->snap_picking = false;
		load_baseline(a, a->snap_picks[a->snap_pick_sel]);
	} else if (ch == 27 || ch == 'q' || ch == KEY_BACKSPACE) {
		a->snap_picking = false;
	}
	return true;
}

void snapui_draw(struct app *a)
{
	int w = COLS - 8 < 72 ? COLS - 8 : 72, h = (int)a->snap_npicks + 2;
	int y = (LINES - h) / 2, x = (COLS - w) / 2;
	char shown[256];
	size_t i;

	if (!a->snap_picking)
		return;
	draw_style(a->color, STYLE_HEADER);
	draw_fill(y, x, w);
	draw_text(y, x + 1, w - 2, _("Baseline: which saved session? "
				     "(Enter, Esc)"));
	for (i = 0; i < a->snap_npicks; i++) {
		strclean_copy(shown, sizeof(shown), a->snap_picks[i],
			      strlen(a->snap_picks[i]));
		draw_style(a->color, i == a->snap_pick_sel ? STYLE_SELECTED :
			   STYLE_NORMAL);
		draw_fill(y + 1 + (int)i, x, w);
		draw_text(y + 1 + (int)i, x + 1, w - 2, shown);
	}
	draw_style(a->color, STYLE_HEADER);
	draw_fill(y + h - 1, x, w);
	draw_style(a->color, STYLE_NORMAL);
}

static const char *str_of(const json_t *o, const char *k)
{
	const json_t *v = json_object_get(o, k);

	return json_is_string(v) ? json_string_value(v) : "";
}

json_t *snapui_baseline_for(const struct app *a, const json_t *res)
{
	json_t *r, *found = NULL;
	size_t i;

	json_array_foreach(a->baseline, i, r)
		if (!strcmp(str_of(r, "preset"), str_of(res, "preset")) &&
		    !strcmp(str_of(r, "target"), str_of(res, "target")) &&
		    !strcmp(str_of(r, "status"), "ok") &&
		    json_is_array(json_object_get(r, "figures")))
			found = r;	/* the last such run */
	return found;
}
