/* SPDX-License-Identifier: GPL-2.0-or-later */
/* replay: a loaded snapshot as the sources of the live screen - for one row
 * of the recorded series, the samples, rates and hardware model the panels
 * draw from, as if that moment were read from /proc and /sys now. */
#ifndef BENCHTOP_REPLAY_H
#define BENCHTOP_REPLAY_H

#include <jansson.h>
#include <stddef.h>
#include <stdint.h>

#include "hw/hwmodel.h"
#include "collect/sample.h"
#include "session/series.h"

/* Seconds between the two samples made for a row: byte counters grow by
 * rate x 512, so 512-byte sectors give back bytes per second exactly. */
#define REPLAY_DT 512.0

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
 * Two samples and the rates between them that give row I's recorded
 * values: CPUs busy as their cluster (or all CPUs), each disk and
 * interface with a value in that row, every IRQ of the system facts and
 * of the series (per-CPU counts spread as at the save: docs in
 * doc/snapshot.md), affinities as saved.  0 or -errno; on error nothing
 * is left to free.
 */
int replay_samples(const struct replay *rp, size_t i, struct sample *prev,
		   struct sample *cur, struct sample_rates *r);

/* The hardware model of the system facts (board, clusters with core,
 * role, governor and limits, and row I's frequency and busy share,
 * thermal zones, USB devices and buses, the devices' chains) into HW;
 * hwmodel_fini() it.  0 or -ENOMEM. */
int replay_hwmodel(const struct replay *rp, size_t i, struct hwmodel *hw);

#endif
