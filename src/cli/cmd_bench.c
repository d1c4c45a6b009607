/* SPDX-License-Identifier: GPL-2.0-or-later */
/* cmd_bench: `benchtop bench PRESET --target DIR|DEV`, `benchtop bench
 * --list`; the run goes on in a child, as under the monitor, with the same
 * safety rules; progress on stderr when it is a terminal. */
#include "config.h"

#include "cli/cmd_bench.h"

#include <errno.h>
#include <math.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "base/figfmt.h"
#include "base/i18n.h"
#include "base/jsondoc.h"
#include "base/monoclock.h"
#include "base/strclean.h"
#include "base/textwrap.h"
#include "bench/benchrun.h"
#include "cli/cmdline.h"
#include "cli/commands.h"
#include "hw/hwmodel.h"
#include "session/snapshot.h"

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
		if (monoclock_s() - last >= 1.0) {
			benchrun_tick(r);
			last = monoclock_s();
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

/* The result RES in words, or the sentence why it cannot be read. */
static void print_result(json_t *res, char format)
{
	struct benchresult br;
	char err[256];

	if (benchresult_load(&br, res, err, sizeof(err)) == 0)
		cmd_bench_print_as(stdout, &br, format);
	else
		fprintf(stderr, "benchtop: %s\n", err);
	benchresult_fini(&br);
}

static bool is_dir(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

/* Save RES as a session of one run to OUT's file (or folder); 0, or 1
 * after one sentence. */
static int save(const char *cmd, const json_t *res,
		const struct cmd_bench_out *out)
{
	struct snapshot_input in = { .saved_at = time(NULL) };
	char where[4096], err[600], shown[600], line[800];
	json_t *results = json_pack("[O]", res);
	struct hwmodel hw;
	bool dir = is_dir(out->snapshot);
	bool have_hw = hwmodel_load_flags(&hw, 0) == 0;
	int rc;

	in.hw = have_hw ? &hw : NULL;
	in.results = results;
	rc = snapshot_save(&in, dir ? NULL : out->snapshot, dir ?
			   out->snapshot : NULL, out->force, where,
			   sizeof(where), err, sizeof(err));
	json_decref(results);
	if (have_hw)
		hwmodel_fini(&hw);
	if (rc) {
		fprintf(stderr, "benchtop %s: %s\n", cmd, err);
		return 1;
	}
	strclean_copy(shown, sizeof(shown), where, strlen(where));
	snprintf(line, sizeof(line), _("benchtop %s: snapshot saved to %s\n"),
		 cmd, shown);
	textwrap_put_path(stderr, 80, line, shown);
	return 0;
}

int cmd_bench_run(const char *cmd, const struct preset *p,
		  const char *target, int port, const struct cmd_bench_out *out)
{
	bool json = out->json;
	struct benchrun r;
	json_t *res;
	int rc;

	benchrun_init(&r);
	if (benchrun_start(&r, p, target, port, false)) {
		cmdline_say(stderr, "benchtop %s: %s\n", cmd, r.error);
		benchrun_fini(&r);
		return 1;
	}
	if (r.note[0])
		fprintf(stderr, "benchtop %s: %s\n", cmd, r.note);
	wait_run(&r, isatty(STDERR_FILENO) && !getenv("BENCHTOP_NO_PROGRESS"));
	res = benchrun_result_json(&r);
	/* a failed run is kept too: the session says why */
	rc = res && out->snapshot ? save(cmd, res, out) : 0;
	if (res && p->raw_json)
		print_raw(res);
	else if (res && json)
		res = jsondoc_wrap("result", time(NULL), res);
	if (res && json && !p->raw_json)
		json_dumpf(res, stdout, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
	if (res && json)
		fputc('\n', stdout);
	else if (res && r.state == BENCHRUN_DONE && !p->raw_json)
		print_result(res, out->format);
	/* the error may echo the target of the command line */
	if (r.state != BENCHRUN_DONE && strcmp(cmd, p->name) == 0)
		cmdline_say(stderr, "benchtop %s: %s\n", cmd, r.error);
	else if (r.state != BENCHRUN_DONE)
		cmdline_say(stderr, "benchtop %s: %s: %s\n", cmd, p->name,
			    r.error);
	rc = r.state != BENCHRUN_DONE ? cmdline_signal() ? 128 +
	     cmdline_signal() : 1 : rc;
	json_decref(res);
	benchrun_fini(&r);
	return rc;
}

/* S, or "" when the result has none; or "-". */
#define S(s) benchresult_or(s, "")
#define D(s) benchresult_or(s, "-")

static void print_table(FILE *f, const struct benchresult_table *t)
{
	size_t i, j;

	fprintf(f, "%52s%9s%9s\n", "", _("random"), _("random"));
	fprintf(f, "%8s %7s %8s %8s %8s %8s %8s %8s\n", "kB", "reclen",
		_("write"), _("rewrite"), _("read"), _("reread"), _("read"),
		_("write"));
	for (i = 0; i < t->nrows; i++) {
		for (j = 0; j < t->rows[i].n; j++)
			fprintf(f, "%*lld", j == 0 ? 8 : j == 1 ? 8 : 9,
				isnan(t->rows[i].v[j]) ? 0LL :
				(long long)t->rows[i].v[j]);
		fputc('\n', f);
	}
}

/* A cluster's frequency in MHz (0 when not known). */
static long long mhz(const struct benchresult_cluster *k)
{
	return k && !isnan(k->cur_khz) && k->cur_khz > 0 ?
	       (long long)figfmt_mhz_n((uint64_t)k->cur_khz) : 0;
}

static void print_clusters(FILE *f, const struct benchresult_cond *c)
{
	const struct benchresult_cluster *x, *y;
	char label[80];
	size_t i;

	for (i = 0; i < c->nstart; i++) {
		x = &c->start[i];
		y = i < c->nend ? &c->end[i] : NULL;
		fprintf(f, _("  cluster %lld (%s): %s, %lld -> %lld MHz%s\n"),
			x->policy, figfmt_cpus(label, sizeof(label),
					       S(x->cpus)),
			D(x->governor), mhz(x), mhz(y),
			y && y->throttled ? _(", throttled") : "");
	}
}

static void print_target(FILE *f, const struct benchresult_target *t)
{
	const struct benchresult_usb *u = &t->disk.usb;

	if (t->where == BENCHRESULT_WHERE_FOLDER)
		fprintf(f, _("  target: %s on %s (%s, disk %s)\n"),
			S(t->path), S(t->mountpoint), S(t->fstype),
			benchresult_or(t->disk.name, "?"));
	else if (t->where == BENCHRESULT_WHERE_DEVICE)
		fprintf(f, _("  target: %s (disk %s)\n"), S(t->device_path),
			benchresult_or(t->disk.name, "?"));
	if (u->present)
		fprintf(f, _("  USB: %s %s, bridge %s\n"), S(u->speed),
			D(u->driver), D(u->bridge));
}

static void print_conditions(FILE *f, const struct benchresult_cond *c)
{
	if (!c->present)
		return;
	fprintf(f, _("Conditions: kernel %s, %s, %.1f s\n"), S(c->kernel),
		S(c->time_start), isnan(c->duration_s) ? 0 : c->duration_s);
	print_target(f, &c->target);
	print_clusters(f, c);
	if (!isnan(c->temp_min_c))
		fprintf(f, _("  temperature %.1f-%.1f C\n"), c->temp_min_c,
			isnan(c->temp_max_c) ? 0 : c->temp_max_c);
	fprintf(f, "  %s\n", c->throttled == 1 ?
		_("a cluster was throttled during the run") :
		_("no cluster was seen throttled"));
}

/* A rate of V Mbit/s in FORMAT's unit, as iperf3 -f: k m g t bits
 * (powers of 1000), K M G T bytes (powers of 1024); its unit's name. */
static const char *in_format(double *v, char format)
{
	static const char fmts[] = "kmgtKMGT";
	static const char *const units[] = { "kbit/s", "Mbit/s", "Gbit/s",
		"Tbit/s", "KiB/s", "MiB/s", "GiB/s", "TiB/s" };
	static const double per_mbit[] = { 1e3, 1, 1e-3, 1e-6,
		1e6 / 8 / 1024, 1e6 / 8 / 1048576.0, 1e6 / 8 / 1073741824.0,
		1e6 / 8 / 1099511627776.0 };
	const char *at = format ? strchr(fmts, format) : NULL;
	int i = at ? (int)(at - fmts) : 1;

	*v *= per_mbit[i];
	return units[i];
}

/* One figure: counts (retransmits, lost datagrams) as integers; bit
 * rates in FORMAT's unit. */
static void print_figure(FILE *f, const struct benchresult_figure *x,
			 char format)
{
	double v = x->value;
	const char *unit = x->unit;

	if (x->count) {
		fprintf(f, "  %-22s %12lld %s\n", x->name,
			(long long)x->value, x->unit);
		return;
	}
	if (format && unit && !strcmp(unit, "Mbit/s"))
		unit = in_format(&v, format);
	fprintf(f, "  %-22s %12.1f %s\n", x->name, v, unit);
}

/* An iperf run over TCP under -R: the congestion window is the server's,
 * which this side cannot see. */
static bool remote_sender(const struct benchresult *res)
{
	return res->settings.reverse && !res->settings.udp &&
	       !strcmp(S(res->kind), "iperf");
}

void cmd_bench_print(FILE *f, const struct benchresult *res)
{
	cmd_bench_print_as(f, res, 0);
}

void cmd_bench_print_as(FILE *f, const struct benchresult *res, char format)
{
	size_t i;

	fprintf(f, _("%s on %s (%s)\n"), S(res->preset), S(res->target),
		benchresult_or(res->settings.io, "iperf3"));
	if (res->table.present)
		print_table(f, &res->table);
	else
		for (i = 0; i < res->nfigs; i++)
			print_figure(f, &res->figs[i], format);
	if (remote_sender(res))
		fprintf(f, "  %-22s %12s %s\n", _("max cwnd"), _("n/a"),
			_("(the sender is remote)"));
	print_conditions(f, &res->cond);
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
	const char *target, *size, *snapshot;
	bool json, list, force;
};

static const struct cliopt bench_opts[] = {
	{ "target", 't', N_("DIR|DEV"),
	  N_("a folder on a mounted filesystem for write tests\n(never a raw "
	     "device); a block device for read-timing"),
	  CLIOPT_SET_TEXT(struct bench_args, target) },
	{ "size", 's', N_("N"),
	  N_("bytes to write (512M, 32M; iozone: the file size)"),
	  CLIOPT_SET_TEXT(struct bench_args, size) },
	{ "json", 'j', NULL, N_("print the result as JSON (doc/bench.md)"),
	  CLIOPT_SET_FLAG(struct bench_args, json) },
	{ "snapshot", 'S', N_("FILE"), N_("save the session with the result "
					  "(report, compare)"),
	  CLIOPT_SET_TEXT(struct bench_args, snapshot) },
	{ "force", 'f', NULL, N_("replace FILE if it exists"),
	  CLIOPT_SET_FLAG(struct bench_args, force) },
	{ "list", 'l', NULL, N_("list the presets"),
	  CLIOPT_SET_FLAG(struct bench_args, list) },
	CLIOPT_HELP_ROW,
	{ 0 },
};

const struct command cmd_bench_entry = {
	.name = "bench",
	.summary = N_("run a benchmark preset on a folder or disk (--list)"),
	.synopsis = N_("bench PRESET --target DIR|DEV [--size N] [--json]\n"
		       "       [--snapshot FILE [--force]]\n"
		       "       benchtop bench --list"),
	.about = N_("Run a benchmark preset (from presets.conf) in a child "
		    "process."),
	.opts = bench_opts,
	.epilog = N_("Exit status: 0 done, 1 the run failed (one sentence on "
		     "stderr), 2 bad command line."),
	.main = cmd_bench_main,
};

/* Options into A; -1 to go on, else the exit status. */
static int parse(int argc, char **argv, struct bench_args *a)
{
	int rc = cliopt_parse(&cmd_bench_entry, argc, argv, a);

	if (rc >= 0)
		return rc;
	if (a->list)
		return optind == argc ? list() : bad(_("--list takes no preset "
						   "(%s)"), argv[optind]);
	if (optind + 1 != argc)
		return bad("%s", optind == argc ? _("which preset? (benchtop "
			   "bench --list)") : _("one preset at a time"));
	if (!a->target)
		return bad("%s", _("--target DIR is needed"));
	if (a->snapshot && !a->force && access(a->snapshot, F_OK) == 0 &&
	    !is_dir(a->snapshot))
		return bad("%s", _("the --snapshot file exists (give --force "
			   "to replace it)"));
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
	return cmd_bench_run("bench", &p, a.target, 0, &(struct cmd_bench_out){
		.json = a.json, .snapshot = a.snapshot, .force = a.force });
}
