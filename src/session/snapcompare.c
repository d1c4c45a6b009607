/* SPDX-License-Identifier: GPL-2.0-or-later */
/* snapcompare: the table the session write-ups computed by hand - runs
 * matched by preset and target, every figure as A, B, B/A and percent -
 * and the system facts that explain a difference. */
#include "config.h"

#include "session/snapcompare.h"
#include "session/snapexp.h"

#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "base/jsonget.h"
#include "base/mdcell.h"
#include "base/jsondoc.h"
#include "session/snapbench.h"
#include "session/snapreport.h"

/* The fact NAME = S when S is there. */
static void fact(json_t *facts, const char *name, const char *s)
{
	if (s)
		json_object_set_new(facts, name, json_string(s));
}

static void cluster_facts(json_t *facts, const struct snapdoc_sys *s)
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
		snprintf(v, sizeof(v), "%lld-%lld MHz", c->min_khz / 1000,
			 c->max_khz / 1000);
		json_object_set_new(facts, name, json_string(v));
	}
}

static void irq_facts(json_t *facts, const struct snapdoc_sys *s)
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

static void usb_facts(json_t *facts, const struct snapdoc_usb *d)
{
	char name[300], dev[200];

	/* By what the device is, not where it is plugged; a second one of
	 * the same kind is told apart by its port. */
	snprintf(dev, sizeof(dev), "USB %s %s", d->id ? d->id : "?",
		 d->product ? d->product : "");
	snprintf(name, sizeof(name), "%s driver", dev);
	if (json_object_get(facts, name))
		snprintf(dev + strlen(dev), sizeof(dev) - strlen(dev),
			 " at %s", d->name ? d->name : "?");
	snprintf(name, sizeof(name), "%s driver", dev);
	fact(facts, name, d->driver);
	snprintf(name, sizeof(name), "%s speed", dev);
	fact(facts, name, d->speed);
}

static void device_facts(json_t *facts, const struct snapdoc_sys *s)
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

/* The facts of a snapshot as an object of strings, in a fixed order. */
static json_t *facts_of(const struct snapdoc *d)
{
	const struct snapdoc_host *h = &d->sys.host;
	json_t *f = json_object();

	if (!f)
		return NULL;
	fact(f, "board", h->board);
	fact(f, "kernel", h->kernel);
	fact(f, "kernel command line", h->cmdline);
	fact(f, "CPUs online", h->cpus_online);
	cluster_facts(f, &d->sys);
	irq_facts(f, &d->sys);
	device_facts(f, &d->sys);
	return f;
}

static json_t *facts_diff(const json_t *fa, const json_t *fb)
{
	json_t *out = json_array(), *v;
	const char *k;

	json_object_foreach((json_t *)fa, k, v) {
		json_t *w = json_object_get(fb, k);

		if (!w || !json_equal(v, w))
			json_array_append_new(out, json_pack("{s:s s:O s:O}",
				"name", k, "a", v, "b", w ? w : json_null()));
	}
	json_object_foreach((json_t *)fb, k, v)
		if (!json_object_get(fa, k))
			json_array_append_new(out, json_pack("{s:s s:n s:O}",
				"name", k, "a", "b", v));
	return out;
}

/* ---- figures --------------------------------------------------------------- */

static void collect(void *ctx, const char *path, double v)
{
	json_object_set_new(ctx, path, json_real(v));
}

/* Runs of D by key ("PRESET TARGET") -> the list of their indices in
 * D's results, in the order they ran. */
static json_t *runs_of(const struct snapdoc *d)
{
	json_t *runs = json_object(), *list;
	char key[400];
	size_t i;

	for (i = 0; runs && i < d->nresults; i++) {
		snapreport_run_key(d->results[i].doc, key, sizeof(key));
		if (!(list = json_object_get(runs, key))) {
			list = json_array();
			json_object_set_new(runs, key, list);
		}
		json_array_append_new(list, json_integer((json_int_t)i));
	}
	return runs;
}

/* Result number I of list L (from runs_of) of D. */
static const struct snapdoc_result *nth(const struct snapdoc *d,
					const json_t *l, size_t i)
{
	return &d->results[json_integer_value(json_array_get(l, i))];
}

/* Every figure of R by name into the object INTO. */
static void figures_of(const struct snapdoc_result *r, json_t *into)
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

static json_t *figure_json(const char *run, const char *fig,
			   const char *unit, double a, double b)
{
	bool ok = a != 0 && isfinite(b / a);
	double ratio = ok ? b / a : 0;

	return json_pack("{s:s s:s s:s s:f s:f s:o s:o}", "run", run,
			 "figure", fig, "unit", unit, "a", a,
			 "b", b, "ratio", ok ? json_real(round(ratio * 1e4) /
							 1e4) : json_null(),
			 "change_pct", ok ? json_real(round((ratio - 1) * 1e4) /
						      1e2) : json_null());
}

static void match_run(json_t *out, const char *run,
		      const struct snapdoc_result *ra,
		      const struct snapdoc_result *rb)
{
	json_t *fa = json_object(), *fb = json_object(), *v;
	const char *k;

	figures_of(ra, fa);
	figures_of(rb, fb);
	json_object_foreach(fa, k, v) {
		json_t *w = json_object_get(fb, k);

		if (w)
			json_array_append_new(out, figure_json(run, k,
				unit_of(ra, k), json_real_value(v),
				json_real_value(w)));
	}
	json_decref(fa);
	json_decref(fb);
}

/* Which runs were matched: {run, a, b, a_of, b_of} (1-based). */
static json_t *matched_json(const char *run, size_t i, size_t n, size_t j,
			    size_t m)
{
	return json_pack("{s:s s:I s:I s:I s:I}", "run", run, "a",
			 (json_int_t)i + 1, "a_of", (json_int_t)n, "b",
			 (json_int_t)j + 1, "b_of", (json_int_t)m);
}

/* The two files and their runs of one key, matched. */
struct pairing {
	const struct snapdoc *a, *b;
	const json_t *la, *lb;
};

/* Match the runs of KEY: the latest of each file, or every pair. */
static void match_key(json_t *figs, json_t *matched, const char *key,
		      const struct pairing *p, bool every_pair)
{
	const json_t *la = p->la, *lb = p->lb;
	size_t n = json_array_size(la), m = json_array_size(lb), i, j;
	char run[480];

	if (!every_pair) {
		match_run(figs, key, nth(p->a, la, n - 1),
			  nth(p->b, lb, m - 1));
		json_array_append_new(matched, matched_json(key, n - 1, n,
							    m - 1, m));
		return;
	}
	for (i = 0; i < n; i++)
		for (j = 0; j < m; j++) {
			if (n > 1 || m > 1)
				snprintf(run, sizeof(run), "%s [A %zu, B %zu]",
					 key, i + 1, j + 1);
			else
				snprintf(run, sizeof(run), "%s", key);
			match_run(figs, run, nth(p->a, la, i),
				  nth(p->b, lb, j));
			json_array_append_new(matched, matched_json(run, i, n,
								    j, m));
		}
}

json_t *snapcompare_json_pairs(const struct snapdoc *a,
			       const struct snapdoc *b, const char *name_a,
			       const char *name_b, bool every_pair)
{
	json_t *fa = facts_of(a), *fb = facts_of(b), *ra = runs_of(a);
	json_t *rb = runs_of(b), *figs = json_array(), *only_a = json_array();
	json_t *only_b = json_array(), *matched = json_array(), *v;
	struct pairing p = { a, b, NULL, NULL };
	const char *k;

	json_object_foreach(ra, k, v) {
		if ((p.lb = json_object_get(rb, k)) != NULL) {
			p.la = v;
			match_key(figs, matched, k, &p, every_pair);
		} else
			json_array_append_new(only_a, json_string(k));
	}
	json_object_foreach(rb, k, v)
		if (!json_object_get(ra, k))
			json_array_append_new(only_b, json_string(k));
	v = json_pack("{s:s s:s s:o s:s s:o s:o s:o s:o}", "a", name_a,
		      "b", name_b, "facts", facts_diff(fa, fb), "matching",
		      every_pair ? "every pair" : "latest", "matched", matched,
		      "figures", figs, "only_a", only_a, "only_b", only_b);
	if (v && a->has_exps)
		json_object_set_new(v, "experiments", snapexp_compare(a, b));
	json_decref(fa);
	json_decref(fb);
	json_decref(ra);
	json_decref(rb);
	return v;
}

json_t *snapcompare_json(const struct snapdoc *a, const struct snapdoc *b,
			 const char *name_a, const char *name_b)
{
	return snapcompare_json_pairs(a, b, name_a, name_b, false);
}

/* ---- printing ---------------------------------------------------------- */

static const char *str(const json_t *v)
{
	return json_is_string(v) && json_string_length(v) ?
	       json_string_value(v) : "-";
}

enum num_style { NUM_WHOLE, NUM_2, NUM_RATIO, NUM_PCT };

static void num(char *dst, size_t size, const json_t *v, enum num_style st)
{
	double x = json_number_value(v);

	if (!json_is_number(v))
		snprintf(dst, size, "-");
	else if (st == NUM_WHOLE)
		snprintf(dst, size, "%.0f", x);
	else if (st == NUM_2)
		snprintf(dst, size, "%.2f", x);
	else if (st == NUM_RATIO)
		snprintf(dst, size, "%.3f", x);
	else
		snprintf(dst, size, "%+.2f %%", x);
}

struct fig_text {
	char a[40], b[40], ratio[24], pct[24];
};

static void fig_text(const json_t *f, struct fig_text *t)
{
	double a = json_number_value(json_object_get(f, "a"));
	double b = json_number_value(json_object_get(f, "b"));
	bool whole = a == floor(a) && b == floor(b) && fabs(a) < 1e15 &&
		     fabs(b) < 1e15;

	num(t->a, sizeof(t->a), json_object_get(f, "a"),
	    whole ? NUM_WHOLE : NUM_2);
	num(t->b, sizeof(t->b), json_object_get(f, "b"),
	    whole ? NUM_WHOLE : NUM_2);
	num(t->ratio, sizeof(t->ratio), json_object_get(f, "ratio"), NUM_RATIO);
	num(t->pct, sizeof(t->pct), json_object_get(f, "change_pct"), NUM_PCT);
}

static int width(const json_t *list, const char *key, int min)
{
	const json_t *e;
	size_t i;
	int w = min;

	json_array_foreach(list, i, e) {
		int n = (int)strlen(str(json_object_get(e, key)));

		if (n > w)
			w = n;
	}
	return w > 60 ? 60 : w;
}

/* Which runs were compared, when a preset and target ran more than once
 * in either file. */
static void print_matched(FILE *f, const json_t *c)
{
	const json_t *m = json_object_get(c, "matched"), *e;
	bool every = !strcmp(str(json_object_get(c, "matching")),
			     "every pair"), said = false;
	size_t i;

	json_array_foreach(m, i, e) {
		json_int_t n = json_integer_value(json_object_get(e, "a_of"));
		json_int_t k = json_integer_value(json_object_get(e, "b_of"));

		if (n < 2 && k < 2)
			continue;
		if (!said)
			fputs(every ? "\nRuns matched (every pair):\n" :
			      "\nRuns matched (the latest of each preset and "
			      "target; --all-pairs for every pair):\n", f);
		said = true;
		fprintf(f, "  %s: A run %" JSON_INTEGER_FORMAT " of %"
			JSON_INTEGER_FORMAT ", B run %" JSON_INTEGER_FORMAT
			" of %" JSON_INTEGER_FORMAT "\n",
			str(json_object_get(e, "run")),
			json_integer_value(json_object_get(e, "a")), n,
			json_integer_value(json_object_get(e, "b")), k);
	}
}

static void print_text(FILE *f, const json_t *c)
{
	const json_t *facts = json_object_get(c, "facts"), *e;
	const json_t *figs = json_object_get(c, "figures");
	int wn = width(facts, "name", 4), wa = width(facts, "a", 1);
	int wr = width(figs, "run", 3), wf = width(figs, "figure", 6);
	struct fig_text t;
	size_t i;

	fprintf(f, "A: %s\nB: %s\n\n", str(json_object_get(c, "a")),
		str(json_object_get(c, "b")));
	if (json_array_size(facts))
		fputs("System facts that differ:\n", f);
	else
		fputs("The system facts are the same.\n", f);
	json_array_foreach(facts, i, e)
		fprintf(f, "  %-*s  %-*s  %s\n", wn, str(json_object_get(e,
			"name")), wa, str(json_object_get(e, "a")),
			str(json_object_get(e, "b")));
	print_matched(f, c);
	if (json_array_size(figs))
		fputs("\nBenchmark figures (runs matched by preset and "
		      "target):\n", f);
	else
		fputs("\nNo benchmark figure is in both files.\n", f);
	if (json_array_size(figs))
		fprintf(f, "  %-*s  %-*s  %12s  %12s  %7s  %10s\n", wr, "RUN",
			wf, "FIGURE", "A", "B", "B/A", "CHANGE");
	json_array_foreach(figs, i, e) {
		fig_text(e, &t);
		fprintf(f, "  %-*s  %-*s  %12s  %12s  %7s  %10s  %s\n", wr,
			str(json_object_get(e, "run")), wf,
			str(json_object_get(e, "figure")), t.a, t.b, t.ratio,
			t.pct, str(json_object_get(e, "unit")));
	}
	snapexp_compare_print(f, json_object_get(c, "experiments"), false);
}

static void print_md(FILE *f, const json_t *c)
{
	const json_t *facts = json_object_get(c, "facts"), *e;
	const json_t *figs = json_object_get(c, "figures");
	struct fig_text t;
	size_t i;

	fprintf(f, "# benchtop compare\n\nA: `%s`, B: `%s`\n\n## System facts "
		"that differ\n\n", str(json_object_get(c, "a")),
		str(json_object_get(c, "b")));
	if (!json_array_size(facts))
		fputs("None.\n", f);
	else
		fputs("| fact | A | B |\n|---|---|---|\n", f);
	json_array_foreach(facts, i, e) {
		fputc('|', f);
		mdcell_put(f, str(json_object_get(e, "name")));
		mdcell_put(f, str(json_object_get(e, "a")));
		mdcell_put(f, str(json_object_get(e, "b")));
		fputc('\n', f);
	}
	fputs("\n## Benchmark figures\n\n", f);
	if (!json_array_size(figs))
		fputs("No benchmark figure is in both files.\n", f);
	else
		fputs("| run | figure | unit | A | B | B/A | change |\n"
		      "|---|---|---|---:|---:|---:|---:|\n", f);
	json_array_foreach(figs, i, e) {
		fig_text(e, &t);
		fputc('|', f);
		mdcell_put(f, str(json_object_get(e, "run")));
		mdcell_put(f, str(json_object_get(e, "figure")));
		mdcell_put(f, str(json_object_get(e, "unit")));
		fprintf(f, " %s | %s | %s | %s |\n", t.a, t.b, t.ratio, t.pct);
	}
	snapexp_compare_print(f, json_object_get(c, "experiments"), true);
}

int snapcompare_print(FILE *f, const json_t *cmp,
		      enum snapcompare_format format)
{
	if (format == SNAPCOMPARE_JSON) {
		json_t *doc = jsondoc_wrap("compare", time(NULL),
					   json_incref((json_t *)cmp));
		int rc = doc ? json_dumpf(doc, f, JSON_INDENT(2) |
					  JSON_PRESERVE_ORDER |
					  JSON_REAL_PRECISION(15)) : -1;

		json_decref(doc);
		if (rc)
			return -EIO;
		fputc('\n', f);
	} else if (format == SNAPCOMPARE_MD) {
		print_md(f, cmp);
	} else {
		print_text(f, cmp);
	}
	return ferror(f) ? -EIO : 0;
}
