/* SPDX-License-Identifier: GPL-2.0-or-later */
/* snapexp: render an experiment's table; read its rows. */
#include "config.h"

#include "base/mdcell.h"
#include "base/textwrap.h"
#include "session/snapexp.h"
#include "session/snapdoc.h"
#include "base/vec.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>


/* A trend across the runs below this p is said under the figure. */
#define SNAPEXP_DRIFT_P 0.01

/* The text table's columns before the verdict ("%-22.22s %-3.3s %9s %-19s
 * %6s"), and where a verdict too long for the rest of its row goes, on
 * the lines under it (where the drift sentence goes too). */
#define SNAPEXP_ROW_COLS 63
#define SNAPEXP_FIG_COLS 22	/* a longer figure name: a line of its own */
#define SNAPEXP_UNDER 25

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

/* Variant K's name in the table: "A*" when some of its runs did not
 * take effect (said under the variants). */
static const char *var_mark(const struct expdoc *e, size_t k, char *dst,
			    size_t size)
{
	snprintf(dst, size, "%s%s", var_name(e, k), k < e->nvariants &&
		 e->variants[k].not_in_effect > 0 ? "*" : "");
	return dst;
}

/* A line of the head: in Markdown as it is, else two spaces in and
 * wrapped at WIDTH, further lines four in. */
static void head_line(FILE *f, size_t width, const char *s)
{
	if (!width) {
		fprintf(f, "%s\n\n", s);
		return;
	}
	fputs("  ", f);
	textwrap_put(f, 2, 4, width, s);
}

/* "5 runs of each variant, in the order A B B A ...; status ok". */
static void runs_line(FILE *f, const struct expdoc *e, size_t width)
{
	char *s = NULL;
	size_t len = 0, i;
	FILE *m = open_memstream(&s, &len);
	bool err;

	if (!m)
		return;
	fprintf(m, "%lld runs of each variant", e->repeat);
	if (e->auto_stop == 1)
		fprintf(m, " (--repeat auto, at most %lld)", e->budget);
	fputs(", in the order", m);
	for (i = 0; i < e->norder; i++)
		fprintf(m, " %c", (char)('A' + (e->order[i] % 26)));
	err = e->error && strcmp(str(e->error), str(e->status));
	fprintf(m, "; status %s%s%s", str(e->status), err ? ": " : "",
		err ? str(e->error) : "");
	fclose(m);
	head_line(f, width, s);
	free(s);
}

/* Variant I's name and label: the label wrapped under itself. */
static void variant_line(FILE *f, const struct expdoc *e, size_t i,
			 size_t width)
{
	const char *name = str(e->variants[i].name);

	if (!width) {
		fprintf(f, "- **%s**: `%s`\n", name,
			str(e->variants[i].label));
		return;
	}
	fprintf(f, "  %s  ", name);
	textwrap_put(f, 4 + textwrap_cols(name), 4 + textwrap_cols(name),
		     width, str(e->variants[i].label));
}

/* The head, in Markdown (WIDTH 0) or text of WIDTH columns. */
static void head(FILE *f, const struct expdoc *e, size_t width)
{
	char s[1024];
	size_t i;

	snprintf(s, sizeof(s), "Experiment: %s on %s", str(e->preset),
		 str(e->target));
	if (width)
		textwrap_put(f, 0, 2, width, s);
	else
		fprintf(f, "### %s\n\n", s);
	runs_line(f, e, width);
	for (i = 0; i < e->nvariants; i++)
		variant_line(f, e, i, width);
	fprintf(f, "%s", !width ? "\n" : "");
	for (i = 0; i < e->nvariants; i++) {
		if (e->variants[i].not_in_effect <= 0)
			continue;
		snprintf(s, sizeof(s), "%s*: the variant did not take effect "
			 "in %lld of its runs (read back %s), which are left "
			 "out of the table and the verdict.",
			 str(e->variants[i].name),
			 e->variants[i].not_in_effect,
			 str(e->variants[i].readback));
		head_line(f, width, s);
	}
	if (e->restored >= 0)
		head_line(f, width, e->restored ?
			  "The tuning was put back to where it was." :
			  "NOT all tuning went back: see the journal.");
}

/* A text row's cells and its verdict SAY: on the row when it fits in
 * WIDTH, else wrapped on the lines under it from SNAPEXP_UNDER. */
static void text_row(FILE *f, size_t width, const char *cells,
		     const char *say)
{
	size_t n = strlen(cells);

	while (n && cells[n - 1] == ' ')
		n--;
	if (!*say) {
		fprintf(f, "%.*s\n", (int)n, cells);
		return;
	}
	if (SNAPEXP_ROW_COLS + 2 + textwrap_cols(say) <= width) {
		fprintf(f, "%-*.*s  %s\n", SNAPEXP_ROW_COLS, (int)n, cells,
			say);
		return;
	}
	fprintf(f, "%.*s\n%*s", (int)n, cells, SNAPEXP_UNDER, "");
	textwrap_put(f, SNAPEXP_UNDER, SNAPEXP_UNDER, width, say);
}

/* One row: figure (on the first variant only), variant, median, range,
 * ratio and verdict; Markdown when WIDTH is 0. */
static void row(FILE *f, size_t width, const char *fig, const char *var,
		const struct expdoc_side *side, const struct expdoc_cmp *cmp)
{
	char med[32], lo[32], hi[32], range[72], ratio[32] = "", say[320];
	char cells[160];

	fmt(isnan(side->median) ? 0 : side->median, med, sizeof(med));
	fmt(isnan(side->min) ? 0 : side->min, lo, sizeof(lo));
	fmt(isnan(side->max) ? 0 : side->max, hi, sizeof(hi));
	snprintf(range, sizeof(range), "%s-%s", lo, hi);
	if (isnan(side->median) || !side->n)
		snprintf(med, sizeof(med), "-"), snprintf(range, 72, "-");
	if (cmp && !isnan(cmp->ratio))
		snprintf(ratio, sizeof(ratio), "%.3f", cmp->ratio);
	/* a run far outside the others is said, not averaged away */
	snprintf(say, sizeof(say), "%s", cmp ? str(cmp->sentence) : "");
	if (side->noutliers)
		snprintf(say + strlen(say), sizeof(say) - strlen(say),
			 "%s%zu run%s far off the others", cmp ? "; " : "",
			 side->noutliers, side->noutliers == 1 ? "" : "s");
	if (width) {
		snprintf(cells, sizeof(cells), "%-22.22s %-3.3s %9s %-19s %6s",
			 fig, var, med, range, ratio);
		text_row(f, width, cells, say);
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
		   const struct expdoc_figure *fig, size_t width)
{
	const char *unit = fig->unit ? fig->unit : "";
	char name[64], var[16], s[200];
	size_t k;

	snprintf(name, sizeof(name), "%s%s%s", str(fig->name),
		 *unit ? " " : "", unit);
	if (width && textwrap_cols(name) > SNAPEXP_FIG_COLS) {
		textwrap_put(f, 0, 2, width, name);	/* on its own line */
		name[0] = '\0';
	}
	for (k = 0; k < fig->nsides; k++)
		row(f, width, k ? "" : name, var_mark(e, k, var, sizeof(var)),
		    &fig->sides[k],
		    k && k - 1 < fig->ncmps ? &fig->cmps[k - 1] : NULL);
	if (!(fig->drift_p < SNAPEXP_DRIFT_P))	/* NAN: not said */
		return;
	snprintf(s, sizeof(s), "the runs drift %s in the order run (Kendall "
		 "tau %+.2f, p %.2g): heat, a filling disk?",
		 fig->drift_tau > 0 ? "upwards" : "downwards", fig->drift_tau,
		 fig->drift_p);
	if (!width) {
		fprintf(f, "| | | | | | %s |\n", s);
		return;
	}
	fprintf(f, "%*s", SNAPEXP_UNDER, "");
	textwrap_put(f, SNAPEXP_UNDER, SNAPEXP_UNDER, width, s);
}

/* Whether E's runs are iozone's (figures "write 4k" ... in groups of
 * six operations per record size). */
static bool is_iozone(const struct expdoc *e)
{
	return !strcmp(str(e->kind), "iozone") && e->nfigs % 6 == 0;
}

/* Variant K's medians as iozone's grid: one row per record size (68
 * columns); Markdown when WIDTH is 0. */
static void grid(FILE *f, const struct expdoc *e, size_t k, size_t width)
{
	const struct expdoc_figure *fig;
	bool md = !width;
	char v[32], s[512];
	size_t i, op;

	if (md) {
		fprintf(f, "\nVariant **%s** (`%s`), medians in KB/s:\n\n| "
			"reclen | write | rewrite | read | reread | random "
			"read | random write |\n|---|---:|---:|---:|---:|---:|"
			"---:|\n", var_name(e, k), str(e->variants[k].label));
	} else {
		snprintf(s, sizeof(s), "Variant %s (%s), medians in KB/s:",
			 var_name(e, k), str(e->variants[k].label));
		fputc('\n', f);
		textwrap_put(f, 0, 2, width, s);
		fprintf(f, "%8s %9s %9s %9s %9s %9s %9s\n", "reclen", "write",
			"rewrite", "read", "reread", "rnd read", "rnd write");
	}
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

/* E as a Markdown table (WIDTH 0) or text wrapped at WIDTH columns. */
static void print_doc(FILE *f, const struct expdoc *e, size_t width)
{
	size_t i;

	head(f, e, width);
	if (!width)
		fputs("| figure | variant | median | min-max | ratio | "
		      "verdict |\n|---|---|---|---|---|---|\n", f);
	else
		fprintf(f, "\n%-22s %-3s %9s %-19s %6s  %s\n", "figure", "var",
			"median", "min-max", "ratio", "verdict (vs A)");
	for (i = 0; i < e->nfigs; i++)
		figure(f, e, &e->figs[i], width);
	if (!e->nfigs)
		fputs(!width ? "| - | - | - | - | - | no run gave figures |\n" :
		      "  no run gave figures\n", f);
	for (i = 0; is_iozone(e) && i < e->nvariants; i++)
		grid(f, e, i, width);
	fputc('\n', f);
}

void snapexp_print_doc(FILE *f, const struct expdoc *e, bool md)
{
	print_doc(f, e, md ? 0 : SNAPEXP_WIDTH);
}

void snapexp_print_text(FILE *f, const json_t *exp, size_t width)
{
	struct expdoc e;
	char err[256];

	if (expdoc_load(&e, exp, err, sizeof(err)) == 0)
		print_doc(f, &e, width ? width : SNAPEXP_WIDTH);
	else
		fprintf(f, "%s\n\n", err);
	expdoc_fini(&e);
}

void snapexp_print(FILE *f, const json_t *exp, bool md)
{
	struct expdoc e;
	char err[256];

	if (md) {
		if (expdoc_load(&e, exp, err, sizeof(err)) == 0)
			print_doc(f, &e, 0);
		else
			fprintf(f, "%s\n\n", err);
		expdoc_fini(&e);
		return;
	}
	snapexp_print_text(f, exp, SNAPEXP_WIDTH);
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

/* Room for one more row in M; false (M->nomem) when out of memory. */
static bool more(struct snapexp_matches *m)
{
	if (vec_reserve(&m->v, &m->cap, m->n + 1, sizeof(*m->v)) == 0)
		return true;
	m->nomem = true;
	return false;
}

static void compare_one(struct snapexp_matches *out, const char *key,
			const struct expdoc *ea, const struct expdoc *eb)
{
	struct snapexp_figure ra[64], rb[64];
	size_t na = snapexp_figures_doc(ea, ra, 64), nb, i, k;
	struct snapexp_match *m;

	nb = snapexp_figures_doc(eb, rb, 64);
	for (i = 0; i < na && i < 64; i++)
		for (k = 0; k < nb && k < 64; k++) {
			if (strcmp(ra[i].figure, rb[k].figure) ||
			    strcmp(ra[i].label, rb[k].label) || !more(out))
				continue;
			m = &out->v[out->n++];
			snprintf(m->experiment, sizeof(m->experiment), "%s",
				 key);
			memcpy(m->figure, ra[i].figure, sizeof(m->figure));
			memcpy(m->unit, ra[i].unit, sizeof(m->unit));
			memcpy(m->variant, ra[i].label, sizeof(m->variant));
			memcpy(m->verdict_a, ra[i].verdict,
			       sizeof(m->verdict_a));
			memcpy(m->verdict_b, rb[k].verdict,
			       sizeof(m->verdict_b));
			m->a = ra[i].median;
			m->b = rb[k].median;
			m->ratio = m->a > 0 ? m->b / m->a : NAN;
		}
}

int snapexp_compare(const struct snapdoc *a, const struct snapdoc *b,
		    struct snapexp_matches *out)
{
	const struct expdoc *eb;
	char key[600];
	size_t i;

	memset(out, 0, sizeof(*out));
	out->present = a->has_exps;
	for (i = 0; i < a->nexps; i++) {
		snapexp_key(&a->exps[i], key, sizeof(key));
		if (find(a, key) != &a->exps[i])
			continue;	/* an older one of the same key */
		eb = find(b, key);
		if (eb)
			compare_one(out, key, &a->exps[i], eb);
	}
	if (!out->nomem)
		return 0;
	snapexp_matches_fini(out);
	return -ENOMEM;
}

void snapexp_matches_fini(struct snapexp_matches *m)
{
	free(m->v);
	memset(m, 0, sizeof(*m));
}

json_t *snapexp_matches_json(const struct snapexp_matches *m)
{
	const struct snapexp_match *r;
	json_t *out = json_array();
	size_t i;

	for (i = 0; out && i < m->n; i++) {
		r = &m->v[i];
		json_array_append_new(out, json_pack(
			"{s:s s:s s:s s:s s:f s:f s:o s:s s:s}",
			"experiment", r->experiment, "figure", r->figure,
			"unit", r->unit, "variant", r->variant, "a", r->a,
			"b", r->b, "ratio", isnan(r->ratio) ? json_null() :
			json_real(r->ratio), "verdict_a", r->verdict_a,
			"verdict_b", r->verdict_b));
	}
	return out;
}

/* The text column where a matched row's variant starts: figure (22),
 * A and B (9 each) and B/A (6) before it. */
#define SNAPEXP_CMP_VAR 53

/* One matched row as text: under a line that names its experiment when
 * it is the first of it (PREV the row before, or NULL); a figure name
 * wider than its column on a line of its own; the variant wrapped under
 * itself. */
static void compare_row(FILE *f, const struct snapexp_match *r,
			const struct snapexp_match *prev, const char *fig,
			const char *a, const char *b, const char *ratio)
{
	if (!prev || strcmp(prev->experiment, r->experiment)) {
		fputs("  ", f);
		textwrap_put(f, 2, 4, SNAPEXP_WIDTH, str(r->experiment));
	}
	if (textwrap_cols(fig) > SNAPEXP_FIG_COLS) {
		fputs("    ", f);
		textwrap_put(f, 4, 6, SNAPEXP_WIDTH, fig);
		fig = "";
	}
	fprintf(f, "    %-22s %9s %9s %6s  ", fig, a, b, ratio);
	textwrap_put(f, SNAPEXP_CMP_VAR + 4, SNAPEXP_CMP_VAR + 4,
		     SNAPEXP_WIDTH, str(r->variant));
}

void snapexp_compare_print(FILE *f, const struct snapexp_matches *m,
			   bool md)
{
	const struct snapexp_match *r;
	char ratio[24], a[32], b[32], fig[80];
	size_t i;

	if (!m->n)
		return;
	fputs(md ? "\n## Experiments (medians, matched by preset, target "
	      "and what was varied)\n\n| experiment | figure | variant | A | "
	      "B | B/A |\n|---|---|---|---:|---:|---:|\n" :
	      "\nExperiments (medians, matched by preset, target and what "
	      "was varied):\n", f);
	if (!md)
		fprintf(f, "    %-22s %9s %9s %6s  %s\n", "figure", "A", "B",
			"B/A", "variant");
	for (i = 0; i < m->n; i++) {
		r = &m->v[i];
		snprintf(ratio, sizeof(ratio), !isnan(r->ratio) ? "%.3f" : "-",
			 r->ratio);
		fmt(r->a, a, sizeof(a));
		fmt(r->b, b, sizeof(b));
		snprintf(fig, sizeof(fig), "%s%s%s", str(r->figure),
			 *r->unit ? " " : "", r->unit);
		if (!md) {
			compare_row(f, r, i ? &m->v[i - 1] : NULL, fig, a, b,
				    ratio);
			continue;
		}
		fputc('|', f);
		mdcell_put(f, str(r->experiment));
		mdcell_put(f, fig);
		mdcell_put(f, str(r->variant));
		fprintf(f, " %s | %s | %s |\n", a, b, ratio);
	}
}
