/* SPDX-License-Identifier: GPL-2.0-or-later */
/* bench_iperf: the iperf3 server of `benchtop serve` and the monitor's v
 * key, and the parser of libiperf's JSON result (libiperf stays inside
 * bench_iperf.c). */
#ifndef BENCHTOP_BENCH_IPERF_H
#define BENCHTOP_BENCH_IPERF_H

#include <stdbool.h>
#include <stddef.h>

#include <jansson.h>

/* Serve iperf3 clients on BIND (NULL: every address) and PORT (0: 5201),
 * one test when ONCE, else until a signal ends the process.  Returns 0,
 * or -errno with ERR set (the port is taken, ...). */
int bench_iperf_serve(const char *bind, int port, bool once, char *err,
		      size_t errsize);

/* Add sender/receiver Mbit/s, retransmits and the largest congestion
 * window from libiperf's JSON TEXT to RES's figures, and its "end" as
 * "iperf_end"; 0, or -EPROTO with ERR set (the run's own error when any). */
int bench_iperf_figures(const char *text, json_t *res, char *err,
			size_t errsize);

#endif
