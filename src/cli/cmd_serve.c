/* SPDX-License-Identifier: GPL-2.0-or-later */
/* cmd_serve: `benchtop serve [--bind ADDR] [--port N] [--once]`: an
 * iperf3 server through libiperf that stock `iperf3 -c` clients use. */
#include "config.h"

#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "bench/bench_iperf.h"
#include "cli/cmd_bench.h"
#include "cli/cmdline.h"
#include "base/i18n.h"
#include "base/numparse.h"

/* One sentence about the command line; exit status 2. */
#define bad(...) cmdline_bad("serve", __VA_ARGS__)

static void usage(FILE *f)
{
	fputs(_("Usage: benchtop serve [--bind ADDR] [--port N] [--idle S] "
		"[--once]\n"
		"Serve iperf3 clients (iperf3 -c HOST) until stopped.\n\n"
		"  -B, --bind=ADDR          listen on this address only "
		"(default 127.0.0.1;\n"
		"                           0.0.0.0 or :: for every address)\n"
		"  -p, --port=N             the port (default 5201)\n"
		"  -I, --idle=S             drop a client that sends nothing "
		"for S seconds\n"
		"                           (default 10)\n"
		"  -1, --once               serve one test, then exit\n"
		"  -h, --help               show this help and exit\n\n"
		"Exit status: 0 done, 1 the server could not run (one sentence "
		"on stderr),\n2 bad command line.\n"), f);
}

/* Where it listens, once it does; a test that failed, as it happens. */
static void note(void *ctx, bool listening, const char *sentence)
{
	const struct bench_serve *o = ctx;

	if (listening)
		fprintf(stderr, _("benchtop serve: iperf3 server listening on "
			"%s port %d%s\n"), o->bind, o->port, o->once ?
			_(", one test") : "");
	else
		fprintf(stderr, "benchtop serve: %s\n", sentence);
}

static const struct option serve_options[] = {
	{ "bind", required_argument, NULL, 'B' },
	{ "port", required_argument, NULL, 'p' },
	{ "idle", required_argument, NULL, 'I' },
	{ "once", no_argument, NULL, '1' },
	{ "help", no_argument, NULL, 'h' },
	{ NULL, 0, NULL, 0 },
};

int cmd_serve_main(int argc, char **argv)
{
	struct bench_serve o = { .note = note, .idle_s = BENCH_SERVE_IDLE_S };
	const char *bind = "127.0.0.1";
	char err[400] = "";
	long port = 5201;
	uint64_t v;
	bool once = false;
	int c;

	opterr = 0;
	optind = 1;
	while ((c = getopt_long(argc, argv, "B:p:I:1h", serve_options,
				NULL)) != -1) {
		if (c == 'h') {
			usage(stdout);
			return 0;
		} else if (c == 'B') {
			bind = optarg;
		} else if (c == 'p') {
			if (numparse_uint(optarg, 65535, &v) || v < 1)
				return bad(_("'%s' is not a port (1-65535)"),
					   optarg);
			port = (long)v;
		} else if (c == 'I') {
			if (numparse_uint(optarg, 3600, &v) || v < 1)
				return bad(_("'%s' is not a number of seconds "
					     "(1-3600)"), optarg);
			o.idle_s = (int)v;
		} else if (c == '1') {
			once = true;
		} else {
			return bad(_("unknown option or missing value in '%s'"),
				   argv[optind - 1]);
		}
	}
	if (optind != argc)
		return bad(_("unexpected '%s'"), argv[optind]);
	o.bind = bind;
	o.port = (int)port;
	o.once = once;
	o.ctx = &o;
	if (bench_iperf_serve(&o, err, sizeof(err))) {
		fprintf(stderr, "benchtop serve: %s\n", err);
		return 1;
	}
	return 0;
}
