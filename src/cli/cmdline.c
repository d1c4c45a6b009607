/* SPDX-License-Identifier: GPL-2.0-or-later */
/* cmdline: the sentence about a bad command line, below the command table
 * (commands.c) and every cmd_*.c that uses it. */
#include "config.h"

#include "cli/cmdline.h"

#include <stdarg.h>
#include <stdio.h>

#include "base/i18n.h"

int cmdline_bad(const char *cmd, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "%s %s: ", PACKAGE, cmd);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, _("; try '%s %s --help'\n"), PACKAGE, cmd);
	return 2;
}
