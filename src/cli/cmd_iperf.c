/* SPDX-License-Identifier: GPL-2.0-or-later */
/* cmd_iperf: `benchtop iperf HOST [-p PORT] [-R] [-t SEC] [-P N] [-u -b
 * RATE] [--bidir] [-O SEC] [-w SIZE] [-C ALGO] [-J]` and the rest of
 * iperf3's client options: an iperf3 client run through libiperf, with
 * its conditions recorded.  Each option of iperf3 is taken with its
 * meaning or refused with what to use instead (the table "refused"). */
#include "config.h"

#include <ctype.h>
#include <netdb.h>
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
	long port, time, streams, omit, mss, cport, connect_timeout;
	long interval_ms;	/* -i; -1 not given */
	char format;		/* -f; 0 Mbit/s */
	bool reverse, json, raw, udp, bidir, no_delay, zerocopy, ipv4, ipv6;
	uint64_t rate, window, length, bytes, blocks;
	unsigned tos;
	const char *congestion, *client, *bind;
};

/* A size as iperf3 reads -l, -n and -k: a number with K, M or G (powers
 * of 1024), at most MAX; -1 with the sentence for WHAT. */
static int size_of(const char *v, uint64_t *out, uint64_t max,
		   const char *what)
{
	return presets_parse_size(v, strlen(v), out) || !*out || *out > max ?
	       bad(_("'%s' is not %s"), v, what) : -1;
}

static int set_length(void *args, const char *v)
{
	return size_of(v, &((struct iperf_args *)args)->length, 1u << 24,
		       _("a buffer length (128K; 1 byte to 16M)"));
}

static int set_bytes(void *args, const char *v)
{
	return size_of(v, &((struct iperf_args *)args)->bytes, 1ull << 50,
		       _("a number of bytes (1G, 500M)"));
}

static int set_blocks(void *args, const char *v)
{
	return size_of(v, &((struct iperf_args *)args)->blocks, 1ull << 40,
		       _("a number of blocks (1000, 10K)"));
}

/* -S: 0-255 in decimal, octal (064) or hex (0x34), as iperf3 takes it. */
static int set_tos(void *args, const char *v)
{
	char *end;
	long t = strtol(v, &end, 0);

	if (end == v || *end || t < 0 || t > 255)
		return bad(_("'%s' is not a type of service (0-255, such as 52, "
			     "064 or 0x34)"), v);
	((struct iperf_args *)args)->tos = (unsigned)t;
	return -1;
}

static int set_bind(void *args, const char *v)
{
	struct iperf_args *a = args;

	a->bind = v;
	return strlen(v) < 64 && *v && !strchr(v, '%') ? -1 :
	       bad(_("'%s' is not a local address (-B 192.0.2.7; for an "
		     "interface, give its address)"), v);
}

/* -i: 0 (no lines), or 0.1 to 60 seconds, as iperf3 takes it. */
static int set_interval(void *args, const char *v)
{
	char *end;
	double s = strtod(v, &end);

	if (end == v || *end || !(s == 0 || (s >= 0.1 && s <= 60)))
		return bad(_("'%s' is not an interval (0, or 0.1 to 60 "
			     "seconds)"), v);
	((struct iperf_args *)args)->interval_ms = (long)(s * 1000 + 0.5);
	return -1;
}

/* -f: one of iperf3's unit letters. */
static int set_format(void *args, const char *v)
{
	if (strlen(v) != 1 || !strchr("kmgtKMGT", *v))
		return bad(_("'%s' is not a format: k, m, g or t for bit/s, K, "
			     "M, G or T for bytes a second"), v);
	((struct iperf_args *)args)->format = *v;
	return -1;
}

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
	{ "client", 'c', N_("HOST"), N_("the server, as iperf3 -c takes it "
					"(or HOST alone)"),
	  CLIOPT_SET_TEXT(struct iperf_args, client) },
	{ "length", 'l', N_("SIZE"), N_("bytes a read or write: 128K (powers "
					"of 1024)"),
	  CLIOPT_CALL_FN(set_length) },
	{ "bytes", 'n', N_("SIZE"), N_("send SIZE bytes instead of for -t "
				       "seconds: 1G"),
	  CLIOPT_CALL_FN(set_bytes) },
	{ "blockcount", 'k', N_("N"), N_("send N blocks instead of for -t "
					 "seconds"),
	  CLIOPT_CALL_FN(set_blocks) },
	{ "set-mss", 'M', N_("BYTES"), N_("TCP maximum segment size"),
	  CLIOPT_SET_NUM(struct iperf_args, mss, 88, 65535,
			 N_("'%s' is not a segment size (88-65535)")) },
	{ "no-delay", 'N', NULL, N_("TCP without Nagle's algorithm "
				    "(TCP_NODELAY)"),
	  CLIOPT_SET_FLAG(struct iperf_args, no_delay) },
	{ "tos", 'S', N_("N"), N_("IP type of service, 0-255 (52, 064, 0x34)"),
	  CLIOPT_CALL_FN(set_tos) },
	{ "zerocopy", 'Z', NULL, N_("send with sendfile(), as iperf3 -Z"),
	  CLIOPT_SET_FLAG(struct iperf_args, zerocopy) },
	{ "bind", 'B', N_("ADDR"), N_("send from this local address"),
	  CLIOPT_CALL_FN(set_bind) },
	{ "cport", 0, N_("PORT"), N_("send from this local port"),
	  CLIOPT_SET_NUM(struct iperf_args, cport, 1, 65535,
			 N_("'%s' is not a port (1-65535)")) },
	{ "connect-timeout", 0, N_("MS"), N_("give up connecting after MS "
					     "milliseconds"),
	  CLIOPT_SET_NUM(struct iperf_args, connect_timeout, 1, 3600000,
			 N_("'%s' is not a number of milliseconds "
			    "(1-3600000)")) },
	{ "interval", 'i', N_("SEC"), N_("seconds between the result's lines "
					 "(intervals;\n1 unless given; 0: one "
					 "for the whole run)"),
	  CLIOPT_CALL_FN(set_interval) },
	{ "format", 'f', N_("UNIT"), N_("rates in k, m, g, t bit/s or K, M, G, "
					"T bytes a\nsecond (powers of 1024), as "
					"iperf3 -f"),
	  CLIOPT_CALL_FN(set_format) },
	{ "version4", '4', NULL, N_("IPv4 only: HOST's IPv4 address"),
	  CLIOPT_SET_FLAG(struct iperf_args, ipv4) },
	{ "version6", '6', NULL, N_("IPv6 only: HOST's IPv6 address"),
	  CLIOPT_SET_FLAG(struct iperf_args, ipv6) },
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
	.synopsis = N_("iperf HOST [-p PORT] [-R|--bidir] [-t SEC|-n SIZE|-k N] "
		       "[-P N]\n                      [-u] [-b RATE] [-O SEC] "
		       "[-w SIZE] [-C ALGO] [--json|-J]\n"
		       "                      [iperf3's other client options: "
		       "see below]"),
	.about = N_("Measure the network against an iperf3 server (iperf3 -s, "
		    "or benchtop serve)."),
	.opts = iperf_opts,
	.epilog = N_("Every option of iperf3's client has the same meaning "
		     "here, or is refused with one sentence that names what "
		     "to use instead (doc/bench.md lists them).\n"
		     "Exit status: 0 done, 1 the run failed (one sentence on "
		     "stderr), 2 bad command line."),
	.main = cmd_iperf_main,
};

/* iperf3's options that benchtop iperf does not take, each with what to
 * use instead; a short name NUL when there is none. */
static const struct {
	char key;
	const char *name, *instead;
} refused[] = {
	{ 's', "server", N_("the server is benchtop serve (or iperf3 -s)") },
	{ 'D', "daemon", N_("run benchtop serve as a service: "
			    "benchtop-serve.service") },
	{ '1', "one-off", N_("that is a server's option: benchtop serve "
			     "--one-off") },
	{ 0, "server-bitrate-limit", N_("that is a server's option: run "
					"iperf3 -s for it") },
	{ 0, "idle-timeout", N_("that is a server's option: benchtop serve "
				"--idle") },
	{ 0, "rsa-private-key-path", N_("authenticated servers: run iperf3 "
					"-s itself") },
	{ 0, "authorized-users-path", N_("authenticated servers: run iperf3 "
					 "-s itself") },
	{ 0, "time-skew-threshold", N_("authenticated servers: run iperf3 "
				       "-s itself") },
	{ 0, "username", N_("authenticated servers: run iperf3 -c itself") },
	{ 0, "rsa-public-key-path", N_("authenticated servers: run iperf3 -c "
				       "itself") },
	{ 'I', "pidfile", N_("the shell's $! is the process's id") },
	{ 'F', "file", N_("for disk throughput, benchtop bench seq-direct") },
	{ 'A', "affinity", N_("pin the run with taskset -c CPU benchtop iperf "
			      "...") },
	{ 0, "bind-dev", N_("give that interface's address to -B") },
	{ 'V', "verbose", N_("--json or -J shows every figure") },
	{ 0, "logfile", N_("redirect the output: > FILE") },
	{ 0, "forceflush", N_("the result is written once, at the end") },
	{ 0, "timestamps", N_("the result is written once, at the end, and "
			      "--json holds its time") },
	{ 0, "rcv-timeout", N_("the run's watchdog ends a stalled run") },
	{ 0, "snd-timeout", N_("the run's watchdog ends a stalled run") },
	{ 'd', "debug", N_("run iperf3 -d itself") },
	{ 'v', "version", N_("benchtop --version; libiperf's is in -J") },
	{ 0, "sctp", N_("TCP, or UDP with -u") },
	{ 'X', "xbind", N_("TCP, or UDP with -u") },
	{ 0, "nstreams", N_("TCP, or UDP with -u") },
	{ 0, "pacing-timer", N_("-b sets the rate") },
	{ 0, "fq-rate", N_("-b sets the rate") },
	{ 0, "dscp", N_("-S with the DSCP value times 4") },
	{ 'L', "flowlabel", N_("run iperf3 -c -L itself") },
	{ 'T', "title", N_("the result names its server and time") },
	{ 0, "extra-data", N_("run iperf3 -c itself") },
	{ 0, "get-server-output", N_("-J holds what libiperf gets") },
	{ 0, "udp-counters-64bit", N_("run iperf3 -c itself") },
	{ 0, "repeating-payload", N_("run iperf3 -c itself") },
	{ 0, "dont-fragment", N_("run iperf3 -c itself") },
};

/* The first word of ARGV that names a refused option: one sentence with
 * what to use instead and 2; -1 when there is none. */
static int refuse(int argc, char **argv)
{
	size_t i, n;
	int k;

	for (k = 1; k < argc && strcmp(argv[k], "--") != 0; k++) {
		for (i = 0; i < sizeof(refused) / sizeof(refused[0]); i++) {
			n = strlen(refused[i].name);
			if ((strncmp(argv[k], "--", 2) == 0 &&
			     strncmp(argv[k] + 2, refused[i].name, n) == 0 &&
			     (argv[k][2 + n] == '\0' || argv[k][2 + n] == '=')) ||
			    (refused[i].key && argv[k][0] == '-' &&
			     argv[k][1] == refused[i].key))
				return bad(_("'%s' is iperf3's option, not benchtop "
					     "iperf's: %s"), argv[k],
					   _(refused[i].instead));
		}
	}
	return -1;
}

static int parse(int argc, char **argv, struct iperf_args *a)
{
	int rc = refuse(argc, argv);

	if (rc >= 0)
		return rc;
	rc = cliopt_parse(&cmd_iperf_entry, argc, argv, a);
	if (rc >= 0)
		return rc;
	if (a->client ? optind != argc : optind + 1 != argc)
		return bad("%s", optind == argc ? _("which server? (benchtop "
			   "iperf HOST)") : _("one server at a time"));
	if (a->ipv4 && a->ipv6)
		return bad("%s", _("-4 or -6, not both"));
	if ((a->bytes != 0) + (a->blocks != 0) + (a->time > 0) > 1)
		return bad("%s", _("-t, -n and -k exclude each other: one says "
			   "when the run ends"));
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

/* -4, -6: HOST's address of FAMILY, as text into DST; 0, or 1 after the
 * sentence why not (libiperf itself takes whichever the resolver gives). */
static int address_of(const char *host, int family, char *dst, size_t size)
{
	struct addrinfo hints = { .ai_family = family,
				  .ai_socktype = SOCK_STREAM }, *ai = NULL;
	int rc = getaddrinfo(host, NULL, &hints, &ai);

	if (rc == 0)
		rc = getnameinfo(ai->ai_addr, ai->ai_addrlen, dst,
				 (socklen_t)size, NULL, 0, NI_NUMERICHOST);
	if (ai)
		freeaddrinfo(ai);
	if (rc == 0)
		return 0;
	cmdline_say(stderr, _("benchtop iperf: %s has no %s address (%s)\n"),
		    host, family == AF_INET ? "IPv4" : "IPv6",
		    gai_strerror(rc));
	return 1;
}

/* The options past the preset's into P. */
static void more_options(struct preset *p, const struct iperf_args *a)
{
	p->length = a->length;
	p->bytes = a->bytes;
	p->blocks = a->blocks;
	if (a->bytes || a->blocks) {	/* as iperf3: the amount ends it */
		p->duration_s = 0;
		p->timeout_s = 3600;
	}
	p->mss = (unsigned)a->mss;
	p->no_delay = a->no_delay;
	p->tos = a->tos;
	p->zerocopy = a->zerocopy;
	p->cport = (unsigned)a->cport;
	p->connect_timeout_ms = (unsigned)a->connect_timeout;
	if (a->bind)
		snprintf(p->bind, sizeof(p->bind), "%s", a->bind);
	p->interval_ms = a->interval_ms > 0 ? (unsigned)a->interval_ms : 0;
	p->no_intervals = a->interval_ms == 0;
}

int cmd_iperf_main(int argc, char **argv)
{
	struct iperf_args a = { .port = 0, .omit = -1, .interval_ms = -1 };
	/* port 0: the preset's, or 5201 */
	struct presets ps;
	const struct preset *found;
	struct preset p;
	char addr[64];
	const char *host;
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
	more_options(&p, &a);
	host = a.client ? a.client : argv[optind];
	if ((a.ipv4 || a.ipv6) && address_of(host, a.ipv4 ? AF_INET : AF_INET6,
					      addr, sizeof(addr)))
		return 1;
	if (a.ipv4 || a.ipv6)
		host = addr;
	return cmd_bench_run("iperf", &p, host, 5201,
			     &(struct cmd_bench_out){ .json = a.json,
						      .format = a.format });
}
