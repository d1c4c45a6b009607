/* SPDX-License-Identifier: GPL-2.0-or-later */
/* snapcompare_print: a comparison (struct snapcompare) as the text a
 * person reads at the prompt, as Markdown, or as the compare document. */
#include "config.h"

#include "session/snapcompare.h"

#include <errno.h>
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "base/jsondoc.h"
#include "base/mdcell.h"
#include "base/textwrap.h"
#include "session/snapexp.h"

/* S, or "-" when it is missing or "". */
static const char *str(const char *s)
{
	return s && *s ? s : "-";
}

enum num_style { NUM_WHOLE, NUM_2, NUM_RATIO, NUM_PCT };

static void num(char *dst, size_t size, double x, enum num_style st)
{
	if (isnan(x))
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

static void fig_text(const struct snapcompare_figure *f, struct fig_text *t)
{
	bool whole = f->a == floor(f->a) &&
		     f->b == floor(f->b) &&
		     fabs(f->a) < 1e15 && fabs(f->b) < 1e15;

	num(t->a, sizeof(t->a), f->a, whole ? NUM_WHOLE : NUM_2);
	num(t->b, sizeof(t->b), f->b, whole ? NUM_WHOLE : NUM_2);
	num(t->ratio, sizeof(t->ratio), f->ratio, NUM_RATIO);
	num(t->pct, sizeof(t->pct), f->change_pct, NUM_PCT);
}

/* The widest of N strings at OFF in the elements of L (SIZE bytes
 * apart), at least MIN and at most 60. */
static int width(const void *l, size_t n, size_t size, size_t off, int min)
{
	const char *s;
	size_t i;
	int w = min, k;

	for (i = 0; i < n; i++) {
		s = *(char *const *)((const char *)l + i * size + off);
		k = (int)strlen(str(s));
		if (k > w)
			w = k;
	}
	return w > 60 ? 60 : w;
}

#define WIDTH(l, n, field, min) \
	width(l, n, sizeof(*(l)), offsetof(__typeof__(*(l)), field), min)

/* Which runs were compared, when a preset and target ran more than once
 * in either file. */
static void print_matched(FILE *f, const struct snapcompare *c)
{
	const struct snapcompare_match *m;
	bool said = false;
	char line[600];
	size_t i;

	for (i = 0; i < c->nmatched; i++) {
		m = &c->matched[i];
		if (m->a_of < 2 && m->b_of < 2)
			continue;
		if (!said)
			fputs(c->every_pair ? "\nRuns matched (every pair):\n" :
			      "\nRuns matched (the latest of each preset and "
			      "target; --all-pairs for every pair):\n", f);
		said = true;
		snprintf(line, sizeof(line), "%s: A run %zu of %zu, B run %zu "
			 "of %zu", str(m->run), m->a, m->a_of, m->b, m->b_of);
		fputs("  ", f);
		textwrap_put(f, 2, 4, SNAPEXP_WIDTH, line);
	}
}

/* The runs that were not compared, and why. */
static void print_refused(FILE *f, const struct snapcompare *c, bool md)
{
	char line[600];
	size_t i;

	if (c->nrefused)
		fputs(md ? "\n## Runs not compared\n\n| run | why |\n"
		      "|---|---|\n" : "\nRuns not compared (only like runs "
		      "are):\n", f);
	for (i = 0; i < c->nrefused; i++) {
		if (!md) {
			snprintf(line, sizeof(line), "%s: %s",
				 str(c->refused[i].run),
				 str(c->refused[i].why));
			fputs("  ", f);
			textwrap_put(f, 2, 4, SNAPEXP_WIDTH, line);
			continue;
		}
		fputc('|', f);
		mdcell_put(f, str(c->refused[i].run));
		mdcell_put(f, str(c->refused[i].why));
		fputc('\n', f);
	}
}

/* Whether fact row I goes in the columns WN and WA within
 * SNAPEXP_WIDTH. */
static bool fact_fits(const struct snapcompare_fact *x, int wn, int wa)
{
	return (int)textwrap_cols(str(x->a)) <= wa &&
	       2 + wn + 2 + wa + 2 + (int)textwrap_cols(str(x->b)) <=
	       SNAPEXP_WIDTH;
}

/* A fact too wide for the columns: its name, then A and B each wrapped
 * under itself. */
static void fact_block(FILE *f, const struct snapcompare_fact *x)
{
	fputs("  ", f);
	textwrap_put(f, 2, 4, SNAPEXP_WIDTH, str(x->name));
	fputs("    A  ", f);
	textwrap_put(f, 7, 7, SNAPEXP_WIDTH, str(x->a));
	fputs("    B  ", f);
	textwrap_put(f, 7, 7, SNAPEXP_WIDTH, str(x->b));
}

/* The facts that differ in columns, each one too wide for them as a
 * block under its name. */
static void print_facts(FILE *f, const struct snapcompare *c)
{
	int wn = WIDTH(c->facts, c->nfacts, name, 4), wa = 1, k;
	const struct snapcompare_fact *x;
	size_t i;

	if (wn > 40)
		wn = 40;
	for (i = 0; i < c->nfacts; i++) {	/* A's column: the rows fit */
		x = &c->facts[i];
		k = (int)textwrap_cols(str(x->a));
		if (k > wa && fact_fits(x, wn, k))
			wa = k;
	}
	if (c->nfacts)
		fputs("System facts that differ:\n", f);
	else
		fputs("The system facts are the same.\n", f);
	for (i = 0; i < c->nfacts; i++) {
		x = &c->facts[i];
		if ((int)textwrap_cols(str(x->name)) > wn ||
		    !fact_fits(x, wn, wa))
			fact_block(f, x);
		else
			fprintf(f, "  %-*s  %-*s  %s\n", wn, str(x->name), wa,
				str(x->a), str(x->b));
	}
}

/* The columns of the figures' text table: run, figure, A, B, B/A and
 * the change (the unit after them). */
struct fig_cols {
	int run, fig, a, b, pct, unit;
};

static void fig_cols(const struct snapcompare *c, struct fig_cols *w)
{
	struct fig_text t;
	size_t i;

	*w = (struct fig_cols){ 3, 6, 1, 1, 6, 0 };
	for (i = 0; i < c->nfigs; i++) {
		fig_text(&c->figs[i], &t);
#define WIDEN(field, s) \
	if ((int)textwrap_cols(s) > w->field) w->field = (int)textwrap_cols(s)
		WIDEN(run, str(c->figs[i].run));
		WIDEN(fig, str(c->figs[i].figure));
		WIDEN(a, t.a);
		WIDEN(b, t.b);
		WIDEN(pct, t.pct);
		WIDEN(unit, str(c->figs[i].unit));
#undef WIDEN
	}
}

/* The figures: a row each with its run when that fits in SNAPEXP_WIDTH
 * columns, else under a line that names the run. */
static void print_figs(FILE *f, const struct snapcompare *c)
{
	struct fig_cols w;
	struct fig_text t;
	const char *run = NULL;
	bool grouped;
	int in;
	size_t i;

	fig_cols(c, &w);
	grouped = 2 + w.run + 2 + w.fig + 2 + w.a + 2 + w.b + 2 + 5 + 2 +
		  w.pct + 2 + w.unit > SNAPEXP_WIDTH;
	if (grouped && 4 + w.fig + 2 + w.a + 2 + w.b + 2 + 5 + 2 + w.pct +
	    2 + w.unit > SNAPEXP_WIDTH)
		w.fig = SNAPEXP_WIDTH - (4 + 2 + w.a + 2 + w.b + 2 + 5 + 2 +
					 w.pct + 2 + w.unit);
	if (w.fig < 6)
		w.fig = 6;
	in = grouped ? 4 : 2;
	if (grouped)
		fprintf(f, "  %s\n", "RUN");
	fprintf(f, "%*s", in, "");
	if (!grouped)
		fprintf(f, "%-*s  ", w.run, "RUN");
	fprintf(f, "%-*s  %*s  %*s  %5s  %*s\n", w.fig, "FIGURE", w.a, "A",
		w.b, "B", "B/A", w.pct, "CHANGE");
	for (i = 0; i < c->nfigs; i++) {
		const struct snapcompare_figure *x = &c->figs[i];

		fig_text(x, &t);
		if (grouped && (!run || strcmp(run, str(x->run)))) {
			fputs("  ", f);
			textwrap_put(f, 2, 4, SNAPEXP_WIDTH, str(x->run));
		}
		run = str(x->run);
		fprintf(f, "%*s", in, "");
		if (!grouped)
			fprintf(f, "%-*s  ", w.run, str(x->run));
		if ((int)textwrap_cols(str(x->figure)) > w.fig)
			fprintf(f, "%s\n%*s%*s", str(x->figure), in, "",
				w.fig, "");	/* on its own line */
		else
			fprintf(f, "%-*s", w.fig, str(x->figure));
		fprintf(f, "  %*s  %*s  %5s  %*s  %s\n", w.a, t.a, w.b, t.b,
			t.ratio, w.pct, t.pct, str(x->unit));
	}
}

static void print_text(FILE *f, const struct snapcompare *c)
{
	fputs("A: ", f);
	textwrap_put(f, 3, 3, SNAPEXP_WIDTH, str(c->name_a));
	fputs("B: ", f);
	textwrap_put(f, 3, 3, SNAPEXP_WIDTH, str(c->name_b));
	fputc('\n', f);
	print_facts(f, c);
	print_matched(f, c);
	if (c->nfigs)
		fputs("\nBenchmark figures (runs matched by preset and "
		      "target):\n", f);
	else
		fputs("\nNo benchmark figure is in both files.\n", f);
	if (c->nfigs)
		print_figs(f, c);
	print_refused(f, c, false);
	snapexp_compare_print(f, &c->experiments, false);
}

static void print_md(FILE *f, const struct snapcompare *c)
{
	struct fig_text t;
	size_t i;

	fprintf(f, "# benchtop compare\n\nA: `%s`, B: `%s`\n\n## System facts "
		"that differ\n\n", str(c->name_a), str(c->name_b));
	if (!c->nfacts)
		fputs("None.\n", f);
	else
		fputs("| fact | A | B |\n|---|---|---|\n", f);
	for (i = 0; i < c->nfacts; i++) {
		fputc('|', f);
		mdcell_put(f, str(c->facts[i].name));
		mdcell_put(f, str(c->facts[i].a));
		mdcell_put(f, str(c->facts[i].b));
		fputc('\n', f);
	}
	fputs("\n## Benchmark figures\n\n", f);
	if (!c->nfigs)
		fputs("No benchmark figure is in both files.\n", f);
	else
		fputs("| run | figure | unit | A | B | B/A | change |\n"
		      "|---|---|---|---:|---:|---:|---:|\n", f);
	for (i = 0; i < c->nfigs; i++) {
		fig_text(&c->figs[i], &t);
		fputc('|', f);
		mdcell_put(f, str(c->figs[i].run));
		mdcell_put(f, str(c->figs[i].figure));
		mdcell_put(f, str(c->figs[i].unit));
		fprintf(f, " %s | %s | %s | %s |\n", t.a, t.b, t.ratio, t.pct);
	}
	print_refused(f, c, true);
	snapexp_compare_print(f, &c->experiments, true);
}

/* The compare document: the header, then C. */
static int print_json(FILE *f, const struct snapcompare *c)
{
	json_t *doc = jsondoc_wrap("compare", time(NULL),
				   snapcompare_json(c));
	int rc = doc ? json_dumpf(doc, f, JSON_INDENT(2) |
				  JSON_PRESERVE_ORDER |
				  JSON_REAL_PRECISION(15)) : -1;

	json_decref(doc);
	if (rc)
		return -EIO;
	fputc('\n', f);
	return 0;
}

int snapcompare_print(FILE *f, const struct snapcompare *c,
		      enum snapcompare_format format)
{
	if (format == SNAPCOMPARE_JSON) {
		if (print_json(f, c))
			return -EIO;
	} else if (format == SNAPCOMPARE_MD) {
		print_md(f, c);
	} else {
		print_text(f, c);
	}
	return ferror(f) ? -EIO : 0;
}
