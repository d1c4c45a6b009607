/* SPDX-License-Identifier: GPL-2.0-or-later */
/* persist: keep tunings across reboots - the CPU and IRQ settings as a
 * systemd oneshot unit, the device-bound ones (disk schedulers) as a udev
 * rule - built as text from the journal; the caller shows and writes it. */
#ifndef BENCHTOP_PERSIST_H
#define BENCHTOP_PERSIST_H

#include <stdbool.h>
#include <stddef.h>
#include <time.h>

#include "tune/journal.h"

#define PERSIST_UNIT_NAME "benchtop-tuning.service"
#define PERSIST_RULE_NAME "60-benchtop-tuning.rules"
#define PERSIST_SYSTEMD_DIR "/etc/systemd/system"
#define PERSIST_UDEV_DIR "/etc/udev/rules.d"
/* Environment variables that move the two folders (tests); the default is
 * the real path and the code path is the same. */
#define PERSIST_SYSTEMD_ENV "BENCHTOP_SYSTEMD_DIR"
#define PERSIST_UDEV_ENV "BENCHTOP_UDEV_DIR"

struct persist {
	char *unit;		/* the unit's text, NULL when nothing for it */
	char *rule;		/* the rule's text, NULL when nothing for it */
	size_t nunit, nrule;	/* settings in each */
	char irqs[256];		/* the IRQs pinned, "151 150", for the
				 * irqbalance warning; "" none */
	size_t skipped;		/* values that were not safe to write */
};

/*
 * The files for the tunings of J: each target's newest successful value
 * (CHANGED_ONLY: only targets whose value differs from the original).
 * WHEN goes in the comment.  0 or -ENOMEM; free with persist_fini().
 */
int persist_build(const struct journal *j, bool changed_only, time_t when,
		  struct persist *out);

void persist_fini(struct persist *p);

/* The unit's and the rule's paths (the environment's folders, else the
 * real ones) into UNIT and RULE. */
void persist_paths(char *unit, size_t usize, char *rule, size_t rsize);

#endif
