/* SPDX-License-Identifier: GPL-2.0-or-later */
/* tunevary: an experiment's tunables set to one value after another
 * through tune (journaled, read back) and put back at the end: IRQs named
 * by number or by their device's chain, governors, limits, schedulers, and
 * the test-only hook tunable. */
#ifndef BENCHTOP_TUNEVARY_H
#define BENCHTOP_TUNEVARY_H

#include <stdbool.h>
#include <stddef.h>

#include "hw/chain.h"
#include "hw/clusters.h"
#include "tune/tune.h"
#include "tune/tunespec.h"

#define TUNEVARY_SPECS_MAX 2
#define TUNEVARY_IRQS_MAX 8
/* The environment variable that names the hook script; without it the
 * hook: tunable does not exist. */
#define TUNEVARY_HOOK_ENV "BENCHTOP_EXPERIMENT_HOOK"

/* One spec with what its target resolved to. */
struct tunevary_item {
	struct tunespec spec;
	unsigned irqs[TUNEVARY_IRQS_MAX];	/* TUNESPEC_IRQ */
	size_t nirqs;
	int policy;				/* governor and limits */
	char hook_orig[TUNESPEC_VALUE_MAX];	/* the hook's value before */
	bool hook_touched;
};

struct tunevary {
	struct tune *tune;
	const struct clusters *cl;	/* little/big/all CPU words */
	const char *hook;		/* the hook script, or NULL */
	struct tunevary_item v[TUNEVARY_SPECS_MAX];
	size_t n;
	size_t j0;		/* the journal's length at the start */
};

/* Start with no specs over TUNE and CL; HOOK from the environment. */
void tunevary_init(struct tunevary *tv, struct tune *tune,
		   const struct clusters *cl, const char *hook);

/*
 * Add SPEC, resolving an IRQ given as a device ("sda", "eth0") through
 * CHAINS to the IRQs of its host controller.  0, or -EINVAL / -ENOENT /
 * -E2BIG with one sentence in ERR.
 */
int tunevary_add(struct tunevary *tv, const struct tunespec *spec,
		 const struct chain_list *chains, char *err, size_t size);

/* Set item I to its value VI; MSG gets the sentence (what it now is, or
 * why not).  0, or -errno when a write failed or was refused. */
int tunevary_apply(struct tunevary *tv, size_t i, size_t vi, char *msg,
		   size_t size);

/* Read item I back as the kernel (or the hook) has it now into GOT: an
 * IRQ's effective affinity, the scheduler, governor or limit in force.
 * 1 when that is variant value VI (an IRQ: served inside its CPUs), 0
 * when the setting did not take effect, -errno when unreadable. */
int tunevary_readback(const struct tunevary *tv, size_t i, size_t vi,
		      char *got, size_t size);

/* Put back every target written since tunevary_init() to its value then
 * (changes made before stay), then the hooks.  Returns the number of
 * targets that did not go back (0: all restored). */
int tunevary_restore(struct tunevary *tv);

#endif
