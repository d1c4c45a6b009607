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

#include "bench/benchresult.h"
#include "bench/verdict.h"

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
	rc = benchrun_start(ex->run, &ex->p, ex->target, ex->port, quiet);
	if (rc) {
		fail(ex, EXPERIMENT_FAILED, ex->run->error);
		return rc;
	}
	ex->step++;
	ex->state = EXPERIMENT_RUNNING;
	return 0;
}

void experiment_collect(struct experiment *ex)
{
	json_t *res = benchrun_result_json(ex->run);
	size_t v = ex->order[ex->step - 1];
	char why[600];

	json_array_append_new(ex->runs, json_pack("{s:I s:I s:o}", "variant",
		(json_int_t)v, "index", (json_int_t)(ex->step - 1), "result",
		res ? res : json_null()));
	if (ex->state == EXPERIMENT_CANCELLED)
		return;
	if (ex->run->state == BENCHRUN_CANCELLED) {
		fail(ex, EXPERIMENT_CANCELLED, "cancelled");
	} else if (ex->run->state != BENCHRUN_DONE) {
		snprintf(why, sizeof(why), "run %zu of %zu failed: %s",
			 ex->step, ex->nruns, ex->run->error);
		fail(ex, EXPERIMENT_FAILED, why);
	} else {
		ex->state = ex->step == ex->nruns ? EXPERIMENT_DONE :
			    EXPERIMENT_READY;
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
		s->ok[i] = benchresult_load(&s->res[i], json_object_get(r,
					    "result"), NULL, 0) == 0 &&
			   s->res[i].st == BENCHRESULT_OK;
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

static json_t *side_json(const double *v, size_t n)
{
	struct verdict_side s;
	json_t *a = json_array();
	size_t i;

	verdict_side(v, n, &s);
	for (i = 0; i < n; i++)
		json_array_append_new(a, json_real(v[i]));
	return json_pack("{s:f s:f s:f s:I s:o}", "median", s.median, "min",
			 s.min, "max", s.max, "n", (json_int_t)n, "samples", a);
}

static json_t *compare_json(const double *a, size_t na, const double *b,
			    size_t nb, const char *unit, size_t variant)
{
	struct verdict v;
	char s[160];

	verdict_judge(a, na, b, nb, &v);
	verdict_sentence(&v, verdict_unit_is_rate(unit), s, sizeof(s));
	return json_pack("{s:I s:o s:o s:o s:o s:f s:s s:s}", "variant",
		(json_int_t)variant, "ratio", v.has_ratio ?
		json_real(v.ratio) : json_null(), "change_pct", v.has_ratio ?
		json_real(v.change_pct) : json_null(), "lo_pct",
		v.a.min > 0 ? json_real(v.lo_pct) : json_null(), "hi_pct",
		v.a.min > 0 ? json_real(v.hi_pct) : json_null(), "spread_pct",
		v.spread_pct, "verdict", verdict_kind_name(v.kind), "sentence",
		s);
}

/* One figure: each variant's side, and each later variant against 0. */
static json_t *figure_json(const struct runset *runs, size_t nvariants,
			   const struct benchresult_figure *fig)
{
	const char *name = fig->name, *unit = fig->unit;
	double first[EXPERIMENT_RUNS_MAX], v[EXPERIMENT_RUNS_MAX];
	json_t *sides = json_array(), *cmps = json_array();
	size_t nf, n, k;

	nf = samples(runs, 0, name, first, EXPERIMENT_RUNS_MAX);
	for (k = 0; k < nvariants; k++) {
		n = samples(runs, k, name, v, EXPERIMENT_RUNS_MAX);
		json_array_append_new(sides, side_json(v, n));
		if (k)
			json_array_append_new(cmps, compare_json(first, nf, v,
						n, unit, k));
	}
	return json_pack("{s:s s:s s:b s:o s:o}", "name", name, "unit", unit,
			 "main", fig->main,
			 "variants", sides, "comparisons", cmps);
}

json_t *experiment_figures(const json_t *runs, size_t nvariants)
{
	const struct benchresult *first = NULL;
	json_t *out = json_array();
	struct runset s;
	size_t i;

	if (!out || runset_load(&s, runs)) {
		runset_fini(&s);
		json_decref(out);
		return NULL;
	}
	for (i = 0; i < s.n && !first; i++)	/* the first good run's */
		first = s.ok[i] ? &s.res[i] : NULL;
	for (i = 0; first && i < first->nfigs; i++)
		if (first->figs[i].name[0])
			json_array_append_new(out, figure_json(&s, nvariants,
							&first->figs[i]));
	runset_fini(&s);
	return out;
}

static const char *state_name(enum experiment_state s)
{
	static const char *const names[] = { "ready", "running", "ok",
					     "failed", "cancelled" };

	return names[s];
}

static json_t *variants_json(const struct experiment *ex)
{
	json_t *a = json_array();
	size_t v, i, vi[TUNEVARY_SPECS_MAX];
	char label[300];

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
		json_array_append_new(a, json_pack("{s:s s:s s:o}", "name",
			(char[]){ (char)('A' + (v < 26 ? v : 25)), '\0' },
			"label", experiment_label(ex->tv, v, label,
						  sizeof(label)),
			"settings", set));
	}
	return a;
}

json_t *experiment_json(const struct experiment *ex)
{
	json_t *vary = json_array(), *order = json_array(), *o;
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
	json_object_set(o, "runs", ex->runs);
	json_object_set(o, "tuning", ex->log);
	json_object_set_new(o, "figures", experiment_figures(ex->runs,
							     ex->nvariants));
	json_object_set_new(o, "journal", journal_json(&ex->tv->tune->journal));
	return o;
}
