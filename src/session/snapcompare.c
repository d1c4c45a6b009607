/* SPDX-License-Identifier: GPL-2.0-or-later */
/* snapcompare: the table the session write-ups computed by hand - runs
 * matched by preset and target, every figure as A, B, B/A and percent -
 * and the system facts that explain a difference, as struct
 * snapcompare; and that struct as the compare document. */
#include "config.h"

#include "session/snapcompare.h"

#include "base/redact.h"
#include "session/runmatch.h"

#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/figfmt.h"
#include "base/jsondoc.h"
#include "base/vec.h"
#include "session/snapbench.h"
#include "session/snapexp.h"
#include "session/snapreport.h"

/* Names with values, in the order first set; a name set again keeps its
 * place and takes the new value. */
struct kvs {
	struct snapcompare_kv *v;
	size_t n, cap;
	bool nomem;
};

static struct snapcompare_kv *kv_find(const struct kvs *k, const char *name)
{
	size_t i;

	for (i = 0; i < k->n; i++)
		if (!strcmp(k->v[i].name, name))
			return &k->v[i];
	return NULL;
}

/* NAME = S (copied; NULL for a number) and V. */
static void kv_set(struct kvs *k, const char *name, const char *s, double v)
{
	struct snapcompare_kv *e = kv_find(k, name);
	char *copy = s ? strdup(s) : NULL;

	if (s && !copy) {
		k->nomem = true;
		return;
	}
	if (!e && vec_reserve(&k->v, &k->cap, k->n + 1, sizeof(*k->v)) == 0 &&
	    (k->v[k->n].name = strdup(name)) != NULL) {
		e = &k->v[k->n++];
		e->s = NULL;
	}
	if (!e) {
		free(copy);
		k->nomem = true;
		return;
	}
	free(e->s);
	e->s = copy;
	e->v = v;
}

static void kv_fini(struct kvs *k)
{
	size_t i;

	for (i = 0; i < k->n; i++) {
		free(k->v[i].name);
		free(k->v[i].s);
	}
	free(k->v);
}

/* The fact NAME = S when S is there. */
static void fact(struct kvs *facts, const char *name, const char *s)
{
	if (s)
		kv_set(facts, name, s, 0);
}

static void cluster_facts(struct kvs *facts, const struct snapdoc_sys *s)
{
	const struct snapdoc_cluster *c;
	char name[96], v[64];
	size_t i;

	for (i = 0; i < s->nclusters; i++) {
		c = &s->clusters[i];
		snprintf(name, sizeof(name), "cluster %lld governor",
			 c->policy_n < 0 ? 0 : c->policy_n);
		fact(facts, name, c->governor);
		if (c->min_khz < 0 || c->max_khz < 0)
			continue;
		snprintf(name, sizeof(name), "cluster %lld limits",
			 c->policy_n < 0 ? 0 : c->policy_n);
		figfmt_mhz_range(v, sizeof(v) - 4, (uint64_t)c->min_khz,
				 (uint64_t)c->max_khz);
		strcat(v, " MHz");
		fact(facts, name, v);
	}
}

static void irq_facts(struct kvs *facts, const struct snapdoc_sys *s)
{
	const struct snapdoc_irq *q;
	char name[300];
	size_t i;

	for (i = 0; i < s->nirqs; i++) {
		q = &s->irqs[i];
		if (!q->key || !q->affinity)
			continue;
		snprintf(name, sizeof(name), "IRQ %s %s affinity", q->key,
			 q->action ? q->action : "");
		fact(facts, name, q->affinity);
	}
}

static void usb_facts(struct kvs *facts, const struct snapdoc_usb *d)
{
	char name[300], dev[200];

	/* By what the device is, not where it is plugged; a second one of
	 * the same kind is told apart by its port. */
	snprintf(dev, sizeof(dev), "USB %s %s", d->id ? d->id : "?",
		 d->product ? d->product : "");
	snprintf(name, sizeof(name), "%s driver", dev);
	if (kv_find(facts, name))
		snprintf(dev + strlen(dev), sizeof(dev) - strlen(dev),
			 " at %s", d->name ? d->name : "?");
	snprintf(name, sizeof(name), "%s driver", dev);
	fact(facts, name, d->driver);
	snprintf(name, sizeof(name), "%s speed", dev);
	fact(facts, name, d->speed);
}

static void device_facts(struct kvs *facts, const struct snapdoc_sys *s)
{
	char name[300];
	size_t i;

	for (i = 0; i < s->nusb; i++)
		usb_facts(facts, &s->usb[i]);
	for (i = 0; i < s->ndisks; i++) {
		snprintf(name, sizeof(name), "disk %s scheduler",
			 s->disks[i].name ? s->disks[i].name : "?");
		fact(facts, name, s->disks[i].scheduler);
	}
}

/* The facts of a snapshot as strings, in a fixed order, into F. */
static void facts_of(struct kvs *f, const struct snapdoc *d)
{
	const struct snapdoc_host *h = &d->sys.host;

	fact(f, "board", h->board);
	fact(f, "kernel", h->kernel);
	if (h->cmdline) {
		char line[8192];

		redact_cmdline(h->cmdline, line, sizeof(line));
		fact(f, "kernel command line", line);
	}
	fact(f, "CPUs online", h->cpus_online);
	cluster_facts(f, &d->sys);
	irq_facts(f, &d->sys);
	device_facts(f, &d->sys);
}

/* A copy of S into *DST; false when out of memory. */
static bool dup(char **dst, const char *s)
{
	*dst = s ? strdup(s) : NULL;
	return !s || *dst;
}

/* Room for one more element in the array *PV of *N (capacity *CAP). */
static bool more(void *pv, size_t *cap, size_t n, size_t elsize)
{
	return vec_reserve(pv, cap, n + 1, elsize) == 0;
}

static bool add_fact(struct snapcompare *c, const char *name, const char *a,
		     const char *b)
{
	struct snapcompare_fact *x;

	if (!more(&c->facts, &c->cfacts, c->nfacts, sizeof(*c->facts)))
		return false;
	x = &c->facts[c->nfacts++];
	memset(x, 0, sizeof(*x));
	return dup(&x->name, name) && dup(&x->a, a) && dup(&x->b, b);
}

/* The facts of A and B that differ: A's in its order, then B's own. */
static bool facts_diff(struct snapcompare *c, const struct kvs *fa,
		       const struct kvs *fb)
{
	const struct snapcompare_kv *w;
	size_t i;
	bool ok = true;

	for (i = 0; ok && i < fa->n; i++) {
		w = kv_find(fb, fa->v[i].name);
		if (!w || strcmp(w->s, fa->v[i].s))
			ok = add_fact(c, fa->v[i].name, fa->v[i].s,
				      w ? w->s : NULL);
	}
	for (i = 0; ok && i < fb->n; i++)
		if (!kv_find(fa, fb->v[i].name))
			ok = add_fact(c, fb->v[i].name, NULL, fb->v[i].s);
	return ok;
}

/* ---- figures --------------------------------------------------------------- */

static void collect(void *ctx, const char *path, double v)
{
	kv_set(ctx, path, NULL, v);
}

/* The runs of one preset and target: their indices in the results. */
struct runs {
	char key[400];
	size_t *i, n, cap;
};

struct run_keys {
	struct runs *v;
	size_t n, cap;
	bool nomem;
};

/* The runs of D by key ("PRESET TARGET"), in the order they ran. */
static void runs_of(struct run_keys *k, const struct snapdoc *d)
{
	char key[400];
	size_t i, j;

	for (i = 0; i < d->nresults; i++) {
		snapreport_run_key(d->results[i].doc, key, sizeof(key));
		for (j = 0; j < k->n && strcmp(k->v[j].key, key); j++)
			;
		if (j == k->n && more(&k->v, &k->cap, k->n, sizeof(*k->v))) {
			memset(&k->v[k->n], 0, sizeof(k->v[0]));
			snprintf(k->v[k->n++].key, sizeof(key), "%s", key);
		}
		if (j == k->n || !more(&k->v[j].i, &k->v[j].cap, k->v[j].n,
				       sizeof(size_t))) {
			k->nomem = true;
			return;
		}
		k->v[j].i[k->v[j].n++] = i;
	}
}

static const struct runs *runs_find(const struct run_keys *k,
				    const char *key)
{
	size_t j;

	for (j = 0; j < k->n; j++)
		if (!strcmp(k->v[j].key, key))
			return &k->v[j];
	return NULL;
}

static void runs_fini(struct run_keys *k)
{
	size_t j;

	for (j = 0; j < k->n; j++)
		free(k->v[j].i);
	free(k->v);
}

/* Every figure of R by name into INTO. */
static void figures_of(const struct snapdoc_result *r, struct kvs *into)
{
	if (r->is_run)
		snapbench_figures(&r->run, collect, into);
	else
		snapreport_figures(r->doc, collect, into);
}

/* The unit of R's figure NAME. */
static const char *unit_of(const struct snapdoc_result *r, const char *name)
{
	const char *u = r->is_run ? snapbench_unit(&r->run, name) : NULL;

	return u ? u : snapreport_unit(name);
}

/* RUN's figure FIG of A and B, B/A and the change rounded as shown. */
static bool add_figure(struct snapcompare *c, const char *run,
		       const char *fig, const char *unit, double a, double b)
{
	bool ok = a != 0 && isfinite(b / a);
	double ratio = ok ? b / a : 0;
	struct snapcompare_figure *x;

	if (!more(&c->figs, &c->cfigs, c->nfigs, sizeof(*c->figs)))
		return false;
	x = &c->figs[c->nfigs++];
	memset(x, 0, sizeof(*x));
	x->unit = unit;
	x->a = a;
	x->b = b;
	x->ratio = ok ? round(ratio * 1e4) / 1e4 : NAN;
	x->change_pct = ok ? round((ratio - 1) * 1e4) / 1e2 : NAN;
	return dup(&x->run, run) && dup(&x->figure, fig);
}

static bool match_run(struct snapcompare *c, const char *run,
		      const struct snapdoc_result *ra,
		      const struct snapdoc_result *rb)
{
	struct kvs fa = { 0 }, fb = { 0 };
	const struct snapcompare_kv *w;
	bool ok;
	size_t i;

	figures_of(ra, &fa);
	figures_of(rb, &fb);
	ok = !fa.nomem && !fb.nomem;
	for (i = 0; ok && i < fa.n; i++)
		if ((w = kv_find(&fb, fa.v[i].name)) != NULL)
			ok = add_figure(c, run, fa.v[i].name,
					unit_of(ra, fa.v[i].name), fa.v[i].v,
					w->v);
	kv_fini(&fa);
	kv_fini(&fb);
	return ok;
}

/* Which runs were matched: I of N in A, J of M in B (0-based). */
static bool add_match(struct snapcompare *c, const char *run, size_t i,
		      size_t n, size_t j, size_t m)
{
	struct snapcompare_match *x;

	if (!more(&c->matched, &c->cmatched, c->nmatched,
		  sizeof(*c->matched)))
		return false;
	x = &c->matched[c->nmatched++];
	*x = (struct snapcompare_match){ NULL, i + 1, n, j + 1, m };
	return dup(&x->run, run);
}

/* The two files and their runs of one key, matched. */
struct pairing {
	const struct snapdoc *a, *b;
	const struct runs *la, *lb;
};

/* A's run I and B's run J of P, called RUN. */
static bool match_pair(struct snapcompare *c, const char *run,
		       const struct pairing *p, size_t i, size_t j)
{
	return match_run(c, run, &p->a->results[p->la->i[i]],
			 &p->b->results[p->lb->i[j]]) &&
	       add_match(c, run, i, p->la->n, j, p->lb->n);
}

static const json_t *doc_a(const struct pairing *p, size_t i)
{
	return p->a->results[p->la->i[i]].doc;
}

static const json_t *doc_b(const struct pairing *p, size_t j)
{
	return p->b->results[p->lb->i[j]].doc;
}

static bool refuse(struct snapcompare *c, const char *run, const char *why)
{
	struct snapcompare_refusal *x;

	if (!more(&c->refused, &c->crefused, c->nrefused,
		  sizeof(*c->refused)))
		return false;
	x = &c->refused[c->nrefused++];
	memset(x, 0, sizeof(*x));
	return dup(&x->run, run) && dup(&x->why, why);
}

/* Whether A's run I and B's run J may be compared (both finished and
 * alike). */
static bool pairable(const struct pairing *p, size_t i, size_t j)
{
	return runmatch_finished(doc_a(p, i)) &&
	       runmatch_finished(doc_b(p, j)) &&
	       runmatch_alike(doc_a(p, i), doc_b(p, j), NULL, 0);
}

/* Why nothing of P could be paired, from the latest run of each. */
static bool refuse_key(struct snapcompare *c, const struct pairing *p)
{
	size_t n = p->la->n, m = p->lb->n, i, j;
	char why[320];
	const char *st;

	for (i = n; i > 0 && !runmatch_finished(doc_a(p, i - 1)); i--)
		;
	for (j = m; j > 0 && !runmatch_finished(doc_b(p, j - 1)); j--)
		;
	if (!i || !j) {
		st = json_string_value(json_object_get(!i ? doc_a(p, n - 1) :
						       doc_b(p, m - 1),
						       "status"));
		snprintf(why, sizeof(why), "%s: no finished run (the last "
			 "was %s)", !i ? "A" : "B", st ? st : "?");
	} else {
		runmatch_alike(doc_a(p, i - 1), doc_b(p, j - 1), why,
			       sizeof(why));
	}
	return refuse(c, p->la->key, why);
}

/* Match the runs of P: the latest of each file that ran alike, or every
 * pair that did. */
static bool match_key(struct snapcompare *c, const struct pairing *p)
{
	size_t n = p->la->n, m = p->lb->n, i, j, found = 0;
	char run[480];
	bool ok = true;

	for (i = n; !c->every_pair && i > 0; i--)
		for (j = m; j > 0; j--)
			if (pairable(p, i - 1, j - 1))
				return match_pair(c, p->la->key, p, i - 1,
						  j - 1);
	for (i = 0; c->every_pair && ok && i < n; i++)
		for (j = 0; ok && j < m; j++) {
			if (!pairable(p, i, j))
				continue;
			if (n > 1 || m > 1)
				snprintf(run, sizeof(run), "%s [A %zu, B %zu]",
					 p->la->key, i + 1, j + 1);
			else
				snprintf(run, sizeof(run), "%s", p->la->key);
			ok = match_pair(c, run, p, i, j);
			found++;
		}
	return ok && !found ? refuse_key(c, p) : ok;
}

/* KEY into the list *L of *N (capacity *CAP). */
static bool add_only(char ***l, size_t *n, size_t *cap, const char *key)
{
	if (!more(l, cap, *n, sizeof(**l)))
		return false;
	return dup(&(*l)[(*n)++], key);
}

/* The runs of A matched with B's, and those only one file has. */
static bool match_runs(struct snapcompare *c, const struct snapdoc *a,
		       const struct snapdoc *b)
{
	struct run_keys ra = { 0 }, rb = { 0 };
	struct pairing p = { a, b, NULL, NULL };
	bool ok;
	size_t j;

	runs_of(&ra, a);
	runs_of(&rb, b);
	ok = !ra.nomem && !rb.nomem;
	for (j = 0; ok && j < ra.n; j++) {
		p.la = &ra.v[j];
		p.lb = runs_find(&rb, ra.v[j].key);
		ok = p.lb ? match_key(c, &p) : add_only(&c->only_a,
			&c->nonly_a, &c->conly_a, ra.v[j].key);
	}
	for (j = 0; ok && j < rb.n; j++)
		if (!runs_find(&ra, rb.v[j].key))
			ok = add_only(&c->only_b, &c->nonly_b, &c->conly_b,
				      rb.v[j].key);
	runs_fini(&ra);
	runs_fini(&rb);
	return ok;
}

int snapcompare_build(struct snapcompare *c, const struct snapdoc *a,
		      const struct snapdoc *b, const char *name_a,
		      const char *name_b, bool every_pair)
{
	struct kvs fa = { 0 }, fb = { 0 };
	bool ok;

	memset(c, 0, sizeof(*c));
	c->every_pair = every_pair;
	facts_of(&fa, a);
	facts_of(&fb, b);
	ok = !fa.nomem && !fb.nomem && dup(&c->name_a, name_a) &&
	     dup(&c->name_b, name_b) && facts_diff(c, &fa, &fb) &&
	     match_runs(c, a, b);
	if (ok)
		ok = snapexp_compare(a, b, &c->experiments) == 0;
	kv_fini(&fa);
	kv_fini(&fb);
	if (!ok)
		snapcompare_fini(c);
	return ok ? 0 : -ENOMEM;
}

void snapcompare_fini(struct snapcompare *c)
{
	size_t i;

	for (i = 0; i < c->nfacts; i++) {
		free(c->facts[i].name);
		free(c->facts[i].a);
		free(c->facts[i].b);
	}
	for (i = 0; i < c->nfigs; i++) {
		free(c->figs[i].run);
		free(c->figs[i].figure);
	}
	for (i = 0; i < c->nmatched; i++)
		free(c->matched[i].run);
	for (i = 0; i < c->nrefused; i++) {
		free(c->refused[i].run);
		free(c->refused[i].why);
	}
	free(c->refused);
	for (i = 0; i < c->nonly_a; i++)
		free(c->only_a[i]);
	for (i = 0; i < c->nonly_b; i++)
		free(c->only_b[i]);
	free(c->facts);
	free(c->figs);
	free(c->matched);
	free(c->only_a);
	free(c->only_b);
	free(c->name_a);
	free(c->name_b);
	snapexp_matches_fini(&c->experiments);
	memset(c, 0, sizeof(*c));
}

/* ---- the document ------------------------------------------------------ */


static json_t *real_or_null(double v)
{
	return isnan(v) ? json_null() : json_real(v);
}

static json_t *facts_json(const struct snapcompare *c)
{
	json_t *a = json_array();
	size_t i;

	for (i = 0; a && i < c->nfacts; i++)
		json_array_append_new(a, json_pack("{s:s s:o s:o}", "name",
			c->facts[i].name, "a", jsondoc_str(c->facts[i].a),
			"b", jsondoc_str(c->facts[i].b)));
	return a;
}

static json_t *matched_json(const struct snapcompare *c)
{
	json_t *a = json_array();
	const struct snapcompare_match *m;
	size_t i;

	for (i = 0; a && i < c->nmatched; i++) {
		m = &c->matched[i];
		json_array_append_new(a, json_pack("{s:s s:I s:I s:I s:I}",
			"run", m->run, "a", (json_int_t)m->a, "a_of",
			(json_int_t)m->a_of, "b", (json_int_t)m->b, "b_of",
			(json_int_t)m->b_of));
	}
	return a;
}

static json_t *figures_json(const struct snapcompare *c)
{
	const struct snapcompare_figure *f;
	json_t *a = json_array();
	size_t i;

	for (i = 0; a && i < c->nfigs; i++) {
		f = &c->figs[i];
		json_array_append_new(a, json_pack("{s:s s:s s:s s:f s:f s:o "
			"s:o}", "run", f->run, "figure", f->figure, "unit",
			f->unit, "a", f->a, "b", f->b, "ratio",
			real_or_null(f->ratio), "change_pct",
			real_or_null(f->change_pct)));
	}
	return a;
}

static json_t *strings_json(char *const *l, size_t n)
{
	json_t *a = json_array();
	size_t i;

	for (i = 0; a && i < n; i++)
		json_array_append_new(a, json_string(l[i]));
	return a;
}

static json_t *refused_json(const struct snapcompare *c)
{
	json_t *r = json_array();
	size_t i;

	for (i = 0; r && i < c->nrefused; i++)
		json_array_append_new(r, json_pack("{s:s s:s}", "run",
			c->refused[i].run, "why", c->refused[i].why));
	return r;
}

json_t *snapcompare_json(const struct snapcompare *c)
{
	json_t *v = json_pack("{s:s s:s s:o s:s s:o s:o s:o s:o s:o}", "a",
		c->name_a, "b", c->name_b, "facts", facts_json(c),
		"matching", c->every_pair ? "every pair" : "latest",
		"matched", matched_json(c), "figures", figures_json(c),
		"only_a", strings_json(c->only_a, c->nonly_a), "only_b",
		strings_json(c->only_b, c->nonly_b), "refused",
		refused_json(c));

	if (v && c->experiments.present)
		json_object_set_new(v, "experiments",
				    snapexp_matches_json(&c->experiments));
	return v;
}
