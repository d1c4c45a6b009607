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
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "app.h"
#include "feature.h"
#include "expui.h"
#include "draw.h"
#include "session/runmatch.h"
#include "base/i18n.h"
#include "tune/journal.h"
#include "base/settings.h"
#include "session/series.h"
#include "session/snapevents.h"
#include "session/snapshot.h"
#include "base/strclean.h"

#define SNAPUI_SAVE_BOUND_S 10	/* the longest a save may hold the exit */

/* The feature's state, behind A->snap (NULL when it could not be
 * allocated: nothing is recorded, L offers nothing). */
struct snapui {
	struct series series;	/* the session's time series */
	struct snapevents events;	/* governor, affinity changes */
	char exit[600];		/* the exit save's sentence for stderr */
	json_t *baseline;	/* L: results of a saved session, or NULL */
	char baseline_name[128];	/* its file name, cleaned */
	char picks[SNAPUI_PICKS][512];	/* L: the files offered */
	size_t npicks, pick_sel;
	bool picking;		/* the L choice is open */
};

static void snapui_init(struct app *a)
{
	a->snap = calloc(1, sizeof(*a->snap));
	if (!a->snap)
		return;
	series_init(&a->snap->series);
	snapevents_init(&a->snap->events);
}

static void snapui_fini(struct app *a)
{
	if (!a->snap)
		return;
	series_free(&a->snap->series);
	snapevents_fini(&a->snap->events);
	json_decref(a->snap->baseline);
	free(a->snap);
	a->snap = NULL;
}

static void snapui_tick(struct app *a)
{
	size_t was;

	if (!a->snap)
		return;
	was = a->snap->series.refused_max;

	if (a->live.have_rates)
		snapshot_feed(&a->snap->series, app_cur(a), &a->live.rates,
			      a->live.have_hw ? &a->live.hw : NULL);
	if (!was && a->snap->series.refused_max)	/* once: at the cap */
		app_say(a, _("recording: %zu channels past the %d-channel "
			 "cap are not kept"), a->snap->series.refused_max,
			SERIES_CHANNELS_MAX);
	/* on the series' clock */
	if (a->live.have_rates && a->snap->series.started)
		snapevents_feed(&a->snap->events,
				(int64_t)((app_cur(a)->time_s -
				a->snap->series.t0_s) * 1000.0), app_cur(a),
				a->live.have_hw ? &a->live.hw : NULL);
}

/* The session's benchmark results, oldest first (a new array). */
static json_t *results_json(const struct app *a)
{
	json_t *arr = json_array();
	size_t i;

	for (i = 0; arr && i < a->bench.nresults; i++)
		json_array_append(arr, benchresult_doc(a->bench.results[i]));
	return arr;
}

/* Save the session to the default name; 0 or -errno, with MSG (SIZE
 * bytes) saying where it went or why not. */
static int save(struct app *a, char *msg, size_t size)
{
	struct snapshot_input in;
	char where[4096], err[600], shown[512];
	int rc;

	if (!a->snap) {
		snprintf(msg, size, "%s", strerror(ENOMEM));
		return -ENOMEM;
	}
	/* The state now, not at the last tick: a pin or a governor changed
	 * a moment ago is what the file records. */
	if (a->live.have_rates && !a->replay)
		sample_reread_affinity(&a->live.samples[a->live.cur],
				       sample_live_roots.proc);
	if (a->live.have_hw && !a->replay) {
		hwmodel_refresh(&a->live.hw);
		app_data_changed(a);
	}
	in = (struct snapshot_input){
		.prev = a->live.have_rates ? &a->live.samples[!a->live.cur] : NULL,
		.cur = a->live.have_rates ? app_cur(a) : NULL,
		.rates = a->live.have_rates ? &a->live.rates : NULL,
		.hw = a->live.have_hw ? &a->live.hw : NULL,
		.series = &a->snap->series,
		.events = a->snap->events.list,
		.saved_at = time(NULL),
	};

	/* The tuning journal, and every benchmark result of the session
	 * with its conditions (benchrun_result_json(), doc/bench.md). */
	in.journal = journal_json(&a->tuning.tune.journal);
	in.results = results_json(a);
	in.experiments = expui_json(a);
	rc = snapshot_save(&in, NULL, a->cfg->snapshot_dir, false, where,
			   sizeof(where), err, sizeof(err));
	json_decref(in.journal);
	json_decref(in.results);
	json_decref(in.experiments);
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
	char msg[sizeof(a->message)];
	int rc = save(a, msg, sizeof(msg));

	app_say(a, "%s", msg);
	return rc;
}

/* The save on exit in a child: a folder that does not answer (a dead
 * NFS server, a frozen file system) cannot hold the exit past the bound;
 * the child finishes the save by itself when the folder answers. */
static void bounded_save(struct app *a, char *msg, size_t size)
{
	const char *dir = a->cfg->snapshot_dir && a->cfg->snapshot_dir[0] ?
			  a->cfg->snapshot_dir : ".";
	struct pollfd pfd = { .events = POLLIN };
	int fds[2], st;
	char shown[512];
	ssize_t n = -1;
	pid_t pid;

	if (pipe2(fds, O_CLOEXEC)) {
		save(a, msg, size);
		return;
	}
	pid = fork();
	if (pid == 0) {
		sigset_t none;

		setsid();	/* a hang-up of the terminal is not its end */
		sigemptyset(&none);
		sigprocmask(SIG_SETMASK, &none, NULL);
		close(fds[0]);
		save(a, msg, size);
		n = write(fds[1], msg, strlen(msg));
		_exit(n < 0);
	}
	close(fds[1]);
	pfd.fd = fds[0];
	if (pid > 0 && poll(&pfd, 1, SNAPUI_SAVE_BOUND_S * 1000) == 1)
		n = read(fds[0], msg, size - 1);
	close(fds[0]);
	if (n > 0) {
		msg[n] = '\0';
		waitpid(pid, &st, 0);
		return;
	}
	strclean_copy(shown, sizeof(shown), dir, strlen(dir));
	if (pid < 0)
		save(a, msg, size);
	else
		snprintf(msg, size, _("the snapshot was not saved: %s did not "
			 "answer within %d s; the save goes on as process %d "
			 "and ends when the folder answers"), shown,
			 SNAPUI_SAVE_BOUND_S, (int)pid);
}

static void snapui_exit(struct app *a, int end)
{
	char msg[sizeof(a->snap->exit) - 16];

	if (!a->snap || !a->cfg->snapshot_on_exit || a->replay ||
	    !(end >= 0 ? end != SIGQUIT : end == -EIO))
		return;
	bounded_save(a, msg, sizeof(msg));
	snprintf(a->snap->exit, sizeof(a->snap->exit), "%s: %s\n", PACKAGE,
		 msg);
}

/* ---- L: a saved session as the baseline ----------------------------- */

struct pick {
	char path[512];
	time_t mtime;
	dev_t dev;	/* the same file found twice (snapshot_dir = .) */
	ino_t ino;
};

static bool seen(const struct pick *v, size_t n, const struct stat *st)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (v[i].dev == st->st_dev && v[i].ino == st->st_ino)
			return true;
	return false;
}

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
		if (stat(v[*n].path, &st) == 0 && S_ISREG(st.st_mode) &&
		    !seen(v, *n, &st)) {
			v[*n].mtime = st.st_mtime;
			v[*n].dev = st.st_dev;
			v[*n].ino = st.st_ino;
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

	if (!v || !a->snap) {
		free(v);
		return;
	}
	snapshot_folder(a, dir, sizeof(dir));
	if (dir[0])
		scan(dir, v, &n, SNAPUI_PICKS * 2);
	scan("", v, &n, SNAPUI_PICKS * 2);
	qsort(v, n, sizeof(*v), newest_first);
	a->snap->npicks = n < SNAPUI_PICKS ? n : SNAPUI_PICKS;
	for (i = 0; i < a->snap->npicks; i++)
		snprintf(a->snap->picks[i], sizeof(a->snap->picks[i]), "%s",
			 v[i].path);
	free(v);
	a->snap->pick_sel = 0;
	a->snap->picking = a->snap->npicks > 0;
	if (!n)
		app_say(a, _("L: no saved "
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
		app_say(a, _("L: %s: %s"), shown,
			 err);
		return;
	}
	json_decref(a->snap->baseline);
	a->snap->baseline = json_incref(json_object_get(doc, "results"));
	json_decref(doc);
	snprintf(a->snap->baseline_name, sizeof(a->snap->baseline_name), "%s",
		 shown);
	n = json_array_size(a->snap->baseline);
	app_say(a, ngettext("baseline: %s (%zu "
		 "run); r shows the results against it", "baseline: %s (%zu "
		 "runs); r shows the results against it", n), shown, n);
}

static bool snapui_modal_key(struct app *a, int ch)
{
	if (!a->snap || !a->snap->picking)
		return false;
	if ((ch == 'j' || ch == KEY_DOWN) &&
	    a->snap->pick_sel + 1 < a->snap->npicks)
		a->snap->pick_sel++;
	else if ((ch == 'k' || ch == KEY_UP) && a->snap->pick_sel > 0)
		a->snap->pick_sel--;
	else if (ch == '\n' || ch == '\r' || ch == KEY_ENTER) {
		a->snap->picking = false;
		load_baseline(a, a->snap->picks[a->snap->pick_sel]);
	} else if (ch == 27 || ch == 'q' || ch == KEY_BACKSPACE) {
		a->snap->picking = false;
	}
	return true;
}

/* A saved session as the L choice offers it: its file name first (what
 * tells the sessions apart), then its folder, which a long one cut at
 * the right edge. */
static void pick_words(const char *path, char *dst, size_t size)
{
	const char *slash = strrchr(path, '/');
	char name[256], dir[256];

	if (!slash) {
		strclean_copy(dst, size, path, strlen(path));
		return;
	}
	strclean_copy(name, sizeof(name), slash + 1, strlen(slash + 1));
	strclean_copy(dir, sizeof(dir), path,
		      slash == path ? 1 : (size_t)(slash - path));
	snprintf(dst, size, _("%s (in %s)"), name, dir);
}

static void snapui_draw(struct app *a)
{
	int w = COLS - 8 < 72 ? COLS - 8 : 72, h, y, x = (COLS - w) / 2;
	char shown[520];
	size_t i;

	if (!a->snap || !a->snap->picking)
		return;
	h = (int)a->snap->npicks + 2;
	y = (LINES - h) / 2;
	draw_style(a->color, STYLE_HEADER);
	draw_fill(y, x, w);
	draw_text(y, x + 1, w - 2, _("Baseline: which saved session? "
				     "(Enter, Esc)"));
	for (i = 0; i < a->snap->npicks; i++) {
		pick_words(a->snap->picks[i], shown, sizeof(shown));
		draw_style(a->color, i == a->snap->pick_sel ? STYLE_SELECTED :
			   STYLE_NORMAL);
		draw_fill(y + 1 + (int)i, x, w);
		draw_text(y + 1 + (int)i, x + 1, w - 2, shown);
	}
	draw_style(a->color, STYLE_HEADER);
	draw_fill(y + h - 1, x, w);
	draw_style(a->color, STYLE_NORMAL);
}

bool snapui_baseline_for(const struct app *a, const struct benchresult *res,
			 struct benchresult *out)
{
	struct benchresult r;
	json_t *doc;
	size_t i = a->snap ? json_array_size(a->snap->baseline) : 0;

	while (i-- > 0) {	/* the last such run that can be read */
		doc = json_array_get(a->snap->baseline, i);
		if (!benchresult_is_run(doc) ||
		    benchresult_load(&r, doc, NULL, 0))
			continue;
		if (r.st == BENCHRESULT_OK &&
		    !strcmp(benchresult_or(r.preset, ""),
			    benchresult_or(res->preset, "")) &&
		    !strcmp(benchresult_or(r.target, ""),
			    benchresult_or(res->target, "")) &&
		    runmatch_alike(doc, benchresult_doc(res), NULL, 0)) {
			*out = r;
			return true;
		}
		benchresult_fini(&r);
	}
	return false;
}

/* At the end (END: 0 after q, the signal, or -errno), once the terminal
 * is restored: where the session was saved, or why not. */
static void snapui_exit_note(const struct app *a, FILE *f)
{
	if (a->snap && a->snap->exit[0])
		fputs(a->snap->exit, f);
}

/* The session recorder (its time series), the exit save and the L
 * choice of a baseline, which takes every key while open. */
const struct feature_ops snapui_ops = {
	.name = "snapshot",
	.init = snapui_init,
	.fini = snapui_fini,
	.tick = snapui_tick,
	.modal_key = snapui_modal_key,
	.draw_over = snapui_draw,
	.on_exit = snapui_exit,
	.exit_note = snapui_exit_note,
};

const char *snapui_baseline_name(const struct app *a)
{
	return a->snap ? a->snap->baseline_name : "";
}
