/* SPDX-License-Identifier: GPL-2.0-or-later */
/* bench_iperf: the iperf3 server of `benchtop serve` and the monitor's v
 * key, and the parser of libiperf's JSON result (libiperf stays inside
 * bench_iperf.c). */
#ifndef BENCHTOP_BENCH_IPERF_H
#define BENCHTOP_BENCH_IPERF_H

#include <stdbool.h>
#include <stddef.h>

#include <jansson.h>

#define BENCH_SERVE_IDLE_S 10	/* a client silent this long is dropped */

/* What the server does: BIND (NULL: every address), PORT (0: 5201),
 * ONCE (one test), IDLE_S (0: BENCH_SERVE_IDLE_S), and NOTE, called
 * with LISTENING true once the first listener is up, and with a
 * sentence for each test that failed or crashed. */
struct bench_serve {
	const char *bind;
	int port;
	bool once;
	int idle_s;
	void (*note)(void *ctx, bool listening, const char *sentence);
	/* Optional: each test that ran, as a result (kind iperf, preset
	 * "serve", the server's figures and per-second "intervals"); the
	 * callee owns RES.  Set, the server's libiperf writes JSON, not
	 * iperf3's text, and its stdout is /dev/null. */
	void (*result)(void *ctx, json_t *res);
	void *ctx;
};

/* Serve iperf3 clients, each test in a child process of its own, so a
 * crash inside libiperf ends that test only (a note) and the next
 * client is served; until a signal ends the process, or after one test
 * when ONCE.  Returns 0, or -EIO with ERR set (the port is taken, the
 * one test of ONCE failed). */
int bench_iperf_serve(const struct bench_serve *o, char *err,
		      size_t errsize);

/* Add sender/receiver Mbit/s, retransmits and the largest congestion
 * window from libiperf's JSON TEXT to RES's figures, its "end" as
 * "iperf_end" and its per-second lines as "intervals" ([{start, end,
 * bytes, bits_per_second}], the sums over the streams); 0, or -EPROTO
 * with ERR set (the run's own error when any). */
int bench_iperf_figures(const char *text, json_t *res, char *err,
			size_t errsize);

#endif
