/* SPDX-License-Identifier: GPL-2.0-or-later */
/* snapmulti: several sessions, one table - runs matched like with like
 * against the first session, medians, ratios and one family of
 * verdicts (bench/verdict.h). */
#include "config.h"

#include "session/snapmulti.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/mdcell.h"
#include "base/textwrap.h"
#include "bench/verdict.h"
#include "session/runmatch.h"
#include "session/snapavg.h"
#include "session/snapbench.h"
#include "session/snapreport.h"

#define KEY_MAX 400
#define WIDTH 80	/* the text's columns */

/* The figures of one run, by name, in its order. */
struct figs {
	char (*name)[96];
	double *v;
	size_t n, cap;
};

static void figs_add(void *ctx, const char *name, double v)
{
	struct figs *f = ctx;
	void *p;

	if (f->n == f->cap) {
		size_t c = f->cap ? 2 * f->cap : 16;

		if (!(p = realloc(f->name, c * sizeof(*f->name))))
			return;
		f->name = p;
		if (!(p = realloc(f->v, c * sizeof(*f->v))))
			return;
		f->v = p;
		f->cap = c;
	}
	snprintf(f->name[f->n], sizeof(f->name[0]), "%s", name);
	f->v[f->n++] = v;
}

static void figs_of(const struct snapdoc_result *r, struct figs *f)
{
	memset(f, 0, sizeof(*f));
	if (r->is_run)
		snapbench_figures(&r->run, figs_add, f);
	else
		snapreport_figures(r->doc, figs_add, f);
}

static void figs_fini(struct figs *f)
{
	free(f->name);
	free(f->v);
}

static bool figs_get(const struct figs *f, const char *name, double *v)
{
	size_t i;

	for (i = 0; i < f->n; i++)
		if (!strcmp(f->name[i], name)) {
			*v = f->v[i];
			return isfinite(*v);
		}
	return false;
}

static const char *unit_of(const struct snapdoc_result *r, const char *name)
{
	const char *u = r->is_run ? snapbench_unit(&r->run, name) : NULL;

	return u ? u : snapreport_unit(name);
}

static bool has_key(const struct snapdoc_result *r, const char *key)
{
	char k[KEY_MAX];

	snapreport_run_key(r->doc, k, sizeof(k));
	return !strcmp(k, key);
}

/* D's latest finished run of KEY, or -1; *ANY: D has a run of KEY. */
static long latest(const struct snapdoc *d, const char *key, bool *any)
{
	long i, found = -1;

	*any = false;
	for (i = 0; i < (long)d->nresults; i++)
		if (has_key(&d->results[i], key)) {
			*any = true;
			if (runmatch_finished(d->results[i].doc))
				found = i;
		}
	return found;
}

/* ---- building ------------------------------------------------------------ */

/* One later session's cell of one figure against the first's. */
struct cmp {
	json_t *cell;
	const double *a, *b;
	size_t na, nb;
	const char *unit;
};

struct build {
	const struct snapdoc *docs;
	size_t n;
	struct cmp *cmps;
	size_t ncmps, ccmps;
	double **vals;		/* every cell's values, freed at end */
	size_t nvals, cvals;
	bool nomem;
};

static double *keep(struct build *b, size_t n)
{
	double *v = calloc(n + 1, sizeof(*v));
	void *p;

	if (v && b->nvals == b->cvals) {
		b->cvals = b->cvals ? 2 * b->cvals : 64;
		p = realloc(b->vals, b->cvals * sizeof(*b->vals));
		if (!p) {
			free(v);
			v = NULL;
		} else {
			b->vals = p;
		}
	}
	if (!v) {
		b->nomem = true;
		return NULL;
	}
	return b->vals[b->nvals++] = v;
}

static void add_cmp(struct build *b, const struct cmp *c)
{
	void *p;

	if (b->ncmps == b->ccmps) {
		b->ccmps = b->ccmps ? 2 * b->ccmps : 64;
		p = realloc(b->cmps, b->ccmps * sizeof(*b->cmps));
		if (!p) {
			b->nomem = true;
			return;
		}
		b->cmps = p;
	}
	b->cmps[b->ncmps++] = *c;
}

static int cmp_double(const void *x, const void *y)
{
	double a = *(const double *)x, b = *(const double *)y;

	return (a > b) - (a < b);
}

static double median_of(const double *v, size_t n)
{
	double *s = malloc((n + 1) * sizeof(*s)), m;

	if (!s || !n) {
		free(s);
		return NAN;
	}
	memcpy(s, v, n * sizeof(*s));
	qsort(s, n, sizeof(*s), cmp_double);
	m = n % 2 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
	free(s);
	return m;
}

/* Session S's runs of KEY that count: finished, alike REF.  Their
 * indices into IDX (at most MAX); the sentence of a refusal into WHY
 * ("" when nothing is refused). */
static size_t like_runs(const struct snapdoc *d, const char *key,
			const json_t *ref, size_t *idx, size_t max,
			char *why, size_t size)
{
	size_t i, n = 0;
	bool any;
	long last = latest(d, key, &any);

	why[0] = '\0';
	for (i = 0; ref && i < d->nresults && n < max; i++)
		if (has_key(&d->results[i], key) &&
		    runmatch_finished(d->results[i].doc) &&
		    runmatch_alike(ref, d->results[i].doc, NULL, 0))
			idx[n++] = i;
	if (n || !any)
		return n;
	if (last < 0)
		snprintf(why, size, "no run of it finished (cancelled or "
			 "failed)");
	else
		runmatch_alike(ref, d->results[last].doc, why, size);
	return 0;
}

/* Figure NAME's cell of every session: values, median, ratio. */
static json_t *figure_row(struct build *b, const char *name,
			  const char *unit, struct figs *const *runs,
			  const size_t *nruns)
{
	json_t *cells = json_array();
	double *first = NULL, med0 = NAN, x;
	size_t s, i, n0 = 0, n;

	for (s = 0; cells && s < b->n; s++) {
		double *v = keep(b, nruns[s]);
		json_t *c;

		for (i = n = 0; v && i < nruns[s]; i++)
			if (figs_get(&runs[s][i], name, &x))
				v[n++] = x;
		x = median_of(v, n);
		if (s == 0) {
			first = v;
			n0 = n;
			med0 = x;
		}
		c = json_pack("{s:I s:o s:o s:n s:n}", "n", (json_int_t)n,
			      "median", n ? json_real(x) : json_null(),
			      "ratio", n && n0 && med0 > 0 ? json_real(x /
			      med0) : json_null(), "verdict", "sentence");
		json_array_append_new(cells, c);
		if (s && n && n0 && v)
			add_cmp(b, &(struct cmp){ .cell = c, .a = first,
				.na = n0, .b = v, .nb = n, .unit = unit });
	}
	return json_pack("{s:s s:s s:o}", "figure", name, "unit", unit,
			 "cells", cells);
}

/* The runs of KEY across the sessions: refusals and figure rows. */
static json_t *run_row(struct build *b, const char *key)
{
	struct figs *runs[SNAPMULTI_MAX] = { 0 };
	size_t nruns[SNAPMULTI_MAX] = { 0 }, s, i, *idx;
	const struct snapdoc_result *ref = NULL;
	json_t *refused = json_array(), *figs = json_array();
	char why[300];
	bool any;
	long r;

	for (s = 0; s < b->n && !ref; s++)
		if ((r = latest(&b->docs[s], key, &any)) >= 0)
			ref = &b->docs[s].results[r];
	for (s = 0; s < b->n; s++) {
		idx = calloc(b->docs[s].nresults + 1, sizeof(*idx));
		runs[s] = calloc(b->docs[s].nresults + 1, sizeof(**runs));
		if (!idx || !runs[s]) {
			b->nomem = true;
			free(idx);
			continue;
		}
		nruns[s] = like_runs(&b->docs[s], key, ref ? ref->doc : NULL,
				     idx, b->docs[s].nresults, why,
				     sizeof(why));
		for (i = 0; i < nruns[s]; i++)
			figs_of(&b->docs[s].results[idx[i]], &runs[s][i]);
		if (why[0])
			json_array_append_new(refused, json_pack("{s:s# s:s}",
				"session", &"ABCDEFGHIJKLMNOPQRSTUVWXYZ"[s], 1,
				"why", why));
		free(idx);
	}
	if (ref) {
		struct figs rf;

		figs_of(ref, &rf);
		for (i = 0; i < rf.n; i++)
			json_array_append_new(figs, figure_row(b, rf.name[i],
				unit_of(ref, rf.name[i]), runs, nruns));
		figs_fini(&rf);
	}
	for (s = 0; s < b->n; s++) {
		for (i = 0; runs[s] && i < nruns[s]; i++)
			figs_fini(&runs[s][i]);
		free(runs[s]);
	}
	return json_pack("{s:s s:o s:o}", "run", key, "refused", refused,
			 "figures", figs);
}

/* Every later session's cell against the first as one family. */
static void judge(struct build *b)
{
	struct verdict_input *in = calloc(b->ncmps + 1, sizeof(*in));
	struct verdict *vs = calloc(b->ncmps + 1, sizeof(*vs));
	char say[200];
	size_t i;

	if (!in || !vs) {
		b->nomem = true;
		goto out;
	}
	for (i = 0; i < b->ncmps; i++)
		in[i] = (struct verdict_input){ .a = b->cmps[i].a,
			.na = b->cmps[i].na, .b = b->cmps[i].b,
			.nb = b->cmps[i].nb };
	if (b->ncmps && verdict_family(in, b->ncmps, NULL, NULL, vs)) {
		b->nomem = true;
		goto out;
	}
	for (i = 0; i < b->ncmps; i++) {
		json_object_set_new(b->cmps[i].cell, "verdict", json_string(
			verdict_kind_name(vs[i].kind)));
		if (vs[i].kind == VERDICT_FEW)	/* the runs allow none */
			continue;
		verdict_sentence(&vs[i], verdict_better(b->cmps[i].unit), say,
				 sizeof(say));
		json_object_set_new(b->cmps[i].cell, "sentence",
				    json_string(say));
	}
out:
	free(in);
	free(vs);
}

/* Every run key of the sessions, in the order first seen. */
static json_t *all_keys(const struct snapdoc *docs, size_t n)
{
	json_t *keys = json_array(), *seen = json_object();
	char k[KEY_MAX];
	size_t s, i;

	for (s = 0; keys && seen && s < n; s++)
		for (i = 0; i < docs[s].nresults; i++) {
			snapreport_run_key(docs[s].results[i].doc, k,
					   sizeof(k));
			if (json_object_get(seen, k))
				continue;
			json_object_set_new(seen, k, json_true());
			json_array_append_new(keys, json_string(k));
		}
	json_decref(seen);
	return keys;
}

json_t *snapmulti_build(const struct snapdoc *docs, const char *const *names,
			size_t n)
{
	struct build b = { .docs = docs, .n = n };
	json_t *out, *sessions = json_array(), *runs = json_array(), *keys,
	       *k;
	size_t s, i;

	if (n < 2 || n > SNAPMULTI_MAX)
		return NULL;
	for (s = 0; s < n; s++)
		json_array_append_new(sessions, json_pack("{s:s# s:s s:s? "
			"s:s?}", "name", &"ABCDEFGHIJKLMNOPQRSTUVWXYZ"[s], 1,
			"file", names[s], "kernel", docs[s].sys.host.kernel,
			"time", docs[s].time));
	keys = all_keys(docs, n);
	json_array_foreach(keys, i, k)
		json_array_append_new(runs, run_row(&b, json_string_value(k)));
	judge(&b);
	json_decref(keys);
	for (i = 0; i < b.nvals; i++)
		free(b.vals[i]);
	free(b.vals);
	free(b.cmps);
	out = json_pack("{s:o s:o s:o}", "sessions", sessions, "runs", runs,
			"averages", snapavg_build(docs, n));
	if (b.nomem || !json_is_array(json_object_get(out, "averages"))) {
		json_decref(out);
		return NULL;
	}
	return out;
}

/* ---- printing ------------------------------------------------------------ */

/* A value without noise: no decimals from 1000, one from 10, else two. */
static const char *fmt(const json_t *v, char *dst, size_t size)
{
	double x = json_number_value(v), a = fabs(x);

	if (!json_is_number(v))
		snprintf(dst, size, "-");
	else
		snprintf(dst, size, "%.*f", a >= 1000 ? 0 : a >= 10 ? 1 : 2,
			 x);
	return dst;
}

static const char *str(const json_t *o, const char *key)
{
	const char *s = json_string_value(json_object_get(o, key));

	return s ? s : "-";
}

static void legend(FILE *f, const json_t *t, bool md)
{
	const json_t *s;
	char line[1024];
	size_t i;

	json_array_foreach(json_object_get(t, "sessions"), i, s) {
		if (md) {
			fprintf(f, "- **%s**: `%s` (kernel %s, %s)\n",
				str(s, "name"), str(s, "file"),
				str(s, "kernel"), str(s, "time"));
			continue;
		}
		snprintf(line, sizeof(line), "%s: %s (kernel %s, %s)",
			 str(s, "name"), str(s, "file"), str(s, "kernel"),
			 str(s, "time"));
		textwrap_put(f, 0, 3, WIDTH, line);
	}
	fputc('\n', f);
}

static void head_row(FILE *f, const json_t *t, bool md)
{
	const json_t *s;
	size_t i;

	fprintf(f, md ? "| figure |" : "  %-24s", md ? "" : "figure");
	json_array_foreach(json_object_get(t, "sessions"), i, s) {
		if (md)
			fprintf(f, i ? " %s | %s/A |" : " %s |",
				str(s, "name"), str(s, "name"));
		else if (i)
			fprintf(f, " %10s %6s/A", str(s, "name"),
				str(s, "name"));
		else
			fprintf(f, " %10s", str(s, "name"));
	}
	fputc('\n', f);
	if (!md)
		return;
	fputs("|---|", f);
	for (i = 0; i < json_array_size(json_object_get(t, "sessions")); i++)
		fputs(i ? "---:|---:|" : "---:|", f);
	fputc('\n', f);
}

/* One figure's row: each cell's KEY ("median", "mean") and ratio. */
static void figure_row_print(FILE *f, const json_t *fig, const char *key,
			     bool md)
{
	const json_t *c;
	char name[64], v[32], r[32];
	size_t i;

	snprintf(name, sizeof(name), "%s%s%s", str(fig, "figure"),
		 *str(fig, "unit") && strcmp(str(fig, "unit"), "-") ? " " : "",
		 strcmp(str(fig, "unit"), "-") ? str(fig, "unit") : "");
	if (md) {
		fputc('|', f);
		mdcell_put(f, name);
	} else if (textwrap_cols(name) > 24) {
		/* the whole name and its unit, the figures on the next line */
		fprintf(f, "  %s\n  %-24s", name, "");
	} else {
		fprintf(f, "  %-24s", name);
	}
	json_array_foreach(json_object_get(fig, "cells"), i, c) {
		fmt(json_object_get(c, key), v, sizeof(v));
		snprintf(r, sizeof(r), "%.3f", json_number_value(
			json_object_get(c, "ratio")));
		if (!json_is_number(json_object_get(c, "ratio")))
			snprintf(r, sizeof(r), "-");
		if (md)
			fprintf(f, i ? " %s | %s |" : " %s |", v, r);
		else
			fprintf(f, i ? " %10s %8s" : " %10s", v, r);
	}
	fputc('\n', f);
}

/* A line under a table: "- " and as it is in Markdown, else two spaces
 * in and wrapped at WIDTH, further lines four in. */
static void note(FILE *f, bool md, const char *s)
{
	if (md) {
		fprintf(f, "- %s\n", s);
		return;
	}
	fputs("  ", f);
	textwrap_put(f, 2, 4, WIDTH, s);
}

/* Under a run's table: each verdict the runs allow, each refusal. */
static void notes(FILE *f, const json_t *run, const json_t *t, bool md)
{
	const json_t *fig, *c, *x;
	char line[600];
	size_t i, j;

	json_array_foreach(json_object_get(run, "figures"), i, fig)
		json_array_foreach(json_object_get(fig, "cells"), j, c) {
			if (!json_is_string(json_object_get(c, "sentence")))
				continue;
			snprintf(line, sizeof(line), "%s, %s against A: %s",
				 str(fig, "figure"), str(json_array_get(
				 json_object_get(t, "sessions"), j), "name"),
				 str(c, "sentence"));
			note(f, md, line);
		}
	json_array_foreach(json_object_get(run, "refused"), i, x) {
		snprintf(line, sizeof(line), "%s is left out: %s",
			 str(x, "session"), str(x, "why"));
		note(f, md, line);
	}
}

/* "the average of 2 devices", or of how many in each session. */
static void avg_label(const json_t *avg, char *dst, size_t size)
{
	const json_t *m = json_object_get(avg, "members"), *x;
	size_t n0 = json_array_size(json_array_get(m, 0)), i, used;
	bool same = true;

	json_array_foreach(m, i, x)
		same = same && json_array_size(x) == n0;
	if (same) {
		snprintf(dst, size, "the average of %zu devices", n0);
		return;
	}
	used = (size_t)snprintf(dst, size, "the average of");
	json_array_foreach(m, i, x)
		if (used < size)
			used += (size_t)snprintf(dst + used, size - used,
				"%s %zu (%c)", i ? "," : "", json_array_size(x),
				(char)('A' + i % 26));
	if (used < size)
		snprintf(dst + used, size - used, " devices");
}

/* Which disks each session's average holds, and each left out. */
static void avg_notes(FILE *f, const json_t *avg, bool md)
{
	const json_t *m, *d, *x;
	char line[600];
	size_t i, j, used = 0;

	line[0] = '\0';
	json_array_foreach(json_object_get(avg, "members"), i, m) {
		used += (size_t)snprintf(line + used, sizeof(line) - used,
					 "%s%c:", i ? "; " : "",
					 (char)('A' + i % 26));
		json_array_foreach(m, j, d)
			if (used < sizeof(line))
				used += (size_t)snprintf(line + used,
					sizeof(line) - used, "%s %s",
					j ? "," : "", json_string_value(d));
		if (!json_array_size(m) && used < sizeof(line))
			used += (size_t)snprintf(line + used,
					sizeof(line) - used, " none");
		if (used >= sizeof(line))
			break;
	}
	note(f, md, line);
	json_array_foreach(json_object_get(avg, "left_out"), i, x) {
		snprintf(line, sizeof(line), "%s of %s is left out of the "
			 "average: %s", str(x, "disk"), str(x, "session"),
			 str(x, "why"));
		note(f, md, line);
	}
}

/* The averages across like devices, after the runs' tables. */
static void averages(FILE *f, const json_t *t, bool md)
{
	const json_t *avg, *fig;
	char label[300], line[700];
	size_t i, j;

	if (!json_array_size(json_object_get(t, "averages")))
		return;
	fputs(md ? "\n## Averages across like devices\n\nEach device's "
	      "median of its like runs, then their mean; ratios against "
	      "A.\n" : "\nAverages across like devices (each device's "
	      "median of its like runs,\nthen their mean; ratios against "
	      "A):\n", f);
	json_array_foreach(json_object_get(t, "averages"), i, avg) {
		avg_label(avg, label, sizeof(label));
		snprintf(line, sizeof(line), "%s: %s (%s)", str(avg, "preset"),
			 label, str(avg, "device"));
		if (md) {
			fprintf(f, "\n### %s\n\n", line);
		} else {
			fputc('\n', f);
			textwrap_put(f, 0, 2, WIDTH, line);
		}
		head_row(f, t, md);
		json_array_foreach(json_object_get(avg, "figures"), j, fig)
			figure_row_print(f, fig, "mean", md);
		fputs(md ? "\n" : "", f);
		avg_notes(f, avg, md);
	}
}

int snapmulti_print(FILE *f, const json_t *t, bool md)
{
	const json_t *run, *fig;
	size_t i, j;

	legend(f, t, md);
	fprintf(f, "%s", md ? "" : "Benchmark figures, the median of each "
		"session's like runs; ratios against A:\n");
	json_array_foreach(json_object_get(t, "runs"), i, run) {
		if (md) {
			fprintf(f, "\n### %s\n\n", str(run, "run"));
		} else {
			fputc('\n', f);
			textwrap_put(f, 0, 2, WIDTH, str(run, "run"));
		}
		if (json_array_size(json_object_get(run, "figures")))
			head_row(f, t, md);
		json_array_foreach(json_object_get(run, "figures"), j, fig)
			figure_row_print(f, fig, "median", md);
		fputs(md ? "\n" : "", f);
		notes(f, run, t, md);
	}
	averages(f, t, md);
	return ferror(f) ? -EIO : 0;
}
