/* SPDX-License-Identifier: GPL-2.0-or-later */
/* cmd_bench: `benchtop bench PRESET --target DIR|DEV`, `benchtop bench
 * --list`; the run goes on in a child, as under the monitor, with the same
 * safety rules; progress on stderr when it is a terminal. */
#include "config.h"

#include "cli/cmd_bench.h"

#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/jsondoc.h"
#include "bench/benchrun.h"
#include "cli/cmdline.h"
#include "base/i18n.h"

/* One sentence about the command line; exit status 2. */
#define bad(...) cmdline_bad("bench", __VA_ARGS__)

static void show_progress(const struct benchrun *r)
{
	char rate[32] = "";

	if (r->has_rate)
		snprintf(rate, sizeof(rate), r->job.p.kind == BENCH_IPERF ?
			 "%.1f Mbit/s" : "%.1f MB/s", r->rate / 1e6);
	fprintf(stderr, "\r\033[K%s %s %3.0f%% %s", r->job.p.name, r->phase,
		benchrun_fraction(r) * 100, rate);
	fflush(stderr);
}

/* Wait for R's child: read its pipe, tick, cancel on a signal. */
static void wait_run(struct benchrun *r, bool progress)
{
	double last = 0;

	cmdline_catch_signals();
	while (benchrun_active(r)) {
		struct pollfd p = { .fd = r->fd, .events = POLLIN };

		if (poll(&p, r->fd >= 0, 250) > 0)
			benchrun_read(r);
		if (cmdline_signal() && !r->cancelled)
			benchrun_cancel(r);
		if (benchrun_reap(r))
			break;
		if (benchrun_now() - last >= 1.0) {
			benchrun_tick(r);
			last = benchrun_now();
		}
		if (progress)
			show_progress(r);
	}
	if (progress)
		fputs("\r\033[K", stderr);
}

/* -J: libiperf's own JSON document, verbatim, as iperf3 -J prints it. */
static void print_raw(json_t *res)
{
	const char *t = json_string_value(json_object_get(res, "iperf_json"));
	size_t n = t ? strlen(t) : 0;

	if (!n)
		return;
	fwrite(t, 1, n, stdout);
	if (t[n - 1] != '\n')
		fputc('\n', stdout);
}

int cmd_bench_run(const char *cmd, const struct preset *p,
		  const char *target, int port, bool json)
{
	struct benchrun r;
	json_t *res;
	int rc;

	benchrun_init(&r);
	if (benchrun_start(&r, p, target, port, false)) {
		fprintf(stderr, "benchtop %s: %s\n", cmd, r.error);
		benchrun_fini(&r);
		return 1;
	}
	if (r.note[0])
		fprintf(stderr, "benchtop %s: %s\n", cmd, r.note);
	wait_run(&r, isatty(STDERR_FILENO) && !getenv("BENCHTOP_NO_PROGRESS"));
	res = benchrun_result_json(&r);
	if (res && p->raw_json)
		print_raw(res);
	else if (res && json)
		res = jsondoc_wrap("result", time(NULL), res);
	if (res && json && !p->raw_json)
		json_dumpf(res, stdout, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
	if (res && json)
		fputc('\n', stdout);
	else if (res && r.state == BENCHRUN_DONE && !p->raw_json)
		cmd_bench_print(stdout, res);
	if (r.state != BENCHRUN_DONE && strcmp(cmd, p->name) == 0)
		fprintf(stderr, "benchtop %s: %s\n", cmd, r.error);
	else if (r.state != BENCHRUN_DONE)
		fprintf(stderr, "benchtop %s: %s: %s\n", cmd, p->name, r.error);
	rc = r.state == BENCHRUN_DONE ? 0 :
	     cmdline_signal() ? 128 + cmdline_signal() : 1;
	json_decref(res);
	benchrun_fini(&r);
	return rc;
}

static void print_table(FILE *f, json_t *table)
{
	size_t i, j;
	json_t *row, *v;

	fprintf(f, "%52s%9s%9s\n", "", _("random"), _("random"));
	fprintf(f, "%8s %7s %8s %8s %8s %8s %8s %8s\n", "kB", "reclen",
		_("write"), _("rewrite"), _("read"), _("reread"), _("read"),
		_("write"));
	json_array_foreach(json_object_get(table, "rows"), i, row) {
		json_array_foreach(row, j, v)
			fprintf(f, "%*lld", j == 0 ? 8 : j == 1 ? 8 : 9,
				(long long)json_integer_value(v));
		fputc('\n', f);
	}
}

static long long khz(json_t *cluster)
{
	return (long long)json_integer_value(json_object_get(cluster,
							     "cur_khz"));
}

static void print_clusters(FILE *f, json_t *c)
{
	json_t *s = json_object_get(c, "clusters_start");
	json_t *e = json_object_get(c, "clusters_end"), *x, *y;
	size_t i;

	json_array_foreach(s, i, x) {
		y = json_array_get(e, i);
		fprintf(f, _("  cluster %lld (CPUs %s): %s, %lld -> %lld MHz%s\n"),
			(long long)json_integer_value(json_object_get(x, "policy")),
			json_string_value(json_object_get(x, "cpus")),
			json_is_string(json_object_get(x, "governor")) ?
			json_string_value(json_object_get(x, "governor")) : "-",
			khz(x) / 1000, khz(y) / 1000,
			json_is_true(json_object_get(y, "throttled")) ?
			_(", throttled") : "");
	}
}

static void print_conditions(FILE *f, json_t *c)
{
	json_t *t = json_object_get(c, "target"), *u, *tmin, *tmax;

	if (!json_is_object(c))
		return;
	fprintf(f, _("Conditions: kernel %s, %s, %.1f s\n"),
		json_string_value(json_object_get(c, "kernel")),
		json_string_value(json_object_get(c, "time_start")),
		json_number_value(json_object_get(c, "duration_s")));
	if (json_object_get(t, "fstype"))
		fprintf(f, _("  target: %s on %s (%s, disk %s)\n"),
			json_string_value(json_object_get(t, "path")),
			json_string_value(json_object_get(t, "mountpoint")),
			json_string_value(json_object_get(t, "fstype")),
			json_is_string(json_object_get(t, "disk")) ?
			json_string_value(json_object_get(t, "disk")) : "?");
	else if (json_object_get(t, "device_path"))
		fprintf(f, _("  target: %s (disk %s)\n"),
			json_string_value(json_object_get(t, "device_path")),
			json_is_string(json_object_get(t, "disk")) ?
			json_string_value(json_object_get(t, "disk")) : "?");
	if ((u = json_object_get(t, "usb")) && json_is_object(u))
		fprintf(f, _("  USB: %s %s, bridge %s\n"),
			json_string_value(json_object_get(u, "speed")),
			json_is_string(json_object_get(u, "driver")) ?
			json_string_value(json_object_get(u, "driver")) : "-",
			json_is_string(json_object_get(u, "bridge")) ?
			json_string_value(json_object_get(u, "bridge")) : "-");
	print_clusters(f, c);
	tmin = json_object_get(c, "temperature_min_c");
	tmax = json_object_get(c, "temperature_max_c");
	if (json_is_number(tmin))
		fprintf(f, _("  temperature %.1f-%.1f C\n"),
			json_number_value(tmin), json_number_value(tmax));
	fprintf(f, "  %s\n", json_is_true(json_object_get(c, "throttled")) ?
		_("a cluster was throttled during the run") :
		_("no cluster was seen throttled"));
}

/* One figure: counts (retransmits, lost datagrams) as integers. */
static void print_figure(FILE *f, json_t *x)
{
	json_t *v = json_object_get(x, "value");

	if (json_is_integer(v))
		fprintf(f, "  %-22s %12" JSON_INTEGER_FORMAT " %s\n",
			json_string_value(json_object_get(x, "name")),
			json_integer_value(v),
			json_string_value(json_object_get(x, "unit")));
	else
		fprintf(f, "  %-22s %12.1f %s\n",
			json_string_value(json_object_get(x, "name")),
			json_number_value(v),
			json_string_value(json_object_get(x, "unit")));
}

/* An iperf run over TCP under -R: the congestion window is the server's,
 * which this side cannot see. */
static bool remote_sender(json_t *res)
{
	json_t *s = json_object_get(res, "settings");

	return json_is_true(json_object_get(s, "reverse")) &&
	       !json_is_true(json_object_get(s, "udp")) &&
	       !strcmp(json_string_value(json_object_get(res, "kind")) ?
		       json_string_value(json_object_get(res, "kind")) : "",
		       "iperf");
}

void cmd_bench_print(FILE *f, json_t *res)
{
	json_t *figs = json_object_get(res, "figures"), *x;
	size_t i;

	fprintf(f, _("%s on %s (%s)\n"),
		json_string_value(json_object_get(res, "preset")),
		json_string_value(json_object_get(res, "target")),
		json_string_value(json_object_get(json_object_get(res,
			"settings"), "io")) ? json_string_value(json_object_get(
			json_object_get(res, "settings"), "io")) : "iperf3");
	if (json_object_get(res, "table"))
		print_table(f, json_object_get(res, "table"));
	else
		json_array_foreach(figs, i, x)
			print_figure(f, x);
	if (remote_sender(res))
		fprintf(f, "  %-22s %12s %s\n", _("max cwnd"), _("n/a"),
			_("(the sender is remote)"));
	print_conditions(f, json_object_get(res, "conditions"));
}

bool cmd_bench_presets(const char *cmd, struct presets *ps)
{
	char err[600] = "";

	if (presets_load(ps, err, sizeof(err)) >= 0) {
		if (err[0])	/* the data file: one warning, not the runs */
			fprintf(stderr, "benchtop %s: %s\n", cmd, err);
		if (ps->nwarnings)
			fprintf(stderr, _("benchtop %s: warning: %s\n"), cmd,
				ps->warning);
		if (ps->unreadable[0])
			cmdline_say(stderr, _("benchtop %s: warning: cannot "
				     "read your presets (%s); the installed "
				     "ones are used\n"), cmd, ps->unreadable);
		return true;
	}
	fprintf(stderr, _("benchtop %s: cannot read the presets: %s\n"), cmd,
		err);
	presets_free(ps);
	return false;
}

static void usage(FILE *f)
{
	fputs(_("Usage: benchtop bench PRESET --target DIR|DEV [--size N] "
		"[--json]\n"
		"       benchtop bench --list\n"
		"Run a benchmark preset (from presets.conf) in a child process."
		"\n\n"
		"  -t, --target=DIR|DEV     a folder on a mounted filesystem for "
		"write tests\n"
		"                           (never a raw device); a block device "
		"for read-timing\n"
		"  -s, --size=N             bytes to write (512M, 32M; iozone: the "
		"file size)\n"
		"  -j, --json               print the result as JSON "
		"(doc/bench.md)\n"
		"  -l, --list               list the presets\n"
		"  -h, --help               show this help and exit\n\n"
		"Exit status: 0 done, 1 the run failed (one sentence on stderr), "
		"2 bad command line.\n"), f);
}

static int list(void)
{
	struct presets ps;
	size_t i;

	if (!cmd_bench_presets("bench", &ps))
		return 1;
	for (i = 0; i < ps.n; i++)
		printf("%-22s %-12s %s\n", ps.v[i].name,
		       presets_kind_name(ps.v[i].kind), ps.v[i].desc);
	presets_free(&ps);
	return 0;
}

struct bench_args {
	const char *target, *size;
	bool json, list;
};

static const struct option bench_options[] = {
	{ "target", required_argument, NULL, 't' },
	{ "size", required_argument, NULL, 's' },
	{ "json", no_argument, NULL, 'j' },
	{ "list", no_argument, NULL, 'l' },
	{ "help", no_argument, NULL, 'h' },
	{ NULL, 0, NULL, 0 },
};

/* Options into A; -1 to go on, else the exit status. */
static int parse(int argc, char **argv, struct bench_args *a)
{
	int c;

	opterr = 0;
	optind = 1;
	while ((c = getopt_long(argc, argv, "t:s:jlh", bench_options,
				NULL)) != -1) {
		switch (c) {
		case 't': a->target = optarg; break;
		case 's': a->size = optarg; break;
		case 'j': a->json = true; break;
		case 'l': a->list = true; break;
		case 'h': usage(stdout); return 0;
		default:
			return bad(_("unknown option or missing value in '%s'"),
				   argv[optind - 1]);
		}
	}
	if (a->list)
		return optind == argc ? list() : bad(_("--list takes no preset "
						   "(%s)"), argv[optind]);
	if (optind + 1 != argc)
		return bad("%s", optind == argc ? _("which preset? (benchtop "
			   "bench --list)") : _("one preset at a time"));
	if (!a->target)
		return bad("%s", _("--target DIR is needed"));
	return -1;
}

/* --size for P: bytes to write, or the iozone file. */
static int apply_size(struct preset *p, const char *s)
{
	uint64_t v;

	if (presets_parse_size(s, strlen(s), &v) || v < 1 << 20 || v % 4096)
		return bad(_("'%s' is not a size such as 32M or 1G (at least "
			     "1M, a multiple of 4k)"), s);
	if (p->kind == BENCH_IOZONE)
		p->file_size = v;
	else
		p->size = v;
	return -1;
}

int cmd_bench_main(int argc, char **argv)
{
	struct bench_args a = { 0 };
	struct presets ps;
	struct preset p;
	const struct preset *found;
	int rc = parse(argc, argv, &a);

	if (rc >= 0)
		return rc;
	if (!cmd_bench_presets("bench", &ps))
		return 1;
	found = presets_find(&ps, argv[optind]);
	if (found)
		p = *found;
	presets_free(&ps);
	if (!found)
		return bad(_("no preset is named '%s' (benchtop bench --list)"),
			   argv[optind]);
	if (p.kind == BENCH_IPERF)
		return bad(_("%s is an iperf preset: use benchtop iperf HOST"),
			   p.name);
	if (a.size && (rc = apply_size(&p, a.size)) >= 0)
		return rc;
	return cmd_bench_run("bench", &p, a.target, 0, a.json);
}
