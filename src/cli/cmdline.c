/* SPDX-License-Identifier: GPL-2.0-or-later */
/* cmdline: the sentence about a bad command line, below the command table
 * (commands.c) and every cmd_*.c that uses it; what the user typed is
 * cleaned (strclean) before it reaches the terminal. */
#include "config.h"

#include "cli/cmdline.h"

#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "base/endsig.h"
#include "base/i18n.h"
#include "base/strclean.h"

/* FMT's sentence (one line; a final newline kept) on F, cleaned: what
 * the user typed may hold ESC or bidi characters (strclean). */
static void say_v(FILE *f, const char *fmt, va_list ap)
{
	char raw[2048], shown[2048];
	size_t n;
	bool nl;

	vsnprintf(raw, sizeof(raw), fmt, ap);
	n = strlen(raw);
	nl = n > 0 && raw[n - 1] == '\n';
	strclean_copy(shown, sizeof(shown), raw, n - nl);
	fprintf(f, "%s%s", shown, nl ? "\n" : "");
}

void cmdline_say(FILE *f, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	say_v(f, fmt, ap);
	va_end(ap);
}

int cmdline_bad(const char *cmd, const char *fmt, ...)
{
	va_list ap;

	if (cmd)
		fprintf(stderr, "%s %s: ", PACKAGE, cmd);
	else
		fprintf(stderr, "%s: ", PACKAGE);
	va_start(ap, fmt);
	say_v(stderr, fmt, ap);
	va_end(ap);
	if (cmd)
		fprintf(stderr, _("; try '%s %s --help'\n"), PACKAGE, cmd);
	else
		fprintf(stderr, _("; try '%s --help'\n"), PACKAGE);
	return 2;
}

static volatile sig_atomic_t got_signal;

static void on_signal(int sig)
{
	got_signal = sig;
}

void cmdline_catch_signals(void)
{
	struct sigaction sa;

	sigset_t end;
	int n;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;	/* no SA_RESTART: poll returns */
	sigemptyset(&end);
	endsig_set(&end);
	for (n = 1; n <= SIGRTMAX; n++)
		if (sigismember(&end, n) == 1)
			sigaction(n, &sa, NULL);
}

int cmdline_signal(void)
{
	return got_signal;
}
