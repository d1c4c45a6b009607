/* SPDX-License-Identifier: GPL-2.0-or-later */
/* snapcompare: the table the session write-ups computed by hand - runs
 * matched by preset and target, every figure as A, B, B/A and percent -
 * and the system facts that explain a difference. */
#include "config.h"

#include "session/snapcompare.h"

#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "session/snapreport.h"

static const json_t *at(const json_t *o, const char *a, const char *b)
{
	o = json_object_get(o, a);
	return b ? json_object_get(o, b) : o;
}

static void fact(json_t *facts, const char *name, const json_t *v)
{
	char tmp[64];

	if (json_is_string(v))
		json_object_set_new(facts, name, json_string(json_string_value(v)));
	else if (json_is_integer(v)) {
		snprintf(tmp, sizeof(tmp), "%" JSON_INTEGER_FORMAT,
			 json_integer_value(v));
		json_object_set_new(facts, name, json_string(tmp));
	}
}

static void cluster_facts(json_t *facts, const json_t *sys)
{
	const json_t *c;
	char name[96], v[64];
	size_t i;

	json_array_foreach(json_object_get(sys, "clusters"), i, c) {
		json_int_t p = json_integer_value(json_object_get(c, "policy"));
		const json_t *lo = json_object_get(c, "min_khz");
		const json_t *hi = json_object_get(c, "max_khz");

		snprintf(name, sizeof(name), "cluster %" JSON_INTEGER_FORMAT
			 " governor", p);
		fact(facts, name, json_object_get(c, "governor"));
		if (!json_is_integer(lo) || !json_is_integer(hi))
			continue;
		snprintf(name, sizeof(name), "cluster %" JSON_INTEGER_FORMAT
			 " limits", p);
		snprintf(v, sizeof(v), "%" JSON_INTEGER_FORMAT "-%"
			 JSON_INTEGER_FORMAT " MHz", json_integer_value(lo) / 1000,
			 json_integer_value(hi) / 1000);
		json_object_set_new(facts, name, json_string(v));
	}
}

static void irq_facts(json_t *facts, const json_t *sys)
{
	const json_t *q;
	char name[300];
	size_t i;

	json_array_foreach(json_object_get(sys, "irqs"), i, q) {
		const char *k = json_string_value(json_object_get(q, "irq"));
		const char *act = json_string_value(json_object_get(q, "action"));

		if (!k || !json_is_string(json_object_get(q, "affinity")))
			continue;
		snprintf(name, sizeof(name), "IRQ %s %s affinity", k,
			 act ? act : "");
		fact(facts, name, json_object_get(q, "affinity"));
	}
}

static void device_facts(json_t *facts, const json_t *sys)
{
	const json_t *d;
	char name[300];
	size_t i;

	json_array_foreach(at(sys, "usb", "devices"), i, d) {
		const char *n = json_string_value(json_object_get(d, "name"));
		const char *id = json_string_value(json_object_get(d, "id"));
		const char *p = json_string_value(json_object_get(d, "product"));
		char dev[200];

		/* By what the device is, not where it is plugged; a second
		 * one of the same kind is told apart by its port. */
		snprintf(dev, sizeof(dev), "USB %s %s", id ? id : "?",
			 p ? p : "");
		snprintf(name, sizeof(name), "%s driver", dev);
		if (json_object_get(facts, name))
			snprintf(dev + strlen(dev), sizeof(dev) - strlen(dev),
				 " at %s", n ? n : "?");
		snprintf(name, sizeof(name), "%s driver", dev);
		fact(facts, name, json_object_get(d, "driver"));
		snprintf(name, sizeof(name), "%s speed", dev);
		fact(facts, name, json_object_get(d, "speed"));
	}
	json_array_foreach(at(sys, "block", "devices"), i, d) {
		const char *n = json_string_value(json_object_get(d, "name"));

		snprintf(name, sizeof(name), "disk %s scheduler", n ? n : "?");
		fact(facts, name, json_object_get(d, "scheduler"));
	}
}

/* The facts of a snapshot as an object of strings, in a fixed order. */
static json_t *facts_of(const json_t *doc)
{
	const json_t *sys = json_object_get(doc, "system");
	json_t *f = json_object();

	if (!f)
		return NULL;
	fact(f, "board", json_object_get(sys, "board"));
	fact(f, "kernel", at(sys, "host", "kernel"));
	fact(f, "kernel command line", at(sys, "host", "cmdline"));
	fact(f, "CPUs online", at(sys, "cpu_topology", "online"));
	cluster_facts(f, sys);
	irq_facts(f, sys);
	device_facts(f, sys);
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

/* Runs of DOC by key ("PRESET TARGET", "... #2" for repeats) -> result. */
static json_t *runs_of(const json_t *doc)
{
	json_t *runs = json_object(), *r;
	char key[400], k2[420];
	size_t i;
	int n;

	json_array_foreach(json_object_get(doc, "results"), i, r) {
		snapreport_run_key(r, key, sizeof(key));
		snprintf(k2, sizeof(k2), "%s", key);
		for (n = 2; json_object_get(runs, k2); n++)
			snprintf(k2, sizeof(k2), "%s #%d", key, n);
		json_object_set(runs, k2, r);
	}
	return runs;
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

static void match_run(json_t *out, const char *run, const json_t *ra,
		      const json_t *rb)
{
	json_t *fa = json_object(), *fb = json_object(), *v;
	const char *k;

	snapreport_figures(ra, collect, fa);
	snapreport_figures(rb, collect, fb);
	json_object_foreach(fa, k, v) {
		json_t *w = json_object_get(fb, k);

		if (w)
			json_array_append_new(out, figure_json(run, k,
				snapreport_result_unit(ra, k),
				json_real_value(v), json_real_value(w)));
	}
	json_decref(fa);
	json_decref(fb);
}

json_t *snapcompare_json(const json_t *a, const json_t *b, const char *name_a,
			 const char *name_b)
{
	json_t *fa = facts_of(a), *fb = facts_of(b), *ra = runs_of(a);
	json_t *rb = runs_of(b), *figs = json_array(), *only_a = json_array();
	json_t *only_b = json_array(), *v;
	const char *k;

	json_object_foreach(ra, k, v) {
		if (json_object_get(rb, k))
			match_run(figs, k, v, json_object_get(rb, k));
		else
			json_array_append_new(only_a, json_string(k));
	}
	json_object_foreach(rb, k, v)
		if (!json_object_get(ra, k))
			json_array_append_new(only_b, json_string(k));
	v = json_pack("{s:s s:s s:o s:o s:o s:o}", "a", name_a, "b", name_b,
		      "facts", facts_diff(fa, fb), "figures", figs,
		      "only_a", only_a, "only_b", only_b);
	json_decref(fa);
	json_decref(fb);
	json_decref(ra);
	json_decref(rb);
	return v;
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
		snapreport_md_cell(f, str(json_object_get(e, "name")));
		snapreport_md_cell(f, str(json_object_get(e, "a")));
		snapreport_md_cell(f, str(json_object_get(e, "b")));
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
		snapreport_md_cell(f, str(json_object_get(e, "run")));
		snapreport_md_cell(f, str(json_object_get(e, "figure")));
		snapreport_md_cell(f, str(json_object_get(e, "unit")));
		fprintf(f, " %s | %s | %s | %s |\n", t.a, t.b, t.ratio, t.pct);
	}
}

int snapcompare_print(FILE *f, const json_t *cmp,
		      enum snapcompare_format format)
{
	if (format == SNAPCOMPARE_JSON) {
		if (json_dumpf(cmp, f, JSON_INDENT(2) |
			       JSON_REAL_PRECISION(15)))
			return -EIO;
		fputc('\n', f);
	} else if (format == SNAPCOMPARE_MD) {
		print_md(f, cmp);
	} else {
		print_text(f, cmp);
	}
	return ferror(f) ? -EIO : 0;
}
