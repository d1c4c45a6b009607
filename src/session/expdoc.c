/* SPDX-License-Identifier: GPL-2.0-or-later */
/* expdoc: an experiment's document into struct expdoc, each key checked. */
#include "config.h"

#include "session/expdoc.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/jsonload.h"
#include "base/i18n.h"

static void variant(struct jsonload *l, void *el, const json_t *v)
{
	struct expdoc_variant *x = el;

	x->name = jsonload_str(l, v, "name");
	x->label = jsonload_str(l, v, "label");
	x->not_in_effect = jsonload_int(l, v, "not_in_effect", 0);
	x->readback = jsonload_str(l, v, "readback");
}

static void side(struct jsonload *l, void *el, const json_t *v)
{
	struct expdoc_side *s = el;

	s->median = jsonload_num(l, v, "median");
	s->min = jsonload_num(l, v, "min");
	s->max = jsonload_num(l, v, "max");
	s->n = jsonload_int(l, v, "n", 0);
	s->noutliers = json_array_size(jsonload_arr(l, v, "outliers"));
}

static void cmp(struct jsonload *l, void *el, const json_t *v)
{
	struct expdoc_cmp *c = el;

	c->ratio = jsonload_num(l, v, "ratio");
	c->verdict = jsonload_str(l, v, "verdict");
	c->sentence = jsonload_str(l, v, "sentence");
}

static void figure(struct jsonload *l, void *el, const json_t *v)
{
	struct expdoc_figure *f = el;

	f->name = jsonload_str(l, v, "name");
	f->unit = jsonload_str(l, v, "unit");
	f->drift_tau = jsonload_num(l, jsonload_obj(l, v, "drift"), "tau");
	f->drift_p = jsonload_num(l, jsonload_obj(l, v, "drift"), "p");
	f->sides = jsonload_list(l, jsonload_arr(l, v, "variants"),
				 "figures[].variants[].", sizeof(*f->sides),
				 &f->nsides, side);
	l->at = "figures[].";
	f->cmps = jsonload_list(l, jsonload_arr(l, v, "comparisons"),
				"figures[].comparisons[].", sizeof(*f->cmps),
				&f->ncmps, cmp);
}

/* A list of strings (NULL for other entries) or of whole numbers. */
static void words(struct jsonload *l, struct expdoc *e, const json_t *a)
{
	const json_t *v;
	size_t i;

	e->vary = jsonload_calloc(l, json_array_size(a), sizeof(*e->vary));
	json_array_foreach(a, i, v)
		if (e->vary)
			e->vary[e->nvary++] = json_string_value(v);
}

static void order(struct jsonload *l, struct expdoc *e, const json_t *a)
{
	const json_t *v;
	size_t i;

	e->order = jsonload_calloc(l, json_array_size(a), sizeof(*e->order));
	json_array_foreach(a, i, v) {
		if (!e->order)
			return;
		if (!json_is_integer(v) || json_integer_value(v) < 0) {
			jsonload_bad(l, "order[]", v,
				     N_("a variant's number"));
			return;
		}
		e->order[e->norder++] = (long long)json_integer_value(v);
	}
}

/* The kind of the first run's result ("iozone"). */
static const char *first_kind(struct jsonload *l, const json_t *runs)
{
	const json_t *r = json_array_get(runs, 0);

	l->at = "runs[].result.";
	r = json_object_get(r, "result");
	return jsonload_str(l, json_is_object(r) ? r : NULL, "kind");
}

static void load(struct jsonload *l, struct expdoc *e, const json_t *doc)
{
	if (!json_is_object(doc))
		jsonload_bad(l, "", doc, N_("an object"));
	e->preset = jsonload_str(l, doc, "preset");
	e->target = jsonload_str(l, doc, "target");
	e->status = jsonload_str(l, doc, "status");
	e->error = jsonload_str(l, doc, "error");
	e->repeat = jsonload_int(l, doc, "repeat", 0);
	e->budget = jsonload_int(l, doc, "budget", 0);
	e->auto_stop = jsonload_bool(l, doc, "auto");
	e->restored = jsonload_bool(l, doc, "restored");
	words(l, e, jsonload_arr(l, doc, "vary"));
	order(l, e, jsonload_arr(l, doc, "order"));
	e->variants = jsonload_list(l, jsonload_arr(l, doc, "variants"),
				    "variants[].", sizeof(*e->variants),
				    &e->nvariants, variant);
	e->figs = jsonload_list(l, jsonload_arr(l, doc, "figures"),
				"figures[].", sizeof(*e->figs), &e->nfigs,
				figure);
	e->kind = first_kind(l, jsonload_arr(l, doc, "runs"));
	l->at = "";
}

int expdoc_load(struct expdoc *e, const json_t *doc, char *err,
		size_t errsize)
{
	struct jsonload l;

	jsonload_init(&l, N_("experiment"), err, errsize);
	memset(e, 0, sizeof(*e));
	load(&l, e, doc);
	if (l.rc) {
		expdoc_fini(e);
		return l.rc;
	}
	e->doc = json_incref((json_t *)doc);
	return 0;
}

void expdoc_fini(struct expdoc *e)
{
	size_t i;

	for (i = 0; i < e->nfigs; i++) {
		free(e->figs[i].sides);
		free(e->figs[i].cmps);
	}
	free(e->figs);
	free(e->variants);
	free(e->order);
	free(e->vary);
	json_decref(e->doc);
	memset(e, 0, sizeof(*e));
}
