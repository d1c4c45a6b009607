/* SPDX-License-Identifier: GPL-2.0-or-later */
/* series: the session's time series recorder - every sampled rate by
 * channel ("disk:sda:read_bytes_per_s"), full resolution for recent
 * history and averaged into coarser buckets as it ages, so that memory
 * and the saved file stay bounded however long the session runs. */
#ifndef BENCHTOP_SERIES_H
#define BENCHTOP_SERIES_H

#include <jansson.h>
#include <stddef.h>
#include <stdint.h>

#define SERIES_TIERS 3
#define SERIES_CHANNELS_MAX 2048	/* more are ignored (and on load refused) */
#define SERIES_NAME_MAX 128
#define SERIES_INDEX_SLOTS 4096	/* a power of 2, twice the channels */

/* One point: the mean of N samples from T_MS (ms since the session's first
 * sample); V[i] is channel i, NaN where the channel had no value. */
struct series_row {
	int64_t t_ms;
	uint32_t n;
	uint32_t nv;		/* values stored; channels past it are NaN */
	float *v;
};

struct series_tier {
	int64_t step_ms;	/* bucket width; 0 = every sample as taken */
	int64_t keep_ms;	/* rows older than this go to the next tier */
	size_t max_rows;
	struct series_row *rows;	/* oldest first */
	size_t n, cap;
};

struct series {
	char **names;		/* channel names, in order of first sight */
	size_t nch, chcap;
	struct series_tier tier[SERIES_TIERS];
	double t0_s;		/* monotonic time of the first sample */
	int started;		/* a sample has been taken */
	struct series_row open;	/* the row between begin and end */
	int is_open;
	size_t hint;		/* channel expected by the next put */
	double interval_s;	/* sampling interval, as told by the caller */
	int64_t start_ms;	/* wall-clock time of the first sample (ms
				 * since the epoch); 0 when unknown */
	int32_t *idx;		/* SERIES_INDEX_SLOTS: names[] by hash, -1
				 * empty (NULL until the first channel) */
	size_t refused;		/* channels refused in the open row (past
				 * SERIES_CHANNELS_MAX) */
	size_t refused_max;	/* the most refused in one row: 0 while the
				 * cap was never hit */
};

/* An empty recorder with the default tiers: every sample for 15 minutes
 * (900 at most), 10 s means for 6 hours, 60 s means beyond (2880 rows,
 * then pairs of rows merge and the step doubles). */
void series_init(struct series *s);

void series_free(struct series *s);

/* Start the row of the sample taken at monotonic time T_S; 0, -EINVAL
 * when T_S goes back in time, or -ENOMEM. */
int series_begin(struct series *s, double t_s);

/* Record V for CHANNEL in the open row; a new channel is added.  0, or
 * -ENOSPC past SERIES_CHANNELS_MAX (counted in refused), -EINVAL,
 * -ENOMEM. */
int series_put(struct series *s, const char *channel, double v);

/* series_put of the channel the last put's successor is, when that one is
 * named KIND ":" NAME ":" METRIC word for word: the channels come in the
 * same order each tick, and a 256-CPU machine has thousands, so the key
 * is neither built nor hashed.  1 put, 0 not that channel (nothing done:
 * series_put it), -EINVAL, -ENOMEM. */
int series_put_next(struct series *s, const char *kind, const char *name,
		    const char *metric, double v);

/* series_put of KIND ":" NAME ":" METRIC when the recorder is full,
 * looked up by its parts: past the cap a 256-CPU machine's ~2000 refused
 * channels were each cleaned, joined and hashed every tick.  1 put,
 * -ENOSPC refused (counted), 0 not the full recorder's case or a name
 * the key would clean or cut (nothing done: series_put it), -ENOMEM. */
int series_put_full(struct series *s, const char *kind, const char *name,
		    const char *metric, double v);

/* Close the open row and age the tiers; 0 or -ENOMEM. */
int series_end(struct series *s);

/* Bytes of memory the recorder holds (names, rows, values). */
size_t series_bytes(const struct series *s);

/* Rows of all tiers, oldest first. */
size_t series_nrows(const struct series *s);

/* Row I of that sequence, or NULL. */
const struct series_row *series_row(const struct series *s, size_t i);

/* Index of CHANNEL, or -1. */
long series_find(const struct series *s, const char *channel);

/* The recorder as JSON ("interval_s", "start", "channels", "tiers";
 * doc/snapshot.md) with every value rounded to a tenth (an integer where
 * that is whole); NULL when out of memory. */
json_t *series_json(const struct series *s);

/* Fill S (series_init()ed) from series_json() output; 0, or -EINVAL with a
 * sentence in ERR (SIZE bytes), or -ENOMEM. */
int series_from_json(struct series *s, const json_t *o, char *err,
		     size_t size);

#endif
