/* SPDX-License-Identifier: GPL-2.0-or-later */
/* commands: benchtop and its subcommands ("benchtop set ...", "benchtop
 * report FILE"), each an entry in the file of its command (cmd_*.c) that
 * holds its options (cliopt), its --help and its main function. */
#ifndef BENCHTOP_COMMANDS_H
#define BENCHTOP_COMMANDS_H

#include <stdio.h>

#include "cli/cliopt.h"

struct command {
	const char *name;	/* the word after "benchtop"; NULL: benchtop */
	const char *summary;	/* one line in benchtop --help (N_()) */
	const char *synopsis;	/* after "Usage: benchtop ", its forms one a
				 * line (N_()) */
	const char *about;	/* what it does, below the synopsis (N_()) */
	const struct cliopt *opts;	/* ended by a row of neither name nor
					 * key */
	const char *epilog;	/* its exit statuses, below the options
				 * (N_()) */
	/* Run with ARGV[0] = the command's name; returns the exit status. */
	int (*main)(int argc, char **argv);
};

/* The subcommands, each defined in its cmd_*.c. */
extern const struct command cmd_set_entry, cmd_report_entry,
	cmd_compare_entry, cmd_bench_entry, cmd_iperf_entry, cmd_serve_entry,
	cmd_metrics_entry, cmd_experiment_entry;

/* The command named NAME, or NULL. */
const struct command *commands_find(const char *name);

/* Why command NAME is not in this build ("built without iperf support",
 * untranslated: pass it through _()), or NULL when it is. */
const char *commands_missing(const char *name);

/* The subcommands, ended by NULL. */
const struct command *const *commands_all(void);

#endif
