/* SPDX-License-Identifier: GPL-2.0-or-later */
/* snapbench: benchmark results as benchtop's runs write them (doc/bench.md:
 * "figures", "table", "details", "conditions") in a report, shaped like the
 * tools people know: dd lines in MB/s, hdparm lines, the iozone grid in
 * KB/s per record size, iperf3's sender and receiver lines. */
#include "config.h"

#include "session/snapbench.h"

#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "base/figfmt.h"
#include "base/mdcell.h"

/* S or "". */
#define S(s) benchresult_or(s, "")

/* The figure called NAME of R, or NULL. */
static const struct benchresult_figure *figure(const struct benchresult *r,
					       const char *name)
{
	size_t i;

	for (i = 0; i < r->nfigs; i++)
		if (!strcmp(r->figs[i].name, name) && !isnan(r->figs[i].value))
			return &r->figs[i];
	return NULL;
}

void snapbench_figures(const struct benchresult *r, snapbench_figure_fn fn,
		       void *ctx)
{
	size_t i;

	for (i = 0; i < r->nfigs; i++)
		if (r->figs[i].name[0] && !isnan(r->figs[i].value))
			fn(ctx, r->figs[i].name, r->figs[i].value);
}

const char *snapbench_unit(const struct benchresult *r, const char *name)
{
	const struct benchresult_figure *f = figure(r, name);

	return f ? f->unit : NULL;
}

/* ---- conditions ------------------------------------------------------- */

/* SERVED: a test benchtop serve answered, whose host is the client. */
static void cond_target(FILE *f, const struct benchresult_target *t,
			bool served)
{
	const struct benchresult_usb *usb = &t->disk.usb;

	if (S(t->fstype)[0])
		fprintf(f, "; %s on %s", t->fstype, S(t->source));
	else if (S(t->device_path)[0])
		fprintf(f, "; device %s", t->device_path);
	else if (S(t->host)[0])
		fprintf(f, served ? "; served client %s" : "; server %s",
			t->host);
	if (S(t->disk.name)[0])
		fprintf(f, " (disk %s)", t->disk.name);
	if (usb->present)
		fprintf(f, "; USB %s %s at %s, driver %s", S(usb->device),
			S(usb->product), S(usb->speed), S(usb->driver));
}

static void cond_clusters(FILE *f, const struct benchresult_cond *c)
{
	size_t i;

	for (i = 0; i < c->nstart; i++) {
		fprintf(f, "%s CPUs %s %s", i ? "," : "; clusters:",
			S(c->start[i].cpus), S(c->start[i].governor));
		if (!isnan(c->start[i].cur_khz) && c->start[i].cur_khz >= 0)
			fprintf(f, " %llu MHz", (unsigned long long)
				figfmt_mhz_n((uint64_t)c->start[i].cur_khz));
	}
}

static void conditions(FILE *f, const struct benchresult *r)
{
	const struct benchresult_cond *c = &r->cond;

	fprintf(f, "Conditions: started %s", S(c->time_start)[0] ?
		c->time_start : "-");
	if (isfinite(c->duration_s))
		fprintf(f, ", %.2f s", c->duration_s);
	if (S(c->kernel)[0])
		fprintf(f, "; kernel %s", c->kernel);
	cond_target(f, &c->target, !strcmp(S(r->preset), "serve"));
	if (S(r->settings.io)[0])
		fprintf(f, "; %s", r->settings.io);
	cond_clusters(f, c);
	if (isfinite(c->temp_max_c))
		fprintf(f, "; %.1f-%.1f °C", c->temp_min_c, c->temp_max_c);
	if (c->throttled >= 0)
		fprintf(f, "; %s", c->throttled ? "throttled" :
			"not throttled");
	fputs(".\n\n", f);
}

/* ---- the tools' shapes -------------------------------------------------- */

/* "67108864 bytes (67 MB, 64 MiB) copied, 0.0575 s, 1167.6 MB/s" */
static void dd_line(FILE *f, const struct benchresult *r, const char *name,
		    double s, const char *note)
{
	const struct benchresult_figure *fg = figure(r, name);
	double bytes = r->details.bytes;

	if (!fg)
		return;
	if (isfinite(bytes) && isfinite(s))
		fprintf(f, "%.0f bytes (%.0f MB, %.0f MiB) copied, %.4g s, ",
			bytes, bytes / 1e6, bytes / 1048576.0, s);
	fprintf(f, "%.1f %s    (%s)\n", fg->value, fg->unit, note);
}

static void dd_lines(FILE *f, const struct benchresult *r)
{
	fputs("```\n", f);
	dd_line(f, r, "write", r->details.write_s, "write, fsync timed in");
	dd_line(f, r, "read", r->details.read_s, "read");
	fputs("```\n\n", f);
}

static void hdparm_lines(FILE *f, const struct benchresult *r)
{
	size_t i;

	fprintf(f, "```\n%s:\n", S(r->details.device)[0] ?
		r->details.device : S(r->target));
	for (i = 0; i < r->nfigs; i++) {
		char label[96];

		snprintf(label, sizeof(label), "Timing %s:", r->figs[i].name);
		fprintf(f, " %-28s %10.2f MB/sec\n", label, r->figs[i].value);
	}
	fputs("```\n\n(MiB/s, which hdparm prints as \"MB/sec\")\n\n", f);
}

/* The per-second lines as iperf3 prints them (MBytes of 2^20 bytes):
 * "[SUM]   1.00-2.00   sec   112.50 MBytes    943.72 Mbits/sec". */
static void per_second(FILE *f, const struct benchresult *r)
{
	const struct benchresult_interval *v;
	size_t i;

	for (i = 0; i < r->nivals; i++) {
		v = &r->ivals[i];
		fprintf(f, "[SUM] %6.2f-%-6.2f sec  %8.2f MBytes  %10.2f "
			"Mbits/sec\n", v->start, v->end, v->bytes / 1048576.0,
			v->bps / 1e6);
	}
	if (r->nivals)
		fputs("- - - - - - - - - - - - - - - - - - - - - - - - -\n", f);
}

/* "[SUM]   0.00-10.00  sec  933.80 Mbits/sec  12   sender" */
static void iperf_lines(FILE *f, const struct benchresult *r)
{
	const struct benchresult_figure *snd = figure(r, "sender");
	const struct benchresult_figure *rcv = figure(r, "receiver");
	const struct benchresult_figure *rtx = figure(r, "retransmits");
	double t = r->settings.duration_s;

	if (!isfinite(t))
		t = 0;
	fputs("```\n", f);
	per_second(f, r);
	if (snd)
		fprintf(f, "[SUM]   0.00-%.2f  sec  %10.2f Mbits/sec  %4.0f   "
			"sender\n", t, snd->value, rtx ? rtx->value : 0);
	if (rcv)
		fprintf(f, "[SUM]   0.00-%.2f  sec  %10.2f Mbits/sec         "
			"receiver\n", t, rcv->value);
	fputs("```\n\n", f);
	if (rtx)
		fprintf(f, "Retransmits: %.0f.\n\n", rtx->value);
}

/* The iozone table: kB, reclen, then the six operations in KB/s. */
static void iozone_grid(FILE *f, const struct benchresult_table *t)
{
	size_t i, k;

	fputs("|", f);
	for (i = 0; i < t->ncolumns; i++)
		mdcell_put(f, t->columns[i] ? t->columns[i] : "-");
	fputs("\n|", f);
	for (i = 0; i < t->ncolumns; i++)
		fputs("---|", f);
	fputc('\n', f);
	for (i = 0; i < t->nrows; i++) {
		fputs("|", f);
		for (k = 0; k < t->rows[i].n; k++)
			fprintf(f, isnan(t->rows[i].v[k]) ? " - |" : " %.0f |",
				t->rows[i].v[k]);
		fputc('\n', f);
	}
	fputs("\n(KB/s, as iozone prints them; kB and reclen in KB)\n\n", f);
}

/* bonnie++'s columns, in its order: each rate with its %CP. */
static const char *const bonnie_cols[] = {
	"putc", "putc %CP", "block write", "block write %CP", "rewrite",
	"rewrite %CP", "getc", "getc %CP", "block read", "block read %CP",
	"random seeks", "random seeks %CP", NULL };

static bool in_list(const char *const *list, const char *name)
{
	for (; list && *list; list++)
		if (!strcmp(*list, name))
			return true;
	return false;
}

/* The bonnie++ line: per-char and block output, rewrite, per-char and
 * block input, seeks, each with its %CP ("-" for a figure the run has
 * not: results from before the per-char phases and %CP). */
static void bonnie_grid(FILE *f, const struct benchresult *r)
{
	const struct benchresult_figure *g;
	size_t i;

	fputs("| putc K/sec | %CP | block write K/sec | %CP | rewrite K/sec "
	      "| %CP | getc K/sec | %CP | block read K/sec | %CP | seeks "
	      "/sec | %CP |\n|", f);
	for (i = 0; bonnie_cols[i]; i++)
		fputs("---|", f);
	fputs("\n|", f);
	for (i = 0; bonnie_cols[i]; i++) {
		g = figure(r, bonnie_cols[i]);
		if (g)
			fprintf(f, " %.0f |", g->value);
		else
			fputs(" - |", f);
	}
	fputs("\n\n(as bonnie++ prints them: K/sec = 1024 bytes/s; %CP = "
	      "user + system CPU time of the run over the phase's elapsed "
	      "time)\n\n", f);
}

/* The figures of R not in SKIP (NULL: all) as a table; none: nothing. */
static void figure_table(FILE *f, const struct benchresult *r,
			 const char *const *skip)
{
	size_t i, n = 0;

	for (i = 0; i < r->nfigs; i++)
		n += !in_list(skip, r->figs[i].name);
	if (!n)
		return;
	fputs("| figure | value | unit |\n|---|---|---|\n", f);
	for (i = 0; i < r->nfigs; i++) {
		if (in_list(skip, r->figs[i].name))
			continue;
		fputs("|", f);
		mdcell_put(f, r->figs[i].name);
		fprintf(f, " %.2f |", r->figs[i].value);
		mdcell_put(f, r->figs[i].unit[0] ? r->figs[i].unit : "-");
		fputc('\n', f);
	}
	fputc('\n', f);
}

void snapbench_markdown(FILE *f, const struct benchresult *r)
{
	const char *kind = S(r->kind);

	conditions(f, r);
	if (S(r->status)[0] && strcmp(r->status, "ok")) {
		fprintf(f, "The run did not finish (%s): %s\n\n", r->status,
			S(r->error)[0] ? r->error : "-");
		return;
	}
	if (!r->nfigs)
		fputs("No figures.\n\n", f);
	else if (strcmp(kind, "seq-direct") == 0)
		dd_lines(f, r);
	else if (strcmp(kind, "read-timing") == 0)
		hdparm_lines(f, r);
	else if (strcmp(kind, "iperf") == 0)
		iperf_lines(f, r);
	else if (strcmp(kind, "iozone") == 0 && r->table.present)
		iozone_grid(f, &r->table);
	else if (strcmp(kind, "bonnie") == 0) {
		bonnie_grid(f, r);
		figure_table(f, r, bonnie_cols);
	} else {
		figure_table(f, r, NULL);
	}
}
