/* SPDX-License-Identifier: GPL-2.0-or-later */
/* options: benchtop's own command line (the monitor and --once), read by
 * its table of options (cliopt). */
#ifndef BENCHTOP_OPTIONS_H
#define BENCHTOP_OPTIONS_H

#include <stdbool.h>
#include <stdio.h>

enum options_action {
	ACTION_MONITOR,		/* the live screen */
	ACTION_ONCE,		/* two samples, print rates, exit */
	ACTION_HELP,
	ACTION_VERSION,
};

enum options_on_exit {
	OPTIONS_ON_EXIT_ASK,	/* ask on q; signals follow the settings */
	OPTIONS_ON_EXIT_KEEP,	/* keep the tunings in force */
	OPTIONS_ON_EXIT_RESTORE,	/* put the original values back */
};

struct options {
	enum options_action action;
	double interval_s;	/* seconds between samples */
	bool interval_set;	/* given on the command line */
	bool json;
	bool all;		/* show idle virtual devices too */
	bool once;
	enum options_on_exit on_exit;	/* --on-exit */
	const char *snapshot;	/* --snapshot FILE, or NULL */
	bool force;		/* --force: replace an existing FILE */
	const char *replay;	/* --replay FILE, or NULL */
	bool readonly;		/* --readonly: no tuning keys, even as root */
	long count;		/* -n: readings to print (0: not given) */
	bool no_color;		/* -C, --no-color: the live screen in monochrome */
};

/*
 * Parse ARGV into OPTS.  Returns 0, or 2 after printing one sentence about
 * the first bad argument on stderr (the caller exits with that status).
 */
int options_parse(int argc, char **argv, struct options *opts);

/* Print the --help text to F. */
void options_usage(FILE *f);

#endif
