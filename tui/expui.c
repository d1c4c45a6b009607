/* SPDX-License-Identifier: GPL-2.0-or-later */
/* expui: the experiment picker and table screen, and the experiment's
 * steps in the monitor's loop.  The runs go through the monitor's one
 * benchmark run (the BENCH row, c cancels), the tuning through its journal
 * (the journal screen shows each pin); the live screen stays up. */
#include "config.h"

#include "expui.h"

#include <curses.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app.h"
#include "feature.h"
#include "base/figfmt.h"
#include "base/i18n.h"
#include "base/strclean.h"
#include "bench/experiment.h"
#include "draw.h"
#include "panel.h"
#include "session/snapexp.h"

#define CANDS_MAX 16

struct expui_cand {
	char spec[160];		/* "irq:sda=little,big" */
	char note[64];		/* what it is */
	bool on;
};

struct expui {
	struct expui_cand c[CANDS_MAX];
	size_t nc;
	unsigned repeat;	/* runs a side; 0: auto */
	char preset[PRESET_NAME_MAX];
	char target[BENCHRUN_TARGET_MAX];
	int port;
	bool picking;		/* the picker, else the table */
	bool running;
	struct tunevary tv;
	struct experiment ex;
	bool have_ex;
	json_t *done;		/* the session's finished experiments */
	char why[200];		/* the picker's last refusal */
};

static void expui_init(struct app *a)
{
	a->exp = calloc(1, sizeof(*a->exp));
	if (a->exp) {
		a->exp->repeat = 0;	/* auto, as benchtop experiment */
		a->exp->done = json_array();
	}
}

/* End it: keep its JSON, put the tuning back. */
static void finish(struct app *a)
{
	struct expui *e = a->exp;
	json_t *j;

	if (!e->running)
		return;
	e->running = false;
	if (experiment_finish(&e->ex))
		app_say(a, "%s", _("experiment: NOT all tuning went back; "
			"see the journal (J)"));
	else
		app_say(a, _("experiment %s: the tuning is back to where it "
			"was"),
			 e->ex.state == EXPERIMENT_DONE ? _("done") :
			 e->ex.state == EXPERIMENT_CANCELLED ? _("cancelled") :
			 _("failed"));
	j = experiment_json(&e->ex);
	if (j)
		json_array_append_new(e->done, j);
	e->picking = false;
	if (a->panel != PANEL_EXP)
		app_show(a, PANEL_EXP);
}

static void expui_fini(struct app *a)
{
	struct expui *e = a->exp;

	if (!e)
		return;
	if (e->running) {
		experiment_cancel(&e->ex);
		benchrun_fini(&a->bench.run);	/* kill and reap it */
		benchrun_init(&a->bench.run);
		finish(a);
	}
	if (e->have_ex)
		experiment_fini(&e->ex);
	json_decref(e->done);
	free(e);
	a->exp = NULL;
}

static void add(struct expui *e, const char *note, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void add(struct expui *e, const char *note, const char *fmt, ...)
{
	va_list ap;

	if (e->nc == CANDS_MAX)
		return;
	va_start(ap, fmt);
	vsnprintf(e->c[e->nc].spec, sizeof(e->c[e->nc].spec), fmt, ap);
	va_end(ap);
	snprintf(e->c[e->nc].note, sizeof(e->c[e->nc].note), "%s", note);
	e->c[e->nc++].on = false;
}

/* "little,big" on big.LITTLE, else the first and the last CPU. */
static void irq_values(const struct app *a, char *dst, size_t size)
{
	bool little = false, big = false;
	unsigned c, first = 0, last = 0;
	size_t i;

	for (i = 0; i < a->live.hw.clusters.n; i++) {
		little |= a->live.hw.clusters.v[i].role == CLUSTER_ROLE_LITTLE;
		big |= a->live.hw.clusters.v[i].role == CLUSTER_ROLE_BIG;
	}
	if (little && big) {
		snprintf(dst, size, "little,big");
		return;
	}
	for (c = CPUSET_MAX; c-- > 0;)
		if (cpuset_has(&a->live.hw.clusters.online, c)) {
			last = last ? last : c;
			first = c;
		}
	snprintf(dst, size, "%u,%u", first, last ? last : first + 1);
}

static void disk_cands(struct app *a, const char *disk)
{
	const struct blockdev *d = blockdev_find(&a->live.hw.chain.block, disk);
	char vals[160] = "", w[32];
	const char *s;
	int n = 0, used = 0;

	if (!d || !d->sched_avail || !d->sched || !*d->sched)
		return;
	used = snprintf(vals, sizeof(vals), "%s", d->sched);
	for (s = d->sched_avail; n < 2 && sscanf(s, "%31s", w) == 1;) {
		if (strcmp(w, d->sched) && used < (int)sizeof(vals)) {
			used += snprintf(vals + used, sizeof(vals) -
					 (size_t)used, ",%s", w);
			n++;
		}
		s = strstr(s, w) + strlen(w);
	}
	if (n)
		add(a->exp, _("its I/O scheduler"), "scheduler:%s=%s", disk,
		    vals);
}

static void cluster_cands(struct app *a)
{
	size_t i;

	for (i = 0; i < a->live.hw.clusters.n; i++) {
		const struct cluster *k = &a->live.hw.clusters.v[i];
		const char *g = k->freq.governor;
		char cpus[64], label[80], note[96];

		if (!k->has_freq || !g || !*g)
			continue;
		cpulist_format(&k->cpus, cpus, sizeof(cpus));
		figfmt_cpus(label, sizeof(label), cpus);
		snprintf(note, sizeof(note), _("governor of %s"), label);
		add(a->exp, note, "governor:policy%u=%s,%s", k->policy, g,
		    strcmp(g, "performance") ? "performance" : "powersave");
		if (k->freq.hw_max_khz > k->freq.hw_min_khz) {
			snprintf(note, sizeof(note), _("top frequency of %s"),
				 label);
			add(a->exp, note, "maxfreq:policy%u=%llu,%llu",
			    k->policy, (unsigned long long)(k->freq.hw_max_khz +
			    k->freq.hw_min_khz) / 2000 * 1000,
			    (unsigned long long)k->freq.hw_max_khz);
		}
	}
}

/* The tunables of result R's chain: its disk's or interfaces' IRQs, its
 * disk's scheduler, the clusters' governors and limits. */
static void fill(struct app *a, const struct benchresult *r)
{
	const struct benchresult_target *t = &r->cond.target;
	const char *disk = t->disk.name;
	char vals[64], note[96];
	size_t i;

	a->exp->nc = 0;
	irq_values(a, vals, sizeof(vals));
	if (disk && t->disk.nirqs) {
		snprintf(note, sizeof(note), _("the IRQ of %s's controller"),
			 disk);
		add(a->exp, note, "irq:%s=%s", disk, vals);
	}
	for (i = 0; i < t->nifs; i++)
		if (t->ifs[i].nirqs && t->ifs[i].name) {
			snprintf(note, sizeof(note), _("the IRQ of %s"),
				 t->ifs[i].name);
			add(a->exp, note, "irq:%s=%s", t->ifs[i].name, vals);
		}
	if (disk)
		disk_cands(a, disk);
	cluster_cands(a);
}

bool expui_open(struct app *a, size_t i)
{
	struct expui *e = a->exp;
	const struct benchresult *r;

	if (!e)
		return true;
	if (a->panel != PANEL_EXP)
		app_show(a, PANEL_EXP);
	if (e->running || i >= a->bench.nresults) {
		e->picking = false;
		return true;
	}
	r = a->bench.results[i];
	snprintf(e->preset, sizeof(e->preset), "%s",
		 benchresult_or(r->preset, ""));
	snprintf(e->target, sizeof(e->target), "%s",
		 benchresult_or(r->target, ""));
	e->port = r->port ? r->port : BENCHUI_SERVER_PORT;
	fill(a, r);
	e->why[0] = '\0';
	e->picking = true;
	a->views[PANEL_EXP].sel = 0;
	return true;
}

/* The marked candidates into E's tunevary; 0 or -1 with E->why set. */
static int prepare(struct app *a)
{
	struct expui *e = a->exp;
	struct tunespec s;
	size_t i;

	tunevary_init(&e->tv, &a->tuning.tune, &a->live.hw.clusters,
		      getenv(TUNEVARY_HOOK_ENV));
	for (i = 0; i < e->nc; i++) {
		if (!e->c[i].on)
			continue;
		if (tunespec_parse(e->c[i].spec, strlen(e->c[i].spec), &s,
				   e->why, sizeof(e->why)) ||
		    tunevary_add(&e->tv, &s, &a->live.hw.chain.chains, e->why,
				 sizeof(e->why)))
			return -1;
	}
	if (e->tv.n == 0) {
		snprintf(e->why, sizeof(e->why), "%s", _("mark one or two "
			 "tunables with Space first"));
		return -1;
	}
	return 0;
}

static void start(struct app *a)
{
	struct expui *e = a->exp;
	const struct preset *p = presets_find(&a->bench.presets, e->preset);

	if (benchrun_active(&a->bench.run) || a->tuning.ro || !p) {
		snprintf(e->why, sizeof(e->why), "%s", !p ? _("the run's "
			 "preset is gone") : a->tuning.ro ?
			 _("experiments need root: they change tunables") :
			 _("a benchmark is running: c cancels it"));
		return;
	}
	if (prepare(a))
		return;
	if (e->have_ex)
		experiment_fini(&e->ex);
	e->have_ex = true;
	if (experiment_init(&e->ex, p, e->target, e->port, e->repeat ?
			    e->repeat : EXPERIMENT_BUDGET, &e->tv)) {
		snprintf(e->why, sizeof(e->why), "%.199s", e->ex.error);
		return;
	}
	if (!e->repeat)
		experiment_auto(&e->ex);
	experiment_use_run(&e->ex, &a->bench.run);
	e->running = true;
	a->bench.shown = true;
	if (experiment_start_next(&e->ex, true)) {
		finish(a);
		return;
	}
	app_show(a, PANEL_MAIN);	/* watch the live screen */
}

static void expui_reap(struct app *a)
{
	struct expui *e = a->exp;

	if (!e || !e->running || benchrun_active(&a->bench.run) ||
	    (e->ex.state != EXPERIMENT_RUNNING &&
	     e->ex.state != EXPERIMENT_CANCELLED))
		return;
	if (e->ex.step > json_array_size(e->ex.runs))
		experiment_collect(&e->ex);
	if (e->ex.state == EXPERIMENT_READY &&
	    experiment_start_next(&e->ex, true) == 0)
		return;
	finish(a);
}

static void expui_draw(struct app *a)
{
	struct expui *e = a->exp;
	char label[200], clean[200];
	size_t v;

	if (!e || !e->running || LINES < 3 || !e->ex.step)
		return;
	v = e->ex.order[e->ex.step - 1];
	experiment_label(&e->tv, v, label, sizeof(label));
	strclean_copy(clean, sizeof(clean), label, strlen(label));
	draw_style(a->color, STYLE_TITLE);
	draw_fill(LINES - 1, 0, COLS);
	draw_fmt(LINES - 1, 0, COLS, _("EXPERIMENT run %zu/%zu: %c %s   "
		 "c cancel  x table"), e->ex.step, e->ex.nruns,
		 (char)('A' + v % 26), clean);
	draw_style(a->color, STYLE_NORMAL);
}

json_t *expui_json(const struct app *a)
{
	return a->exp && json_array_size(a->exp->done) ?
	       json_incref(a->exp->done) : NULL;
}

/* ---- the screen ---------------------------------------------------------- */

static void draw_picker(struct app *a, int y, int h, int w)
{
	struct expui *e = a->exp;
	struct view *v = &a->views[PANEL_EXP];
	size_t i, n = 0;

	draw_fmt(y++, 0, w, _("Vary one or two tunables of run %s on %s"),
		 e->preset, e->target);
	if (e->repeat)
		draw_fmt(y++, 0, w, _("Space marks  1-9 runs a side, a auto "
			 "(now %u)  Enter starts  Esc back"), e->repeat);
	else
		draw_text(y++, 0, w, _("Space marks  1-9 runs a side, a auto "
			  "(now auto)  Enter starts  Esc back"));
	draw_text(y++, 0, w, _("The runs interleave (A B B A ...); the "
			       "tuning goes back at the end."));
	v->nrows = e->nc;
	for (i = 0; i < e->nc && (int)i < h - 5; i++) {
		draw_style(a->color, i == v->sel ? STYLE_SELECTED :
			   STYLE_NORMAL);
		draw_fill(y, 0, w);
		draw_fmt(y++, 0, w, " [%c] %-40.40s %s", e->c[i].on ? 'x' :
			 ' ', e->c[i].spec, e->c[i].note);
		n += e->c[i].on;
	}
	draw_style(a->color, STYLE_NORMAL);
	if (!e->nc)
		draw_text(y++, 0, w, _("no tunable found in this run's chain"));
	if (e->why[0])
		draw_text(y + 1, 0, w, e->why);
	(void)n;
}

/* The table (of the running experiment, else the last one) as lines. */
static void draw_table(struct app *a, int y, int h, int w)
{
	struct expui *e = a->exp;
	json_t *j = e->running ? experiment_json(&e->ex) :
		    json_incref(json_array_get(e->done,
				json_array_size(e->done) - 1));
	char *text = NULL, *line, *save = NULL, clean[512];
	size_t len = 0;
	FILE *f;

	if (!j) {
		draw_text(y, 0, w, _("no experiment yet: x on a run of the "
				     "results screen (r)"));
		return;
	}
	f = open_memstream(&text, &len);
	if (f) {
		snapexp_print_text(f, j, w > 0 ? (size_t)w : 0);
		fclose(f);
	}
	for (line = text ? strtok_r(text, "\n", &save) : NULL; line && h-- > 0;
	     line = strtok_r(NULL, "\n", &save)) {
		strclean_copy(clean, sizeof(clean), line, strlen(line));
		draw_text(y++, 0, w, clean);
	}
	free(text);
	json_decref(j);
}

static void exp_draw(struct app *a, int top, int height, int width)
{
	draw_style(a->color, STYLE_TITLE);
	draw_fill(top, 0, width);
	draw_text(top, 0, width, _(" EXPERIMENT"));
	draw_style(a->color, STYLE_NORMAL);
	if (!a->exp)
		return;
	if (a->exp->picking)
		draw_picker(a, top + 1, height - 1, width);
	else
		draw_table(a, top + 1, height - 1, width);
}

static bool expui_key(struct app *a, int ch)
{
	struct expui *e = a->exp;
	struct view *v = &a->views[PANEL_EXP];
	size_t i, on = 0;

	if (!e || !e->picking)
		return false;
	if (view_key(v, ch))
		return true;
	for (i = 0; i < e->nc; i++)
		on += e->c[i].on;
	if (ch == ' ' && v->sel < e->nc) {
		if (!e->c[v->sel].on && on == TUNEVARY_SPECS_MAX)
			snprintf(e->why, sizeof(e->why), "%s", _("two at most "
				 "(a grid): unmark one first"));
		else
			e->c[v->sel].on = !e->c[v->sel].on;
	} else if (ch >= '1' && ch <= '9') {
		e->repeat = (unsigned)(ch - '0');
	} else if (ch == 'a') {
		e->repeat = 0;
	} else if (ch == '\n' || ch == '\r' || ch == KEY_ENTER) {
		start(a);
	} else {
		return false;
	}
	return true;
}

const struct panel_ops panel_exp_ops = {
	.name = "experiment",
	.draw = exp_draw,
	.key = expui_key,
};

/* The picker's keys while it is shown. */
static bool expui_modal_key(struct app *a, int ch)
{
	return a->panel == PANEL_EXP && expui_key(a, ch);
}

/* Experiments on a benchmark result: its state behind A->exp; a run
 * still going at fini is cancelled and its tuning put back; the next
 * run starts when the last is reaped; its line sits over the key bar. */
const struct feature_ops expui_ops = {
	.name = "experiment",
	.init = expui_init,
	.fini = expui_fini,
	.reap = expui_reap,
	.modal_key = expui_modal_key,
	.draw_over = expui_draw,
};
