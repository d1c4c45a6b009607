/* SPDX-License-Identifier: GPL-2.0-or-later */
/* benchui: benchmark runs under the live monitor: one child at a time
 * (plus the iperf3 server), its pipe in the one poll loop, its reaping on
 * SIGCHLD; the monitor goes on drawing while it runs. */
#include "config.h"

#include "benchui.h"

#include <curses.h>
#include <stdio.h>
#include <string.h>

#include "app.h"
#include "feature.h"
#include "draw.h"
#include "base/i18n.h"
#include "panel.h"

/* S, or "" when the result has none. */
#define S(s) benchresult_or(s, "")

/* SRC into DST of SIZE bytes, cut when longer. */
static void copy(char *dst, size_t size, const char *src)
{
	size_t n = strnlen(src, size - 1);

	memcpy(dst, src, n);
	dst[n] = '\0';
}

static void benchui_init(struct app *a)
{
	struct benchui *b = &a->bench;

	memset(b, 0, sizeof(*b));
	benchrun_init(&b->run);
	benchrun_init(&b->srv);
	if (presets_load(&b->presets, b->presets_error,
			 sizeof(b->presets_error)) >= 0) {
		/* a missing or damaged data file: one warning, the built-in
		 * presets still run */
		if (b->presets_error[0])
			app_say(a, "%s", b->presets_error);
		b->presets_error[0] = '\0';
	}
}

static void benchui_fini(struct app *a)
{
	struct benchui *b = &a->bench;
	size_t i;

	benchrun_fini(&b->run);	/* kills a child still running */
	benchrun_fini(&b->srv);
	for (i = 0; i < b->nresults; i++)
		benchresult_free(b->results[i]);
	presets_free(&b->presets);
}

/* "/home/u/.config/benchtop/presets.conf: line 4: ..." from the name of
 * the file on: the status line is one line. */
static const char *file_part(const char *msg)
{
	const char *sep = strstr(msg, ": "), *s = msg, *slash = NULL;

	for (; sep && s < sep; s++)
		if (*s == '/')
			slash = s;
	return slash ? slash + 1 : msg;
}

void benchui_menu(struct app *a)
{
	struct benchui *b = &a->bench;

	if (benchrun_active(&b->run)) {
		app_say(a, "%s",
			 _("a benchmark is running: c cancels it"));
		return;
	}
	if (b->presets_error[0]) {
		app_say(a, "%s", b->presets_error);
		return;
	}
	if (b->presets.nwarnings)	/* the file's name without its folder */
		app_say(a, "%s", file_part(b->presets.warning));
	b->step = BENCHUI_PRESET;
	app_show(a, PANEL_BENCH);
}

void benchui_server(struct app *a)
{
	struct benchui *b = &a->bench;

	if (benchrun_active(&b->srv)) {
		benchrun_cancel(&b->srv);
		app_say(a, "%s",
			 _("stopping the iperf3 server"));
	} else if (benchrun_serve(&b->srv, BENCHUI_SERVER_BIND,
				  BENCHUI_SERVER_PORT, true)) {
		app_say(a, "%s", b->srv.error);
	} else {
		b->shown = true;
		app_say(a, _("iperf3 server on %s port %d (this host only: "
			   "`benchtop serve --bind ADDRESS` serves others); v "
			   "stops it"), BENCHUI_SERVER_BIND, BENCHUI_SERVER_PORT);
	}
}

void benchui_cancel(struct app *a)
{
	if (!benchrun_active(&a->bench.run))
		app_say(a, "%s", _("no benchmark is running"));
	else
		benchrun_cancel(&a->bench.run);
}

void benchui_results(struct app *a)
{
	app_show(a, PANEL_BENCHRES);
}

static bool benchui_typing(const struct app *a)
{
	return a->panel == PANEL_BENCH &&
	       (a->bench.step == BENCHUI_TYPING ||
		a->bench.step == BENCHUI_SIZE);
}

static void benchui_tick(struct app *a)
{
	benchrun_tick(&a->bench.run);
	benchrun_tick(&a->bench.srv);
}

static int benchui_pollfds(const struct app *a, struct pollfd *pfd)
{
	int n = 0;

	if (a->bench.run.fd >= 0)
		pfd[n++] = (struct pollfd){ .fd = a->bench.run.fd,
					    .events = POLLIN };
	if (a->bench.srv.fd >= 0)
		pfd[n++] = (struct pollfd){ .fd = a->bench.srv.fd,
					    .events = POLLIN };
	return n;
}

static void keep_doc(struct app *a, json_t *doc);

static void benchui_on_poll(struct app *a, const struct pollfd *pfd, int n)
{
	json_t *doc;
	int i;

	for (i = 0; i < n; i++) {
		if (!(pfd[i].revents & (POLLIN | POLLHUP | POLLERR)))
			continue;
		if (pfd[i].fd == a->bench.run.fd)
			benchrun_read(&a->bench.run);
		else if (pfd[i].fd == a->bench.srv.fd)
			benchrun_read(&a->bench.srv);
	}
	if ((doc = benchrun_take_served(&a->bench.srv)))
		keep_doc(a, doc);	/* a test served (v): in the session */
}

static void keep_result(struct app *a)
{
	keep_doc(a, benchrun_result_json(&a->bench.run));
}

/* A result document DOC (its reference taken) kept in the session's
 * results, the oldest dropped when full. */
static void keep_doc(struct app *a, json_t *doc)
{
	struct benchui *b = &a->bench;
	struct benchresult *res;
	char err[256];

	res = doc ? benchresult_new(doc, err, sizeof(err)) : NULL;
	json_decref(doc);
	if (!res) {
		if (doc)	/* a run's own document: a bug if it comes */
			app_say(a, "%s", err);
		return;
	}
	if (b->nresults == BENCHUI_RESULTS_MAX) {
		benchresult_free(b->results[0]);
		memmove(b->results, b->results + 1,
			(BENCHUI_RESULTS_MAX - 1) * sizeof(b->results[0]));
		b->nresults--;
	}
	b->results[b->nresults++] = res;
	a->views[PANEL_BENCHRES].sel = b->nresults - 1;
}

static void benchui_reap(struct app *a)
{
	struct benchui *b = &a->bench;

	if (benchrun_reap(&b->run))
		keep_result(a);
	if (benchrun_reap(&b->srv) && b->srv.state == BENCHRUN_FAILED)
		app_say(a, "%s", b->srv.error);
}

void benchui_start(struct app *a, const char *target)
{
	struct benchui *b = &a->bench;
	struct preset p;

	app_back(a);
	if (!b->chosen)
		return;
	b->shown = true;
	p = *b->chosen;
	if (b->size)	/* s: the size chosen in the menu */
		p.size = p.file_size = b->size;
	if (benchrun_start(&b->run, &p, target, BENCHUI_SERVER_PORT, true))
		keep_result(a);
	else if (b->run.note[0])
		snprintf(a->message, sizeof(a->message), "%s", b->run.note);
}

/* The figures the benchmarks name (src/bench/bench_*.c), each with its
 * words on the screens; putc and getc are the calls' own names. */
static const char *const figure_keys[] = {
	NC_("figure", "write"), NC_("figure", "read"),
	NC_("figure", "rewrite"), NC_("figure", "reread"),
	NC_("figure", "random read"), NC_("figure", "random write"),
	NC_("figure", "sender"), NC_("figure", "receiver"),
	NC_("figure", "reverse sender"), NC_("figure", "reverse receiver"),
	NC_("figure", "jitter"), NC_("figure", "lost"),
	NC_("figure", "lost share"), NC_("figure", "retransmits"),
	NC_("figure", "reverse retransmits"), NC_("figure", "max cwnd"),
	NC_("figure", "block write"), NC_("figure", "block read"),
	NC_("figure", "write latency"), NC_("figure", "rewrite latency"),
	NC_("figure", "read latency"), NC_("figure", "seek latency"),
	NC_("figure", "random seeks"), NC_("figure", "cached reads"),
	NC_("figure", "buffered disk reads"),
	NC_("figure", "O_DIRECT disk reads"),
};

const char *benchui_figure_label(const char *name)
{
	size_t i;

	for (i = 0; i < sizeof(figure_keys) / sizeof(figure_keys[0]); i++)
		if (!strcmp(strchr(figure_keys[i], '\004') + 1, name))
			return i18n_pgettext(figure_keys[i]);
	return name;
}

void benchui_figures_line(const struct benchresult *res, bool main_only,
			  char *dst, size_t size)
{
	const struct benchresult_figure *f;
	size_t i, n = 0;

	dst[0] = '\0';
	for (i = 0; i < res->nfigs; i++) {
		f = &res->figs[i];
		if (main_only && !f->main)
			continue;
		if (n < size)
			n += (size_t)snprintf(dst + n, size - n, "%s%s %.1f %s",
				n ? "  " : "", benchui_figure_label(f->name),
				f->value, f->unit);
	}
}

static bool benchui_row_shown(const struct app *a)
{
	return a->bench.shown;
}

static void draw_running(struct app *a, int y, int width)
{
	const struct benchrun *r = &a->bench.run;
	double f = benchrun_fraction(r);
	size_t tl = strlen(r->target);
	char rate[32] = "";
	int x;

	if (r->has_rate && !strcmp(r->phase, "seeks"))
		snprintf(rate, sizeof(rate), "%.0f/s", r->rate);
	else if (r->has_rate)
		snprintf(rate, sizeof(rate), r->job.p.kind == BENCH_IPERF ?
			 "%.1f Mbit/s" : "%.1f MB/s", r->rate / 1e6);
	x = draw_fmt(y, 0, width, "BENCH %s %s%s  %s %s ", r->job.p.name,
		     tl > 18 ? "..." : "", r->target + (tl > 18 ? tl - 15 : 0),
		     r->phase, rate);
	if (x + 18 < width) {
		draw_bar(y, x, 10, f * 100, a->utf8);
		draw_fmt(y, x + 10, width - x - 10, " %3.0f%%  %s", f * 100,
			 _("c cancel"));
	}
}

/* The last run failed: why, when the sentence fits whole; else where it
 * is (a sentence cut in two reads as another one). */
static void draw_failed(const struct benchresult *last, const char *srv,
			int y, int width)
{
	char line[1024];

	snprintf(line, sizeof(line), "BENCH %s %s: %s%s", S(last->preset),
		 _("failed"), last->error, srv);
	if (draw_width(line) > width)
		snprintf(line, sizeof(line), _("BENCH %s failed (r shows why)"
			 "%s"), S(last->preset), srv);
	draw_text(y, 0, width, line);
}

static void benchui_draw_row(struct app *a, int y, int width)
{
	struct benchui *b = &a->bench;
	char line[256], srv[64] = "";
	const struct benchresult *last = b->nresults ?
					 b->results[b->nresults - 1] : NULL;

	draw_style(a->color, STYLE_TITLE);
	draw_fill(y, 0, width);
	if (benchrun_active(&b->srv))
		snprintf(srv, sizeof(srv), _("  [iperf3 server :%d]"),
			 BENCHUI_SERVER_PORT);
	if (benchrun_active(&b->run)) {
		draw_running(a, y, width);
	} else if (last && last->st == BENCHRESULT_CANCELLED) {
		draw_fmt(y, 0, width, "BENCH %s %s%s", S(last->preset),
			 _("cancelled"), srv);
	} else if (last && last->error) {
		draw_style(a->color, STYLE_BAD);
		draw_failed(last, srv, y, width);
	} else if (last) {
		benchui_figures_line(last, true, line, sizeof(line));
		draw_fmt(y, 0, width, "BENCH %s %s: %s  %s%s",
			 S(last->preset), _("done"), line, _("r results"),
			 srv);
	} else {
		draw_fmt(y, 0, width, "BENCH%s", srv);
	}
	draw_style(a->color, STYLE_NORMAL);
}

static void add_target(struct benchui *b, const char *path, const char *note)
{
	struct benchui_target *t;

	if (b->ntargets == BENCHUI_TARGETS_MAX)
		return;
	t = &b->targets[b->ntargets++];
	copy(t->path, sizeof(t->path), path);
	copy(t->note, sizeof(t->note), note);
}

void benchui_fill_targets(struct app *a)
{
	struct benchui *b = &a->bench;
	const struct blockdev_list *l = &a->live.hw.chain.block;
	char path[300], note[96];
	size_t i, k;

	b->ntargets = 0;
	if (b->chosen && b->chosen->kind == BENCH_IPERF) {
		add_target(b, "127.0.0.1", _("this machine (v starts the "
					     "built-in server)"));
		return;
	}
	for (i = 0; a->live.have_hw && i < l->n; i++) {
		const struct blockdev *d = &l->v[i];

		if (b->chosen && b->chosen->kind == BENCH_READ_TIMING) {
			snprintf(path, sizeof(path), "/dev/%s", d->name);
			snprintf(note, sizeof(note), "%s %.1f GB",
				 d->model ? d->model : "",
				 (double)d->size_bytes / 1e9);
			add_target(b, path, note);
			continue;
		}
		for (k = 0; k < d->nmounts; k++) {
			snprintf(note, sizeof(note), _("%s on %s"),
				 d->mounts[k].fstype, d->mounts[k].part);
			add_target(b, d->mounts[k].mountpoint, note);
		}
	}
}

/* Each tick: conditions, watchdog; the tuning hints learn whether a
 * benchmark runs. */
static void benchui_tick_all(struct app *a)
{
	benchui_tick(a);
	a->tuning.bench = benchrun_active(&a->bench.run);
}


/* The BENCH row above the key bar, when shown. */
static int benchui_rows(const struct app *a)
{
	return benchui_row_shown(a) ? 1 : 0;
}

/* Presets, the run and its results, the iperf3 server: the children's
 * pipes are polled, and reaped on SIGCHLD. */
const struct feature_ops benchui_ops = {
	.name = "bench",
	.init = benchui_init,
	.fini = benchui_fini,
	.tick = benchui_tick_all,
	.pollfds = benchui_pollfds,
	.on_poll = benchui_on_poll,
	.reap = benchui_reap,
	.typing = benchui_typing,	/* a typed path or host */
	.rows = benchui_rows,
	.draw_rows = benchui_draw_row,
};
