/* SPDX-License-Identifier: GPL-2.0-or-later */
/* cmd_iperf: `benchtop iperf HOST [-p PORT] [-R] [-t SEC] [-P N] [-u -b
 * RATE] [--bidir] [-O SEC] [-w SIZE] [-C ALGO] [-J]`: an iperf3 client
 * run through libiperf, with its conditions recorded. */
#include "config.h"

#include <ctype.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cmd_bench.h"
#include "cli/cmdline.h"
#include "cli/commands.h"
#include "base/i18n.h"

/* One sentence about the command line; exit status 2. */
#define bad(...) cmdline_bad("iperf", __VA_ARGS__)

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

struct iperf_args {
	long port, time, streams, omit;
	bool reverse, json, raw, udp, bidir;
	uint64_t rate, window;
	const char *congestion;
};

static int set_rate(void *args, const char *v)
{
	struct iperf_args *a = args;

	return rate_of(v, &a->rate) ? bad(_("'%s' is not a bit rate (100M, "
					     "1.5G, 800K)"), v) : -1;
}

static int set_window(void *args, const char *v)
{
	struct iperf_args *a = args;

	return presets_parse_size(v, strlen(v), &a->window) ||
	       a->window > (1u << 30) ? bad(_("'%s' is not a window size "
		   "(256K, 4M; at most 1G)"), v) : -1;
}

static int set_congestion(void *args, const char *v)
{
	struct iperf_args *a = args;

	a->congestion = v;
	return strlen(v) < 16 && strspn(v, "abcdefghijklmnopqrstuvwxyz"
		"0123456789_-") == strlen(v) && *v ? -1 :
	       bad(_("'%s' is not a congestion control name"), v);
}

static const struct cliopt iperf_opts[] = {
	{ "port", 'p', N_("PORT"), N_("the server's port (default: the iperf "
				      "preset's,\nelse 5201; or HOST:PORT)"),
	  CLIOPT_SET_NUM(struct iperf_args, port, 1, 65535,
			 N_("'%s' is not a port (1-65535)")) },
	{ "reverse", 'R', NULL, N_("the server sends, this machine receives"),
	  CLIOPT_SET_FLAG(struct iperf_args, reverse) },
	{ "time", 't', N_("SEC"), N_("seconds to transmit (default: the iperf "
				     "preset's)"),
	  CLIOPT_SET_NUM(struct iperf_args, time, 1, 86400,
			 N_("'%s' is not a number of seconds (1-86400)")) },
	{ "parallel", 'P', N_("N"), N_("parallel streams (1 to 128)"),
	  CLIOPT_SET_NUM(struct iperf_args, streams, 1, 128,
			 N_("'%s' is not a number of streams (1-128)")) },
	{ "udp", 'u', NULL, N_("UDP instead of TCP (1 Mbit/s unless -b)"),
	  CLIOPT_SET_FLAG(struct iperf_args, udp) },
	{ "bitrate", 'b', N_("RATE"), N_("target bit/s: 100M, 1.5G, 800K "
					 "(powers of 1000)"),
	  CLIOPT_CALL_FN(set_rate) },
	{ "bandwidth", 0, N_("RATE"), NULL, CLIOPT_CALL_FN(set_rate) },
	{ "bidir", 0, NULL, N_("both directions at once"),
	  CLIOPT_SET_FLAG(struct iperf_args, bidir) },
	{ "omit", 'O', N_("SEC"), N_("leave out the first SEC seconds (TCP "
				     "slow start)"),
	  CLIOPT_SET_NUM(struct iperf_args, omit, 0, 3600,
			 N_("'%s' is not a number of seconds (0-3600)")) },
	{ "window", 'w', N_("SIZE"), N_("socket buffer size: 256K, 4M (powers "
					"of 1024)"),
	  CLIOPT_CALL_FN(set_window) },
	{ "congestion", 'C', N_("ALGO"), N_("TCP congestion control (cubic, "
					    "bbr, ...)"),
	  CLIOPT_CALL_FN(set_congestion) },
	{ "json", 'j', NULL, N_("print the result as JSON (doc/bench.md)"),
	  CLIOPT_SET_FLAG(struct iperf_args, json) },
	{ NULL, 'J', NULL, N_("print libiperf's own JSON, as iperf3 -J does"),
	  CLIOPT_SET_FLAG(struct iperf_args, raw) },
	CLIOPT_HELP_ROW,
	{ 0 },
};

const struct command cmd_iperf_entry = {
	.name = "iperf",
	.summary = N_("measure the network against an iperf3 server"),
	.synopsis = N_("iperf HOST [-p PORT] [-R|--bidir] [-t SEC] [-P N] [-u] "
		       "[-b RATE]\n                      [-O SEC] [-w SIZE] "
		       "[-C ALGO] [--json|-J]"),
	.about = N_("Measure the network against an iperf3 server (iperf3 -s, "
		    "or benchtop serve)."),
	.opts = iperf_opts,
	.epilog = N_("Exit status: 0 done, 1 the run failed (one sentence on "
		     "stderr), 2 bad command line."),
	.main = cmd_iperf_main,
};

static int parse(int argc, char **argv, struct iperf_args *a)
{
	int rc = cliopt_parse(&cmd_iperf_entry, argc, argv, a);

	if (rc >= 0)
		return rc;
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
	return cmd_bench_run("iperf", &p, argv[optind], 5201,
			     &(struct cmd_bench_out){ .json = a.json });
}
