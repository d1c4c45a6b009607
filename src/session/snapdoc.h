/* SPDX-License-Identifier: GPL-2.0-or-later */
/* snapdoc: a loaded snapshot's parts other than its series as C structs -
 * the system facts, the bench runs and the journal entries - from the
 * document snapshot_load() returns (checked, upgraded to version 2). */
#ifndef BENCHTOP_SNAPDOC_H
#define BENCHTOP_SNAPDOC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <jansson.h>

#include "bench/benchresult.h"
#include "session/expdoc.h"

/* Strings point into the document (held): NULL when missing or null.
 * A fact shown as the file has it (a number or a word: an IRQ is "37"
 * or "NMI", a temperature 31 or 31.5) is kept as its text, "" for none:
 * integers in full, other numbers with two decimals, yes/no. */
#define SNAPDOC_TEXT 32

struct snapdoc_text {
	const char *s;		/* a string of the document, or NULL */
	char num[SNAPDOC_TEXT];	/* else a number or yes/no as text, or "" */
};

/* T as text: "" for none. */
static inline const char *snapdoc_text(const struct snapdoc_text *t)
{
	return t->s ? t->s : t->num;
}

struct snapdoc_host {
	const char *hostname, *kernel, *machine, *cmdline;
	const char *cpus_present, *cpus_online;
	const char *cpufreq;	/* the sentence when cpufreq is missing */
	const char *board;
};

struct snapdoc_core {
	const char *cpus, *core;
};

struct snapdoc_cluster {
	struct snapdoc_text policy;
	long long policy_n;	/* -1 when not a whole number */
	const char *cpus, *core, *role, *governor;
	long long min_khz, max_khz, hw_min_khz, hw_max_khz; /* -1: none */
};

struct snapdoc_zone {
	const char *name, *type;
	struct snapdoc_text temp_c;
};

struct snapdoc_link {
	const char *dev, *text;	/* "sda", "sda -> 4-1 ... -> CPU 2" */
};

struct snapdoc_disk {
	const char *name, *model, *scheduler;
	struct snapdoc_text size_bytes;
};

struct snapdoc_usb {
	const char *name, *id, *product, *speed, *capable_speed, *driver;
};

struct snapdoc_irq {
	struct snapdoc_text irq, count;
	const char *key, *action, *affinity, *effective;
	bool numeric;
};

struct snapdoc_sys {
	struct snapdoc_host host;
	struct snapdoc_core *cores;
	struct snapdoc_cluster *clusters;
	struct snapdoc_zone *zones;
	struct snapdoc_link *chain;
	struct snapdoc_disk *disks;
	const char **nets;	/* the interfaces' names */
	struct snapdoc_usb *usb;
	struct snapdoc_irq *irqs;
	size_t ncores, nclusters, nzones, nchain, ndisks, nnets, nusb, nirqs;
};

/* A result: a run of benchtop's own (RUN loaded), or a seed result of
 * another shape, read through its JSON (snapreport_figures). */
struct snapdoc_result {
	const json_t *doc;
	bool is_run;
	struct benchresult run;
};

struct snapdoc_entry {
	const char *time, *kind, *target, *result;
	struct snapdoc_text old, new_v, readback;
	struct snapdoc_text error;	/* why a write failed ("" none) */
	int64_t time_ms;	/* -1 when "time" is not RFC 3339 */
};

struct snapdoc {
	json_t *doc;		/* a reference held */
	const char *time, *benchtop_version;
	struct snapdoc_sys sys;
	struct snapdoc_result *results;
	size_t nresults;
	struct snapdoc_entry *journal;
	size_t njournal;
	struct expdoc *exps;	/* the experiments, oldest first */
	size_t nexps;
	bool has_exps;		/* the snapshot has an "experiments" list */
};

/* Load snapshot DOC (as snapshot_load() returns it) into D.  0, or
 * -EINVAL with one sentence in ERR naming the first key of a wrong type
 * (D is then empty), or -ENOMEM. */
int snapdoc_load(struct snapdoc *d, const json_t *doc, char *err,
		 size_t errsize);

void snapdoc_fini(struct snapdoc *d);

/* The chain text of device DEV ("sda"), or NULL. */
const char *snapdoc_link(const struct snapdoc_sys *s, const char *dev);

#endif
