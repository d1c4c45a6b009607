/* SPDX-License-Identifier: GPL-2.0-or-later */
/* benchui: the benchmarks in the live monitor: the preset menu and its
 * targets, the run's child and pipe in the poll loop, the BENCH row, the
 * results of the session and the built-in iperf3 server. */
#ifndef BENCHTOP_BENCHUI_H
#define BENCHTOP_BENCHUI_H

#include <poll.h>
#include <stdbool.h>
#include <stdint.h>
#include <stddef.h>

#include <jansson.h>

#include "bench/benchresult.h"
#include "bench/benchrun.h"
#include "bench/presets.h"

struct app;

#define BENCHUI_RESULTS_MAX 32
#define BENCHUI_TARGETS_MAX 64
#define BENCHUI_SERVER_PORT 5201
/* v serves this host only, as `benchtop serve` does unless told */
#define BENCHUI_SERVER_BIND "127.0.0.1"

enum benchui_step {
	BENCHUI_PRESET,		/* choosing a preset */
	BENCHUI_TARGET,		/* choosing a mount, a disk or "type..." */
	BENCHUI_TYPING,		/* typing a folder or a host */
	BENCHUI_SIZE,		/* typing the size of the run (s) */
};

struct benchui_target {
	char path[256];		/* folder, /dev/NAME, or host */
	char note[64];		/* "ext4 on sda1" */
};

struct benchui {
	struct presets presets;
	char presets_error[320];	/* why none could be read, or "" */
	enum benchui_step step;
	const struct preset *chosen;
	struct benchui_target targets[BENCHUI_TARGETS_MAX];
	size_t ntargets;
	char input[256];	/* what is being typed */
	uint64_t size;		/* the size chosen with s, 0: the preset's */
	struct benchrun run;
	struct benchrun srv;	/* the iperf3 server */
	bool shown;		/* the BENCH row has something to say */
	struct benchresult *results[BENCHUI_RESULTS_MAX]; /* oldest first */
	size_t nresults;
};

/* The benchmark keys' actions (tui/keys.c binds them): the preset menu
 * (b), cancel the run (c), the results screen (r), the iperf3 server on
 * or off (v). */
void benchui_menu(struct app *a);
void benchui_cancel(struct app *a);
void benchui_results(struct app *a);
void benchui_server(struct app *a);

/* Start the chosen preset on TARGET. */
void benchui_start(struct app *a, const char *target);

/* Fill the target list for the chosen preset from the hardware model. */
void benchui_fill_targets(struct app *a);

/* A benchmark figure's NAME ("write") in the user's words; NAME itself
 * when it is not one the benchmarks name. */
const char *benchui_figure_label(const char *name);

/* The main figures of result RES as one line ("write 251.3 MB/s ..."). */
void benchui_figures_line(const struct benchresult *res, bool main_only,
			  char *dst, size_t size);

#endif
