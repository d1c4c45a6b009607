/* SPDX-License-Identifier: GPL-2.0-or-later */
/* benchtop: the command-line front; everything else lives in src/ modules
 * (collectors) and tui/ (the live screen). */
#include "config.h"

#include <errno.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif

#include "cli/cmd_snap.h"
#include "base/jsondoc.h"
#include "base/monoclock.h"
#include "cli/commands.h"
#include "hw/hwmodel.h"
#include "base/i18n.h"
#include "cli/options.h"
#include "session/report_json.h"
#include "cli/report_text.h"
#include "collect/sample.h"
#include "view/live.h"
#include "base/settings.h"
#include "tui/tui.h"

static void sleep_s(double s)
{
	struct timespec ts;

	ts.tv_sec = (time_t)s;
	ts.tv_nsec = (long)((s - (double)ts.tv_sec) * 1e9);
	while (nanosleep(&ts, &ts) == -1 && errno == EINTR)
		;
}

static json_t *host_json(void)
{
	struct utsname u;
	char host[256] = "";

	gethostname(host, sizeof(host) - 1);
	if (uname(&u))
		memset(&u, 0, sizeof(u));
	return json_pack("{s:s s:s s:s s:s}", "hostname", host,
			 "kernel", u.release, "machine", u.machine,
			 "benchtop_version", PACKAGE_VERSION);
}

static int print_json(const struct sample *prev, const struct sample *cur,
		      const struct sample_rates *r, const struct hwmodel *hw,
		      bool one_line)
{
	json_t *o = report_json_rates(prev, cur, r);
	json_t *h = hwmodel_json(hw);
	int rc;

	if (!o || !h) {
		json_decref(o);
		json_decref(h);
		return -ENOMEM;
	}
	json_object_update(o, h);
	json_decref(h);
	json_object_set_new(o, "host", host_json());
	o = jsondoc_wrap("once", time(NULL), o);
	if (!o)
		return -ENOMEM;
	rc = json_dumpf(o, stdout, (one_line ? JSON_COMPACT : JSON_INDENT(2)) |
			JSON_PRESERVE_ORDER);
	fputc('\n', stdout);
	if (!rc && fflush(stdout))
		rc = -1;
	json_decref(o);
	return rc ? -EIO : 0;
}

static void print_text(const struct options *opts, bool first,
		       const struct sample *cur, const struct sample_rates *r,
		       const struct hwmodel *hw)
{
	struct report_text_opts to = { .all = opts->all };
	struct utsname u;
	char host[256] = "";

	gethostname(host, sizeof(host) - 1);
	if (uname(&u) == 0)
		printf(_("%s %s on %s, kernel %s, interval %.2f s\n\n"),
		       PACKAGE, PACKAGE_VERSION, host, u.release, r->dt);
	if (first) {
		hwmodel_print(stdout, hw);
		fputc('\n', stdout);
	}
	report_text_rates(stdout, cur, r, &to);
}

/* True when nothing at all could be read: the run is a failure. */
static int all_failed(const struct sample *s)
{
	return s->status.stat && s->status.diskstats && s->status.netdev &&
	       s->status.interrupts;
}

/* One reading (PREV to CUR) printed: the whole of it the first time
 * (FIRST), the rates only after that; JSON as one document, or one a
 * line when LINES (-n). */
static int print_reading(const struct options *opts, bool first, bool lines,
			 const struct sample *prev, const struct sample *cur,
			 const struct sample_rates *r, const struct hwmodel *hw)
{
	if (opts->json)
		return print_json(prev, cur, r, hw, lines);
	if (!first)
		fputc('\n', stdout);
	print_text(opts, first, cur, r, hw);
	return fflush(stdout) ? -errno : 0;
}

/* What --once reads: every reading's affinities, the model with the PCI
 * devices' names. */
static const struct live_opts once_live = {
	.hw_flags = HWMODEL_PCI_NAMES,
};

/* Sleep until INTERVAL_S after the reading at SINCE_S (the first
 * reading's hardware scan is not counted in the interval). */
static void sleep_after(double since_s, double interval_s)
{
	double left = since_s + interval_s - monoclock_s();

	if (left > 0)
		sleep_s(left);
}

static int run_once(const struct options *opts)
{
	struct live l;
	const struct sample *prev, *cur;
	bool snap_failed = false;	/* [snapshot once] */
	long i, n = opts->count > 0 ? opts->count : 1;
	int rc;

	live_init(&l, &once_live);
	rc = live_tick(&l, 0);
	for (i = 0; rc == 0 && i < n; i++) {
		sleep_after(live_cur(&l)->time_s, opts->interval_s);
		if ((rc = live_tick(&l, 0)) != 0)
			break;
		if (!l.have_rates) {
			rc = -ENOMEM;
			break;
		}
		prev = &l.samples[!l.cur];
		cur = &l.samples[l.cur];
		rc = print_reading(opts, i == 0, opts->count > 0, prev, cur,
				   &l.rates, &l.hw);
		if (rc == 0 && opts->snapshot)
			snap_failed = cmd_snap_once(opts->snapshot, opts->force,
						    prev, cur, &l.rates,
						    &l.hw) != 0;
	}
	if (rc == 0 && all_failed(live_cur(&l))) {
		fprintf(stderr, _("%s: none of /proc/stat, /proc/diskstats, "
				  "/proc/net/dev, /proc/interrupts could be "
				  "read: is /proc mounted?\n"), PACKAGE);
		rc = -ENOENT;
	}
	if (rc && rc != -ENOENT)
		fprintf(stderr, _("%s: %s\n"), PACKAGE, strerror(-rc));
	live_fini(&l);
	return rc || snap_failed ? EXIT_FAILURE : EXIT_SUCCESS; /* [snapshot] */
}

/* Read one configuration file on top of S; a problem is one warning. */
static void load_settings_file(struct settings *s, const char *path)
{
	struct settings_error err = { 0 };
	int rc = settings_load(s, path, &err);

	if (rc < 0 && rc != -ENOMEM && err.line == 0)
		fprintf(stderr, _("%s: %s: %s (using the defaults)\n"),
			PACKAGE, path, err.msg);
	else if (rc < 0 && rc != -ENOMEM)
		fprintf(stderr, _("%s: %s: %s (the rest of the file was "
				  "used)\n"), PACKAGE, path, err.msg);
}

/* The system-wide file, then the user's: the user's lines win. */
static void load_settings(struct settings *s)
{
	char path[4096];

	settings_defaults(s);
	if (settings_system_path(path, sizeof(path)))
		load_settings_file(s, path);
	if (settings_default_path(path, sizeof(path)))
		load_settings_file(s, path);
}

/* --version as GNU programs print it: name, version, copyright, licence. */
static void print_version(void)
{
	printf("%s %s\n", PACKAGE, PACKAGE_VERSION);
	printf("Copyright (C) %s The benchtop authors.\n",
	       BENCHTOP_COPYRIGHT_YEARS);
	fputs(_("License GPLv2+: GNU GPL version 2 or later "
		"<https://gnu.org/licenses/gpl.html>.\n"
		"This is free software: you are free to change and "
		"redistribute it.\n"
		"There is NO WARRANTY, to the extent permitted by law.\n"),
	      stdout);
}

/* A subcommand, or the one sentence saying this build lacks it. */
static int run_command(const struct command *cmd, int argc, char **argv)
{
	const char *why = commands_missing(cmd->name);

	if (!why)
		return cmd->main(argc, argv);
	fprintf(stderr, "%s %s: %s\n", PACKAGE, cmd->name, _(why));
	return EXIT_FAILURE;
}

/* RC, or 1 with a sentence when what went to stdout could not be written
 * (a full disk, /dev/full, a closed pipe), as GNU tools do. */
static int stdout_done(int rc)
{
	if (fflush(stdout) == 0 && !ferror(stdout))
		return rc;
	fprintf(stderr, _("%s: could not write the output: %s\n"), PACKAGE,
		strerror(errno ? errno : EIO));
	return rc ? rc : EXIT_FAILURE;
}

int main(int argc, char **argv)
{
	struct options opts;
	struct settings cfg;
	const struct command *cmd;
	const char *localedir = getenv("BENCHTOP_LOCALEDIR");
	int rc;

#ifdef M_MMAP_THRESHOLD
	/* Blocks of 128 KiB and more (a reading of /proc/interrupts with 256
	 * CPUs and 2000 IRQs holds 2 MB of counts) are mapped and given back
	 * when freed; glibc's moving threshold would put them in the heap,
	 * where freed ones stay resident (peak RSS there 34 -> 24 MiB). */
	mallopt(M_MMAP_THRESHOLD, 128 * 1024);
#endif
	/* The user's locale for the two categories benchtop uses: characters
	 * (UTF-8, the terminal's widths) and messages.  The others stay "C",
	 * and none of their files is mapped (40 kB resident): numbers are
	 * written with a '.' in every locale, on the screen too, as the kernel
	 * writes them (doc/benchtop.1, LANGUAGE), parsers never look at the
	 * locale (base/numparse), dates and times are written in digits, and
	 * the hide patterns of the settings match byte by byte. */
	setlocale(LC_CTYPE, "");
	setlocale(LC_MESSAGES, "");
	/* BENCHTOP_LOCALEDIR: catalogues of an uninstalled build (tests). */
	bindtextdomain(PACKAGE, localedir && *localedir ? localedir : LOCALEDIR);
	textdomain(PACKAGE);
	if (argc > 1 && argv[1][0] != '-' && (cmd = commands_find(argv[1])))
		return stdout_done(run_command(cmd, argc - 1, argv + 1));
	if (argc == 2 && strcmp(argv[1], "--list-keys") == 0) {
		tui_list_keys(stdout);	/* hidden: the man page test reads it */
		return EXIT_SUCCESS;
	}
	rc = options_parse(argc, argv, &opts);
	if (rc)
		return rc;
	switch (opts.action) {
	case ACTION_HELP:
		options_usage(stdout);
		return stdout_done(EXIT_SUCCESS);
	case ACTION_VERSION:
		print_version();
		return stdout_done(EXIT_SUCCESS);
	case ACTION_ONCE:
	case ACTION_MONITOR:
		break;
	}
	load_settings(&cfg);
	if (opts.no_color)
		cfg.color = SETTINGS_COLOR_NO;
	if (opts.action == ACTION_MONITOR) {
		rc = tui_run(&opts, &cfg);
		settings_fini(&cfg);
		return rc;
	}
	if (!opts.interval_set && (cfg.set & SETTINGS_INTERVAL))
		opts.interval_s = cfg.interval_s;
	rc = run_once(&opts);
	settings_fini(&cfg);
	if (fflush(stdout) || ferror(stdout)) {
		fprintf(stderr, _("%s: could not write the output: %s\n"),
			PACKAGE, strerror(errno));
		return EXIT_FAILURE;
	}
	return rc;
}
