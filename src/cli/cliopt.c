/* SPDX-License-Identifier: GPL-2.0-or-later */
/* cliopt: the one getopt loop of the program, run over a command's table
 * of options (struct cliopt), and the --help printed from that table. */
#include "config.h"

#include "cli/cliopt.h"

#include <errno.h>
#include <getopt.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>

#include "base/i18n.h"
#include "base/numparse.h"
#include "cli/cmdline.h"
#include "cli/commands.h"

/* getopt's value for row I of a table: its letter, or past any char. */
#define LONG_ONLY 256

static size_t count(const struct cliopt *opts)
{
	size_t n = 0;

	while (opts[n].name || opts[n].key)
		n++;
	return n;
}

/* getopt_long's tables for the N rows of OPTS into LO (N + 1) and SO
 * (3 N + 2). */
static void build(const struct cliopt *opts, size_t n, struct option *lo,
		  char *so)
{
	size_t i, l = 0;

	*so++ = ':';	/* tell a missing value from an unknown option */
	for (i = 0; i < n; i++) {
		int has = !opts[i].arg ? no_argument : opts[i].optional ?
			  optional_argument : required_argument;
		int val = opts[i].key ? opts[i].key : LONG_ONLY + (int)i;

		if (opts[i].name)
			lo[l++] = (struct option) { opts[i].name, has, NULL,
						    val };
		if (!opts[i].key)
			continue;
		*so++ = (char)opts[i].key;
		if (has != no_argument)
			*so++ = ':';
		if (has == optional_argument)
			*so++ = ':';
	}
	*so = '\0';
	memset(&lo[l], 0, sizeof(lo[l]));
}

/* The row getopt returned K for. */
static const struct cliopt *row_of(const struct cliopt *opts, size_t n,
				   int k)
{
	size_t i;

	if (k >= LONG_ONLY)
		return (size_t)(k - LONG_ONLY) < n ? &opts[k - LONG_ONLY] :
		       NULL;
	for (i = 0; i < n; i++)
		if (opts[i].key == k)
			return &opts[i];
	return NULL;
}

/* The row's sentence about VALUE: its one "%s" replaced by hand, so that
 * a string of the table is never a printf format. */
static int bad_value(const struct command *cmd, const struct cliopt *o,
		     const char *value)
{
	const char *t = _(o->bad), *p = strstr(t, "%s");

	if (!p)
		return cmdline_bad(cmd->name, "%s", t);
	return cmdline_bad(cmd->name, "%.*s%s%s", (int)(p - t), t, value,
			   p + 2);
}

static void *field(void *args, const struct cliopt *o)
{
	return (char *)args + o->off;
}

/* Row O with VALUE into ARGS; -1 to go on, or the exit status. */
static int apply(const struct command *cmd, const struct cliopt *o,
		 void *args, const char *value)
{
	uint64_t v;

	switch (o->kind) {
	case CLIOPT_FLAG:
		*(bool *)field(args, o) = true;
		return -1;
	case CLIOPT_TEXT:
		*(const char **)field(args, o) = value;
		return -1;
	case CLIOPT_NUM:
		if (!value || numparse_uint(value, (uint64_t)o->hi, &v) ||
		    v < (uint64_t)o->lo)
			return bad_value(cmd, o, value ? value : "");
		*(long *)field(args, o) = (long)v;
		return -1;
	case CLIOPT_CALL:
		return o->fn(args, value);
	case CLIOPT_HELP:
		cliopt_usage(stdout, cmd);
		return 0;
	}
	return -1;
}

/* The value of row O: after "=", or the next word when it may be left
 * out and the next word is not an option ("--listen 9186"). */
static const char *value_of(const struct cliopt *o, int argc, char **argv)
{
	if (optarg || !o->optional)
		return optarg;
	if (optind < argc && argv[optind][0] != '-')
		return argv[optind++];
	return NULL;
}

/* The loop over ARGV with getopt's tables LO and SO of CMD's N rows. */
static int loop(const struct command *cmd, size_t n, const struct option *lo,
		const char *so, int argc, char **argv, void *args)
{
	const struct cliopt *o;
	int k, rc;

	optind = 1;
	opterr = 0;
	while ((k = getopt_long(argc, argv, so, lo, NULL)) != -1) {
		o = k == '?' || k == ':' ? NULL : row_of(cmd->opts, n, k);
		if (!o)
			return cmdline_bad(cmd->name, k == ':' ?
					   _("option '%s' needs a value") :
					   _("unknown option '%s'"),
					   argv[optind - 1]);
		rc = apply(cmd, o, args, value_of(o, argc, argv));
		if (rc >= 0)
			return rc;
	}
	return -1;
}

int cliopt_parse(const struct command *cmd, int argc, char **argv,
		 void *args)
{
	size_t n = count(cmd->opts);
	struct option *lo = calloc(n + 1, sizeof(*lo));
	char *so = malloc(3 * n + 2);
	int rc = 1;

	if (lo && so) {
		build(cmd->opts, n, lo, so);
		rc = loop(cmd, n, lo, so, argc, argv, args);
	} else {
		fprintf(stderr, "%s: %s\n", PACKAGE, strerror(ENOMEM));
	}
	free(lo);
	free(so);
	return rc;
}

/* Columns of S on the terminal (the byte count where S is not text). */
static int width(const char *s)
{
	size_t n = mbstowcs(NULL, s, 0);
	wchar_t w[64];
	int cols;

	if (n == (size_t)-1 || n >= 64)
		return (int)strlen(s);
	mbstowcs(w, s, 64);
	cols = wcswidth(w, n);
	return cols < 0 ? (int)strlen(s) : cols;
}

/* Help text lines are at most this many columns wide, as GNU's are. */
#define HELP_COLS 79

/* Put the text T at column COL (the cursor is there), its words wrapped
 * before HELP_COLS with each further line at column INDENT; a '\n' in T
 * starts a line, and at column 0 a line of T that starts with a space
 * is laid out already (a table: set's SETTINGs) and is put as it is. */
static void put_wrapped(FILE *f, const char *t, int col, int indent)
{
	char word[256];
	size_t n;
	int w;
	bool bol = true;

	while (*t) {
		if (bol && indent == 0 && *t == ' ') {
			n = strcspn(t, "\n");
			fwrite(t, 1, n, f);
			t += n;
			bol = false;
			continue;
		}
		if (*t == '\n' || *t == ' ') {
			if (*t == '\n')
				col = fprintf(f, "\n%*s", indent, "") - 1;
			bol = *t == '\n';
			t++;
			continue;
		}
		bol = false;
		n = strcspn(t, " \n");
		snprintf(word, sizeof(word), "%.*s", (int)n, t);
		w = width(word);
		if (col > indent && col + 1 + w > HELP_COLS)
			col = fprintf(f, "\n%*s", indent, "") - 1;
		else if (col > indent)
			col += fprintf(f, " ") > 0;
		fputs(word, f);
		col += w;
		t += n;
	}
	fputc('\n', f);
}

/* One row: its names in a column of 24 (a longer one on a line of its
 * own, as GNU's --help does), then its help wrapped under the column. */
static void print_row(FILE *f, const struct cliopt *o)
{
	char key[8] = "    ", left[96];

	if (o->key)
		snprintf(key, sizeof(key), o->name ? "-%c, " : "-%c", o->key);
	snprintf(left, sizeof(left), "%s%s%s%s%s%s%s", key,
		 o->name ? "--" : "", o->name ? o->name : "",
		 o->arg && o->optional ? "[" : "", o->arg ? "=" : "",
		 o->arg ? _(o->arg) : "", o->arg && o->optional ? "]" : "");
	cliopt_row(f, left, _(o->help));
}

void cliopt_row(FILE *f, const char *left, const char *help)
{
	int used = width(left);

	if (used < 24)
		fprintf(f, "  %s%*s ", left, 24 - used, "");
	else
		fprintf(f, "  %s\n%27s", left, "");
	put_wrapped(f, help, 27, 27);
}

void cliopt_print(FILE *f, const struct cliopt *opts)
{
	for (; opts->name || opts->key; opts++)
		if (opts->help)
			print_row(f, opts);
}

void cliopt_usage(FILE *f, const struct command *cmd)
{
	fprintf(f, _("Usage: %s %s\n"), PACKAGE, _(cmd->synopsis));
	put_wrapped(f, _(cmd->about), 0, 0);
	fputc('\n', f);
	cliopt_print(f, cmd->opts);
	if (cmd->epilog) {
		fputc('\n', f);
		put_wrapped(f, _(cmd->epilog), 0, 0);
	}
}
