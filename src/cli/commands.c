/* SPDX-License-Identifier: GPL-2.0-or-later */
/* commands: the table of subcommands; each lives in its own cmd_*.c. */
#include "config.h"

#include "cli/commands.h"

#include <stddef.h>
#include <string.h>

#include "base/i18n.h"

/* In the order of benchtop --help. */
static const struct command *const command_table[] = {
	&cmd_set_entry,
	&cmd_report_entry,
	&cmd_compare_entry,
	&cmd_bench_entry,
	&cmd_iperf_entry,
	&cmd_serve_entry,
	&cmd_metrics_entry,
	&cmd_experiment_entry,
	NULL,
};

const struct command *commands_find(const char *name)
{
	const struct command *const *c;

	for (c = command_table; *c; c++)
		if (strcmp((*c)->name, name) == 0)
			return *c;
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

const struct command *const *commands_all(void)
{
	return command_table;
}
