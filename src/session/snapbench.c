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

#include "session/snapreport.h"

#define S(o, k) (json_is_string(json_object_get(o, k)) ? \
		 json_string_value(json_object_get(o, k)) : "")

static double num(const json_t *o, const char *k)
{
	const json_t *v = json_object_get(o, k);

	return json_is_number(v) ? json_number_value(v) : NAN;
}

bool snapbench_is_run(const json_t *result)
{
	return json_is_array(json_object_get(result, "figures"));
}

/* The figure called NAME of R, or NULL. */
static const json_t *figure(const json_t *r, const char *name)
{
	const json_t *f;
	size_t i;

	json_array_foreach(json_object_get(r, "figures"), i, f)
		if (strcmp(S(f, "name"), name) == 0 &&
		    json_is_number(json_object_get(f, "value")))
			return f;
	return NULL;
}

void snapbench_figures(const json_t *r, snapbench_figure_fn fn, void *ctx)
{
	const json_t *f;
	size_t i;

	json_array_foreach(json_object_get(r, "figures"), i, f)
		if (S(f, "name")[0] && json_is_number(json_object_get(f,
								      "value")))
			fn(ctx, S(f, "name"), json_number_value(
			   json_object_get(f, "value")));
}

const char *snapbench_unit(const json_t *r, const char *name)
{
	const json_t *f = figure(r, name);

	return f ? S(f, "unit") : NULL;
}

/* ---- conditions ------------------------------------------------------- */

static void cond_target(FILE *f, const json_t *t)
{
	const json_t *usb = json_object_get(t, "usb");

	if (S(t, "fstype")[0])
		fprintf(f, "; %s on %s", S(t, "fstype"), S(t, "source"));
	else if (S(t, "device_path")[0])
		fprintf(f, "; device %s", S(t, "device_path"));
	else if (S(t, "host")[0])
		fprintf(f, "; server %s", S(t, "host"));
	if (S(t, "disk")[0])
		fprintf(f, " (disk %s)", S(t, "disk"));
	if (json_is_object(usb))
		fprintf(f, "; USB %s %s at %s, driver %s", S(usb, "device"),
			S(usb, "product"), S(usb, "speed"), S(usb, "driver"));
}

static void cond_clusters(FILE *f, const json_t *cl)
{
	const json_t *c;
	size_t i;

	json_array_foreach(cl, i, c) {
		fprintf(f, "%s CPUs %s %s", i ? "," : "; clusters:",
			S(c, "cpus"), S(c, "governor"));
		if (json_is_number(json_object_get(c, "cur_mhz")))
			fprintf(f, " %.0f MHz", num(c, "cur_mhz"));
	}
}

static void conditions(FILE *f, const json_t *r)
{
	const json_t *c = json_object_get(r, "conditions");
	const json_t *st = json_object_get(r, "settings");

	fprintf(f, "Conditions: started %s", S(c, "time_start")[0] ?
		S(c, "time_start") : "-");
	if (isfinite(num(c, "duration_s")))
		fprintf(f, ", %.2f s", num(c, "duration_s"));
	if (S(c, "kernel")[0])
		fprintf(f, "; kernel %s", S(c, "kernel"));
	cond_target(f, json_object_get(c, "target"));
	if (S(st, "io")[0])
		fprintf(f, "; %s", S(st, "io"));
	cond_clusters(f, json_object_get(c, "clusters_start"));
	if (isfinite(num(c, "temperature_max_c")))
		fprintf(f, "; %.1f-%.1f °C", num(c, "temperature_min_c"),
			num(c, "temperature_max_c"));
	if (json_is_boolean(json_object_get(c, "throttled")))
		fprintf(f, "; %s", json_is_true(json_object_get(c,
			"throttled")) ? "throttled" : "not throttled");
	fputs(".\n\n", f);
}

/* ---- the tools' shapes -------------------------------------------------- */

/* "67108864 bytes (67 MB, 64 MiB) copied, 0.0575 s, 1167.6 MB/s" */
static void dd_line(FILE *f, const json_t *r, const char *name,
		    const char *secs, const char *note)
{
	const json_t *d = json_object_get(r, "details"), *fg = figure(r, name);
	double bytes = num(d, "bytes"), s = num(d, secs);

	if (!fg)
		return;
	if (isfinite(bytes) && isfinite(s))
		fprintf(f, "%.0f bytes (%.0f MB, %.0f MiB) copied, %.4g s, ",
			bytes, bytes / 1e6, bytes / 1048576.0, s);
	fprintf(f, "%.1f %s    (%s)\n", num(fg, "value"), S(fg, "unit"),
		note);
}

static void dd_lines(FILE *f, const json_t *r)
{
	fputs("```\n", f);
	dd_line(f, r, "write", "write_s", "write, fsync timed in");
	dd_line(f, r, "read", "read_s", "read");
	fputs("```\n\n", f);
}

static void hdparm_lines(FILE *f, const json_t *r)
{
	const json_t *fg;
	size_t i;

	fprintf(f, "```\n%s:\n", S(json_object_get(r, "details"), "device")[0]
		? S(json_object_get(r, "details"), "device") : S(r, "target"));
	json_array_foreach(json_object_get(r, "figures"), i, fg) {
		char label[96];

		snprintf(label, sizeof(label), "Timing %s:", S(fg, "name"));
		fprintf(f, " %-28s %10.2f MB/sec\n", label, num(fg, "value"));
	}
	fputs("```\n\n(MiB/s, which hdparm prints as \"MB/sec\")\n\n", f);
}

/* "[SUM]   0.00-10.00  sec  933.80 Mbits/sec  12   sender" */
static void iperf_lines(FILE *f, const json_t *r)
{
	const json_t *snd = figure(r, "sender"), *rcv = figure(r, "receiver");
	const json_t *rtx = figure(r, "retransmits");
	double t = num(json_object_get(r, "settings"), "duration_s");

	if (!isfinite(t))
		t = 0;
	fputs("```\n", f);
	if (snd)
		fprintf(f, "[SUM]   0.00-%.2f  sec  %10.2f Mbits/sec  %4.0f   "
			"sender\n", t, num(snd, "value"), rtx ?
			num(rtx, "value") : 0);
	if (rcv)
		fprintf(f, "[SUM]   0.00-%.2f  sec  %10.2f Mbits/sec         "
			"receiver\n", t, num(rcv, "value"));
	fputs("```\n\n", f);
	if (rtx)
		fprintf(f, "Retransmits: %.0f.\n\n", num(rtx, "value"));
}

/* The iozone table: kB, reclen, then the six operations in KB/s. */
static void iozone_grid(FILE *f, const json_t *t)
{
	const json_t *row, *v;
	size_t i, k;

	fputs("|", f);
	json_array_foreach(json_object_get(t, "columns"), i, v)
		snapreport_md_cell(f, json_string_value(v) ?
				   json_string_value(v) : "-");
	fputs("\n|", f);
	for (i = 0; i < json_array_size(json_object_get(t, "columns")); i++)
		fputs("---|", f);
	fputc('\n', f);
	json_array_foreach(json_object_get(t, "rows"), i, row) {
		fputs("|", f);
		json_array_foreach(row, k, v)
			fprintf(f, json_is_number(v) ? " %.0f |" : " - |",
				json_number_value(v));
		fputc('\n', f);
	}
	fputs("\n(KB/s, as iozone prints them; kB and reclen in KB)\n\n", f);
}

static void figure_table(FILE *f, const json_t *r)
{
	const json_t *fg;
	size_t i;

	fputs("| figure | value | unit |\n|---|---|---|\n", f);
	json_array_foreach(json_object_get(r, "figures"), i, fg) {
		fputs("|", f);
		snapreport_md_cell(f, S(fg, "name"));
		fprintf(f, " %.2f |", num(fg, "value"));
		snapreport_md_cell(f, S(fg, "unit")[0] ? S(fg, "unit") : "-");
		fputc('\n', f);
	}
	fputc('\n', f);
}

void snapbench_markdown(FILE *f, const json_t *r)
{
	const char *kind = S(r, "kind");

	conditions(f, r);
	if (S(r, "status")[0] && strcmp(S(r, "status"), "ok")) {
		fprintf(f, "The run did not finish (%s): %s\n\n",
			S(r, "status"), S(r, "error")[0] ? S(r, "error") : "-");
		return;
	}
	if (!json_array_size(json_object_get(r, "figures")))
		fputs("No figures.\n\n", f);
	else if (strcmp(kind, "seq-direct") == 0)
		dd_lines(f, r);
	else if (strcmp(kind, "read-timing") == 0)
		hdparm_lines(f, r);
	else if (strcmp(kind, "iperf") == 0)
		iperf_lines(f, r);
	else if (strcmp(kind, "iozone") == 0 &&
		 json_is_object(json_object_get(r, "table")))
		iozone_grid(f, json_object_get(r, "table"));
	else
		figure_table(f, r);
}
