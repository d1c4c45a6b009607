/* SPDX-License-Identifier: GPL-2.0-or-later */
/* cmd_serve: `benchtop serve [--bind ADDR] [--port N] [--once]`: an
 * iperf3 server through libiperf that stock `iperf3 -c` clients use. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "bench/bench_iperf.h"
#include "cli/cmd_bench.h"
#include "cli/cmdline.h"
#include "cli/commands.h"
#include "base/i18n.h"

/* One sentence about the command line; exit status 2. */
#define bad(...) cmdline_bad("serve", __VA_ARGS__)

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

struct serve_args {
	const char *bind;
	long port, idle;
	bool once;
};

static const struct cliopt serve_opts[] = {
	{ "bind", 'B', N_("ADDR"), N_("listen on this address only (default "
				      "127.0.0.1;\n0.0.0.0 or :: for every "
				      "address)"),
	  CLIOPT_SET_TEXT(struct serve_args, bind) },
	{ "port", 'p', N_("N"), N_("the port (default 5201)"),
	  CLIOPT_SET_NUM(struct serve_args, port, 1, 65535,
			 N_("'%s' is not a port (1-65535)")) },
	{ "idle", 'I', N_("S"), N_("drop a client that sends nothing for S "
				   "seconds, or\nwhose set-up takes twice "
				   "that (default 10)"),
	  CLIOPT_SET_NUM(struct serve_args, idle, 1, 3600,
			 N_("'%s' is not a number of seconds (1-3600)")) },
	{ "once", '1', NULL, N_("serve one test, then exit"),
	  CLIOPT_SET_FLAG(struct serve_args, once) },
	CLIOPT_HELP_ROW,
	{ 0 },
};

const struct command cmd_serve_entry = {
	.name = "serve",
	.summary = N_("serve iperf3 clients (iperf3 -c) through libiperf"),
	.synopsis = N_("serve [--bind ADDR] [--port N] [--idle S] [--once]"),
	.about = N_("Serve iperf3 clients (iperf3 -c HOST) until stopped."),
	.opts = serve_opts,
	.epilog = N_("Exit status: 0 done, 1 the server could not run (one "
		     "sentence on stderr),\n2 bad command line."),
	.main = cmd_serve_main,
};

int cmd_serve_main(int argc, char **argv)
{
	struct serve_args a = { .bind = "127.0.0.1", .port = 5201,
				.idle = BENCH_SERVE_IDLE_S };
	struct bench_serve o = { .note = note };
	char err[400] = "";
	int rc = cliopt_parse(&cmd_serve_entry, argc, argv, &a);

	if (rc >= 0)
		return rc;
	if (optind != argc)
		return bad(_("unexpected '%s'"), argv[optind]);
	o.bind = a.bind;
	o.port = (int)a.port;
	o.idle_s = (int)a.idle;
	o.once = a.once;
	o.ctx = &o;
	if (bench_iperf_serve(&o, err, sizeof(err))) {
		fprintf(stderr, "benchtop serve: %s\n", err);
		return 1;
	}
	return 0;
}
