/* SPDX-License-Identifier: GPL-2.0-or-later */
/* cmd_serve: `benchtop serve [--bind ADDR] [--port N] [--once]
 * [--snapshot FILE]`: an iperf3 server through libiperf that stock
 * `iperf3 -c` clients use; with --snapshot, each test is saved in a
 * session with its per-second lines. */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "bench/bench_iperf.h"
#include "cli/cmd_bench.h"
#include "cli/cmdline.h"
#include "cli/commands.h"
#include "base/i18n.h"
#include "base/strclean.h"
#include "hw/hwmodel.h"
#include "session/snapshot.h"

/* One sentence about the command line; exit status 2. */
#define bad(...) cmdline_bad("serve", __VA_ARGS__)

/* The server's options and, with --snapshot, the session's results. */
struct serve_ctx {
	struct bench_serve o;
	const char *snapshot;
	bool force;		/* the file may be replaced (set once saved) */
	json_t *results;
};

/* Where it listens, once it does; a test that failed, as it happens. */
static void note(void *ctx, bool listening, const char *sentence)
{
	const struct bench_serve *o = &((struct serve_ctx *)ctx)->o;

	if (listening)
		fprintf(stderr, _("benchtop serve: iperf3 server listening on "
			"%s port %d%s\n"), o->bind, o->port, o->once ?
			_(", one test") : "");
	else
		fprintf(stderr, "benchtop serve: %s\n", sentence);
}

/* A test served: add RES to the session and save it again, whole. */
static void recorded(void *ctx, json_t *res)
{
	struct serve_ctx *c = ctx;
	struct snapshot_input in = { .saved_at = time(NULL) };
	char where[4096], err[600], shown[600];
	struct hwmodel hw;
	bool have_hw = hwmodel_load_flags(&hw, 0) == 0;

	json_array_append_new(c->results, res);
	in.hw = have_hw ? &hw : NULL;
	in.results = c->results;
	if (snapshot_save(&in, c->snapshot, NULL, c->force, where,
			  sizeof(where), err, sizeof(err))) {
		fprintf(stderr, "benchtop serve: %s\n", err);
	} else {
		c->force = true;
		strclean_copy(shown, sizeof(shown), where, strlen(where));
		fprintf(stderr, _("benchtop serve: test %zu saved to %s\n"),
			json_array_size(c->results), shown);
	}
	if (have_hw)
		hwmodel_fini(&hw);
}

struct serve_args {
	const char *bind, *snapshot;
	long port, idle;
	bool once, force;
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
	{ "one-off", 0, NULL, N_("the same, as iperf3 -s spells it"),
	  CLIOPT_SET_FLAG(struct serve_args, once) },
	{ "snapshot", 'S', N_("FILE"), N_("save each test in a session "
					  "(report, compare),\nwith its "
					  "per-second lines"),
	  CLIOPT_SET_TEXT(struct serve_args, snapshot) },
	{ "force", 'f', NULL, N_("replace FILE if it exists"),
	  CLIOPT_SET_FLAG(struct serve_args, force) },
	CLIOPT_HELP_ROW,
	{ 0 },
};

const struct command cmd_serve_entry = {
	.name = "serve",
	.summary = N_("serve iperf3 clients (iperf3 -c) through libiperf"),
	.synopsis = N_("serve [--bind ADDR] [--port N] [--idle S] [--once]\n"
		       "       [--snapshot FILE [--force]]"),
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
	struct serve_ctx c = { .o = { .note = note } };
	char err[400] = "";
	int rc = cliopt_parse(&cmd_serve_entry, argc, argv, &a);

	if (rc >= 0)
		return rc;
	if (optind != argc)
		return bad(_("unexpected '%s'"), argv[optind]);
	if (a.force && !a.snapshot)
		return bad("%s", _("--force is for --snapshot FILE"));
	if (a.snapshot && !a.force && access(a.snapshot, F_OK) == 0)
		return bad("%s", _("the --snapshot file exists (give --force "
				   "to replace it)"));
	c.o.bind = a.bind;
	c.o.port = (int)a.port;
	c.o.idle_s = (int)a.idle;
	c.o.once = a.once;
	c.o.ctx = &c;
	if (a.snapshot) {
		c.snapshot = a.snapshot;
		c.force = a.force;
		c.results = json_array();
		c.o.result = recorded;
	}
	rc = bench_iperf_serve(&c.o, err, sizeof(err));
	json_decref(c.results);
	if (rc) {
		fprintf(stderr, "benchtop serve: %s\n", err);
		return 1;
	}
	return 0;
}
