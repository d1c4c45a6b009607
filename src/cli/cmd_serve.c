/* SPDX-License-Identifier: GPL-2.0-or-later */
/* cmd_serve: `benchtop serve [--bind ADDR] [--port N] [--once]`: an
 * iperf3 server through libiperf that stock `iperf3 -c` clients use. */
#include "config.h"

#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "bench/bench_iperf.h"
#include "cli/cmd_bench.h"
#include "cli/commands.h"
#include "base/i18n.h"

/* One sentence about the command line; exit status 2. */
#define bad(...) commands_bad("serve", __VA_ARGS__)

static void usage(FILE *f)
{
	fputs(_("Usage: benchtop serve [--bind ADDR] [--port N] [--once]\n"
		"Serve iperf3 clients (iperf3 -c HOST) until stopped.\n\n"
		"  -B, --bind=ADDR          listen on this address only "
		"(default: all)\n"
		"  -p, --port=N             the port (default 5201)\n"
		"  -1, --once               serve one test, then exit\n"
		"  -h, --help               show this help and exit\n\n"
		"Exit status: 0 done, 1 the server could not run (one sentence "
		"on stderr),\n2 bad command line.\n"), f);
}

static const struct option serve_options[] = {
	{ "bind", required_argument, NULL, 'B' },
	{ "port", required_argument, NULL, 'p' },
	{ "once", no_argument, NULL, '1' },
	{ "help", no_argument, NULL, 'h' },
	{ NULL, 0, NULL, 0 },
};

int cmd_serve_main(int argc, char **argv)
{
	const char *bind = NULL;
	char err[400] = "", *end;
	long port = 5201;
	bool once = false;
	int c;

	opterr = 0;
	optind = 1;
	while ((c = getopt_long(argc, argv, "B:p:1h", serve_options,
				NULL)) != -1) {
		if (c == 'h') {
			usage(stdout);
			return 0;
		} else if (c == 'B') {
			bind = optarg;
		} else if (c == 'p') {
			port = strtol(optarg, &end, 10);
			if (!*optarg || *end || port < 1 || port > 65535)
				return bad(_("'%s' is not a port (1-65535)"),
					   optarg);
		} else if (c == '1') {
			once = true;
		} else {
			return bad(_("unknown option or missing value in '%s'"),
				   argv[optind - 1]);
		}
	}
	if (optind != argc)
		return bad(_("unexpected '%s'"), argv[optind]);
	fprintf(stderr, _("benchtop serve: iperf3 server on %s port %ld%s\n"),
		bind ? bind : _("every address"), port, once ?
		_(", one test") : "");
	if (bench_iperf_serve(bind, (int)port, once, err, sizeof(err))) {
		fprintf(stderr, "benchtop serve: %s\n", err);
		return 1;
	}
	return 0;
}
