/* SPDX-License-Identifier: GPL-2.0-or-later */
/* snapevents: the changes of state a session saw - a cluster's governor,
 * an IRQ's affinity - with their time, so a replay shows each as it was
 * at the cursor; and the lookup of a value at a time. */
#ifndef BENCHTOP_SNAPEVENTS_H
#define BENCHTOP_SNAPEVENTS_H

#include <jansson.h>
#include <stdint.h>

#include "collect/sample.h"
#include "hw/hwmodel.h"

#define SNAPEVENTS_AFF_WORDS 4	/* of a cpuset's: CPUs 0-255 */
#define SNAPEVENTS_VALUE 2560	/* a value noted: every even CPU of 1024
				 * as a list is 2.4 kB */

struct snapevents {
	json_t *list;	/* [{t_ms, kind, target, old, new}], oldest first */
	json_t *last;	/* "kind:target" -> the value seen last */
	/* The affinity noted last for each IRQ row (by row, with its IRQ
	 * number): a row whose set is the same is not formatted again.
	 * CPUs 0-255 only (2000 IRQs: 80 kB, not 270 kB of whole sets); a
	 * set with a CPU above them is formatted each time. */
	struct snapevents_aff {
		unsigned irq;	/* UINT_MAX: nothing noted for this row */
		uint64_t bits[SNAPEVENTS_AFF_WORDS];
	} *aff;
	size_t naff;
};

void snapevents_init(struct snapevents *e);
void snapevents_fini(struct snapevents *e);

/* Note the governors of HW's clusters and the affinities of CUR's IRQs at
 * T_MS (ms since the session's first sample); a value that differs from
 * the one seen before becomes an event.  0 or -ENOMEM. */
int snapevents_feed(struct snapevents *e, int64_t t_ms,
		    const struct sample *cur, const struct hwmodel *hw);

/* The value of KIND ("governor", "affinity") for TARGET ("4", "151") at
 * T_MS in the event list LIST: the old value of the first event after
 * T_MS, or NULL when none comes after (the saved state holds then). */
const char *snapevents_at(const json_t *list, const char *kind,
			  const char *target, int64_t t_ms);

#endif
