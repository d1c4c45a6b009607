/* SPDX-License-Identifier: GPL-2.0-or-later */
/* snapexp: render an experiment's table; read its rows. */
#include "config.h"

#include "base/mdcell.h"
#include "session/snapexp.h"
#include "session/snapdoc.h"

#include <math.h>
#include <string.h>


/* S, or "-" when missing or "". */
static const char *str(const char *s)
{
	return s && *s ? s : "-";
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

/* Variant K's name, or "-". */
static const char *var_name(const struct expdoc *e, size_t k)
{
	return k < e->nvariants ? str(e->variants[k].name) : "-";
}

static void head(FILE *f, const struct expdoc *e, bool md)
{
	bool err;
	size_t i;

	fprintf(f, md ? "### Experiment: %s on %s\n\n" :
		"Experiment: %s on %s\n", str(e->preset), str(e->target));
	fprintf(f, "%s%lld runs of each variant, in the order",
		md ? "" : "  ", e->repeat);
	for (i = 0; i < e->norder; i++)
		fprintf(f, " %c", (char)('A' + (e->order[i] % 26)));
	err = e->error && strcmp(str(e->error), str(e->status));
	fprintf(f, "; status %s%s%s\n", str(e->status), err ? ": " : "",
		err ? str(e->error) : "");
	fputs(md ? "\n" : "", f);
	for (i = 0; i < e->nvariants; i++)
		fprintf(f, md ? "- **%s**: `%s`\n" : "  %s  %s\n",
			str(e->variants[i].name), str(e->variants[i].label));
	fprintf(f, "%s", md ? "\n" : "");
	if (e->restored >= 0)
		fprintf(f, "%s%s\n%s", md ? "" : "  ", e->restored ?
			"The tuning was put back to where it was." :
			"NOT all tuning went back: see the journal.",
			md ? "\n" : "");
}

/* One row: figure (on the first variant only), variant, median, range,
 * ratio and verdict. */
static void row(FILE *f, bool md, const char *fig, const char *var,
		const struct expdoc_side *side, const struct expdoc_cmp *cmp)
{
	char med[32], lo[32], hi[32], range[72], ratio[32] = "";
	const char *say = cmp ? str(cmp->sentence) : "";

	fmt(isnan(side->median) ? 0 : side->median, med, sizeof(med));
	fmt(isnan(side->min) ? 0 : side->min, lo, sizeof(lo));
	fmt(isnan(side->max) ? 0 : side->max, hi, sizeof(hi));
	snprintf(range, sizeof(range), "%s-%s", lo, hi);
	if (isnan(side->median) || !side->n)
		snprintf(med, sizeof(med), "-"), snprintf(range, 72, "-");
	if (cmp && !isnan(cmp->ratio))
		snprintf(ratio, sizeof(ratio), "%.3f", cmp->ratio);
	if (!md) {
		fprintf(f, "%-22.22s %-3.3s %9s %-19s %6s  %s\n", fig, var, med,
			range, ratio, say);
		return;
	}
	fputs("|", f);
	mdcell_put(f, fig);
	mdcell_put(f, var);
	mdcell_put(f, med);
	mdcell_put(f, range);
	mdcell_put(f, ratio);
	mdcell_put(f, say);
	fputc('\n', f);
}

static void figure(FILE *f, const struct expdoc *e,
		   const struct expdoc_figure *fig, bool md)
{
	const char *unit = fig->unit ? fig->unit : "";
	char name[64];
	size_t k;

	snprintf(name, sizeof(name), "%s%s%s", str(fig->name),
		 *unit ? " " : "", unit);
	for (k = 0; k < fig->nsides; k++)
		row(f, md, k ? "" : name, var_name(e, k), &fig->sides[k],
		    k && k - 1 < fig->ncmps ? &fig->cmps[k - 1] : NULL);
}

/* Whether E's runs are iozone's (figures "write 4k" ... in groups of
 * six operations per record size). */
static bool is_iozone(const struct expdoc *e)
{
	return !strcmp(str(e->kind), "iozone") && e->nfigs % 6 == 0;
}

/* Variant K's medians as iozone's grid: one row per record size. */
static void grid(FILE *f, const struct expdoc *e, size_t k, bool md)
{
	const struct expdoc_figure *fig;
	size_t i, op;
	char v[32];

	fprintf(f, md ? "\nVariant **%s** (`%s`), medians in KB/s:\n\n| "
		"reclen | write | rewrite | read | reread | random read | "
		"random write |\n|---|---:|---:|---:|---:|---:|---:|\n" :
		"\nVariant %s (%s), medians in KB/s:\n%8s %9s %9s %9s %9s "
		"%9s %9s\n", var_name(e, k), str(e->variants[k].label),
		md ? "" : "reclen", "write", "rewrite", "read", "reread",
		"rnd read", "rnd write");
	for (i = 0; i + 6 <= e->nfigs; i += 6) {
		const char *name = str(e->figs[i].name);
		const char *rec = strrchr(name, ' ');

		fprintf(f, md ? "| %s |" : "%8s", rec ? rec + 1 : name);
		for (op = 0; op < 6; op++) {
			fig = &e->figs[i + op];
			if (k < fig->nsides && !isnan(fig->sides[k].median))
				fmt(fig->sides[k].median, v, sizeof(v));
			else
				snprintf(v, sizeof(v), "-");
			fprintf(f, md ? " %s |" : " %9s", v);
		}
		fputc('\n', f);
	}
}

void snapexp_print_doc(FILE *f, const struct expdoc *e, bool md)
{
	size_t i;

	head(f, e, md);
	if (md)
		fputs("| figure | variant | median | min-max | ratio | "
		      "verdict |\n|---|---|---|---|---|---|\n", f);
	else
		fprintf(f, "\n%-22s %-3s %9s %-19s %6s  %s\n", "figure", "var",
			"median", "min-max", "ratio", "verdict (against A)");
	for (i = 0; i < e->nfigs; i++)
		figure(f, e, &e->figs[i], md);
	if (!e->nfigs)
		fputs(md ? "| - | - | - | - | - | no run gave figures |\n" :
		      "  no run gave figures\n", f);
	for (i = 0; is_iozone(e) && i < e->nvariants; i++)
		grid(f, e, i, md);
	fputc('\n', f);
}

void snapexp_print(FILE *f, const json_t *exp, bool md)
{
	struct expdoc e;
	char err[256];

	if (expdoc_load(&e, exp, err, sizeof(err)) == 0)
		snapexp_print_doc(f, &e, md);
	else
		fprintf(f, "%s\n\n", err);
	expdoc_fini(&e);
}

static void one_row(struct snapexp_figure *r, const struct expdoc *e,
		    const struct expdoc_figure *fig, size_t k)
{
	const struct expdoc_side *side = &fig->sides[k];
	const struct expdoc_cmp *cmp = k && k - 1 < fig->ncmps ?
				       &fig->cmps[k - 1] : NULL;

	memset(r, 0, sizeof(*r));
	snprintf(r->figure, sizeof(r->figure), "%s", str(fig->name));
	snprintf(r->unit, sizeof(r->unit), "%s", fig->unit ? fig->unit : "");
	snprintf(r->variant, sizeof(r->variant), "%s", var_name(e, k));
	snprintf(r->label, sizeof(r->label), "%s", k < e->nvariants ?
		 str(e->variants[k].label) : "-");
	r->median = isnan(side->median) ? 0 : side->median;
	r->min = isnan(side->min) ? 0 : side->min;
	r->max = isnan(side->max) ? 0 : side->max;
	r->runs = (unsigned)side->n;
	r->has_ratio = cmp && !isnan(cmp->ratio);
	r->ratio = r->has_ratio ? cmp->ratio : 0;
	if (cmp)
		snprintf(r->verdict, sizeof(r->verdict), "%s",
			 str(cmp->verdict));
}

size_t snapexp_figures_doc(const struct expdoc *e,
			   struct snapexp_figure *out, size_t max)
{
	size_t i, k, n = 0;

	for (i = 0; i < e->nfigs; i++)
		for (k = 0; k < e->figs[i].nsides; k++, n++)
			if (n < max)
				one_row(&out[n], e, &e->figs[i], k);
	return n;
}

size_t snapexp_figures(const json_t *exp, struct snapexp_figure *out,
		       size_t max)
{
	struct expdoc e;
	size_t n = 0;

	if (expdoc_load(&e, exp, NULL, 0) == 0)
		n = snapexp_figures_doc(&e, out, max);
	expdoc_fini(&e);
	return n;
}

const json_t *snapexp_last(const json_t *doc)
{
	const json_t *a = json_object_get(doc, "experiments");
	size_t n = json_array_size(a);

	return n && json_is_object(json_array_get(a, n - 1)) ?
	       json_array_get(a, n - 1) : NULL;
}

void snapexp_key(const struct expdoc *e, char *dst, size_t size)
{
	size_t i, used;

	used = (size_t)snprintf(dst, size, "%s %s", str(e->preset),
				str(e->target));
	for (i = 0; i < e->nvary; i++)
		if (used < size)
			used += (size_t)snprintf(dst + used, size - used,
				" %s", e->vary[i] ? e->vary[i] : "-");
}

void snapexp_report(FILE *f, const struct snapdoc *d)
{
	size_t i;

	if (!d->nexps)
		return;
	fputs("## Experiments\n\n", f);
	for (i = 0; i < d->nexps; i++)
		snapexp_print_doc(f, &d->exps[i], true);
}

/* The experiment of D whose key is KEY, or NULL. */
static const struct expdoc *find(const struct snapdoc *d, const char *key)
{
	const struct expdoc *hit = NULL;
	char k[600];
	size_t i;

	for (i = 0; i < d->nexps; i++) {
		snapexp_key(&d->exps[i], k, sizeof(k));
		if (strcmp(k, key) == 0)
			hit = &d->exps[i];	/* the newest of that key */
	}
	return hit;
}

static void compare_one(json_t *out, const char *key,
			const struct expdoc *ea, const struct expdoc *eb)
{
	struct snapexp_figure ra[64], rb[64];
	size_t na = snapexp_figures_doc(ea, ra, 64), nb, i, k;

	nb = snapexp_figures_doc(eb, rb, 64);
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

json_t *snapexp_compare(const struct snapdoc *a, const struct snapdoc *b)
{
	json_t *out = json_array();
	const struct expdoc *eb;
	char key[600];
	size_t i;

	for (i = 0; i < a->nexps; i++) {
		snapexp_key(&a->exps[i], key, sizeof(key));
		if (find(a, key) != &a->exps[i])
			continue;	/* an older one of the same key */
		eb = find(b, key);
		if (eb)
			compare_one(out, key, &a->exps[i], eb);
	}
	return out;
}

/* The number KEY of R, or NAN. */
static double num(const json_t *r, const char *key)
{
	const json_t *v = json_object_get(r, key);

	return json_is_number(v) ? json_number_value(v) : NAN;
}

/* The string KEY of R, or "-". */
static const char *rstr(const json_t *r, const char *key)
{
	return str(json_string_value(json_object_get(r, key)));
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
		double x = num(r, "ratio");
		char a[32], b[32], fig[80];

		snprintf(ratio, sizeof(ratio), !isnan(x) ? "%.3f" : "-", x);
		fmt(isnan(num(r, "a")) ? 0 : num(r, "a"), a, sizeof(a));
		fmt(isnan(num(r, "b")) ? 0 : num(r, "b"), b, sizeof(b));
		snprintf(fig, sizeof(fig), "%s %s", rstr(r, "figure"),
			 json_string_value(json_object_get(r, "unit")) ?
			 json_string_value(json_object_get(r, "unit")) : "");
		if (!md) {
			fprintf(f, "  %-30.30s %-18.18s %-22.22s %9s %9s %6s\n",
				rstr(r, "experiment"), fig, rstr(r, "variant"),
				a, b, ratio);
			continue;
		}
		fputc('|', f);
		mdcell_put(f, rstr(r, "experiment"));
		mdcell_put(f, fig);
		mdcell_put(f, rstr(r, "variant"));
		fprintf(f, " %s | %s | %s |\n", a, b, ratio);
	}
}
