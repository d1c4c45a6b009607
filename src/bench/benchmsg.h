/* SPDX-License-Identifier: GPL-2.0-or-later */
/* benchmsg: the lines a benchmark child writes on its pipe, and their pure
 * parser: "progress 0.42 write 251300000", "expect 10", "result {json}",
 * "error <sentence>". */
#ifndef BENCHTOP_BENCHMSG_H
#define BENCHTOP_BENCHMSG_H

#include <stdbool.h>
#include <stddef.h>

#define BENCHMSG_PHASE_MAX 24

enum benchmsg_type {
	BENCHMSG_PROGRESS,	/* fraction done, phase, optional rate */
	BENCHMSG_EXPECT,	/* the run will take about SECONDS */
	BENCHMSG_RESULT,	/* a JSON object: the figures */
	BENCHMSG_ERROR,		/* one sentence: why the run failed */
};

struct benchmsg {
	enum benchmsg_type type;
	double fraction;		/* 0..1 (progress) */
	char phase[BENCHMSG_PHASE_MAX];	/* "write", "read 4k", ... */
	bool has_rate;
	double rate;			/* bytes (or bits) per second */
	double seconds;			/* expect */
	const char *text;		/* result JSON or error sentence: */
	size_t textlen;			/* points into the parsed line */
};

/* Parse one line BUF[0..LEN) (no newline) into OUT; 0 or -EINVAL. */
int benchmsg_parse(const char *buf, size_t len, struct benchmsg *out);

/* Write a progress line on FD (phase words joined by '_' never needed:
 * PHASE must hold no blank); RATE < 0 leaves the rate out.  0 or -errno. */
int benchmsg_progress(int fd, double fraction, const char *phase,
		      double rate);

/* Write "expect SECONDS". */
int benchmsg_expect(int fd, double seconds);

/* Write "error SENTENCE" (newlines in it become blanks). */
int benchmsg_error(int fd, const char *sentence);

/* Write "result JSON" (JSON on one line). */
int benchmsg_result(int fd, const char *json);

#endif
