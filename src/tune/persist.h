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
/* The benchtop a unit runs at boot when the running one's path is not
 * known (or not one systemd takes as it is). */
#define PERSIST_PROGRAM BINDIR "/benchtop"
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
	char unnamed[JOURNAL_TARGET_MAX];	/* the first IRQ pinned
				 * whose device has no name to persist it
				 * by, "" none: the caller writes nothing */
	char program[256];	/* the benchtop the unit runs */
};

/* How persist_build writes the files. */
struct persist_how {
	bool changed_only;	/* only targets whose value differs from the
				 * original */
	time_t when;		/* goes in the comment */
	const char *program;	/* the benchtop a pin runs at boot; NULL:
				 * the running one (PERSIST_PROGRAM when its
				 * path is not known) */
	const char *proc_root;	/* where a pin's device name is checked to
				 * find that IRQ alone; NULL: not checked */
};

/*
 * The files for the tunings of J: each target's newest successful value.
 * An IRQ pin names its device (journal_entry.held_by), which `PROGRAM set
 * irq NAME=CPUS` finds again at boot; a pin without a name that finds it
 * alone is left out and named in OUT->unnamed.  0 or -ENOMEM; free with
 * persist_fini().
 */
int persist_build(const struct journal *j, const struct persist_how *how,
		  struct persist *out);

void persist_fini(struct persist *p);

/* The unit's and the rule's paths (the environment's folders, else the
 * real ones) into UNIT and RULE. */
void persist_paths(char *unit, size_t usize, char *rule, size_t rsize);

#endif
