/* SPDX-License-Identifier: GPL-2.0-or-later */
/* cmd_bench: the headless front of the benchmarks, shared by `benchtop
 * bench` and `benchtop iperf`: wait for a run with progress on stderr and
 * print its result as text or JSON. */
#ifndef BENCHTOP_CMD_BENCH_H
#define BENCHTOP_CMD_BENCH_H

#include <stdbool.h>
#include <stdio.h>

#include <jansson.h>

#include "bench/benchresult.h"
#include "bench/presets.h"

/* What to do with a result: print it as JSON, save it as a session. */
struct cmd_bench_out {
	bool json;
	const char *snapshot;	/* a file or folder, or NULL */
	bool force;		/* replace SNAPSHOT */
	char format;		/* iperf -f: k m g t (bit/s), K M G T (bytes
				 * per second, powers of 1024); 0 Mbit/s */
};

/* Run preset P on TARGET (PORT for iperf) in a child, show progress on
 * stderr when it is a terminal, print the result (JSON when OUT->json) on
 * stdout and save it (OUT->snapshot); returns the exit status (0, 1, or
 * 128 + a signal). */
int cmd_bench_run(const char *cmd, const struct preset *p,
		  const char *target, int port, const struct cmd_bench_out *out);

/* A result object as text: figures, iozone table, conditions. */
void cmd_bench_print(FILE *f, const struct benchresult *res);

/* The same with bit rates in FORMAT's unit (struct cmd_bench_out). */
void cmd_bench_print_as(FILE *f, const struct benchresult *res, char format);

/* Load the presets; false (with a sentence on stderr) when impossible. */
bool cmd_bench_presets(const char *cmd, struct presets *ps);

int cmd_bench_main(int argc, char **argv);
int cmd_iperf_main(int argc, char **argv);
int cmd_serve_main(int argc, char **argv);

#endif
