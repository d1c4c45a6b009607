/* SPDX-License-Identifier: GPL-2.0-or-later */
/* snapreport: Markdown and CSV from a snapshot document.  The document was
 * checked and its strings cleaned by snapshot_load(); every key read here
 * may still be missing or of another type, and renders as "-" then. */
#include "config.h"

#include "session/snapreport.h"

#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "base/figfmt.h"
#include "base/jsonget.h"
#include "base/mdcell.h"
#include "base/redact.h"
#include "base/jsondoc.h"
#include "session/snapbench.h"
#include "session/snapexp.h"

#define DASH "-"

/* ---- small readers -------------------------------------------------------- */

/* The value at a dotted PATH; a scalar as text, DASH for none (jsonget). */
#define at(o, path) jsonget_path(o, path)
#define text(v, dst, size) jsonget_text(v, dst, size, DASH)

static void cellv(FILE *f, const json_t *v)
{
	char tmp[1024];

	mdcell_put(f, text(v, tmp, sizeof(tmp)));
}

static void header(FILE *f, const char *const *cols)
{
	size_t i;

	fputs("|", f);
	for (i = 0; cols[i]; i++)
		mdcell_put(f, cols[i]);
	fputs("\n|", f);
	for (i = 0; cols[i]; i++)
		fputs("---|", f);
	fputc('\n', f);
}

/* S as a cell: DASH for none or "". */
static void cell(FILE *f, const char *s)
{
	mdcell_put(f, s && s[0] ? s : DASH);
}

static void cellt(FILE *f, const struct snapdoc_text *t)
{
	cell(f, snapdoc_text(t));
}

static const char *or_dash(const char *s)
{
	return s && s[0] ? s : DASH;
}

static void mhz_range(char *dst, size_t size, long long lo, long long hi)
{
	if (lo >= 0 && hi >= 0)
		figfmt_mhz_range(dst, size, (uint64_t)lo, (uint64_t)hi);
	else
		snprintf(dst, size, "%s", DASH);
}

/* ---- the system ------------------------------------------------------------ */

/* The kernel command line H into DST of SIZE, its secret-looking values
 * left out (all of it when REDACT); how many values were left out. */
static size_t cmdline_cell(char *dst, size_t size, const char *cmdline,
			   bool redact)
{
	if (redact || !cmdline) {
		snprintf(dst, size, "%s", redact ? "(left out)" : DASH);
		return 0;
	}
	return redact_cmdline(cmdline, dst, size);
}

static void summary(FILE *f, const struct snapdoc *d, bool redact)
{
	const struct snapdoc_host *h = &d->sys.host;
	char c[256], line[8192];
	size_t out;

	fprintf(f, "# benchtop session: %s\n\n",
		redact ? "(host name left out)" : or_dash(h->hostname));
	fprintf(f, "Saved %s by benchtop %s.\n\n## System\n\n",
		or_dash(d->time), or_dash(d->benchtop_version));
	header(f, (const char *const[]){ "fact", "value", NULL });
	fprintf(f, "| Board |");
	cell(f, h->board);
	fprintf(f, "\n| Kernel |");
	snprintf(c, sizeof(c), "%s (%s)", or_dash(h->kernel),
		 or_dash(h->machine));
	mdcell_put(f, c);
	fprintf(f, "\n| Command line |");
	out = cmdline_cell(line, sizeof(line), h->cmdline, redact);
	cell(f, line);
	fprintf(f, "\n| CPUs present / online |");
	snprintf(c, sizeof(c), "%s / %s", or_dash(h->cpus_present),
		 or_dash(h->cpus_online));
	mdcell_put(f, c);
	fputs("\n\n", f);
	if (out)
		fprintf(f, "%zu value%s of the command line that look%s like a "
			"secret or a serial number: left out (%s).\n\n", out,
			out == 1 ? "" : "s", out == 1 ? "s" : "", REDACT_MARK);
}

/* Without cpufreq: the cores, and the sentence why. */
static void cores(FILE *f, const struct snapdoc_sys *s)
{
	size_t i;

	header(f, (const char *const[]){ "CPUs", "core", NULL });
	for (i = 0; i < s->ncores; i++) {
		fputs("|", f);
		cell(f, s->cores[i].cpus);
		cell(f, s->cores[i].core);
		fputc('\n', f);
	}
	fprintf(f, "\n%s\n\n", or_dash(s->host.cpufreq));
}

static void clusters(FILE *f, const struct snapdoc_sys *s)
{
	const struct snapdoc_cluster *c;
	char a[64], b[64];
	size_t i;

	fputs("### CPU clusters\n\n", f);
	if (!s->nclusters) {
		cores(f, s);
		return;
	}
	header(f, (const char *const[]){ "policy", "CPUs", "core", "role",
		"governor", "limits MHz", "hardware MHz", NULL });
	for (i = 0; i < s->nclusters; i++) {
		c = &s->clusters[i];
		fputs("|", f);
		cellt(f, &c->policy);
		cell(f, c->cpus);
		cell(f, c->core);
		cell(f, c->role);
		cell(f, c->governor);
		mhz_range(a, sizeof(a), c->min_khz, c->max_khz);
		mdcell_put(f, a);
		mhz_range(b, sizeof(b), c->hw_min_khz, c->hw_max_khz);
		mdcell_put(f, b);
		fputc('\n', f);
	}
	fputc('\n', f);
}

static void thermal(FILE *f, const struct snapdoc_sys *s)
{
	size_t i;

	if (!s->nzones)
		return;
	fputs("### Thermal zones\n\n", f);
	header(f, (const char *const[]){ "zone", "type", "°C", NULL });
	for (i = 0; i < s->nzones; i++) {
		fputs("|", f);
		cell(f, s->zones[i].name);
		cell(f, s->zones[i].type);
		cellt(f, &s->zones[i].temp_c);
		fputc('\n', f);
	}
	fputc('\n', f);
}

static void disks(FILE *f, const struct snapdoc_sys *s)
{
	const struct snapdoc_disk *d;
	size_t i;

	if (!s->ndisks)
		return;
	fputs("### Disks\n\n", f);
	header(f, (const char *const[]){ "disk", "model", "size bytes",
		"scheduler", "link", NULL });
	for (i = 0; i < s->ndisks; i++) {
		d = &s->disks[i];
		fputs("|", f);
		cell(f, d->name);
		cell(f, d->model);
		cellt(f, &d->size_bytes);
		cell(f, d->scheduler);
		cell(f, d->name ? snapdoc_link(s, d->name) : NULL);
		fputc('\n', f);
	}
	fputc('\n', f);
}

static void nets(FILE *f, const struct snapdoc_sys *s)
{
	size_t i;

	if (!s->nnets)
		return;
	fputs("### Network interfaces\n\n", f);
	header(f, (const char *const[]){ "interface", "link", NULL });
	for (i = 0; i < s->nnets; i++) {
		fputs("|", f);
		cell(f, s->nets[i]);
		cell(f, s->nets[i] ? snapdoc_link(s, s->nets[i]) : NULL);
		fputc('\n', f);
	}
	fputc('\n', f);
}

static void usb(FILE *f, const struct snapdoc_sys *s)
{
	const struct snapdoc_usb *d;
	size_t i;

	if (!s->nusb)
		return;
	fputs("### USB devices\n\n", f);
	header(f, (const char *const[]){ "device", "id", "product", "speed",
		"capable", "driver", NULL });
	for (i = 0; i < s->nusb; i++) {
		d = &s->usb[i];
		fputs("|", f);
		cell(f, d->name);
		cell(f, d->id);
		cell(f, d->product);
		cell(f, d->speed);
		cell(f, d->capable_speed);
		cell(f, d->driver);
		fputc('\n', f);
	}
	fputc('\n', f);
}

static void irqs(FILE *f, const struct snapdoc_sys *s)
{
	const struct snapdoc_irq *q;
	size_t i;

	if (!s->nirqs)
		return;
	fputs("### IRQs\n\n", f);
	header(f, (const char *const[]){ "IRQ", "action", "count",
		"affinity", "effective", NULL });
	for (i = 0; i < s->nirqs; i++) {
		q = &s->irqs[i];
		if (!q->numeric)
			continue;
		fputs("|", f);
		cellt(f, &q->irq);
		cell(f, q->action);
		cellt(f, &q->count);
		cell(f, q->affinity);
		cell(f, q->effective);
		fputc('\n', f);
	}
	fputc('\n', f);
}

/* ---- results --------------------------------------------------------------- */

static bool skipped(const char *key)
{
	static const char *const skip[] = { "conditions", "time", "started",
		"index", NULL };
	size_t i;

	for (i = 0; skip[i]; i++)
		if (strcmp(key, skip[i]) == 0)
			return true;
	return false;
}

static void figures_in(const json_t *o, char *path, size_t len, size_t size,
		       int depth, snapreport_figure_fn fn, void *ctx)
{
	const char *k;
	json_t *v;
	void *it;

	if (depth > 8)
		return;
	for (it = json_object_iter((json_t *)o); it;
	     it = json_object_iter_next((json_t *)o, it)) {
		k = json_object_iter_key(it);
		v = json_object_iter_value(it);
		if (depth == 0 && skipped(k))
			continue;
		snprintf(path + len, size - len, "%s%s", len ? "." : "", k);
		if (json_is_number(v))
			fn(ctx, path, json_number_value(v));
		else if (json_is_object(v))
			figures_in(v, path, strlen(path), size, depth + 1, fn,
				   ctx);
		path[len] = '\0';
	}
}

void snapreport_figures(const json_t *result, snapreport_figure_fn fn,
			void *ctx)
{
	char path[512] = "";

	struct benchresult r;

	if (benchresult_is_run(result)) {
		if (benchresult_load(&r, (json_t *)result, NULL, 0) == 0)
			snapbench_figures(&r, fn, ctx);
		benchresult_fini(&r);
	} else if (json_is_object(result))
		figures_in(result, path, 0, sizeof(path), 0, fn, ctx);
}

void snapreport_run_key(const json_t *r, char *dst, size_t size)
{
	const json_t *p = json_object_get(r, "preset");
	char a[128], b[256];

	if (!json_is_string(p))
		p = json_object_get(r, "kind");
	snprintf(dst, size, "%s %s", text(p, a, sizeof(a)),
		 text(json_object_get(r, "target"), b, sizeof(b)));
}

const char *snapreport_unit(const char *path)
{
	static const struct { const char *suffix, *unit; } u[] = {
		{ "_kb_s", "KB/s" }, { "_mb_s", "MB/s" }, { "_gb_s", "GB/s" },
		{ "_mbit_s", "Mbit/s" }, { "_gbit_s", "Gbit/s" },
		{ "_bytes_per_s", "B/s" }, { "_ms", "ms" }, { "_pct", "%" },
		{ "_iops", "IOPS" }, { "_bytes", "bytes" }, { "_s", "s" },
	};
	const char *last = strrchr(path, '.');
	size_t n, i, k;

	if (strncmp(path, "grid.", 5) == 0)
		return "KB/s";
	last = last ? last + 1 : path;
	n = strlen(last);
	for (i = 0; i < sizeof(u) / sizeof(u[0]); i++) {
		k = strlen(u[i].suffix);
		/* "mbit_s" as well as "sender_mbit_s" */
		if (strcmp(last, u[i].suffix + 1) == 0 ||
		    (n > k && strcmp(last + n - k, u[i].suffix) == 0))
			return u[i].unit;
	}
	return "";
}

const char *snapreport_result_unit(const json_t *result, const char *path)
{
	const char *u = benchresult_is_run(result) ?
			benchresult_unit(result, path) : NULL;

	return u ? u : snapreport_unit(path);
}

static void conditions(FILE *f, const json_t *c)
{
	const char *k;
	json_t *v;

	if (!json_object_size(c))
		return;
	fputs("Conditions:", f);
	json_object_foreach((json_t *)c, k, v) {
		char tmp[512];

		if (json_is_object(v) || json_is_array(v))
			snprintf(tmp, sizeof(tmp), "(%zu entries)",
				 json_is_object(v) ? json_object_size(v) :
				 json_array_size(v));
		else
			text(v, tmp, sizeof(tmp));
		fprintf(f, " %s `%s`;", k, tmp);
	}
	fputs("\n\n", f);
}

static int by_size(const void *a, const void *b)
{
	unsigned long x = strtoul(*(const char *const *)a, NULL, 10);
	unsigned long y = strtoul(*(const char *const *)b, NULL, 10);

	return x < y ? -1 : x > y;
}

/* The operations of a grid row, in iozone's column order first. */
static size_t grid_ops(const json_t *first, const char **ops, size_t max)
{
	static const char *const order[] = { "write", "rewrite", "read",
		"reread", "random_read", "random_write", NULL };
	const char *op;
	json_t *v;
	size_t n = 0, i;

	for (i = 0; order[i] && n < max; i++)
		if (json_object_get(first, order[i]))
			ops[n++] = order[i];
	json_object_foreach((json_t *)first, op, v) {
		for (i = 0; order[i] && strcmp(order[i], op); i++)
			;
		if (!order[i] && n < max)
			ops[n++] = op;
	}
	return n;
}

static void grid_rows(FILE *f, const json_t *grid, const char **ops,
		      size_t nops)
{
	const char **recs = calloc(json_object_size(grid) + 1, sizeof(*recs));
	const char *rec;
	size_t n = 0, i, k;
	json_t *row;

	if (!recs)
		return;
	json_object_foreach((json_t *)grid, rec, row)
		recs[n++] = rec;
	qsort(recs, n, sizeof(*recs), by_size);
	for (i = 0; i < n; i++) {
		row = json_object_get(grid, recs[i]);
		fputs("|", f);
		mdcell_put(f, recs[i]);
		for (k = 0; k < nops; k++)
			cellv(f, json_object_get(row, ops[k]));
		fputc('\n', f);
	}
	free(recs);
}

/* The iozone table: one row per record size, one column per operation. */
static void iozone_grid(FILE *f, const json_t *grid)
{
	const char *rec, *ops[32];
	json_t *row, *first = NULL;
	size_t n, k;

	json_object_foreach((json_t *)grid, rec, row)
		if (json_is_object(row) && !first)
			first = row;
	if (!first)
		return;
	n = grid_ops(first, ops, 32);
	fputs("| reclen KB |", f);
	for (k = 0; k < n; k++)
		mdcell_put(f, ops[k]);
	fputs("\n|---|", f);
	for (k = 0; k < n; k++)
		fputs("---|", f);
	fputc('\n', f);
	grid_rows(f, grid, ops, n);
	fputs("\n(KB/s, as iozone prints them)\n\n", f);
}

static void figure_row(void *ctx, const char *path, double v)
{
	FILE *f = ctx;
	char tmp[64];

	if (strncmp(path, "grid.", 5) == 0)
		return;		/* drawn as the grid */
	fputs("|", f);
	mdcell_put(f, path);
	snprintf(tmp, sizeof(tmp), v == floor(v) && fabs(v) < 1e15 ?
		 "%.0f" : "%.2f", v);
	mdcell_put(f, tmp);
	mdcell_put(f, snapreport_unit(path)[0] ? snapreport_unit(path) : DASH);
	fputc('\n', f);
}

static void count_figure(void *ctx, const char *path, double v)
{
	(void)v;
	if (strncmp(path, "grid.", 5) != 0)
		++*(size_t *)ctx;
}

/* A seed result of another shape: its conditions, grid and numbers. */
static void seed_result(FILE *f, const json_t *r)
{
	const json_t *grid = json_object_get(r, "grid");
	size_t n = 0;

	conditions(f, json_object_get(r, "conditions"));
	if (json_is_object(grid))
		iozone_grid(f, grid);
	snapreport_figures(r, count_figure, &n);
	if (!n)
		return;
	header(f, (const char *const[]){ "figure", "value", "unit", NULL });
	snapreport_figures(r, figure_row, f);
	fputc('\n', f);
}

static void result(FILE *f, const struct snapdoc_result *r, size_t i)
{
	char key[400], kind[64];

	snapreport_run_key(r->doc, key, sizeof(key));
	fprintf(f, "### %zu. %s (%s)\n\n", i + 1, key,
		text(json_object_get(r->doc, "kind"), kind, sizeof(kind)));
	if (r->is_run)	/* written by benchtop's own runs */
		snapbench_markdown(f, &r->run);
	else
		seed_result(f, r->doc);
}

static void results(FILE *f, const struct snapdoc *d)
{
	size_t i;

	fputs("## Benchmark results\n\n", f);
	if (!d->nresults)
		fputs("No benchmark was run in this session.\n\n", f);
	for (i = 0; i < d->nresults; i++)
		result(f, &d->results[i], i);
}

/* An entry's result, with the reason when the write failed ("error:
 * Operation not permitted"). */
static void result_cell(FILE *f, const struct snapdoc_entry *e)
{
	char s[320];

	if (!snapdoc_text(&e->error)[0]) {
		cell(f, e->result);
		return;
	}
	snprintf(s, sizeof(s), "%s: %s", or_dash(e->result),
		 snapdoc_text(&e->error));
	mdcell_put(f, s);
}

static void journal(FILE *f, const struct snapdoc *d)
{
	const struct snapdoc_entry *e;
	char when[32];
	time_t tt;
	struct tm tm;
	size_t i;

	fputs("## Tuning journal\n\n", f);
	if (!d->njournal) {
		fputs("Nothing was changed in this session.\n\n", f);
		return;
	}
	header(f, (const char *const[]){ "time (UTC)", "what", "target", "old",
		"new", "result", "read back", NULL });
	for (i = 0; i < d->njournal; i++) {
		e = &d->journal[i];
		snprintf(when, sizeof(when), DASH);
		if (e->time_ms >= 0 && (tt = (time_t)(e->time_ms / 1000),
					gmtime_r(&tt, &tm)))
			strftime(when, sizeof(when), "%Y-%m-%d %H:%M:%S", &tm);
		fputs("|", f);
		mdcell_put(f, when);
		cell(f, e->kind);
		cell(f, e->target);
		cellt(f, &e->old);
		cellt(f, &e->new_v);
		result_cell(f, e);
		cellt(f, &e->readback);
		fputc('\n', f);
	}
	fputc('\n', f);
}

/* ---- the series --------------------------------------------------------- */

/* Calls FN for every row of DOC's series, oldest first. */
static size_t each_row(const json_t *doc, void (*fn)(void *, const json_t *),
		       void *ctx)
{
	const json_t *tiers = at(doc, "series.tiers"), *row;
	size_t k = json_array_size(tiers), i, n = 0;

	while (k-- > 0)
		json_array_foreach(json_object_get(json_array_get(tiers, k),
						   "rows"), i, row) {
			if (fn)
				fn(ctx, row);
			n++;
		}
	return n;
}

/* V to a tenth, as the series stores it: "12.3", "1400000". */
static const char *tenth(double v, char *buf, size_t size)
{
	double w = round(v * 10.0) / 10.0;

	snprintf(buf, size, w == floor(w) ? "%.0f" : "%.1f", w);
	return buf;
}

struct stats {
	size_t nch;
	double *sum, *max;
	size_t *n;
};

static void add_row(void *ctx, const json_t *row)
{
	struct stats *s = ctx;
	size_t i;

	for (i = 2; i < json_array_size(row) && i - 2 < s->nch; i++) {
		const json_t *v = json_array_get(row, i);

		if (!json_is_number(v))
			continue;
		s->sum[i - 2] += json_number_value(v);
		if (!s->n[i - 2]++ || json_number_value(v) > s->max[i - 2])
			s->max[i - 2] = json_number_value(v);
	}
}

static void series_table(FILE *f, const json_t *doc)
{
	const json_t *ch = at(doc, "series.channels");
	struct stats s = { json_array_size(ch), NULL, NULL, NULL };
	size_t i, rows = each_row(doc, NULL, NULL);
	char iv[32], t[48];

	fprintf(f, "## Time series\n\nPoints: %zu, sampled every %s s; older "
		"points are means. Channels that were never above 0 are left "
		"out here; the CSV has them all (`benchtop report --format "
		"csv`).\n\n", rows,
		text(at(doc, "series.interval_s"), iv, sizeof(iv)));
	s.sum = calloc(s.nch + 1, sizeof(double));
	s.max = calloc(s.nch + 1, sizeof(double));
	s.n = calloc(s.nch + 1, sizeof(size_t));
	if (s.sum && s.max && s.n && s.nch) {
		each_row(doc, add_row, &s);
		header(f, (const char *const[]){ "channel", "mean", "max",
			NULL });
		for (i = 0; i < s.nch; i++) {
			if (!s.n[i] || s.max[i] == 0)
				continue;	/* idle: leave it to the CSV */
			fputs("|", f);
			cellv(f, json_array_get(ch, i));
			fprintf(f, " %s |", tenth(s.sum[i] / (double)s.n[i],
						   t, sizeof(t)));
			fprintf(f, " %s |\n", tenth(s.max[i], t, sizeof(t)));
		}
		fputc('\n', f);
	}
	free(s.sum);
	free(s.max);
	free(s.n);
}

int snapreport_markdown(FILE *f, const struct snapdoc *d, bool redact)
{
	summary(f, d, redact);
	clusters(f, &d->sys);
	thermal(f, &d->sys);
	disks(f, &d->sys);
	nets(f, &d->sys);
	usb(f, &d->sys);
	irqs(f, &d->sys);
	results(f, d);
	snapexp_report(f, d);
	journal(f, d);
	series_table(f, d->doc);
	return ferror(f) ? -EIO : 0;
}

/* One field per RFC 4180: quoted when it holds a comma, a quote or a
 * line break, quotes doubled. */
static void csv_text(FILE *f, const char *s)
{
	if (!strpbrk(s, ",\"\r\n")) {
		fputs(s, f);
		return;
	}
	fputc('"', f);
	for (; *s; s++) {
		if (*s == '"')
			fputc('"', f);
		fputc(*s, f);
	}
	fputc('"', f);
}

struct csv {
	FILE *f;
	size_t width;		/* value columns: the channels */
	int64_t start_ms;	/* the series' start; -1 when unknown */
};

/* A value as the file holds it (not rounded); empty for null. */
static void csv_value(FILE *f, const json_t *v)
{
	if (json_is_integer(v))
		fprintf(f, "%" JSON_INTEGER_FORMAT, json_integer_value(v));
	else if (json_is_real(v))
		fprintf(f, "%.15g", json_real_value(v));
}

static void csv_row(void *ctx, const json_t *row)
{
	const struct csv *c = ctx;
	json_int_t t = json_integer_value(json_array_get(row, 0));
	char when[40] = "";
	size_t i;

	if (c->start_ms >= 0)
		jsondoc_time_ms(when, sizeof(when), c->start_ms + t);
	fprintf(c->f, "%s,%" JSON_INTEGER_FORMAT ".%03d,%" JSON_INTEGER_FORMAT,
		when, t / 1000, (int)(t % 1000),
		json_integer_value(json_array_get(row, 1)));
	for (i = 0; i < c->width; i++) {
		fputc(',', c->f);
		csv_value(c->f, json_array_get(row, i + 2));
	}
	fputs("\r\n", c->f);
}

int snapreport_csv(FILE *f, const json_t *doc)
{
	const json_t *ch, *st = at(doc, "series.start");
	struct csv c = { .f = f, .start_ms = -1 };
	size_t i;

	if (!json_is_string(st) ||
	    jsondoc_parse_time(json_string_value(st), &c.start_ms))
		c.start_ms = -1;
	fputs("time,time_s,samples", f);
	json_array_foreach(at(doc, "series.channels"), i, ch) {
		fputc(',', f);
		csv_text(f, json_string_value(ch) ? json_string_value(ch) : "");
		c.width++;
	}
	fputs("\r\n", f);
	each_row(doc, csv_row, &c);
	return ferror(f) ? -EIO : 0;
}
