/* SPDX-License-Identifier: GPL-2.0-or-later */
/* snapavg: a preset's figures averaged across like devices of each
 * session, as the seed write-ups averaged by hand the same preset over
 * several disks of one model: each device's median of its runs, then the
 * mean of the devices, never mixing disks of another model, size or bus. */
#ifndef BENCHTOP_SNAPAVG_H
#define BENCHTOP_SNAPAVG_H

#include <stddef.h>

#include <jansson.h>

#include "session/snapdoc.h"

/*
 * The averages of the N sessions DOCS as JSON: [{preset, device (the
 * disks' kind: "1 GiB, no model, not on USB"), members [[disk...] per
 * session], left_out [{session, disk, why}], figures [{figure, unit,
 * cells [{devices, mean, ratio}]}]}], one per preset whose runs (finished,
 * run alike the first session's latest, runmatch.h) are on 2 like disks
 * or more in some session.  A disk is like the reference (the disk of
 * that latest run) when its model, size and USB link are the same, as
 * the run's conditions record them (or the session's system, for runs
 * that predate that).  NULL when out of memory.  Pure.
 */
json_t *snapavg_build(const struct snapdoc *docs, size_t n);

#endif
