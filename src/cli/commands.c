/* SPDX-License-Identifier: GPL-2.0-or-later */
/* commands: the table of subcommands; each lives in its own cmd_*.c. */
#include "config.h"

#include "cli/commands.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "base/i18n.h"

/* [commands: begin] declarations (one line each) */
int cmd_set_main(int argc, char **argv);
int cmd_report_main(int argc, char **argv);
int cmd_compare_main(int argc, char **argv);
int cmd_bench_main(int argc, char **argv);
int cmd_iperf_main(int argc, char **argv);
int cmd_serve_main(int argc, char **argv);
/* [commands: end] declarations */

static const struct command command_table[] = {
	/* [commands: begin] entries (one line each) */
	{ "set", cmd_set_main, N_("change governors, frequency limits, IRQ affinity, I/O schedulers") },
	{ "report", cmd_report_main, N_("render a saved session as Markdown or CSV") },
	{ "compare", cmd_compare_main, N_("compare two saved sessions figure by figure") },
	{ "bench", cmd_bench_main, N_("run a benchmark preset on a folder or disk (--list)") },
	{ "iperf", cmd_iperf_main, N_("measure the network against an iperf3 server") },
	{ "serve", cmd_serve_main, N_("serve iperf3 clients (iperf3 -c) through libiperf") },
	/* [commands: end] entries */
	{ NULL, NULL, NULL },
};

const struct command *commands_find(const char *name)
{
	const struct command *c;

	for (c = command_table; c->name; c++)
		if (strcmp(c->name, name) == 0)
			return c;
	return NULL;
}

const char *commands_missing(const char *name)
{
#ifndef HAVE_LIBIPERF
	if (strcmp(name, "iperf") == 0 || strcmp(name, "serve") == 0)
		return N_("built without iperf support");
#endif
	return NULL;
}

const struct command *commands_all(void)
{
	return command_table;
}

int commands_bad(const char *cmd, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "%s %s: ", PACKAGE, cmd);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, _("; try '%s %s --help'\n"), PACKAGE, cmd);
	return 2;
}
