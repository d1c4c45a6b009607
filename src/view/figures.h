/* SPDX-License-Identifier: GPL-2.0-or-later */
/* figures: one table per device kind (disks, network interfaces) of the
 * figures benchtop shows of them - name, unit, where each value lives,
 * --once JSON key, snapshot channel, place in the moment, --once text
 * column, Prometheus family and column of the overview - walked by
 * --once, the snapshot feed, replay, the exporter and the overview's disk
 * and interface rows (tests/unit/test_figures checks doc/json.md,
 * doc/snapshot.md, doc/metrics.md and the schemas against it). */
#ifndef BENCHTOP_FIGURES_H
#define BENCHTOP_FIGURES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "collect/diskstats.h"
#include "collect/netdev.h"

#define FIG_NONE ((size_t)-1)	/* no place in the moment */

enum figure_src {
	FIG_RATE,	/* a double of the rate (struct disk_rate, net_rate) */
	FIG_RATE_DT,	/* that double times the interval: an amount */
	FIG_ROW,	/* a u64 of the kernel's row (disk_row, net_row),
			 * times mul, over div */
};

enum figure_text {
	FIG_TEXT_NONE,	/* not a column of the --once text */
	FIG_TEXT_BYTES,	/* "11.0 MB/s" */
	FIG_TEXT_BITS,	/* "88.0 Mbit/s" */
	FIG_TEXT_FIXED,	/* the number with prec decimals */
};

/* How the overview writes a figure's cell (tui/cells.c). */
enum figure_cell {
	FIG_CELL_NONE,	/* not a column of the overview */
	FIG_CELL_BYTES,	/* "280.1 MB/s" */
	FIG_CELL_BITS,	/* "933.8 Mbit/s" from bytes per second */
	FIG_CELL_COUNT,	/* "12", "2.2k" */
	FIG_CELL_PCT,	/* " 42%" */
};

/* What the overview's cell needs of the moment's device, else "-". */
enum figure_known {
	FIG_KNOWN_RATE,		/* a rate was measured (valid) */
	FIG_KNOWN_OPS,		/* disks: and the IOPS too (!ops_unknown) */
	FIG_KNOWN_RX,		/* interfaces: the bytes received (rx_known) */
	FIG_KNOWN_TX,		/* interfaces: the bytes sent (tx_known) */
	FIG_KNOWN_COUNTS,	/* interfaces: a rate, and packets and errors
				 * were measured (counts_known) */
};

struct figure {
	const char *name;	/* what it is, for people */
	const char *unit;	/* of the value: "bytes/s", "%", "requests" */
	enum figure_src src;
	size_t off;		/* offsetof in the rate or the row */
	unsigned mul, div;	/* FIG_ROW */
	int counter;		/* interfaces: the enum net_counter whose
				 * reset makes the value unknown, else -1 */
	const char *json;	/* key in --once JSON, NULL none */
	const char *channel;	/* metric of the snapshot channel
				 * ("disk:sda:METRIC"), NULL not recorded */
	size_t moment_off;	/* its double in struct moment_disk or
				 * moment_net, FIG_NONE: not in the moment */
	double max;		/* replay: a recorded value above reads as
				 * this (0: no bound) */
	enum figure_text text;
	int width, prec;	/* of the text column */
	const char *prom;	/* Prometheus family, NULL none */
	bool prom_gauge;	/* else a counter */
	const char *prom_unit;	/* "bytes", "seconds", NULL */
	const char *prom_help;
	/* the overview's column: its place, left to right (0: not shown);
	 * figures of one place are summed into one cell (IOPS: reads/s and
	 * writes/s), which the first of them in the table describes */
	int screen;
	const char *title;	/* the column's title, N_() */
	enum figure_cell cell;
	int cell_width;
	enum figure_known known;
};

struct figure_table {
	const struct figure *v;
	size_t n;
};

/* The figures of a disk and of a network interface, in the order each
 * output lists them. */
extern const struct figure_table figures_disk;
extern const struct figure_table figures_net;

/* The overview's columns of table T: the first figure of each place,
 * in order, into C (at most MAX); their count. */
size_t figures_screen_cols(const struct figure_table *t,
			   const struct figure **c, size_t max);

/* The sum of the moment's doubles of the figures of table T at the
 * overview's place PLACE, in the table's order, of DEV (a struct
 * moment_disk or moment_net). */
double figures_screen_sum(const struct figure_table *t, int place,
			  const void *dev);

/* F's value for disk D over an interval of DT seconds into *V; whether
 * it is known (a rate needs a baseline). */
bool figures_disk_value(const struct figure *f, const struct disk_rate *d,
			double dt, double *v);

/* F's value for interface N into *V; whether it is known (a rate needs a
 * baseline and its counter not to have gone down). */
bool figures_net_value(const struct figure *f, const struct net_rate *n,
		       double *v);

/* The u64 of a FIG_ROW figure F in kernel row ROW, times its mul (its
 * div is left to the caller). */
uint64_t figures_row_u64(const struct figure *f, const void *row);

#endif
