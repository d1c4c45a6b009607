/* SPDX-License-Identifier: GPL-2.0-or-later */
/* hwmodel: what the board is (issue 3) - CPU clusters, thermal zones and
 * the USB/PCI/block devices - read once through the real libraries. */
#ifndef BENCHTOP_HWMODEL_H
#define BENCHTOP_HWMODEL_H

#include <jansson.h>
#include <stddef.h>
#include <stdio.h>

#include "hw/clusters.h"
#include "hw/cpuinfo.h"
#include "hw/thermal.h"
#include "hw/chain.h"

struct hwmodel {
	char *board;		/* device-tree model, cpuinfo Model/Hardware or
				 * DMI product name; NULL when unknown */
	const char *board_source;	/* "devicetree", "cpuinfo", "dmi" */
	struct cpuinfo cpuinfo;
	char *cpuinfo_error;	/* why /proc/cpuinfo gave nothing, or NULL */
	struct clusters clusters;
	struct thermal thermal;
	struct chain_model chain;	/* USB, PCI, block devices, chains */
};

/* Read everything known about the board from /sys and /proc through the
 * libraries.  Never fails as a whole: each part records its problems as
 * sentences inside the model.  Returns 0, or -ENOMEM. */
int hwmodel_load(struct hwmodel *hw);

#define HWMODEL_PCI_NAMES 1u	/* name PCI devices (parses pci.ids) */

/* hwmodel_load with FLAGS: the live screen leaves out HWMODEL_PCI_NAMES,
 * which costs over a megabyte of memory for names it does not show. */
int hwmodel_load_flags(struct hwmodel *hw, unsigned flags);

/* hwmodel_load_flags, the chains matched against IRQS (the live screen's
 * sample of this tick: /proc/interrupts is not read again); NULL: read. */
int hwmodel_load_irqs(struct hwmodel *hw, unsigned flags,
		      const struct irq_table *irqs);

void hwmodel_fini(struct hwmodel *hw);

/* Re-read what changes while the board runs - the clusters (frequency,
 * governor, online CPUs) and thermal zones and cooling states - keeping the
 * rest.  Busy shares are forgotten: feed them again.  0 or -ENOMEM. */
int hwmodel_refresh(struct hwmodel *hw);

/* How often a live reader calls hwmodel_refresh (governors, online CPUs,
 * topology) - the monitor and the exporter alike. */
#define HWMODEL_REFRESH_S 10.0

/* Each tick: only the files whose content moves - each policy's current
 * frequency and limits, each zone's temperature, each cooling state -
 * keeping governors, topology and trip points (hwmodel_refresh when one
 * of those files is gone or bad, or a sentence stands). 0 or -ENOMEM. */
int hwmodel_refresh_values(struct hwmodel *hw);

struct sample;
struct sample_rates;

/* Name the CPU that takes each chain IRQ as every view does, from S (a
 * sample) and R (its rates, or NULL): see chain_list_take_irqs. */
void hwmodel_take_irqs(struct hwmodel *hw, const struct sample *s,
		       const struct sample_rates *r);

/* Feed the busy share of each CPU (BUSY_PCT[i] for CPU CPU_IDS[i], 0-100)
 * so the clusters' throttled flags can count "busy under ondemand". */
void hwmodel_set_util(struct hwmodel *hw, const int *cpu_ids,
		      const double *busy_pct, size_t n);

/* A JSON object with "board", "cpu_topology", "clusters", "cpufreq",
 * "thermal", "usb", "pci", "block" and "chain" (keys in doc/json.md);
 * NULL when out of memory.  ("cpus" is taken by the per-CPU rates.) */
json_t *hwmodel_json(const struct hwmodel *hw);

/* The BOARD, CPUS, CLUSTER, THERMAL (and USB, PCI...) lines of
 * `benchtop --once`. */
void hwmodel_print(FILE *f, const struct hwmodel *hw);

#endif
