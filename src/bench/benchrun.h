/* SPDX-License-Identifier: GPL-2.0-or-later */
/* benchrun: the parent's side of a benchmark run (or of the iperf3
 * server): the child process in its own process group, the pipe the
 * monitor polls, progress, cancel, the watchdog, the reaping and the
 * result object with its conditions. */
#ifndef BENCHTOP_BENCHRUN_H
#define BENCHTOP_BENCHRUN_H

#include <stdbool.h>
#include <sys/types.h>

#include <jansson.h>

#include "bench/bench.h"
#include "base/buf.h"
#include "bench/conditions.h"

enum benchrun_state {
	BENCHRUN_IDLE,		/* never started */
	BENCHRUN_RUNNING,
	BENCHRUN_DONE,		/* a result came */
	BENCHRUN_FAILED,	/* the child said why, or died */
	BENCHRUN_CANCELLED,
	BENCHRUN_TIMEOUT,	/* the watchdog killed it */
};

#define BENCHRUN_TARGET_MAX 4096
#define BENCHRUN_KILL_GRACE_S 5.0	/* SIGTERM, then SIGKILL after this */

struct benchrun {
	struct bench_job job;
	char target[BENCHRUN_TARGET_MAX];
	bool server;		/* an iperf3 server, not a run */
	pid_t pid;		/* 0 when no child */
	int fd;			/* the pipe's read end, -1 when closed */
	struct buf line;	/* a line not yet complete */
	enum benchrun_state state;
	double started, expect_s, term_sent;
	double fraction;	/* from the child */
	char phase[24];
	double rate;		/* bytes (bits for iperf) per second */
	bool has_rate;
	bool cancelled, killed;
	int wstatus;
	json_t *res;		/* the child's result */
	json_t *conditions;	/* after the end */
	char error[400];	/* the sentence when it did not work */
	char note[400];		/* what was chosen for the user, or "" */
	struct conditions cond;
	bool have_cond;
};

/* An iperf target "HOST:PORT", "[V6]:PORT" or "[V6]" split in place: HOST
 * keeps the host, *PORT gets the port when one is given (a bare IPv6
 * address has none).  0, or -EINVAL for a port outside 1-65535. */
int benchrun_split_port(char *host, int *port);

/* An idle run that owns nothing yet. */
void benchrun_init(struct benchrun *r);

/* Start a run of preset P (its copy, with overrides) on TARGET (folder,
 * block device, or host for iperf; PORT for iperf).  QUIET: the child's
 * stdout and stderr go to /dev/null (under the monitor).  0, or -errno
 * with R->error set. */
int benchrun_start(struct benchrun *r, const struct preset *p,
		   const char *target, int port, bool quiet);

/* Start the iperf3 server on BIND (NULL: all) and PORT in a child. */
int benchrun_serve(struct benchrun *r, const char *bind, int port,
		   bool quiet);

/* Read what the child wrote (call when the pipe is readable). */
void benchrun_read(struct benchrun *r);

/* Reap the child when it has ended (waitpid WNOHANG) and settle the
 * state; true when the run has just finished. */
bool benchrun_reap(struct benchrun *r);

/* Once a second or so: sample the conditions, and the watchdog. */
void benchrun_tick(struct benchrun *r);

/* Ask the run to stop (SIGTERM to its process group). */
void benchrun_cancel(struct benchrun *r);

/* Whether a child is running. */
bool benchrun_active(const struct benchrun *r);

/* Fraction done, 0..1 (reported, or by time for timed runs). */
double benchrun_fraction(const struct benchrun *r);

/* The server's latest test served (preset "serve", with its per-second
 * lines), handed over once (the caller owns it); NULL when none came
 * since, or R is a run. */
json_t *benchrun_take_served(struct benchrun *r);

/* The result of a finished run (new reference): preset, kind, target,
 * status, error, settings, figures, table, details and conditions
 * (doc/bench.md); NULL when out of memory. */
json_t *benchrun_result_json(const struct benchrun *r);

/* Release everything; a child still running is killed and reaped. */
void benchrun_fini(struct benchrun *r);

#endif
