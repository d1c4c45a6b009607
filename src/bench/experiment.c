/* SPDX-License-Identifier: GPL-2.0-or-later */
/* experiment: the plan (interleaved rounds), the step machine that sets a
 * variant's tunables and starts its run, and the table of figures with
 * their verdicts (bench/verdict.c) as JSON. */
#include "config.h"

#include "bench/experiment.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/monoclock.h"
#include "base/normq.h"
#include "bench/benchresult.h"
#include "bench/verdict.h"

static const unsigned look_at[] = { 5, 7, 10, 14, 20, 28, 40 };

bool experiment_look(unsigned n, unsigned budget)
{
	size_t i;

	for (i = 0; i < sizeof(look_at) / sizeof(look_at[0]); i++)
		if (look_at[i] == n && n < budget)
			return true;
	return n == budget;
}

unsigned experiment_looks(unsigned budget)
{
	unsigned n = 1;
	size_t i;

	for (i = 0; i < sizeof(look_at) / sizeof(look_at[0]); i++)
		n += look_at[i] < budget;
	return n;
}

size_t experiment_plan(size_t nvariants, unsigned repeat, size_t *order,
		       size_t max)
{
	size_t r, i, n = 0;

	for (r = 0; r < repeat; r++)
		for (i = 0; i < nvariants; i++, n++)
			if (n < max)
				order[n] = r % 2 ? nvariants - 1 - i : i;
	return n;
}

void experiment_values(const struct tunevary *tv, size_t v, size_t *vi)
{
	size_t i = tv->n;

	while (i-- > 0) {
		vi[i] = v % tv->v[i].spec.nvalues;
		v /= tv->v[i].spec.nvalues;
	}
}

const char *experiment_label(const struct tunevary *tv, size_t v,
			     char *dst, size_t size)
{
	size_t vi[TUNEVARY_SPECS_MAX], i, used = 0;
	char one[128];

	experiment_values(tv, v, vi);
	dst[0] = '\0';
	for (i = 0; i < tv->n && used < size; i++) {
		tunespec_label(&tv->v[i].spec, vi[i], one, sizeof(one));
		used += (size_t)snprintf(dst + used, size - used, "%s%s",
					 i ? " " : "", one);
	}
	return dst;
}

int experiment_init(struct experiment *ex, const struct preset *p,
		    const char *target, int port, unsigned repeat,
		    struct tunevary *tv)
{
	size_t i;

	memset(ex, 0, sizeof(*ex));
	benchrun_init(&ex->own);
	ex->run = &ex->own;
	ex->p = *p;
	ex->port = port;
	ex->repeat = repeat;
	ex->looks = 1;
	ex->margin_pct = p->margin_pct;
	ex->tv = tv;
	snprintf(ex->target, sizeof(ex->target), "%s", target);
	ex->nvariants = 1;
	for (i = 0; i < tv->n; i++) {
		ex->nvariants *= tv->v[i].spec.nvalues;
		ex->cur[i] = (size_t)-1;
	}
	ex->runs = json_array();
	ex->log = json_array();
	if (tv->n == 0 || repeat == 0 || repeat > EXPERIMENT_REPEAT_MAX ||
	    ex->nvariants > EXPERIMENT_VARIANTS_MAX ||
	    ex->nvariants * repeat > EXPERIMENT_RUNS_MAX) {
		snprintf(ex->error, sizeof(ex->error), "an experiment has 1-2 "
			 "tunables, at most %d runs in all and %d per variant",
			 EXPERIMENT_RUNS_MAX, EXPERIMENT_REPEAT_MAX);
		return -EINVAL;
	}
	ex->nruns = experiment_plan(ex->nvariants, repeat, ex->order,
				    EXPERIMENT_RUNS_MAX);
	return ex->runs && ex->log ? 0 : -ENOMEM;
}

static void fail(struct experiment *ex, enum experiment_state st,
		 const char *why)
{
	ex->state = st;
	if (!ex->error[0])
		snprintf(ex->error, sizeof(ex->error), "%.511s", why);
}

/* Set the tunables that differ from VARIANT's values. */
static int apply_variant(struct experiment *ex, size_t variant)
{
	size_t vi[TUNEVARY_SPECS_MAX], i;
	int rc;

	experiment_values(ex->tv, variant, vi);
	for (i = 0; i < ex->tv->n; i++) {
		if (ex->cur[i] == vi[i])
			continue;
		ex->cur[i] = (size_t)-1;
		rc = tunevary_apply(ex->tv, i, vi[i], ex->msg,
				    sizeof(ex->msg));
		json_array_append_new(ex->log, json_string(ex->msg));
		if (rc)
			return rc;
		ex->cur[i] = vi[i];
	}
	return 0;
}

/* Read every tunable back (before the run, or again after it when
 * AGAIN: an x86 IRQ moves at its next interrupt, which the run makes). */
static void read_back(struct experiment *ex, size_t variant, bool again)
{
	size_t vi[TUNEVARY_SPECS_MAX], i;

	experiment_values(ex->tv, variant, vi);
	for (i = 0; i < ex->tv->n; i++)
		/* an IRQ again: a pending move is made or refused at
		 * the interrupts the run made */
		if (!again || ex->tv->v[i].spec.kind == TUNESPEC_IRQ)
			ex->in_effect[i] = tunevary_readback(ex->tv, i, vi[i],
				ex->readback[i], sizeof(ex->readback[i]));
}

int experiment_start_next(struct experiment *ex, bool quiet)
{
	int rc;

	if (ex->state != EXPERIMENT_READY || ex->step >= ex->nruns)
		return -EINVAL;
	rc = apply_variant(ex, ex->order[ex->step]);
	if (rc) {
		fail(ex, EXPERIMENT_FAILED, ex->msg);
		return rc;
	}
	read_back(ex, ex->order[ex->step], false);
	rc = benchrun_start(ex->run, &ex->p, ex->target, ex->port, quiet);
	if (rc) {
		fail(ex, EXPERIMENT_FAILED, ex->run->error);
		return rc;
	}
	if (ex->step == 0)
		ex->t0 = monoclock_s();
	ex->step++;
	ex->state = EXPERIMENT_RUNNING;
	return 0;
}

void experiment_auto(struct experiment *ex)
{
	ex->auto_stop = true;
	ex->looks = experiment_looks(ex->repeat);
}

void experiment_time_budget(struct experiment *ex, double seconds)
{
	ex->budget_s = seconds;
	if (ex->auto_stop && seconds > 0)
		ex->looks = experiment_looks(ex->repeat) + 1;
}

void experiment_opts(const struct experiment *ex, struct verdict_opts *o)
{
	o->alpha = VERDICT_ALPHA / (ex->looks ? ex->looks : 1);
	o->margin_pct = ex->margin_pct;
}

/* Whether comparison C holds auto up: it cannot tell, and more runs
 * would decide it (a count at 0 in most runs has no ratio and no number
 * of runs that decides it). */
static bool open_question(const json_t *c)
{
	const char *k = json_string_value(json_object_get(c, "verdict"));

	if (k && (!strcmp(k, "higher") || !strcmp(k, "lower") ||
		  !strcmp(k, "same")))
		return false;
	return json_is_integer(json_object_get(c, "more_runs"));
}

bool experiment_decided(const json_t *figs)
{
	const json_t *f, *c;
	size_t i, j;

	json_array_foreach(figs, i, f) {
		if (!json_is_true(json_object_get(f, "main")))
			continue;
		json_array_foreach(json_object_get(f, "comparisons"), j, c)
			if (open_question(c))
				return false;
	}
	return true;
}

/* --repeat auto, at the end of a round that is a look: stop when every
 * main figure is decided. */
static void maybe_stop(struct experiment *ex)
{
	struct verdict_opts o;
	json_t *figs;
	unsigned n;

	if (!ex->auto_stop || ex->step % ex->nvariants)
		return;
	if (ex->budget_s > 0 && ex->step < ex->nruns &&
	    monoclock_s() - ex->t0 >= ex->budget_s) {
		ex->nruns = ex->step;	/* the time is spent: judged as is */
		ex->state = EXPERIMENT_DONE;
		ex->timed_out = true;
		return;
	}
	n = (unsigned)(ex->step / ex->nvariants);
	if (!experiment_look(n, ex->repeat) || ex->step == ex->nruns)
		return;
	experiment_opts(ex, &o);
	figs = experiment_figures(ex->runs, ex->nvariants, &o);
	if (figs && json_array_size(figs) && experiment_decided(figs)) {
		ex->nruns = ex->step;
		ex->state = EXPERIMENT_DONE;
	}
	json_decref(figs);
}

/* Whether every tunable read back as its variant set it (one not
 * readable is not held against the run). */
static bool all_in_effect(const struct experiment *ex)
{
	size_t i;

	for (i = 0; i < ex->tv->n; i++)
		if (ex->in_effect[i] == 0)
			return false;
	return true;
}

/* The run's variant in its conditions: name, label, each tunable read
 * back before it ran, and whether all took effect. */
static void note_variant(const struct experiment *ex, size_t v, json_t *res)
{
	json_t *cond = json_object_get(res, "conditions"), *rb = json_object();
	char label[300], key[64];
	size_t i;

	cond = json_is_object(cond) ? json_copy(cond) : json_object();
	for (i = 0; i < ex->tv->n; i++) {
		const struct tunespec *s = &ex->tv->v[i].spec;

		snprintf(key, sizeof(key), "%s:%s",
			 tunespec_kind_name(s->kind), s->target);
		json_object_set_new(rb, key, ex->in_effect[i] < 0 ?
			json_null() : json_string(ex->readback[i]));
	}
	json_object_set_new(cond, "variant", json_pack("{s:s s:s s:o s:b}",
		"name", (char[]){ (char)('A' + (v < 26 ? v : 25)), '\0' },
		"label", experiment_label(ex->tv, v, label, sizeof(label)),
		"readback", rb, "in_effect", all_in_effect(ex)));
	json_object_set_new(res, "conditions", cond);
}

void experiment_collect(struct experiment *ex)
{
	json_t *res = benchrun_result_json(ex->run);
	size_t v = ex->order[ex->step - 1];
	char why[600];

	read_back(ex, v, true);
	if (res)
		note_variant(ex, v, res);
	json_array_append_new(ex->runs, json_pack("{s:I s:I s:b s:o}",
		"variant", (json_int_t)v, "index", (json_int_t)(ex->step - 1),
		"in_effect", all_in_effect(ex), "result",
		res ? res : json_null()));
	if (ex->state == EXPERIMENT_CANCELLED)
		return;
	if (ex->run->state == BENCHRUN_CANCELLED) {
		fail(ex, EXPERIMENT_CANCELLED, "cancelled");
	} else if (ex->run->state != BENCHRUN_DONE) {
		snprintf(why, sizeof(why), "run %zu of %s%zu failed: %s",
			 ex->step, ex->auto_stop ? "at most " : "", ex->nruns,
			 ex->run->error);
		fail(ex, EXPERIMENT_FAILED, why);
	} else {
		ex->state = ex->step == ex->nruns ? EXPERIMENT_DONE :
			    EXPERIMENT_READY;
		maybe_stop(ex);
	}
}

void experiment_use_run(struct experiment *ex, struct benchrun *r)
{
	ex->run = r;
}

void experiment_cancel(struct experiment *ex)
{
	if (ex->state == EXPERIMENT_RUNNING)
		benchrun_cancel(ex->run);
	if (ex->state == EXPERIMENT_READY || ex->state == EXPERIMENT_RUNNING)
		ex->state = EXPERIMENT_CANCELLED;
	if (!ex->error[0])
		snprintf(ex->error, sizeof(ex->error), "cancelled");
}

int experiment_finish(struct experiment *ex)
{
	if (ex->finished)
		return ex->restore_failed;
	ex->finished = true;
	ex->restore_failed = tunevary_restore(ex->tv);
	return ex->restore_failed;
}

void experiment_fini(struct experiment *ex)
{
	benchrun_fini(&ex->own);
	json_decref(ex->runs);
	json_decref(ex->log);
	ex->runs = ex->log = NULL;
}

/* ---- the table ----------------------------------------------------------- */

/* The runs of an experiment: each one's variant and, for a run that
 * went well, its result loaded. */
struct runset {
	size_t n;
	size_t *variant;
	bool *ok;
	struct benchresult *res;
};

static int runset_load(struct runset *s, const json_t *runs)
{
	const json_t *r;
	size_t i;

	memset(s, 0, sizeof(*s));
	s->variant = calloc(json_array_size(runs) + 1, sizeof(*s->variant));
	s->ok = calloc(json_array_size(runs) + 1, sizeof(*s->ok));
	s->res = calloc(json_array_size(runs) + 1, sizeof(*s->res));
	if (!s->variant || !s->ok || !s->res)
		return -ENOMEM;
	json_array_foreach(runs, i, r) {
		s->variant[i] = (size_t)json_integer_value(json_object_get(r,
								"variant"));
		/* a run whose variant did not take effect is left out */
		s->ok[i] = benchresult_load(&s->res[i], json_object_get(r,
					    "result"), NULL, 0) == 0 &&
			   s->res[i].st == BENCHRESULT_OK &&
			   !json_is_false(json_object_get(r, "in_effect"));
		s->n++;
	}
	return 0;
}

static void runset_fini(struct runset *s)
{
	size_t i;

	for (i = 0; s->res && i < s->n; i++)
		benchresult_fini(&s->res[i]);
	free(s->variant);
	free(s->ok);
	free(s->res);
}

/* The values of figure NAME in the good runs of VARIANT. */
static size_t samples(const struct runset *s, size_t variant,
		      const char *name, double *out, size_t max)
{
	const struct benchresult_figure *f;
	size_t i, n = 0;

	for (i = 0; i < s->n; i++) {
		if (!s->ok[i] || s->variant[i] != variant)
			continue;
		f = benchresult_figure(&s->res[i], name);
		if (f && !isnan(f->value) && n < max)
			out[n++] = f->value;
	}
	return n;
}

/* Each variant's values of each figure of the first good run. */
struct table {
	const struct runset *runs;
	const struct benchresult *first;
	size_t nfigs, nvariants, max;	/* max: values a cell may hold */
	double *v;			/* cell (f, k) at (f * nvariants + k)
					 * * max */
	size_t *n;			/* values in cell (f, k) */
};

static double *cell(const struct table *t, size_t f, size_t k)
{
	return t->v + (f * t->nvariants + k) * t->max;
}

static int table_load(struct table *t, const struct runset *s,
		      size_t nvariants)
{
	size_t i, f, k;

	memset(t, 0, sizeof(*t));
	t->runs = s;
	for (i = 0; i < s->n && !t->first; i++)	/* the first good one */
		t->first = s->ok[i] ? &s->res[i] : NULL;
	t->nfigs = t->first ? t->first->nfigs : 0;
	t->nvariants = nvariants;
	t->max = s->n < VERDICT_RUNS_MAX ? s->n : VERDICT_RUNS_MAX;
	t->v = calloc(t->nfigs * nvariants * t->max + 1, sizeof(*t->v));
	t->n = calloc(t->nfigs * nvariants + 1, sizeof(*t->n));
	if (!t->v || !t->n)
		return -ENOMEM;
	for (f = 0; f < t->nfigs; f++)
		for (k = 0; k < nvariants; k++)
			t->n[f * nvariants + k] = samples(s, k,
				t->first->figs[f].name, cell(t, f, k), t->max);
	return 0;
}

static void table_fini(struct table *t)
{
	free(t->v);
	free(t->n);
}

/* Every later variant of every named figure against A, as one family:
 * VS[f * (nvariants - 1) + k - 1].  0 or -ENOMEM. */
static int judge_all(const struct table *t, const struct verdict_opts *o,
		     struct verdict *vs)
{
	size_t nv = t->nvariants, f, k, n = 0;
	struct verdict_input *in = calloc(t->nfigs * nv + 1, sizeof(*in));
	int rc;

	if (!in)
		return -ENOMEM;
	for (f = 0; f < t->nfigs; f++)
		for (k = 1; k < nv; k++)
			in[n++] = (struct verdict_input){ .a = cell(t, f, 0),
				.na = t->n[f * nv], .b = cell(t, f, k),
				.nb = t->n[f * nv + k] };
	rc = verdict_family(in, n, o, NULL, vs);
	free(in);
	return rc;
}

static json_t *side_json(const double *v, size_t n)
{
	struct verdict_side s;
	json_t *a = json_array(), *out = json_array();
	bool far[VERDICT_RUNS_MAX];
	size_t i;

	verdict_side(v, n, &s);
	verdict_outliers(v, n, far);
	for (i = 0; i < n; i++) {
		json_array_append_new(a, json_real(v[i]));
		if (far[i])
			json_array_append_new(out, json_integer(
				(json_int_t)i));
	}
	return json_pack("{s:f s:f s:f s:I s:o s:o}", "median", s.median,
			 "min", s.min, "max", s.max, "n", (json_int_t)n,
			 "samples", a, "outliers", out);
}

/* A number, or null when not IS. */
static json_t *num_or_null(bool is, double v)
{
	return is ? json_real(v) : json_null();
}

static json_t *compare_json(const struct verdict *v, const char *unit,
			    size_t variant)
{
	bool iv = v->has_ratio && v->has_interval;
	bool r = v->a.median > 0 && v->a.n && v->b.n;	/* both have runs */
	char s[200];

	verdict_sentence(v, verdict_better(unit), s, sizeof(s));
	return json_pack("{s:I s:o s:o s:o s:o s:o s:f s:f s:f s:I s:b "
		"s:f s:o s:o s:s s:s}", "variant", (json_int_t)variant,
		"ratio", num_or_null(r, v->ratio), "change_pct",
		num_or_null(r, v->change_pct), "estimate_pct",
		num_or_null(v->has_ratio, v->est_pct), "lo_pct",
		num_or_null(iv, v->lo_pct), "hi_pct", num_or_null(iv,
		v->hi_pct), "level", 1 - v->alpha, "p", v->p, "margin_pct",
		v->margin_pct, "family", (json_int_t)v->family, "claimed",
		v->claimed, "spread_pct", v->spread_pct, "more_runs",
		v->more_runs ? json_integer((json_int_t)v->more_runs) :
		json_null(), "more_pct", num_or_null(v->more_runs,
		v->more_pct), "verdict", verdict_kind_name(v->kind),
		"sentence", s);
}

/* Figure F: each variant's side, and each later variant against A. */
/* Figure F's drift: each good run's log over its variant's median, in
 * the order run, against that order (verdict_trend); null below 6 runs
 * or with a value not above 0. */
static json_t *drift_json(const struct table *t, size_t f)
{
	const struct benchresult_figure *g;
	const struct runset *s = t->runs;
	double med[EXPERIMENT_VARIANTS_MAX], r[VERDICT_RUNS_MAX], tau, p;
	struct verdict_side side;
	size_t i, k, n = 0;

	for (k = 0; k < t->nvariants && k < EXPERIMENT_VARIANTS_MAX; k++) {
		verdict_side(cell(t, f, k), t->n[f * t->nvariants + k], &side);
		med[k] = side.median;
	}
	for (i = 0; i < s->n && n < VERDICT_RUNS_MAX; i++) {
		if (!s->ok[i] || s->variant[i] >= t->nvariants ||
		    s->variant[i] >= EXPERIMENT_VARIANTS_MAX)
			continue;
		g = benchresult_figure(&s->res[i], t->first->figs[f].name);
		if (!g || isnan(g->value))
			continue;
		if (!(g->value > 0) || !(med[s->variant[i]] > 0))
			return json_null();
		r[n++] = log(g->value / med[s->variant[i]]);
	}
	if (n < 6)
		return json_null();
	p = verdict_trend(r, n, &tau);
	return isnan(p) ? json_null() : json_pack("{s:f s:f s:I}", "tau", tau,
						  "p", p, "runs",
						  (json_int_t)n);
}

static json_t *figure_json(const struct table *t, size_t f,
			   const struct verdict *vs)
{
	const struct benchresult_figure *fig = &t->first->figs[f];
	json_t *sides = json_array(), *cmps = json_array();
	size_t k, nv = t->nvariants;

	for (k = 0; k < nv; k++) {
		json_array_append_new(sides, side_json(cell(t, f, k),
						       t->n[f * nv + k]));
		if (k)
			json_array_append_new(cmps, compare_json(
				&vs[f * (nv - 1) + k - 1], fig->unit, k));
	}
	return json_pack("{s:s s:s s:b s:o s:o s:o}", "name", fig->name,
			 "unit", fig->unit, "main", fig->main, "variants",
			 sides, "comparisons", cmps, "drift", drift_json(t, f));
}

json_t *experiment_figures(const json_t *runs, size_t nvariants,
			   const struct verdict_opts *o)
{
	json_t *out = json_array();
	struct verdict *vs = NULL;
	struct runset s = { 0 };
	struct table t = { 0 };
	size_t f;
	int rc;

	if (out && nvariants == 0)
		return out;
	rc = !out || runset_load(&s, runs) ? -ENOMEM :
	     table_load(&t, &s, nvariants);
	if (rc == 0) {
		vs = calloc(t.nfigs * nvariants + 1, sizeof(*vs));
		rc = vs ? judge_all(&t, o, vs) : -ENOMEM;
	}
	for (f = 0; rc == 0 && f < t.nfigs; f++)
		if (t.first->figs[f].name[0])
			json_array_append_new(out, figure_json(&t, f, vs));
	free(vs);
	table_fini(&t);
	runset_fini(&s);
	if (rc == 0)
		return out;
	json_decref(out);
	return NULL;
}

static const char *state_name(enum experiment_state s)
{
	static const char *const names[] = { "ready", "running", "ok",
					     "failed", "cancelled" };

	return names[s];
}

/* Variant V's runs that it did not take effect in: how many, and what
 * the last of them read back ("irq:151=7"), into GOT. */
static size_t not_in_effect(const json_t *runs, size_t v, char *got,
			    size_t size)
{
	const json_t *r, *rb, *x;
	const char *k;
	size_t i, n = 0, used;

	json_array_foreach(runs, i, r) {
		if ((size_t)json_integer_value(json_object_get(r, "variant"))
		    != v || !json_is_false(json_object_get(r, "in_effect")))
			continue;
		n++;
		rb = json_object_get(json_object_get(json_object_get(
			json_object_get(r, "result"), "conditions"),
			"variant"), "readback");
		used = 0;
		got[0] = '\0';
		json_object_foreach((json_t *)rb, k, x)
			if (used < size)
				used += (size_t)snprintf(got + used, size -
					used, "%s%s=%s", used ? " " : "", k,
					json_is_string(x) ?
					json_string_value(x) : "?");
	}
	return n;
}

static json_t *variants_json(const struct experiment *ex)
{
	json_t *a = json_array();
	size_t v, i, n, vi[TUNEVARY_SPECS_MAX];
	char label[300], got[600];

	for (v = 0; v < ex->nvariants; v++) {
		json_t *set = json_object();
		char key[64];

		experiment_values(ex->tv, v, vi);
		for (i = 0; i < ex->tv->n; i++) {
			const struct tunespec *s = &ex->tv->v[i].spec;

			snprintf(key, sizeof(key), "%s:%s",
				 tunespec_kind_name(s->kind), s->target);
			json_object_set_new(set, key,
					    json_string(s->values[vi[i]]));
		}
		n = not_in_effect(ex->runs, v, got, sizeof(got));
		json_array_append_new(a, json_pack("{s:s s:s s:o s:I s:o}",
			"name", (char[]){ (char)('A' + (v < 26 ? v : 25)),
			'\0' }, "label", experiment_label(ex->tv, v, label,
			sizeof(label)), "settings", set, "not_in_effect",
			(json_int_t)n, "readback", n ? json_string(got) :
			json_null()));
	}
	return a;
}

/* The experiment's own entries of the journal (the runtime journal
 * holds those of every benchtop, before it and meanwhile). */
static json_t *own_journal(const struct tunevary *tv)
{
	struct journal mine;
	json_t *a;

	journal_init(&mine);
	a = journal_copy_by(&mine, &tv->tune->journal, tv->tune->instance,
			    tv->j0) ? NULL : journal_json(&mine);
	journal_fini(&mine);
	return a;
}

json_t *experiment_json(const struct experiment *ex)
{
	json_t *vary = json_array(), *order = json_array(), *o;
	struct verdict_opts vo;
	char label[600];
	size_t i, k;

	for (i = 0; i < ex->tv->n; i++) {
		const struct tunespec *s = &ex->tv->v[i].spec;
		size_t used = (size_t)snprintf(label, sizeof(label), "%s:%s=",
			tunespec_kind_name(s->kind), s->target);

		for (k = 0; k < s->nvalues && used < sizeof(label); k++)
			used += (size_t)snprintf(label + used, sizeof(label) -
				used, "%s%s", k ? "," : "", s->values[k]);
		json_array_append_new(vary, json_string(label));
	}
	for (i = 0; i < ex->nruns; i++)
		json_array_append_new(order, json_integer((json_int_t)
							  ex->order[i]));
	o = json_pack("{s:s s:s s:s s:I s:o s:o s:o s:s s:o s:I s:b}",
		"kind", "experiment", "preset", ex->p.name, "target",
		ex->target, "repeat", (json_int_t)ex->repeat, "vary", vary,
		"variants", variants_json(ex), "order", order, "status",
		state_name(ex->state), "error", ex->error[0] &&
		ex->state != EXPERIMENT_DONE ? json_string(ex->error) :
		json_null(), "runs_done", (json_int_t)json_array_size(ex->runs),
		"restored", ex->finished && ex->restore_failed == 0);
	if (!o)
		return NULL;
	experiment_opts(ex, &vo);
	json_object_set_new(o, "repeat", json_integer((json_int_t)(
		ex->auto_stop ? ex->nruns / ex->nvariants : ex->repeat)));
	json_object_set_new(o, "auto", json_boolean(ex->auto_stop));
	json_object_set_new(o, "budget", ex->auto_stop ? json_integer(
		(json_int_t)ex->repeat) : json_null());
	json_object_set_new(o, "budget_s", ex->auto_stop && ex->budget_s > 0 ?
			    json_real(ex->budget_s) : json_null());
	json_object_set_new(o, "timed_out", json_boolean(ex->timed_out));
	json_object_set_new(o, "looks", json_integer((json_int_t)ex->looks));
	json_object_set_new(o, "alpha", json_real(vo.alpha));
	json_object_set(o, "runs", ex->runs);
	json_object_set(o, "tuning", ex->log);
	json_object_set_new(o, "figures", experiment_figures(ex->runs,
				ex->nvariants, &vo));
	json_object_set_new(o, "journal", own_journal(ex->tv));
	return o;
}
