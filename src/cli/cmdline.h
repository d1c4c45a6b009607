/* SPDX-License-Identifier: GPL-2.0-or-later */
/* cmdline: the one sentence every subcommand says about a bad command
 * line. */
#ifndef BENCHTOP_CMDLINE_H
#define BENCHTOP_CMDLINE_H

#include <stdio.h>

/* printf FMT to F as one sentence with control, bidi and format
 * characters replaced (strclean): for sentences that echo user input. */
void cmdline_say(FILE *f, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* One sentence about CMD's command line on stderr ("benchtop CMD: ...;
 * try 'benchtop CMD --help'"; CMD NULL: benchtop's own), FMT's sentence
 * cleaned (strclean); returns 2, the exit status for a bad command line. */
int cmdline_bad(const char *cmd, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* Catch every signal that would end the process (SIGINT, SIGTERM, SIGHUP
 * for a dropped SSH link, SIGQUIT, SIGUSR1, SIGALRM, SIGPIPE...: see
 * base/endsig.h) without SA_RESTART, so that a poll returns: a running
 * benchmark is cancelled and cleaned up, tunings are restored, and
 * cmdline_signal() says which came. */
void cmdline_catch_signals(void);

/* The signal caught since cmdline_catch_signals(), or 0. */
int cmdline_signal(void);

#endif
