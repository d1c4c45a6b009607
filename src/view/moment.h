/* SPDX-License-Identifier: GPL-2.0-or-later */
/* moment: what the screens show of one moment - clusters with governor,
 * frequency, limits and temperature, CPUs, disks, interfaces and IRQs with
 * their rates, per-CPU shares and links, the USB tree - as plain values,
 * built once per tick from live readings (moment_live.c) or from a
 * snapshot's row (session/replay.c), and read by every panel. */
#ifndef BENCHTOP_MOMENT_H
#define BENCHTOP_MOMENT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/cpulist.h"
#include "collect/diskstats.h"
#include "collect/irqaff.h"
#include "collect/sample.h"
#include "hw/chain.h"
#include "hw/clusters.h"
#include "hw/hwmodel.h"

#define MOMENT_NAME 64		/* a disk's or interface's name */
#define MOMENT_BUS_IRQS 4	/* IRQs shown for one USB bus */

struct moment_cluster {
	unsigned policy;
	struct cpuset cpus;
	bool online;
	enum cluster_role role;
	char core[64];		/* "Cortex-A15", "" unknown */
	bool has_freq;		/* cpufreq was read */
	char governor[32];	/* "" unknown */
	uint64_t cur_khz, min_khz, max_khz;	/* 0 unknown */
	bool capped;		/* max_khz below the hardware's maximum */
	double util_pct;	/* busy share, < 0 unknown */
	bool has_temp;		/* a zone measures it (zonemap) */
	int64_t temp_mc;	/* the hottest of those zones */
	bool throttled;
};

/* CPUs of one core type (machines without cpufreq). */
struct moment_core {
	struct cpuset cpus;
	char model[128];	/* as the kernel names it, "" unknown */
};

struct moment_cpu {
	int id;
	bool online, valid;	/* valid: a busy share was measured */
	double busy;		/* percent */
};

struct moment_disk {
	char name[MOMENT_NAME];
	enum disk_kind kind;
	bool valid;		/* false: new, reset, or not measured */
	bool ops_unknown;	/* IOPS and busy share not known */
	double rd_bytes_per_s, wr_bytes_per_s, rd_iops, wr_iops, util_pct;
};

struct moment_net {
	char name[MOMENT_NAME];
	bool valid, rx_known, tx_known;
	double rx_bytes_per_s, tx_bytes_per_s;
	double rx_packets_per_s, tx_packets_per_s;
	double rx_errs_per_s, tx_errs_per_s, rx_drop_per_s, tx_drop_per_s;
	bool counts_known;	/* packets and errors were measured (a
				 * replay: never recorded) */
};

#define MOMENT_IRQ_KEY 24	/* "151", "IPI0", "LOC" */

/* One /proc/interrupts row. Its other strings are borrowed from what the
 * moment was built from (the sample, the snapshot) and are never NULL. */
struct moment_irq {
	char key[MOMENT_IRQ_KEY];
	const char *desc, *action, *chip, *hwirq, *trigger;
	bool numeric;
	unsigned irq;		/* the number when numeric */
	double total;		/* count since boot */
	bool valid;		/* a rate was measured */
	double total_per_s;
	double *per_cpu;	/* per column of irq_cpus; 0 when !valid (live:
				 * zeros; read moment_irq_cpu) */
	const struct irq_rate *rate;	/* live, when valid: the per-CPU
					 * rates are read from it */
	size_t ncounts;		/* columns the row has (ERR, MIS: fewer) */
	int on_cpu;		/* replay: the CPU that takes them (the most
				 * in the interval, else since boot; -1
				 * never); live: read moment_irq_on_cpu */
	/* live: the sample's row and table, to find on_cpu when asked */
	const struct irq_row *row;
	const struct irq_table *table;
	const struct irq_affinity *aff;	/* never NULL: the sample's (live),
					 * the moment's own affs[] (replay),
					 * or one that knows nothing */
};

/* The IRQs of a USB bus's host controller (indexes into irqs). */
struct moment_bus {
	unsigned busnum;
	size_t irq[MOMENT_BUS_IRQS];
	size_t nirqs;
};

struct moment {
	bool have_rates;	/* rates were measured (or recorded) */
	bool have_hw;		/* the clusters and the USB tree are known */
	const char *board;	/* the board's name, NULL unknown */
	double load[3];		/* the load average */
	bool has_uptime;
	double uptime_s;
	struct moment_cluster *clusters;
	size_t nclusters;
	struct moment_core *cores;
	size_t ncores;
	const char *cpufreq_note;	/* untranslated, NULL with cpufreq */
	bool has_hottest;
	int64_t hottest_mc;	/* the hottest thermal zone */
	struct moment_cpu *cpus;
	size_t ncpus;
	struct moment_disk *disks;	/* in the kernel's order */
	size_t ndisks;
	struct moment_net *nets;
	size_t nnets;
	unsigned *irq_cpus;	/* the CPU of each IRQ column */
	size_t nirq_cpus;
	struct moment_irq *irqs;	/* in the kernel's order */
	size_t nirqs;
	double *cells;		/* every IRQ's per_cpu, one block */
	struct irq_affinity *affs;	/* one per IRQ when the builder keeps
					 * its own (own_affs), else NULL */
	const struct usbdev_list *usb;	/* NULL without the hardware */
	const struct chain_list *chains;
	struct moment_bus *buses;	/* one per usb->buses[] */
	size_t nbuses;
	struct chain_model *own;	/* the USB tree a replay made, or NULL */
};

/* What a live moment is built from: the newest sample, the rates from the
 * one before (NULL: none yet) and the hardware model (NULL: unknown). */
struct moment_live {
	const struct sample *cur;
	const struct sample_rates *rates;
	const struct hwmodel *hw;
};

void moment_init(struct moment *m);

/* Free what M owns and make it empty again. */
void moment_fini(struct moment *m);

/* M (reset first) from live readings IN; M borrows IN's strings and USB
 * tree until it is built again.  0, or -ENOMEM (M left empty). */
int moment_from_live(struct moment *m, const struct moment_live *in);

/* Room for NCLUSTERS clusters, NCPUS CPUs, NDISKS disks, NNETS
 * interfaces, NIRQS IRQs over NCOLS CPU columns, zeroed, in M (reset
 * first); for builders.  0 or -ENOMEM. */
struct moment_sizes {
	size_t nclusters, ncores, ncpus, ndisks, nnets, nirqs, ncols;
	bool borrow_cells;	/* one row of zeros that every IRQ's per_cpu
				 * points at, until the builder points it at
				 * its own rates (moment_from_live) */
	bool own_affs;		/* an affinity per IRQ in M (affs[]) that
				 * each irqs[].aff points at; without it
				 * they point at one that knows nothing,
				 * until the builder points them at its
				 * source's (2000 IRQs: 0.5 MB not copied) */
};
int moment_alloc(struct moment *m, const struct moment_sizes *n);

/* Fill each cluster's temperature from zones T (zonemap), and the hottest
 * zone; C holds the clusters M's were made from, in order. */
void moment_temps(struct moment *m, const struct thermal *t,
		  const struct clusters *c);

/* Find each USB bus's host controller IRQs (chain_match_irqs over M's
 * IRQs) once M's irqs and usb are set.  0 or -ENOMEM. */
int moment_link_buses(struct moment *m);

/* The disk, interface or IRQ named NAME (KEY), or NULL. */
const struct moment_disk *moment_disk(const struct moment *m,
				      const char *name);
const struct moment_net *moment_net(const struct moment *m, const char *name);
const struct moment_irq *moment_irq_number(const struct moment *m,
					   unsigned irq);

/* Q's on_cpu: for a live moment found now (interrupts_taker), for the
 * IRQs shown and the chains' only, not every row of every tick. */
int moment_irq_on_cpu(const struct moment_irq *q);

/* IRQ Q's rate on column C (< nirq_cpus): its live rate's, read only for
 * the rows a view shows, or its own per_cpu (replay); 0 when !valid. */
double moment_irq_cpu(const struct moment_irq *q, size_t c);

/* The IRQs of USB bus BUSNUM, or NULL. */
const struct moment_bus *moment_bus(const struct moment *m, unsigned busnum);

/* The chain of device DEV, or NULL. */
const struct chain *moment_chain(const struct moment *m, const char *dev);

#endif
