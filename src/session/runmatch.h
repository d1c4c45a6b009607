/* SPDX-License-Identifier: GPL-2.0-or-later */
/* runmatch: whether two benchmark runs may be compared - the same preset
 * and target (the caller's key), a finished run on each side, the same
 * settings, disk and variant - and, when not, which one key differs, in
 * the words a user checks ("sizes differ: 32 MiB vs 100 MiB"). */
#ifndef BENCHTOP_RUNMATCH_H
#define BENCHTOP_RUNMATCH_H

#include <stdbool.h>
#include <stddef.h>

#include <jansson.h>

/* Whether the result R finished ("status": "ok"): a cancelled, failed or
 * timed-out run has no figures to compare.  Results without a status
 * (seeds written by hand) count as finished. */
bool runmatch_finished(const json_t *r);

/*
 * Whether A and B ran alike: every setting (but the timeout), the disk
 * of the target and the experiment variant the same.  True when they
 * did; false with the first difference as a sentence in WHY (may be
 * NULL).  Pure.
 */
bool runmatch_alike(const json_t *a, const json_t *b, char *why,
		    size_t size);

/* runmatch_alike but for the disk: runs on two disks that may be
 * averaged when the disks are alike (session/snapavg.h). */
bool runmatch_settings_alike(const json_t *a, const json_t *b, char *why,
			     size_t size);

#endif
