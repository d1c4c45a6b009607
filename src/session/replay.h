/* SPDX-License-Identifier: GPL-2.0-or-later */
/* replay: a loaded snapshot as the source of the live screen - for one row
 * of the recorded series, the moment the panels draw from, filled from the
 * row's values and the system facts. */
#ifndef BENCHTOP_REPLAY_H
#define BENCHTOP_REPLAY_H

#include <jansson.h>
#include <stddef.h>
#include <stdint.h>

#include "session/series.h"
#include "view/moment.h"

struct replay {
	json_t *doc;		/* the snapshot (a reference held) */
	struct series series;	/* its recorded series */
	size_t n;		/* rows, oldest first */
};

/* Take DOC (from snapshot_load(); a reference is held) for replaying.
 * 0, or -EINVAL with one sentence in ERR when it has no recorded rows
 * or a series that cannot be read; -ENOMEM. */
int replay_open(struct replay *rp, json_t *doc, char *err, size_t size);

void replay_fini(struct replay *rp);

/* Milliseconds from the session's first sample to row I (0 past the end). */
int64_t replay_time_ms(const struct replay *rp, size_t i);

/* Row I's value of CHANNEL ("disk:sda:write_bytes_per_s"), NaN when the
 * row has none. */
double replay_value(const struct replay *rp, size_t i, const char *channel);

/*
 * The moment of row I into M (moment_fini() it; reset first): CPUs busy
 * as their cluster (or all CPUs), clusters with the governor, limits,
 * frequency and temperature at the cursor, each disk and interface with
 * a value in that row, every IRQ of the system facts and of the series
 * (the recorded rate spread over the CPUs as at the save: doc/snapshot.md),
 * affinities as at the cursor, the saved USB tree and chains.  M borrows
 * strings from RP's document.  0, -EINVAL past the end, or -ENOMEM.
 */
int replay_moment(const struct replay *rp, size_t i, struct moment *m);

#endif
