/* SPDX-License-Identifier: GPL-2.0-or-later */
/* cmd_iperf: `benchtop iperf HOST [-p PORT] [-R] [-t SEC] [-P N] [-u -b
 * RATE] [--bidir] [-O SEC] [-w SIZE] [-C ALGO] [-J]`: an iperf3 client
 * run through libiperf, with its conditions recorded. */
#include "config.h"

#include <ctype.h>
#include <getopt.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cmd_bench.h"
#include "cli/cmdline.h"
#include "base/i18n.h"
#include "base/numparse.h"

/* One sentence about the command line; exit status 2. */
#define bad(...) cmdline_bad("iperf", __VA_ARGS__)

static void usage(FILE *f)
{
	fputs(_("Usage: benchtop iperf HOST [-p PORT] [-R|--bidir] [-t SEC] "
		"[-P N] [-u] [-b RATE]\n"
		"                      [-O SEC] [-w SIZE] [-C ALGO] "
		"[--json|-J]\n"
		"Measure the network against an iperf3 server (iperf3 -s, or "
		"benchtop serve).\n\n"
		"  -p, --port=PORT          the server's port (default: the iperf "
		"preset's,\n                           else 5201; or HOST:PORT)\n"
		"  -R, --reverse            the server sends, this machine "
		"receives\n"
		"  -t, --time=SEC           seconds to transmit (default: the "
		"iperf preset's)\n"
		"  -P, --parallel=N         parallel streams (1 to 128)\n"
		"  -u, --udp                UDP instead of TCP (1 Mbit/s "
		"unless -b)\n"
		"  -b, --bitrate=RATE       target bit/s: 100M, 1.5G, 800K "
		"(powers of 1000)\n"
		"      --bidir              both directions at once\n"
		"  -O, --omit=SEC           leave out the first SEC seconds "
		"(TCP slow start)\n"
		"  -w, --window=SIZE        socket buffer size: 256K, 4M "
		"(powers of 1024)\n"
		"  -C, --congestion=ALGO    TCP congestion control (cubic, "
		"bbr, ...)\n"
		"  -j, --json               print the result as JSON "
		"(doc/bench.md)\n"
		"  -J                       print libiperf's own JSON, as "
		"iperf3 -J does\n"
		"  -h, --help               show this help and exit\n\n"
		"Exit status: 0 done, 1 the run failed (one sentence on stderr), "
		"2 bad command line.\n"), f);
}

/* A whole number from S within LO..HI, or -1. */
static long number(const char *s, long lo, long hi)
{
	uint64_t v;

	return numparse_uint(s, (uint64_t)hi, &v) == 0 && (long)v >= lo ?
	       (long)v : -1;
}

/* A bit rate as iperf3 reads it: a number with K, M or G (powers of
 * 1000); 0 or -1. */
static int rate_of(const char *s, uint64_t *out)
{
	static const char units[] = "KMG";
	char *end;
	double v = strtod(s, &end), k = 1;
	const char *u;

	if (end == s || !(v >= 0))
		return -1;
	if (*end && (u = strchr(units, toupper((unsigned char)*end))) != NULL) {
		k = u == units ? 1e3 : u == units + 1 ? 1e6 : 1e9;
		end++;
	}
	if (*end || v * k > 1e13)
		return -1;
	*out = (uint64_t)(v * k);
	return 0;
}

enum { OPT_BIDIR = 256 };

static const struct option iperf_options[] = {
	{ "port", required_argument, NULL, 'p' },
	{ "udp", no_argument, NULL, 'u' },
	{ "bitrate", required_argument, NULL, 'b' },
	{ "bandwidth", required_argument, NULL, 'b' },
	{ "bidir", no_argument, NULL, OPT_BIDIR },
	{ "omit", required_argument, NULL, 'O' },
	{ "window", required_argument, NULL, 'w' },
	{ "congestion", required_argument, NULL, 'C' },
	{ "reverse", no_argument, NULL, 'R' },
	{ "time", required_argument, NULL, 't' },
	{ "parallel", required_argument, NULL, 'P' },
	{ "json", no_argument, NULL, 'j' },
	{ "help", no_argument, NULL, 'h' },
	{ NULL, 0, NULL, 0 },
};

struct iperf_args {
	long port, time, streams, omit;
	bool reverse, json, raw, udp, bidir;
	uint64_t rate, window;
	const char *congestion;
};

/* The options iperf3 takes beyond -p -R -t -P: 1 when C was one of them,
 * 0 when not, 2 (the exit status) after a sentence about its value. */
static int parse_more(int c, struct iperf_args *a)
{
	switch (c) {
	case 'u':
		a->udp = true;
		return 1;
	case OPT_BIDIR:
		a->bidir = true;
		return 1;
	case 'J':
		a->raw = true;
		return 1;
	case 'b':
		return rate_of(optarg, &a->rate) ? bad(_("'%s' is not a bit "
			   "rate (100M, 1.5G, 800K)"), optarg) : 1;
	case 'O':
		return (a->omit = number(optarg, 0, 3600)) < 0 ? bad(_("'%s' "
			   "is not a number of seconds (0-3600)"), optarg) :
			1;
	case 'w':
		return presets_parse_size(optarg, strlen(optarg), &a->window) ||
		       a->window > (1u << 30) ? bad(_("'%s' is not a window "
			   "size (256K, 4M; at most 1G)"), optarg) : 1;
	case 'C':
		a->congestion = optarg;
		return strlen(optarg) < 16 && strspn(optarg,
			"abcdefghijklmnopqrstuvwxyz0123456789_-") ==
			strlen(optarg) && *optarg ? 1 : bad(_("'%s' is not a "
			"congestion control name"), optarg);
	default:
		return 0;
	}
}

static int parse(int argc, char **argv, struct iperf_args *a)
{
	int c;

	opterr = 0;
	optind = 1;
	while ((c = getopt_long(argc, argv, "p:Rt:P:jhub:O:w:C:J",
				iperf_options, NULL)) != -1) {
		int more = parse_more(c, a);

		if (more == 2)
			return 2;
		if (more)
			continue;
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
	if (a->reverse && a->bidir)
		return bad("%s", _("-R and --bidir exclude each other (as in "
			   "iperf3)"));
	if (a->json && a->raw)
		return bad("%s", _("--json or -J, not both"));
	if (a->rate && !a->udp && a->rate < 1000)
		return bad(_("'%llu' bit/s is too slow for TCP"),
			   (unsigned long long)a->rate);
	return -1;
}

int cmd_iperf_main(int argc, char **argv)
{
	struct iperf_args a = { .port = 0, .omit = -1 }; /* port 0: the preset's, or 5201 */
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
	p.udp = a.udp;
	p.rate_bps = a.rate ? a.rate : a.udp ? 1u << 20 : 0; /* as iperf3 */
	p.bidir = a.bidir;
	p.omit_s = a.omit > 0 ? (unsigned)a.omit : 0;
	p.timeout_s += p.omit_s;
	p.window = a.window;
	if (a.congestion)
		snprintf(p.congestion, sizeof(p.congestion), "%s",
			 a.congestion);
	p.raw_json = a.raw;
	if (a.port > 0)
		p.port = (unsigned)a.port;
	return cmd_bench_run("iperf", &p, argv[optind], 5201, a.json);
}
