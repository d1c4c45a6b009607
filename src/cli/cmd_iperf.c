/* SPDX-License-Identifier: GPL-2.0-or-later */
/* cmd_iperf: `benchtop iperf HOST [-p PORT] [-R] [-t SEC] [-P N]`: an
 * iperf3 client run through libiperf, with its conditions recorded. */
#include "config.h"

#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cmd_bench.h"
#include "cli/commands.h"
#include "base/i18n.h"

/* One sentence about the command line; exit status 2. */
#define bad(...) commands_bad("iperf", __VA_ARGS__)

static void usage(FILE *f)
{
	fputs(_("Usage: benchtop iperf HOST [-p PORT] [-R] [-t SEC] [-P N] "
		"[--json]\n"
		"Measure the network against an iperf3 server (iperf3 -s, or "
		"benchtop serve).\n\n"
		"  -p, --port=PORT          the server's port (default 5201)\n"
		"  -R, --reverse            the server sends, this machine "
		"receives\n"
		"  -t, --time=SEC           seconds to transmit (default: the "
		"iperf preset's)\n"
		"  -P, --parallel=N         parallel streams (1 to 128)\n"
		"  -j, --json               print the result as JSON "
		"(doc/bench.md)\n"
		"  -h, --help               show this help and exit\n\n"
		"Exit status: 0 done, 1 the run failed (one sentence on stderr), "
		"2 bad command line.\n"), f);
}

/* A whole number from S within LO..HI, or -1. */
static long number(const char *s, long lo, long hi)
{
	char *end;
	long v = strtol(s, &end, 10);

	return *s && !*end && v >= lo && v <= hi ? v : -1;
}

static const struct option iperf_options[] = {
	{ "port", required_argument, NULL, 'p' },
	{ "reverse", no_argument, NULL, 'R' },
	{ "time", required_argument, NULL, 't' },
	{ "parallel", required_argument, NULL, 'P' },
	{ "json", no_argument, NULL, 'j' },
	{ "help", no_argument, NULL, 'h' },
	{ NULL, 0, NULL, 0 },
};

struct iperf_args {
	long port, time, streams;
	bool reverse, json;
};

static int parse(int argc, char **argv, struct iperf_args *a)
{
	int c;

	opterr = 0;
	optind = 1;
	while ((c = getopt_long(argc, argv, "p:Rt:P:jh", iperf_options,
				NULL)) != -1) {
		if (c == 'h') {
			usage(stdout);
			return 0;
		}
		if (c == 'p' && (a->port = number(optarg, 1, 65535)) < 0)
			return bad(_("'%s' is not a port (1-65535)"), optarg);
		if (c == 't' && (a->time = number(optarg, 1, 86400)) < 0)
			return bad(_("'%s' is not a number of seconds (1-86400)"),
				   optarg);
		if (c == 'P' && (a->streams = number(optarg, 1, 128)) < 0)
			return bad(_("'%s' is not a number of streams (1-128)"),
				   optarg);
		if (c == 'R' || c == 'j')
			*(c == 'R' ? &a->reverse : &a->json) = true;
		if (c == '?' || c == ':')
			return bad(_("unknown option or missing value in '%s'"),
				   argv[optind - 1]);
	}
	if (optind + 1 != argc)
		return bad("%s", optind == argc ? _("which server? (benchtop "
			   "iperf HOST)") : _("one server at a time"));
	return -1;
}

int cmd_iperf_main(int argc, char **argv)
{
	struct iperf_args a = { .port = 5201 };
	struct presets ps;
	const struct preset *found;
	struct preset p;
	int rc = parse(argc, argv, &a);

	if (rc >= 0)
		return rc;
	if (!cmd_bench_presets("iperf", &ps))
		return 1;
	found = presets_find(&ps, a.reverse ? "iperf-reverse" : "iperf");
	if (!found || found->kind != BENCH_IPERF) {
		presets_free(&ps);
		fprintf(stderr, _("benchtop iperf: presets.conf has no iperf "
				  "preset\n"));
		return 1;
	}
	p = *found;
	presets_free(&ps);
	p.reverse = a.reverse;
	if (a.time > 0) {
		p.duration_s = (unsigned)a.time;
		p.timeout_s = (unsigned)a.time + 30;
	}
	if (a.streams > 0)
		p.streams = (unsigned)a.streams;
	return cmd_bench_run("iperf", &p, argv[optind], (int)a.port, a.json);
}
