/* SPDX-License-Identifier: GPL-2.0-or-later */
/* cmd_experiment: `benchtop experiment --preset NAME --target DIR|HOST
 * --vary SPEC [--vary SPEC] [--repeat N]`: the before/after method, run
 * interleaved, the tuning put back at the end, after a failure and after a
 * signal, and the table of medians, ranges, ratios and verdicts. */
#include "config.h"

#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "base/i18n.h"
#include "base/jsondoc.h"
#include "collect/sample.h"
#include "base/monoclock.h"
#include "base/numparse.h"
#include "base/strclean.h"
#include "base/textwrap.h"
#include "bench/benchresult.h"
#include "bench/experiment.h"
#include "cli/cmd_bench.h"
#include "cli/cmdline.h"
#include "cli/commands.h"
#include "session/snapexp.h"
#include "session/snapfile.h"
#include "session/snapshot.h"
#include "tune/irqbalance.h"
#include "tune/journalfile.h"
#include "tune/tunemsg.h"

/* One sentence about the command line; exit status 2. */
#define bad(...) cmdline_bad("experiment", __VA_ARGS__)

#define MSG "benchtop experiment: "

static void progress(const char *fmt, ...) __attribute__((format(printf, 1,
								  2)));

/* A progress line on stderr (its newline dropped), wrapped at the table's
 * SNAPEXP_WIDTH columns, its further lines four in. */
static void progress(const char *fmt, ...)
{
	char s[1024];
	va_list ap;
	size_t n;

	va_start(ap, fmt);
	vsnprintf(s, sizeof(s), fmt, ap);
	va_end(ap);
	n = strlen(s);
	if (n && s[n - 1] == '\n')
		s[n - 1] = '\0';
	textwrap_put(stderr, 0, 4, SNAPEXP_WIDTH, s);
}

struct exp_args {
	const char *preset, *target, *size, *snapshot;
	const char *vary[TUNEVARY_SPECS_MAX];
	size_t nvary;
	long repeat, budget, port, time;	/* repeat 0: auto */
	long budget_s;		/* --budget in time (0: none) */
	bool budget_runs;	/* --budget in runs was given */
	bool json, force;
};

static int add_vary(void *args, const char *v)
{
	struct exp_args *a = args;

	if (a->nvary == TUNEVARY_SPECS_MAX)
		return bad("%s", _("at most two --vary (a grid)"));
	a->vary[a->nvary++] = v;
	return -1;
}

static int set_repeat(void *args, const char *v)
{
	struct exp_args *a = args;
	uint64_t n;

	if (strcmp(v, "auto") == 0) {
		a->repeat = 0;
		return -1;
	}
	if (numparse_uint(v, EXPERIMENT_REPEAT_MAX, &n) || n < 1)
		return bad(_("'%s' is not a number of runs (1-%d) nor auto"),
			   v, EXPERIMENT_REPEAT_MAX);
	a->repeat = (long)n;
	return -1;
}

/* --budget: N runs of each variant, or a time: N followed by s, m (or
 * min) or h. */
static int set_budget(void *args, const char *v)
{
	static const struct { const char *unit; long s; } units[] = {
		{ "s", 1 }, { "m", 60 }, { "min", 60 }, { "h", 3600 } };
	struct exp_args *a = args;
	size_t len = strspn(v, "0123456789"), i;
	uint64_t n;
	char num[24];

	if (len == 0 || len >= sizeof(num))
		return bad(_("'%s' is not a budget: a number of runs (1-%d) "
			     "or a time such as 10m, 90s or 2h"), v,
			   EXPERIMENT_REPEAT_MAX);
	memcpy(num, v, len);
	num[len] = '\0';
	for (i = 0; v[len] && i < sizeof(units) / sizeof(units[0]); i++)
		if (!strcmp(v + len, units[i].unit) &&
		    !numparse_uint(num, 7 * 86400 / units[i].s, &n) && n) {
			a->budget_s = (long)n * units[i].s;
			return -1;
		}
	if (!v[len] && !numparse_uint(num, EXPERIMENT_REPEAT_MAX, &n) && n) {
		a->budget = (long)n;
		a->budget_runs = true;
		return -1;
	}
	return bad(_("'%s' is not a budget: a number of runs (1-%d) or a "
		     "time such as 10m, 90s or 2h"), v, EXPERIMENT_REPEAT_MAX);
}

static const struct cliopt exp_opts[] = {
	{ "preset", 'p', N_("NAME"), N_("the preset (benchtop bench --list)"),
	  CLIOPT_SET_TEXT(struct exp_args, preset) },
	{ "target", 't', N_("DIR|HOST"), N_("a folder for disk presets, an "
					    "iperf3 server for iperf"),
	  CLIOPT_SET_TEXT(struct exp_args, target) },
	{ "vary", 'v', N_("SPEC"),
	  N_("KIND:TARGET=VALUE,VALUE...:\n"
	     "  irq:150=0-3,4-7  irq:sda=little,big  irq:eth0=2,4-7\n"
	     "  governor:policy4=ondemand,performance\n"
	     "  maxfreq:policy4=1400MHz,2000MHz  (minfreq too)\n"
	     "  scheduler:sda=mq-deadline,bfq,none\n"
	     "a CPU list with commas is written with + (0+2)"),
	  CLIOPT_CALL_FN(add_vary) },
	{ "repeat", 'n', N_("N|auto"), N_("runs of each variant, or auto (the "
					  "default):\nuntil every main figure "
					  "is decided or the\nbudget is "
					  "spent"),
	  CLIOPT_CALL_FN(set_repeat) },
	{ "budget", 'b', N_("N|TIME"), N_("--repeat auto: at most N runs a side "
					  "(20),\nor a time (10m, 90s, 2h) "
					  "after which no\nround starts; both: "
					  "whichever comes first"),
	  CLIOPT_CALL_FN(set_budget) },
	{ "port", 'P', N_("PORT"), N_("the iperf3 server's port (5201)"),
	  CLIOPT_SET_NUM(struct exp_args, port, 1, 65535,
			 N_("'%s' is not a port (1-65535)")) },
	{ "size", 's', N_("N"), N_("bytes to write (disk presets)"),
	  CLIOPT_SET_TEXT(struct exp_args, size) },
	{ "time", 'T', N_("SEC"), N_("seconds of each iperf run"),
	  CLIOPT_SET_NUM(struct exp_args, time, 1, 86400,
			 N_("'%s' is not a number of seconds (1-86400)")) },
	{ "snapshot", 'S', N_("FILE"), N_("save the session with the "
					  "experiment (report, compare)"),
	  CLIOPT_SET_TEXT(struct exp_args, snapshot) },
	{ "force", 'f', NULL, N_("replace FILE if it exists"),
	  CLIOPT_SET_FLAG(struct exp_args, force) },
	{ "json", 'j', NULL, N_("print the experiment as JSON"),
	  CLIOPT_SET_FLAG(struct exp_args, json) },
	CLIOPT_HELP_ROW,
	{ 0 },
};

/* With a budget in time alone: as many runs a side as an experiment of
 * TV's variants may have. */
static long runs_cap(const struct tunevary *tv)
{
	size_t i, n = 1;

	for (i = 0; i < tv->n; i++)
		n *= tv->v[i].spec.nvalues;
	n = EXPERIMENT_RUNS_MAX / (n ? n : 1);
	return n < EXPERIMENT_REPEAT_MAX ? (long)(n ? n : 1) :
	       EXPERIMENT_REPEAT_MAX;
}

int cmd_experiment_main(int argc, char **argv);

const struct command cmd_experiment_entry = {
	.name = "experiment",
	.summary = N_("vary a tuning, repeat a preset, get the table with its "
		      "noise"),
	.synopsis = N_("experiment --preset NAME --target DIR|HOST --vary "
		       "SPEC\n         [--vary SPEC] [--repeat N|auto] "
		       "[--budget N|TIME] [--json]\n         [--snapshot FILE]"),
	.about = N_("Run a preset under each value of one or two tunables, "
		    "interleaved (A B B A ...),\nN times each or until the "
		    "figures are decided, and say what the runs support:\n"
		    "faster or slower by X-Y %, the same within the margin, "
		    "or cannot tell yet."),
	.opts = exp_opts,
	.epilog = N_("Exit status: 0 done, 1 a tuning or a run failed (the "
		     "tuning is put back),\n2 bad command line, 128+N after "
		     "signal N."),
	.main = cmd_experiment_main,
};

static int parse(int argc, char **argv, struct exp_args *a)
{
	int rc = cliopt_parse(&cmd_experiment_entry, argc, argv, a);

	if (rc >= 0)
		return rc;
	if (optind != argc)
		return bad(_("'%s' is not an option"), argv[optind]);
	if (!a->preset || !a->target)
		return bad("%s", _("--preset NAME and --target DIR|HOST are "
			   "needed"));
	if (!a->nvary)
		return bad("%s", _("what to vary? (--vary irq:150=0-3,4-7)"));
	return -1;
}

/* The preset with --size and --time applied into P; -1 or the status. */
static int find_preset(const struct exp_args *a, struct preset *p)
{
	struct presets ps;
	const struct preset *found;
	uint64_t v;

	if (!cmd_bench_presets("experiment", &ps))
		return 1;
	found = presets_find(&ps, a->preset);
	if (found)
		*p = *found;
	presets_free(&ps);
	if (!found)
		return bad(_("no preset is named '%s' (benchtop bench --list)"),
			   a->preset);
	if (a->size && (presets_parse_size(a->size, strlen(a->size), &v) ||
			v < 1 << 20 || v % 4096))
		return bad(_("'%s' is not a size such as 32M or 1G (at least "
			     "1M, a multiple of 4k)"), a->size);
	if (a->size)
		*(p->kind == BENCH_IOZONE ? &p->file_size : &p->size) = v;
	if (a->time > 0 && p->kind == BENCH_IPERF) {
		p->duration_s = (unsigned)a->time;
		p->timeout_s = (unsigned)a->time + 30;
	}
	return -1;
}

/* The specs into TV; -1, or 2 after one sentence. */
static int add_specs(const struct exp_args *a, struct tunevary *tv,
		     const struct hwmodel *hw)
{
	struct tunespec s;
	char err[300];
	size_t i;

	for (i = 0; i < a->nvary; i++) {
		if (tunespec_parse(a->vary[i], strlen(a->vary[i]), &s, err,
				   sizeof(err)) ||
		    tunevary_add(tv, &s, &hw->chain.chains, err, sizeof(err)))
			return bad("--vary: %s", err);
	}
	return -1;
}

/* "write 251.3 MB/s, read 280.1 MB/s" of a run's figures. */
static void run_line(const struct experiment *ex, char *dst, size_t size)
{
	const struct benchresult_figure *f;
	struct benchresult r;
	size_t i, used = 0;

	dst[0] = '\0';
	if (benchresult_load(&r, json_object_get(json_array_get(ex->runs,
			     json_array_size(ex->runs) - 1), "result"), NULL,
			     0))
		return;
	for (i = 0; i < r.nfigs && used < size; i++) {
		f = &r.figs[i];
		/* counts (retransmits) whole, as the result prints them */
		used += (size_t)snprintf(dst + used, size - used, f->count ?
			"%s%s %.0f%s%s" : "%s%s %.1f%s%s", i ? ", " : "",
			f->name, f->value, *f->unit ? " " : "", f->unit);
	}
	benchresult_fini(&r);
}

/* Wait for the run going on; a signal cancels it. */
static void wait_run(struct experiment *ex)
{
	struct benchrun *r = ex->run;
	double last = 0;

	while (benchrun_active(r)) {
		struct pollfd p = { .fd = r->fd, .events = POLLIN };

		if (poll(&p, r->fd >= 0, 250) > 0)
			benchrun_read(r);
		if (cmdline_signal() && ex->state == EXPERIMENT_RUNNING)
			experiment_cancel(ex);
		if (benchrun_reap(r))
			break;
		if (monoclock_s() - last >= 1.0) {
			benchrun_tick(r);
			last = monoclock_s();
		}
	}
	experiment_collect(ex);
}

/* --repeat auto, after a round that is a look: each main figure's
 * verdict so far, one line each on stderr (the interval narrowing). */
static void look_lines(const struct experiment *ex)
{
	const json_t *f, *c;
	struct verdict_opts o;
	json_t *figs;
	size_t i, j, n = ex->step / ex->nvariants;

	if (!ex->auto_stop || ex->step % ex->nvariants ||
	    !experiment_look((unsigned)n, ex->repeat))
		return;
	experiment_opts(ex, &o);
	figs = experiment_figures(ex->runs, ex->nvariants, &o);
	json_array_foreach(figs, i, f) {
		if (!json_is_true(json_object_get(f, "main")))
			continue;
		json_array_foreach(json_object_get(f, "comparisons"), j, c)
			progress(MSG "after %zu runs a side: %s %c: "
				"%s\n", n, json_string_value(json_object_get(f,
				"name")), (char)('A' + (j + 1) % 26),
				json_string_value(json_object_get(c,
				"sentence")));
	}
	json_decref(figs);
}

/* --repeat auto: why it stopped, when it ran to its end. */
static void auto_end(const struct experiment *ex)
{
	size_t n = ex->nruns / ex->nvariants;
	struct verdict_opts o;
	json_t *figs;
	bool done;

	if (!ex->auto_stop || ex->state != EXPERIMENT_DONE)
		return;
	if (ex->timed_out) {
		progress(_("benchtop experiment: the budget of %.0f s "
			"is spent after %zu runs a side; a figure that cannot "
			"tell says how many more would decide it (--budget)\n"),
			ex->budget_s, n);
		return;
	}
	experiment_opts(ex, &o);
	figs = experiment_figures(ex->runs, ex->nvariants, &o);
	done = figs && experiment_decided(figs);
	json_decref(figs);
	if (done)
		progress(_("benchtop experiment: every main figure is "
			"decided after %zu runs a side\n"), n);
	else
		progress(_("benchtop experiment: the budget of %u runs "
			"a side is spent; a figure that cannot tell says how "
			"many more would decide it (--budget)\n"), ex->repeat);
}

/* A tunable that read back otherwise than its variant set it, before
 * the run that just started. */
static void effect_lines(const struct experiment *ex)
{
	char shown[300];
	size_t i;

	for (i = 0; i < ex->tv->n; i++) {
		if (ex->in_effect[i] != 0)
			continue;
		strclean_copy(shown, sizeof(shown), ex->readback[i],
			      strlen(ex->readback[i]));
		progress(_("benchtop experiment: run %zu: %s:%s reads "
			"back %s, not %s: the variant did not take effect and "
			"the run is left out of the verdict\n"), ex->step,
			tunespec_kind_name(ex->tv->v[i].spec.kind),
			ex->tv->v[i].spec.target, shown, ex->tv->v[i].spec.
			values[ex->cur[i] < TUNESPEC_VALUES_MAX ? ex->cur[i] :
			0]);
	}
}

/* Every run, one line each on stderr as it starts and ends. */
static void run_all(struct experiment *ex)
{
	char label[300], line[600];
	size_t logged = 0;

	while (ex->state == EXPERIMENT_READY && !cmdline_signal()) {
		size_t v = ex->order[ex->step];

		experiment_start_next(ex, false);
		for (; logged < json_array_size(ex->log); logged++)
			progress(MSG "%s", json_string_value(
				 json_array_get(ex->log, logged)));
		if (ex->state != EXPERIMENT_RUNNING)
			break;
		progress(MSG "run %zu/%zu: %c %s\n", ex->step,
			ex->nruns, (char)('A' + v % 26), experiment_label(
			ex->tv, v, label, sizeof(label)));
		effect_lines(ex);
		wait_run(ex);
		run_line(ex, line, sizeof(line));
		if (ex->run->state == BENCHRUN_DONE)
			progress(MSG "run %zu/%zu done: %s\n", ex->step,
				ex->nruns, line);
		look_lines(ex);
	}
	if (cmdline_signal() && ex->state == EXPERIMENT_READY)
		experiment_cancel(ex);
	auto_end(ex);
}

/* Save the session: the system, the journal, every run, the experiment. */
static int save(const struct exp_args *a, const struct hwmodel *hw,
		json_t *exp, const struct experiment *ex)
{
	struct snapshot_input in = { .hw = hw, .saved_at = time(NULL) };
	char where[4096], err[600], shown[600], line[800];
	json_t *results = json_array(), *r, *exps = json_array();
	struct stat st;
	bool dir = stat(a->snapshot, &st) == 0 && S_ISDIR(st.st_mode);
	size_t i;
	int rc;

	json_array_foreach(ex->runs, i, r)
		json_array_append(results, json_object_get(r, "result"));
	json_array_append(exps, exp);
	in.journal = json_object_get(exp, "journal");
	in.results = results;
	in.experiments = exps;
	rc = snapshot_save(&in, dir ? NULL : a->snapshot, dir ? a->snapshot :
			   NULL, a->force, where, sizeof(where), err,
			   sizeof(err));
	json_decref(results);
	json_decref(exps);
	if (rc) {
		progress(MSG "%s\n", err);
		return 1;
	}
	strclean_copy(shown, sizeof(shown), where, strlen(where));
	snprintf(line, sizeof(line),
		 _("benchtop experiment: snapshot saved to %s\n"), shown);
	textwrap_put_path(stderr, 80, line, shown);
	return 0;
}

static int status_of(const struct experiment *ex, int restore_failed)
{
	if (cmdline_signal())
		return 128 + cmdline_signal();
	return ex->state == EXPERIMENT_DONE && !restore_failed ? 0 : 1;
}

/* irqbalance moves IRQs back while the runs go on: say so. */
static void irqbalance_note(const struct tunevary *tv)
{
	int pid = irqbalance_find(sample_live_roots.proc);
	size_t i;

	for (i = 0; pid > 0 && i < tv->n; i++)
		if (tv->v[i].spec.kind == TUNESPEC_IRQ) {
			progress(_("benchtop experiment: irqbalance runs "
				"(pid %d) and may move IRQ %s back during the "
				"runs; each run's conditions record the "
				"affinity it ran with\n"), pid,
				tv->v[i].spec.target);
			return;
		}
}

/* Run, restore, print and save; the exit status. */
static int conduct(const struct exp_args *a, struct experiment *ex,
		   const struct hwmodel *hw)
{
	json_t *exp;
	int failed, rc;

	cmdline_catch_signals();
	irqbalance_note(ex->tv);
	run_all(ex);
	failed = experiment_finish(ex);
	if (failed)
		progress(_("benchtop experiment: %d tunings could not be put "
			"back; see the journal (--json)\n"), failed);
	else
		progress("%s", _("benchtop experiment: the tuning is back to "
			"where it was"));
	if (ex->state != EXPERIMENT_DONE)
		progress(MSG "%s\n", ex->error);
	exp = experiment_json(ex);
	if (!exp)
		return 1;
	if (a->json) {
		/* the header of every benchtop document before its keys */
		json_t *doc = jsondoc_wrap("experiment", time(NULL),
					   json_deep_copy(exp));

		if (doc)
			json_dumpf(doc, stdout, JSON_INDENT(2) |
				   JSON_PRESERVE_ORDER);
		fputc('\n', stdout);
		json_decref(doc);
	} else {
		snapexp_print(stdout, exp, false);
	}
	rc = status_of(ex, failed);
	if (a->snapshot && save(a, hw, exp, ex) && rc == 0)
		rc = 1;
	json_decref(exp);
	return rc;
}

/* --snapshot's target, checked before the first run: a folder that
 * takes a new file, or a file that does not exist (or --force); one
 * sentence and 1 when not. */
static int check_snapshot(const struct exp_args *a)
{
	char path[4096], err[600], host[256] = "";
	struct stat st;
	int rc = 0;

	if (stat(a->snapshot, &st) == 0 && S_ISDIR(st.st_mode)) {
		gethostname(host, sizeof(host) - 1);
		rc = snapfile_default_path(path, sizeof(path), a->snapshot,
					   host, time(NULL));
	} else {
		snprintf(path, sizeof(path), "%s", a->snapshot);
	}
	if (rc == 0)
		rc = snapfile_check(path, a->force, err, sizeof(err));
	else
		snprintf(err, sizeof(err), "%s", strerror(-rc));
	if (rc)
		progress(MSG "%s\n", err);
	return rc ? 1 : 0;
}

/* The runtime journal that every benchtop shares: each setting is
 * journaled ahead of its write, so a kill at any moment leaves what
 * `benchtop set --restore` needs; what an earlier benchtop left behind is
 * said.  Without a usable journal nothing is tuned (the varied settings
 * fail with a sentence each). */
static void attach_journal(struct tune *t)
{
	struct tune_found found;
	char path[4096], msg[512];
	int rc = journalfile_path(path, sizeof(path));

	if (rc)
		return;	/* no runtime folder: the journal is in memory */
	rc = tune_attach(t, path, "experiment", false, &found);
	tunemsg_found(t, &found, msg, sizeof(msg));
	if (rc == 0 && msg[0])
		progress(MSG "%s\n", msg);
}

int cmd_experiment_main(int argc, char **argv)
{
	struct exp_args a = { .repeat = 0, .budget = EXPERIMENT_BUDGET,
			      .port = 5201 };
	struct hwmodel hw;
	struct tune tune;
	struct tunevary tv;
	struct experiment *ex;
	struct preset p;
	int rc = parse(argc, argv, &a);

	if (rc >= 0 || (rc = find_preset(&a, &p)) >= 0)
		return rc;
	if (a.snapshot && check_snapshot(&a))
		return 1;	/* before any run, not after all of them */
	if (hwmodel_load_flags(&hw, 0))
		return 1;
	tune_init(&tune, sample_live_roots.proc, sample_live_roots.sys);
	attach_journal(&tune);
	tunevary_init(&tv, &tune, &hw.clusters, getenv(TUNEVARY_HOOK_ENV));
	ex = calloc(1, sizeof(*ex));
	if (ex) {
		benchrun_init(&ex->own);
		ex->run = &ex->own;
	}
	rc = ex ? add_specs(&a, &tv, &hw) : 1;
	if (rc < 0 && a.budget_s && !a.budget_runs)	/* time alone */
		a.budget = runs_cap(&tv);
	if (rc < 0 && experiment_init(ex, &p, a.target, (int)a.port,
				      (unsigned)(a.repeat ? a.repeat :
						 a.budget), &tv))
		rc = bad("%s", ex->error);
	if (rc < 0 && !a.repeat) {
		experiment_auto(ex);
		experiment_time_budget(ex, (double)a.budget_s);
	}
	if (rc < 0)
		rc = conduct(&a, ex, &hw);
	if (ex)
		experiment_fini(ex);
	free(ex);
	tune_settle(&tune);
	tune_fini(&tune);
	hwmodel_fini(&hw);
	return rc;
}
