/* SPDX-License-Identifier: GPL-2.0-or-later */
/* options: benchtop's own table of options (the monitor and --once) and
 * its --help, with one clear sentence per mistake (exit status 2, as GNU
 * programs do). */
#include "config.h"

#include "cli/options.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/i18n.h"
#include "base/numparse.h"
#include "cli/cmdline.h"
#include "cli/commands.h"

#define INTERVAL_MAX_S 3600.0

/* --interval and --delay: seconds as the configuration file takes them
 * (numparse_decimal), "0.5" whatever the locale, no "0x1" or "1e3". */
static int set_interval(void *args, const char *s)
{
	struct options *o = args;
	double v;

	o->interval_set = true;
	if (numparse_decimal(s, s + strlen(s), &v) || !isfinite(v) ||
	    v < 0.1 || v > INTERVAL_MAX_S) {
		cmdline_say(stderr, _("%s: invalid interval '%s': give seconds "
			    "from 0.1 to 3600, such as 1 or 0.5\n"), PACKAGE,
			    s);
		return 2;
	}
	o->interval_s = v;
	return -1;
}

static int set_on_exit(void *args, const char *s)
{
	struct options *o = args;

	if (strcmp(s, "keep") == 0)
		o->on_exit = OPTIONS_ON_EXIT_KEEP;
	else if (strcmp(s, "restore") == 0)
		o->on_exit = OPTIONS_ON_EXIT_RESTORE;
	else if (strcmp(s, "ask") == 0)
		o->on_exit = OPTIONS_ON_EXIT_ASK;
	else {
		cmdline_say(stderr, _("%s: --on-exit takes keep, restore or "
			    "ask, not '%s'\n"), PACKAGE, s);
		return 2;
	}
	return -1;
}

/* --help and --version: the last one given is done, after the rest of
 * the command line is read. */
static int want_help(void *args, const char *s)
{
	((struct options *)args)->action = ACTION_HELP;
	return -1;
}

static int want_version(void *args, const char *s)
{
	((struct options *)args)->action = ACTION_VERSION;
	return -1;
}

static const struct cliopt opt_table[] = {
	{ "once", 'o', NULL, N_("take two samples, print the rates and exit"),
	  CLIOPT_SET_FLAG(struct options, once) },
	{ "interval", 'i', N_("SEC"),
	  N_("seconds between samples (default 1; 0.1 to 3600)"),
	  CLIOPT_CALL_FN(set_interval) },
	{ "delay", 'd', N_("SEC"), N_("the same as --interval, as in top"),
	  CLIOPT_CALL_FN(set_interval) },
	{ "json", 'j', NULL,
	  N_("print JSON instead of tables (keys in doc/json.md)"),
	  CLIOPT_SET_FLAG(struct options, json) },
	{ "count", 'n', N_("N"),
	  N_("print N readings, one an interval after the other, and exit "
	     "(as top -b -n; with --json one document a line)"),
	  CLIOPT_SET_NUM(struct options, count, 1, 1000000,
			 N_("-n takes a number of readings from 1 to 1000000, "
			    "not '%s'")) },
	{ "all", 'a', NULL, N_("also list idle loop, ram and zram devices"),
	  CLIOPT_SET_FLAG(struct options, all) },
	{ "on-exit", 'E', N_("WHAT"),
	  N_("changes in force at exit: keep, restore, ask"),
	  CLIOPT_CALL_FN(set_on_exit) },
	{ "snapshot", 'w', N_("FILE"), N_("with --once: save the session to "
					  "FILE"),
	  CLIOPT_SET_TEXT(struct options, snapshot) },
	{ "force", 'F', NULL, N_("let --snapshot replace an existing FILE"),
	  CLIOPT_SET_FLAG(struct options, force) },
	{ "replay", 'r', N_("FILE"),
	  N_("open the live screen on the session saved in FILE"),
	  CLIOPT_SET_TEXT(struct options, replay) },
	{ "readonly", 'R', NULL,
	  N_("live screen without tuning keys, even as root"),
	  CLIOPT_SET_FLAG(struct options, readonly) },
	{ "no-color", 'C', NULL,
	  N_("live screen without colours (as NO_COLOR=1 and color = no)"),
	  CLIOPT_SET_FLAG(struct options, no_color) },
	{ "help", 'h', NULL, N_("show this help and exit"),
	  CLIOPT_CALL_FN(want_help) },
	{ "version", 'V', NULL, N_("show the version and exit"),
	  CLIOPT_CALL_FN(want_version) },
	{ 0 },
};

/* benchtop itself, as its subcommands are entries (commands.h). */
static const struct command options_entry = {
	.synopsis = N_("[OPTION]..."),
	.about = N_("Live monitor of CPU clusters, disks, networks and IRQs "
		    "on Linux boards.\nWithout --once it opens the live "
		    "screen (press h there for the keys)."),
	.opts = opt_table,
};

static void print_commands(FILE *f)
{
	const struct command *const *c = commands_all();

	if (!*c)
		return;
	fputs(_("\nCommands (benchtop COMMAND --help for each):\n"), f);
	for (; *c; c++)
		cliopt_row(f, (*c)->name, _((*c)->summary));
}

void options_usage(FILE *f)
{
	cliopt_usage(f, &options_entry);
	print_commands(f);
	fputs(_("\nExit status: 0 on success, 1 when the system could not be "
		"read,\n2 for a bad command line.\n"), f);
	fprintf(f, _("\nReport bugs to: %s\n%s home page: <%s>\n"),
		PACKAGE_BUGREPORT, PACKAGE_NAME, PACKAGE_URL);
}

int options_parse(int argc, char **argv, struct options *o)
{
	int rc;

	memset(o, 0, sizeof(*o));
	o->action = ACTION_MONITOR;
	o->interval_s = 1.0;
	rc = cliopt_parse(&options_entry, argc, argv, o);
	if (rc >= 0)
		return rc;
	/* --snapshot means --once */
	if (o->replay && (o->snapshot || o->once || o->json || o->count)) {
		fprintf(stderr, _("%s: --replay opens the live screen; it does "
				  "not go with --once, -n, --json or "
				  "--snapshot\n"),
			PACKAGE);
		return 2;
	}
	if (o->count > 1 && o->snapshot) {
		fprintf(stderr, _("%s: --snapshot saves one reading; for a "
				  "session of many, press w in the live "
				  "screen\n"), PACKAGE);
		return 2;
	}
	if (o->snapshot || o->count)
		o->once = true;
	if (o->action == ACTION_MONITOR && (o->once || o->json))
		o->action = ACTION_ONCE;
	if (optind < argc) {
		cmdline_say(stderr, _("%s: unknown command or stray argument "
			    "'%s'; try '%s --help'\n"), PACKAGE, argv[optind],
			    PACKAGE);
		return 2;
	}
	return 0;
}
