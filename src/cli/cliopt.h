/* SPDX-License-Identifier: GPL-2.0-or-later */
/* cliopt: the one option-table type of the command line and the one
 * getopt loop that reads every command's table (benchtop's own and each
 * subcommand's), and the --help that prints it. */
#ifndef BENCHTOP_CLIOPT_H
#define BENCHTOP_CLIOPT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <unistd.h>	/* optind: the first operand after cliopt_parse */

struct command;

enum cliopt_kind {
	CLIOPT_FLAG,	/* sets the bool at .off */
	CLIOPT_TEXT,	/* the value as given into the const char * at .off */
	CLIOPT_NUM,	/* a whole number .lo to .hi into the long at .off */
	CLIOPT_CALL,	/* .fn(args, value) */
	CLIOPT_HELP,	/* prints the command's --help and stops: status 0 */
};

/*
 * One option of a command.  A row says everything about it: its names,
 * its line in --help, and where its value goes in the command's own
 * struct of arguments, so that adding an option is adding a row.
 */
struct cliopt {
	const char *name;	/* the long name; NULL for a short one only */
	int key;		/* the short letter; 0 for a long one only */
	const char *arg;	/* the value's name in --help (N_()); NULL: a
				 * flag */
	const char *help;	/* the line(s) in --help (N_()); NULL: hidden,
				 * such as an alias */
	bool optional;		/* the value may be left out, or come as the
				 * next word when that is not an option */
	enum cliopt_kind kind;
	size_t off;		/* the field in the struct of arguments */
	long lo, hi;		/* CLIOPT_NUM: the range */
	const char *bad;	/* CLIOPT_NUM: the sentence for a value out of
				 * range or not a number (N_(), '%s' the
				 * value) */
	/* CLIOPT_CALL: takes VALUE (NULL for a flag, or an optional value
	 * left out); -1 to go on, or the exit status after one sentence. */
	int (*fn)(void *args, const char *value);
};

/* The field FIELD of struct type TYPE, refused at compile time unless it
 * is a CTYPE: a row cannot write a bool into a long. */
#define CLIOPT_FIELD(type, field, ctype) \
	.off = offsetof(type, field) + \
	       0 * sizeof(_Generic(((type *)0)->field, ctype: 1))

#define CLIOPT_SET_FLAG(type, field) \
	.kind = CLIOPT_FLAG, CLIOPT_FIELD(type, field, bool)
#define CLIOPT_SET_TEXT(type, field) \
	.kind = CLIOPT_TEXT, CLIOPT_FIELD(type, field, const char *)
#define CLIOPT_SET_NUM(type, field, min, max, sentence) \
	.kind = CLIOPT_NUM, CLIOPT_FIELD(type, field, long), .lo = (min), \
	.hi = (max), .bad = (sentence)
#define CLIOPT_CALL_FN(f) .kind = CLIOPT_CALL, .fn = (f)

/* The --help row every subcommand has: it prints the help and stops. */
#define CLIOPT_HELP_ROW { "help", 'h', NULL, N_("show this help and exit"), \
			  .kind = CLIOPT_HELP }

/*
 * Read the options of ARGV (ARGV[0] the command's word) into ARGS by
 * CMD's table, as GNU programs do: options and operands in any order
 * ("--" ends the options), "--name=VALUE" or "--name VALUE", "-xVALUE" or
 * "-x VALUE".  The operands are ARGV[optind] to ARGV[ARGC - 1] after it.
 * Returns -1 to go on, 0 after --help, 2 after one sentence on stderr
 * about the first bad option, or 1 when out of memory.
 */
int cliopt_parse(const struct command *cmd, int argc, char **argv,
		 void *args);

/* CMD's --help to F: "Usage:" and its forms, what it does, each option
 * of the table, then its exit statuses. */
void cliopt_usage(FILE *f, const struct command *cmd);

/* The rows of OPTS shown in --help, one "  -x, --name=ARG  help" each. */
void cliopt_print(FILE *f, const struct cliopt *opts);

/* One row of --help: LEFT (an option's or a command's names) in a column
 * of 24, HELP wrapped at 79 columns under the column after it. */
void cliopt_row(FILE *f, const char *left, const char *help);

#endif
