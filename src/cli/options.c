/* SPDX-License-Identifier: GPL-2.0-or-later */
/* options: table-driven command-line parsing with one clear sentence per
 * mistake (exit status 2, as GNU programs do). */
#include "config.h"

#include "cli/cmdline.h"
#include "cli/options.h"

#include <errno.h>
#include <getopt.h>
#include <locale.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cli/commands.h"
#include "base/i18n.h"
#include "base/numparse.h"

#define INTERVAL_MAX_S 3600.0

enum opt_id {
	OPT_ONCE = 'o', OPT_INTERVAL = 'i', OPT_DELAY = 'd', OPT_JSON = 'j',
	OPT_ALL = 'a', OPT_HELP = 'h', OPT_VERSION = 'V',
	/* [tune options: begin] */
	OPT_ON_EXIT = 'E',
	/* [tune options: end] */
	/* [snapshot options: begin] */
	OPT_SNAPSHOT = 'w', OPT_FORCE = 'F', OPT_REPLAY = 'r',
	/* [snapshot options: end] */
	OPT_READONLY = 'R',
};

struct opt_desc {
	struct option lo;
	const char *arg;	/* NULL for a flag */
	const char *help;
};

static const struct opt_desc opt_table[] = {
	{ { "once", no_argument, NULL, OPT_ONCE }, NULL,
	  N_("take two samples, print the rates and exit") },
	{ { "interval", required_argument, NULL, OPT_INTERVAL }, N_("SEC"),
	  N_("seconds between samples (default 1; 0.1 to 3600)") },
	{ { "delay", required_argument, NULL, OPT_DELAY }, N_("SEC"),
	  N_("the same as --interval, as in top") },
	{ { "json", no_argument, NULL, OPT_JSON }, NULL,
	  N_("print JSON instead of tables (keys in doc/json.md)") },
	{ { "all", no_argument, NULL, OPT_ALL }, NULL,
	  N_("also list idle loop, ram and zram devices") },
	/* [tune options: begin] */
	{ { "on-exit", required_argument, NULL, OPT_ON_EXIT }, N_("WHAT"),
	  N_("changes in force at exit: keep, restore, ask") },
	/* [tune options: end] */
	/* [snapshot options: begin] */
	{ { "snapshot", required_argument, NULL, OPT_SNAPSHOT }, N_("FILE"),
	  N_("with --once: save the session to FILE") },
	{ { "force", no_argument, NULL, OPT_FORCE }, NULL,
	  N_("let --snapshot replace an existing FILE") },
	{ { "replay", required_argument, NULL, OPT_REPLAY }, N_("FILE"),
	  N_("open the live screen on the session saved in FILE") },
	/* [snapshot options: end] */
	{ { "readonly", no_argument, NULL, OPT_READONLY }, NULL,
	  N_("live screen without tuning keys, even as root") },
	{ { "help", no_argument, NULL, OPT_HELP }, NULL,
	  N_("show this help and exit") },
	{ { "version", no_argument, NULL, OPT_VERSION }, NULL,
	  N_("show the version and exit") },
};
#define NOPTS (sizeof(opt_table) / sizeof(opt_table[0]))

static void print_commands(FILE *f)
{
	const struct command *c = commands_all();

	if (!c->name)
		return;
	fputs(_("\nCommands (benchtop COMMAND --help for each):\n"), f);
	for (; c->name; c++)
		fprintf(f, "  %-24s %s\n", c->name, _(c->summary));
}

void options_usage(FILE *f)
{
	size_t i;

	fprintf(f, _("Usage: %s [OPTION]...\n"), PACKAGE);
	fputs(_("Live monitor of CPU clusters, disks, networks and IRQs on "
		"Linux boards.\nWithout --once it opens the live screen "
		"(press h there for the keys).\n\n"), f);
	for (i = 0; i < NOPTS; i++) {
		const struct opt_desc *o = &opt_table[i];
		char left[40];

		snprintf(left, sizeof(left), "-%c, --%s%s%s", o->lo.val,
			 o->lo.name, o->arg ? "=" : "", o->arg ? _(o->arg) : "");
		fprintf(f, "  %-24s %s\n", left, _(o->help));
	}
	print_commands(f);
	fputs(_("\nExit status: 0 on success, 1 when the system could not be "
		"read, 2 for a bad command line.\n"), f);
	fprintf(f, _("\nReport bugs to: %s\n%s home page: <%s>\n"),
		PACKAGE_BUGREPORT, PACKAGE_NAME, PACKAGE_URL);
}

/* Seconds as the configuration file takes them (numparse_decimal):
 * "0.5" whatever the locale, no "0x1" or "1e3"; -1 when not valid. */
static double parse_interval(const char *s)
{
	double v;

	/* "0.5" whatever the locale's decimal separator. */
	if (numparse_decimal(s, s + strlen(s), &v) || !isfinite(v) ||
	    v < 0.1 || v > INTERVAL_MAX_S)
		return -1;
	return v;
}

static int apply(struct options *o, int id, const char *arg, FILE *err)
{
	switch (id) {
	case OPT_ONCE:
		o->once = true;
		return 0;
	case OPT_INTERVAL:
	case OPT_DELAY:
		o->interval_s = parse_interval(arg);
		o->interval_set = true;
		if (o->interval_s > 0)
			return 0;
		cmdline_say(err, _("%s: invalid interval '%s': give seconds from "
			       "0.1 to 3600, such as 1 or 0.5\n"), PACKAGE, arg);
		return 2;
	case OPT_JSON:
		o->json = true;
		return 0;
	case OPT_ALL:
		o->all = true;
		return 0;
	/* [tune options: begin] */
	case OPT_ON_EXIT:
		if (strcmp(arg, "keep") == 0)
			o->on_exit = OPTIONS_ON_EXIT_KEEP;
		else if (strcmp(arg, "restore") == 0)
			o->on_exit = OPTIONS_ON_EXIT_RESTORE;
		else if (strcmp(arg, "ask") == 0)
			o->on_exit = OPTIONS_ON_EXIT_ASK;
		else {
			cmdline_say(err, _("%s: --on-exit takes keep, restore or "
				       "ask, not '%s'\n"), PACKAGE, arg);
			return 2;
		}
		return 0;
	/* [tune options: end] */
	case OPT_HELP:
		o->action = ACTION_HELP;
		return 0;
	case OPT_VERSION:
		o->action = ACTION_VERSION;
		return 0;
	/* [snapshot options: begin] */
	case OPT_SNAPSHOT:
		o->snapshot = arg;
		return 0;
	case OPT_FORCE:
		o->force = true;
		return 0;
	case OPT_REPLAY:
		o->replay = arg;
		return 0;
	/* [snapshot options: end] */
	case OPT_READONLY:
		o->readonly = true;
		return 0;
	}
	return 2;
}

static void build_getopt(struct option *lo, char *so)
{
	size_t i;

	*so++ = ':';
	for (i = 0; i < NOPTS; i++) {
		lo[i] = opt_table[i].lo;
		*so++ = (char)opt_table[i].lo.val;
		if (opt_table[i].lo.has_arg)
			*so++ = ':';
	}
	*so = '\0';
	memset(&lo[NOPTS], 0, sizeof(lo[NOPTS]));
}

int options_parse(int argc, char **argv, struct options *o, FILE *err)
{
	struct option lo[NOPTS + 1];
	char so[NOPTS * 2 + 2];
	int c, rc;

	memset(o, 0, sizeof(*o));
	o->action = ACTION_MONITOR;
	o->interval_s = 1.0;
	build_getopt(lo, so);
	optind = 1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, so, lo, NULL)) != -1) {
		if (c == '?' || c == ':') {
			const char *bad = argv[optind - 1];

			cmdline_say(err, c == '?' ? _("%s: unknown option '%s'; "
						  "try '%s --help'\n")
					      : _("%s: option '%s' needs a "
						  "value; try '%s --help'\n"),
				PACKAGE, bad, PACKAGE);
			return 2;
		}
		rc = apply(o, c, optarg, err);
		if (rc)
			return rc;
	}
	/* [snapshot options: begin] --snapshot means --once */
	if (o->replay && (o->snapshot || o->once || o->json)) {
		fprintf(err, _("%s: --replay opens the live screen; it does "
			       "not go with --once, --json or --snapshot\n"),
			PACKAGE);
		return 2;
	}
	if (o->snapshot)
		o->once = true;
	/* [snapshot options: end] */
	if (o->action == ACTION_MONITOR && (o->once || o->json))
		o->action = ACTION_ONCE;
	if (optind < argc) {
		cmdline_say(err, _("%s: unknown command or stray argument '%s'; "
			       "try '%s --help'\n"), PACKAGE, argv[optind],
			PACKAGE);
		return 2;
	}
	return 0;
}
