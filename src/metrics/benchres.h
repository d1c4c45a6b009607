/* SPDX-License-Identifier: GPL-2.0-or-later */
/* benchres: the last benchmark result of each preset and target, and the
 * tuning journal of the newest saved session, read from result files
 * (`benchtop bench --json`) and snapshots in the folders given. */
#ifndef BENCHTOP_BENCHRES_H
#define BENCHTOP_BENCHRES_H

#include <stddef.h>
#include <stdint.h>

#include <jansson.h>

#include "metrics/expo.h"

#define BENCHRES_MAX_FILES 256		/* per folder; more are not read */
#define BENCHRES_MAX_BYTES (16u << 20)	/* larger files are not read */

struct benchres {
	json_t **runs;		/* newest ok run per preset and target */
	double *times;		/* its end, seconds since the epoch */
	size_t n;
	json_t *journal;	/* of the newest snapshot, or NULL */
	double journal_time;	/* its saved_at */
	char journal_file[256];	/* its base name */
	json_t *experiment;	/* the newest snapshot's last experiment */
	double experiment_time;	/* that snapshot's time */
	size_t nfiles, nbad;	/* files read, files refused */
	char error[300];	/* the first refusal as one sentence, "" */
};

/* Read every path of PATHS (a result file, a snapshot, or a folder of
 * them: *.json) into R (reset first).  A file that cannot be read counts
 * in nbad with a sentence in error.  0 or -ENOMEM. */
int benchres_load(struct benchres *r, const char *const *paths, size_t n);

/* Add the result file or snapshot DATA (LEN bytes), read from PATH at
 * MTIME (seconds since the epoch), to R; refused with a sentence in R's
 * error when it is neither.  0 or -ENOMEM. */
int benchres_add(struct benchres *r, const char *data, size_t len,
		 const char *path, double mtime);

/* A fingerprint of PATHS as benchres_load would read them: each path's
 * and each *.json in a folder's name, inode, size, modification and
 * change times.  Cheap (no file is opened): the same value means the
 * same results, so the caller keeps what it read. */
uint64_t benchres_stamp(const char *const *paths, size_t n);

void benchres_free(struct benchres *r);

/* Write the benchtop_bench_*, benchtop_tune_* and benchtop_experiment_*
 * families of R into E. */
void benchres_write(struct expo *e, const struct benchres *r);

/* Seconds since the epoch of an ISO 8601 time with an offset
 * ("2024-05-01T12:00:00+0200", "...Z", "...+02:00"); -1 if it is not. */
double benchres_parse_time(const char *s);

#endif
