/* SPDX-License-Identifier: GPL-2.0-or-later */
/* snapexp: render an experiment's table; read its rows. */
#include "config.h"

#include "base/mdcell.h"
#include "session/snapexp.h"

#include <math.h>
#include <string.h>


static const char *str(const json_t *o, const char *key)
{
	const char *s = json_string_value(json_object_get(o, key));

	return s && *s ? s : "-";
}

static double num(const json_t *o, const char *key, bool *ok)
{
	const json_t *v = json_object_get(o, key);

	*ok = json_is_number(v);
	return *ok ? json_number_value(v) : 0;
}

/* A figure value without noise: 3 significant digits past the point for
 * small numbers, none for large. */
static const char *fmt(double v, char *dst, size_t size)
{
	double a = fabs(v);

	snprintf(dst, size, "%.*f", a >= 1000 || v == floor(v) ? 0 :
		 a >= 10 ? 1 : a >= 1 ? 2 : 3, v);
	return dst;
}

static void head(FILE *f, const json_t *exp, bool md)
{
	const json_t *v, *o;
	size_t i;
	bool err;

	fprintf(f, md ? "### Experiment: %s on %s\n\n" :
		"Experiment: %s on %s\n", str(exp, "preset"),
		str(exp, "target"));
	fprintf(f, "%s%lld runs of each variant, in the order",
		md ? "" : "  ", (long long)json_integer_value(json_object_get(
		exp, "repeat")));
	json_array_foreach(json_object_get(exp, "order"), i, o)
		fprintf(f, " %c", (char)('A' + (json_integer_value(o) % 26)));
	err = json_is_string(json_object_get(exp, "error")) &&
	      strcmp(str(exp, "error"), str(exp, "status"));
	fprintf(f, "; status %s%s%s\n", str(exp, "status"), err ? ": " : "",
		err ? str(exp, "error") : "");
	fputs(md ? "\n" : "", f);
	json_array_foreach(json_object_get(exp, "variants"), i, v)
		fprintf(f, md ? "- **%s**: `%s`\n" : "  %s  %s\n",
			str(v, "name"), str(v, "label"));
	fprintf(f, "%s", md ? "\n" : "");
	if (json_is_boolean(json_object_get(exp, "restored")))
		fprintf(f, "%s%s\n%s", md ? "" : "  ",
			json_is_true(json_object_get(exp, "restored")) ?
			"The tuning was put back to where it was." :
			"NOT all tuning went back: see the journal.",
			md ? "\n" : "");
}

/* One row: figure (on the first variant only), variant, median, range,
 * ratio and verdict. */
static void row(FILE *f, bool md, const char *fig, const char *var,
		const json_t *side, const json_t *cmp)
{
	char med[32], lo[32], hi[32], range[72], ratio[32] = "";
	bool ok, ok2;
	double r;

	fmt(num(side, "median", &ok), med, sizeof(med));
	fmt(num(side, "min", &ok2), lo, sizeof(lo));
	fmt(num(side, "max", &ok2), hi, sizeof(hi));
	snprintf(range, sizeof(range), "%s-%s", lo, hi);
	if (!ok || !json_integer_value(json_object_get(side, "n")))
		snprintf(med, sizeof(med), "-"), snprintf(range, 72, "-");
	r = num(cmp, "ratio", &ok);
	if (ok)
		snprintf(ratio, sizeof(ratio), "%.3f", r);
	if (!md) {
		fprintf(f, "%-22.22s %-3.3s %9s %-19s %6s  %s\n", fig, var, med,
			range, ratio, cmp ? str(cmp, "sentence") : "");
		return;
	}
	fputs("|", f);
	mdcell_put(f, fig);
	mdcell_put(f, var);
	mdcell_put(f, med);
	mdcell_put(f, range);
	mdcell_put(f, ratio);
	mdcell_put(f, cmp ? str(cmp, "sentence") : "");
	fputc('\n', f);
}

static void figure(FILE *f, const json_t *exp, const json_t *fig, bool md)
{
	const json_t *sides = json_object_get(fig, "variants");
	const json_t *cmps = json_object_get(fig, "comparisons");
	const json_t *vars = json_object_get(exp, "variants");
	char name[64];
	size_t k;

	snprintf(name, sizeof(name), "%s%s%s", str(fig, "name"),
		 json_string_value(json_object_get(fig, "unit")) &&
		 *json_string_value(json_object_get(fig, "unit")) ? " " : "",
		 json_string_value(json_object_get(fig, "unit")) ?
		 json_string_value(json_object_get(fig, "unit")) : "");
	for (k = 0; k < json_array_size(sides); k++)
		row(f, md, k ? "" : name, str(json_array_get(vars, k), "name"),
		    json_array_get(sides, k),
		    k ? json_array_get(cmps, k - 1) : NULL);
}

/* Whether EXP's runs are iozone's (figures "write 4k" ... in groups of
 * six operations per record size). */
static bool is_iozone(const json_t *exp)
{
	const json_t *r = json_object_get(json_array_get(json_object_get(exp,
					  "runs"), 0), "result");

	return !strcmp(str(r, "kind"), "iozone") &&
	       json_array_size(json_object_get(exp, "figures")) % 6 == 0;
}

/* Variant K's medians as iozone's grid: one row per record size. */
static void grid(FILE *f, const json_t *exp, size_t k, bool md)
{
	const json_t *figs = json_object_get(exp, "figures");
	const json_t *var = json_array_get(json_object_get(exp, "variants"), k);
	size_t i, op;
	char v[32];
	bool ok;

	fprintf(f, md ? "\nVariant **%s** (`%s`), medians in KB/s:\n\n| "
		"reclen | write | rewrite | read | reread | random read | "
		"random write |\n|---|---:|---:|---:|---:|---:|---:|\n" :
		"\nVariant %s (%s), medians in KB/s:\n%8s %9s %9s %9s %9s "
		"%9s %9s\n", str(var, "name"), str(var, "label"), md ? "" :
		"reclen", "write", "rewrite", "read", "reread", "rnd read",
		"rnd write");
	for (i = 0; i + 6 <= json_array_size(figs); i += 6) {
		const char *name = str(json_array_get(figs, i), "name");
		const char *rec = strrchr(name, ' ');

		fprintf(f, md ? "| %s |" : "%8s", rec ? rec + 1 : name);
		for (op = 0; op < 6; op++) {
			fmt(num(json_array_get(json_object_get(json_array_get(
			    figs, i + op), "variants"), k), "median", &ok), v,
			    sizeof(v));
			fprintf(f, md ? " %s |" : " %9s", ok ? v : "-");
		}
		fputc('\n', f);
	}
}

void snapexp_print(FILE *f, const json_t *exp, bool md)
{
	const json_t *fig;
	size_t i;

	head(f, exp, md);
	if (md)
		fputs("| figure | variant | median | min-max | ratio | "
		      "verdict |\n|---|---|---|---|---|---|\n", f);
	else
		fprintf(f, "\n%-22s %-3s %9s %-19s %6s  %s\n", "figure", "var",
			"median", "min-max", "ratio", "verdict (against A)");
	json_array_foreach(json_object_get(exp, "figures"), i, fig)
		if (json_is_object(fig))
			figure(f, exp, fig, md);
	if (!json_array_size(json_object_get(exp, "figures")))
		fputs(md ? "| - | - | - | - | - | no run gave figures |\n" :
		      "  no run gave figures\n", f);
	for (i = 0; is_iozone(exp) &&
	     i < json_array_size(json_object_get(exp, "variants")); i++)
		grid(f, exp, i, md);
	fputc('\n', f);
}

static void one_row(struct snapexp_figure *r, const json_t *exp,
		    const json_t *fig, size_t k)
{
	const json_t *side = json_array_get(json_object_get(fig, "variants"),
					    k);
	const json_t *cmp = k ? json_array_get(json_object_get(fig,
					"comparisons"), k - 1) : NULL;
	const json_t *var = json_array_get(json_object_get(exp, "variants"),
					   k);
	bool ok;

	memset(r, 0, sizeof(*r));
	snprintf(r->figure, sizeof(r->figure), "%s", str(fig, "name"));
	snprintf(r->unit, sizeof(r->unit), "%s",
		 json_string_value(json_object_get(fig, "unit")) ?
		 json_string_value(json_object_get(fig, "unit")) : "");
	snprintf(r->variant, sizeof(r->variant), "%s", str(var, "name"));
	snprintf(r->label, sizeof(r->label), "%s", str(var, "label"));
	r->median = num(side, "median", &ok);
	r->min = num(side, "min", &ok);
	r->max = num(side, "max", &ok);
	r->runs = (unsigned)json_integer_value(json_object_get(side, "n"));
	r->ratio = num(cmp, "ratio", &r->has_ratio);
	if (cmp)
		snprintf(r->verdict, sizeof(r->verdict), "%s",
			 str(cmp, "verdict"));
}

size_t snapexp_figures(const json_t *exp, struct snapexp_figure *out,
		       size_t max)
{
	const json_t *fig;
	size_t i, k, n = 0;

	json_array_foreach(json_object_get(exp, "figures"), i, fig)
		for (k = 0; k < json_array_size(json_object_get(fig,
		     "variants")); k++, n++)
			if (n < max)
				one_row(&out[n], exp, fig, k);
	return n;
}

const json_t *snapexp_last(const json_t *doc)
{
	const json_t *a = json_object_get(doc, "experiments");
	size_t n = json_array_size(a);

	return n && json_is_object(json_array_get(a, n - 1)) ?
	       json_array_get(a, n - 1) : NULL;
}

void snapexp_key(const json_t *exp, char *dst, size_t size)
{
	const json_t *v;
	size_t i, used;

	used = (size_t)snprintf(dst, size, "%s %s", str(exp, "preset"),
				str(exp, "target"));
	json_array_foreach(json_object_get(exp, "vary"), i, v)
		if (used < size)
			used += (size_t)snprintf(dst + used, size - used,
				" %s", json_is_string(v) ?
				json_string_value(v) : "-");
}

void snapexp_report(FILE *f, const json_t *doc)
{
	const json_t *e;
	size_t i;

	if (!json_array_size(json_object_get(doc, "experiments")))
		return;
	fputs("## Experiments\n\n", f);
	json_array_foreach(json_object_get(doc, "experiments"), i, e)
		if (json_is_object(e))
			snapexp_print(f, e, true);
}

/* The experiment of DOC whose key is KEY, or NULL. */
static const json_t *find(const json_t *doc, const char *key)
{
	const json_t *e, *hit = NULL;
	char k[600];
	size_t i;

	json_array_foreach(json_object_get(doc, "experiments"), i, e) {
		snapexp_key(e, k, sizeof(k));
		if (json_is_object(e) && strcmp(k, key) == 0)
			hit = e;	/* the newest of that key */
	}
	return hit;
}

static void compare_one(json_t *out, const char *key, const json_t *ea,
			const json_t *eb)
{
	struct snapexp_figure ra[64], rb[64];
	size_t na = snapexp_figures(ea, ra, 64), nb, i, k;

	nb = snapexp_figures(eb, rb, 64);
	for (i = 0; i < na && i < 64; i++)
		for (k = 0; k < nb && k < 64; k++) {
			if (strcmp(ra[i].figure, rb[k].figure) ||
			    strcmp(ra[i].label, rb[k].label))
				continue;
			json_array_append_new(out, json_pack(
				"{s:s s:s s:s s:s s:f s:f s:o s:s s:s}",
				"experiment", key, "figure", ra[i].figure,
				"unit", ra[i].unit, "variant", ra[i].label,
				"a", ra[i].median, "b", rb[k].median, "ratio",
				ra[i].median > 0 ? json_real(rb[k].median /
				ra[i].median) : json_null(), "verdict_a",
				ra[i].verdict, "verdict_b", rb[k].verdict));
		}
}

json_t *snapexp_compare(const json_t *a, const json_t *b)
{
	json_t *out = json_array();
	const json_t *e, *eb;
	char key[600];
	size_t i;

	json_array_foreach(json_object_get(a, "experiments"), i, e) {
		snapexp_key(e, key, sizeof(key));
		if (!json_is_object(e) || find(a, key) != e)
			continue;	/* an older one of the same key */
		eb = find(b, key);
		if (eb)
			compare_one(out, key, e, eb);
	}
	return out;
}

void snapexp_compare_print(FILE *f, const json_t *rows, bool md)
{
	const json_t *r;
	char ratio[24];
	size_t i;

	if (!json_array_size(rows))
		return;
	fputs(md ? "\n## Experiments (medians, matched by preset, target "
	      "and what was varied)\n\n| experiment | figure | variant | A | "
	      "B | B/A |\n|---|---|---|---:|---:|---:|\n" :
	      "\nExperiments (medians, matched by preset, target and what "
	      "was varied):\n", f);
	json_array_foreach(rows, i, r) {
		bool ok;
		double x = num(r, "ratio", &ok);
		char a[32], b[32], fig[80];

		snprintf(ratio, sizeof(ratio), ok ? "%.3f" : "-", x);
		fmt(num(r, "a", &ok), a, sizeof(a));
		fmt(num(r, "b", &ok), b, sizeof(b));
		snprintf(fig, sizeof(fig), "%s %s", str(r, "figure"),
			 json_string_value(json_object_get(r, "unit")) ?
			 json_string_value(json_object_get(r, "unit")) : "");
		if (!md) {
			fprintf(f, "  %-30.30s %-18.18s %-22.22s %9s %9s %6s\n",
				str(r, "experiment"), fig, str(r, "variant"),
				a, b, ratio);
			continue;
		}
		fputc('|', f);
		mdcell_put(f, str(r, "experiment"));
		mdcell_put(f, fig);
		mdcell_put(f, str(r, "variant"));
		fprintf(f, " %s | %s | %s |\n", a, b, ratio);
	}
}
