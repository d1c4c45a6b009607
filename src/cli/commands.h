/* SPDX-License-Identifier: GPL-2.0-or-later */
/* commands: the subcommands of benchtop ("benchtop set ...", "benchtop
 * report FILE"), each a main-like function in its own cmd_*.c file. */
#ifndef BENCHTOP_COMMANDS_H
#define BENCHTOP_COMMANDS_H

struct command {
	const char *name;	/* the word after "benchtop" */
	/* Run with ARGV[0] = the command's name; returns the exit status. */
	int (*main)(int argc, char **argv);
	const char *summary;	/* one line for --help (translatable) */
};

/* The command named NAME, or NULL. */
const struct command *commands_find(const char *name);

/* Why command NAME is not in this build ("built without iperf support",
 * untranslated: pass it through _()), or NULL when it is. */
const char *commands_missing(const char *name);

/* The table, ended by an entry with a NULL name. */
const struct command *commands_all(void);

/* One sentence about CMD's command line on stderr ("benchtop CMD: ...;
 * try 'benchtop CMD --help'"), FMT's arguments already clean; returns 2,
 * the exit status for a bad command line. */
int commands_bad(const char *cmd, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

#endif
