/* SPDX-License-Identifier: GPL-2.0-or-later */
/* collectset: everything the metrics show - one sample of the kernel
 * counters, the hardware model, the result files - read at most once per
 * minimum interval, and the exposition rendered from it, kept until the
 * next read (so a storm of scrapes costs one read and one render). */
#ifndef BENCHTOP_COLLECTSET_H
#define BENCHTOP_COLLECTSET_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/buf.h"
#include "collect/sample.h"
#include "view/live.h"
#include "metrics/benchres.h"
#include "tune/irqbalance.h"

struct collectset_opts {
	double min_interval_s;	/* no kernel read sooner than this again */
	bool per_cpu;		/* per-CPU interrupt and affinity series */
	bool io;		/* disk and network counters (--no-io: never) */
	bool node_figures;	/* also what node_exporter's default
				 * collectors export: disks, interfaces,
				 * frequencies, temperatures, cooling */
	bool cpufreq;		/* the clusters' series */
	bool thermal;		/* the thermal zones' series */
	const char *const *results;	/* result files and folders */
	size_t nresults;
};

#define HW_RELOAD_S 60.0	/* the whole hardware model at least this
				 * often (a device or a tuning: at once),
				 * and irqbalance's processes looked at */
#define HW_RELOAD_HOTPLUG_S 600.0	/* the same with the kernel's
				 * hotplug messages, which say when a device
				 * comes, goes or changes driver */
#define AFF_RELOAD_S 60.0	/* IRQ affinities (a tuning: at once);
				 * irqbalance's pid: HW_RELOAD_S */

struct collectset {
	struct collectset_opts o;
	struct live live;	/* samples, hardware model (src/view) */
	struct benchres res;
	uint64_t res_stamp;	/* benchres_stamp of what res holds */
	uint64_t res_loads;	/* times the result files were parsed */
	int irqbalance;		/* pid, 0 none, -errno unknown */
	double irqbalance_at;	/* when the processes were looked at; < 0
				 * never */
	int hotplug_fd;		/* the uevent socket (collectset_hotplug),
				 * -1 without */
	struct irqbalance_look ib_look;	/* the monitor's look: a process
				 * settled once is not read again */
	struct buf text[2];	/* [0] 0.0.4, [1] OpenMetrics */
	bool fresh[2];
	double read_at;		/* monotonic seconds; < 0 never */
	double read_wall;	/* seconds since the epoch of that read */
	double read_cost_s;	/* how long the read took */
	uint64_t reads;		/* kernel reads so far */
	size_t nseries;		/* series in the last rendering */
	bool serving;		/* --listen: the server's counters below */
	uint64_t http_gzips;	/* bodies gzip'ed (set by the caller) */
	uint64_t http_denied;	/* requests refused for a password or a
				 * certificate (set by the caller) */
};

void collectset_init(struct collectset *c, const struct collectset_opts *o);
void collectset_fini(struct collectset *c);

/*
 * Read the hardware model again when the kernel says a device came, went
 * or changed (a uevent socket), no longer on the folders' names at every
 * reading, and whole every HW_RELOAD_HOTPLUG_S instead of HW_RELOAD_S:
 * for a server, which reads for hours.  0, or -errno when there is no
 * socket (no netlink, not allowed): then it stays as it was.
 */
int collectset_hotplug(struct collectset *c);

/*
 * The exposition (OpenMetrics when OM) as of NOW (monoclock_s()): the
 * kernel files are read again when the last read is min_interval_s old or
 * older.  *OUT points into C until the next call.  0, or -ENOMEM.
 */
int collectset_get(struct collectset *c, bool om, double now,
		   const struct buf **out);

#endif
