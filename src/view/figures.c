/* SPDX-License-Identifier: GPL-2.0-or-later */
/* figures: the table of per-disk and per-interface figures (figures.h).
 * The Prometheus counters come first, in the exporter's order; the
 * figures the other outputs show follow, in the order of --once. */
#include "config.h"

#include "view/figures.h"

#include <string.h>

#include "base/i18n.h"
#include "view/moment.h"

/* Where a value lives: a double of the rate (times the interval: DT), a
 * u64 of the kernel's row times M over D; and the moment's double. */
#define DISK_RATE(f) .src = FIG_RATE, .off = offsetof(struct disk_rate, f), \
	.counter = -1
#define DISK_DT(f) .src = FIG_RATE_DT, .off = offsetof(struct disk_rate, f), \
	.counter = -1
#define DISK_ROW(f, m, d) .src = FIG_ROW, .off = offsetof(struct disk_row, f), \
	.mul = (m), .div = (d), .counter = -1
#define NET_RATE(f, c) .src = FIG_RATE, .off = offsetof(struct net_rate, f), \
	.counter = (c)
#define NET_ROW(f) .src = FIG_ROW, .off = offsetof(struct net_row, f), \
	.mul = 1, .div = 1, .counter = -1
#define NOT_IN_MOMENT .moment_off = FIG_NONE
#define IN_DISK(f) .moment_off = offsetof(struct moment_disk, f)
#define IN_NET(f) .moment_off = offsetof(struct moment_net, f)
#define TEXT(t, w, p) .text = (t), .width = (w), .prec = (p)
/* The overview's column at place P (left to right; gaps leave room for
 * a column between): title T, cell C of W columns, known when K; PLUS:
 * summed into the cell at P, which the column's first figure describes. */
#define SCREEN(p, t, c, w, k) .screen = (p), .title = (t), .cell = (c), \
	.cell_width = (w), .known = (k)
#define PLUS(p) .screen = (p)

/* A Prometheus counter of the kernel's row, nothing else. */
#define DISK_COUNTER(nm, u, f, m, d, family, pu, help) \
	{ .name = nm, .unit = u, DISK_ROW(f, m, d), NOT_IN_MOMENT, \
	  .prom = family, .prom_unit = pu, .prom_help = help }
#define NET_COUNTER(nm, u, f, family, pu, help) \
	{ .name = nm, .unit = u, NET_ROW(f), NOT_IN_MOMENT, \
	  .prom = family, .prom_unit = pu, .prom_help = help }

static const struct figure disk[] = {
	DISK_COUNTER("reads completed", "requests", rd_ios, 1, 1,
		     "benchtop_disk_reads_completed_total", NULL,
		     "Reads completed (diskstats)."),
	DISK_COUNTER("bytes read", "bytes", rd_sectors, 512, 1,
		     "benchtop_disk_read_bytes_total", "bytes",
		     "Bytes read (512-byte sectors)."),
	DISK_COUNTER("time reading", "seconds", rd_ticks, 1, 1000,
		     "benchtop_disk_read_time_seconds_total", "seconds",
		     "Time spent reading."),
	DISK_COUNTER("writes completed", "requests", wr_ios, 1, 1,
		     "benchtop_disk_writes_completed_total", NULL,
		     "Writes completed."),
	DISK_COUNTER("bytes written", "bytes", wr_sectors, 512, 1,
		     "benchtop_disk_written_bytes_total", "bytes",
		     "Bytes written (512-byte sectors)."),
	DISK_COUNTER("time writing", "seconds", wr_ticks, 1, 1000,
		     "benchtop_disk_write_time_seconds_total", "seconds",
		     "Time spent writing."),
	DISK_COUNTER("time busy", "seconds", io_ticks, 1, 1000,
		     "benchtop_disk_io_time_seconds_total", "seconds",
		     "Time with I/O in flight (busy)."),
	{ .name = "read bytes/s", .unit = "bytes/s",
	  DISK_RATE(rd_bytes_per_s), IN_DISK(rd_bytes_per_s),
	  .json = "read_bytes_per_s", .channel = "read_bytes_per_s",
	  TEXT(FIG_TEXT_BYTES, 11, 0),
	  SCREEN(10, N_("READ/s"), FIG_CELL_BYTES, 10, FIG_KNOWN_RATE) },
	{ .name = "write bytes/s", .unit = "bytes/s",
	  DISK_RATE(wr_bytes_per_s), IN_DISK(wr_bytes_per_s),
	  .json = "write_bytes_per_s", .channel = "write_bytes_per_s",
	  TEXT(FIG_TEXT_BYTES, 11, 0),
	  SCREEN(20, N_("WRITE/s"), FIG_CELL_BYTES, 10, FIG_KNOWN_RATE) },
	{ .name = "bytes read in the interval", .unit = "bytes",
	  DISK_DT(rd_bytes_per_s), NOT_IN_MOMENT, .json = "read_bytes" },
	{ .name = "bytes written in the interval", .unit = "bytes",
	  DISK_DT(wr_bytes_per_s), NOT_IN_MOMENT, .json = "write_bytes" },
	{ .name = "reads/s", .unit = "requests/s",
	  DISK_RATE(rd_iops), IN_DISK(rd_iops),
	  .json = "read_iops", .channel = "read_iops",
	  TEXT(FIG_TEXT_FIXED, 7, 0),
	  SCREEN(30, N_("IOPS"), FIG_CELL_COUNT, 6, FIG_KNOWN_OPS) },
	{ .name = "writes/s", .unit = "requests/s",
	  DISK_RATE(wr_iops), IN_DISK(wr_iops),
	  .json = "write_iops", .channel = "write_iops",
	  TEXT(FIG_TEXT_FIXED, 7, 0), PLUS(30) },
	{ .name = "busy share", .unit = "%",
	  DISK_RATE(util_pct), IN_DISK(util_pct), .max = 100,
	  .json = "util_pct", .channel = "util_pct",
	  TEXT(FIG_TEXT_FIXED, 5, 1),
	  SCREEN(40, N_("UTIL"), FIG_CELL_PCT, 4, FIG_KNOWN_OPS) },
	{ .name = "mean wait", .unit = "ms",
	  DISK_RATE(await_ms), NOT_IN_MOMENT, .json = "await_ms",
	  TEXT(FIG_TEXT_FIXED, 7, 2) },
	{ .name = "requests in flight", .unit = "requests",
	  DISK_ROW(in_flight, 1, 1), NOT_IN_MOMENT,
	  .json = "in_flight", .channel = "in_flight",
	  .prom = "benchtop_disk_in_flight_requests", .prom_gauge = true,
	  .prom_help = "Requests issued to the device and not yet "
		       "completed (diskstats field 9)." },
};

/* A rate of --once (JSON and text) and of the moment, summed with
 * others in the overview's column: the ... after W. */
#define NET_ONCE(nm, f, c, key, w, ...) \
	{ .name = nm, .unit = "packets/s", NET_RATE(f, c), IN_NET(f), \
	  .json = key, TEXT(FIG_TEXT_FIXED, w, 0), __VA_ARGS__ }
/* A count since boot of --once JSON only. */
#define NET_COUNT(nm, f, key) \
	{ .name = nm, .unit = "packets", NET_ROW(f), NOT_IN_MOMENT, \
	  .json = key }

static const struct figure net[] = {
	NET_COUNTER("bytes received", "bytes", rx_bytes,
		    "benchtop_network_receive_bytes_total", "bytes",
		    "Bytes received (/proc/net/dev)."),
	NET_COUNTER("packets received", "packets", rx_packets,
		    "benchtop_network_receive_packets_total", NULL,
		    "Packets received."),
	NET_COUNTER("receive errors", "packets", rx_errs,
		    "benchtop_network_receive_errors_total", NULL,
		    "Receive errors."),
	NET_COUNTER("received packets dropped", "packets", rx_drop,
		    "benchtop_network_receive_drop_total", NULL,
		    "Received packets dropped."),
	NET_COUNTER("bytes sent", "bytes", tx_bytes,
		    "benchtop_network_transmit_bytes_total", "bytes",
		    "Bytes sent."),
	NET_COUNTER("packets sent", "packets", tx_packets,
		    "benchtop_network_transmit_packets_total", NULL,
		    "Packets sent."),
	NET_COUNTER("transmit errors", "packets", tx_errs,
		    "benchtop_network_transmit_errors_total", NULL,
		    "Transmit errors."),
	NET_COUNTER("sent packets dropped", "packets", tx_drop,
		    "benchtop_network_transmit_drop_total", NULL,
		    "Sent packets dropped."),
	{ .name = "received bytes/s", .unit = "bytes/s",
	  NET_RATE(rx_bytes_per_s, NET_RX_BYTES), IN_NET(rx_bytes_per_s),
	  .json = "rx_bytes_per_s", .channel = "rx_bytes_per_s",
	  TEXT(FIG_TEXT_BITS, 12, 0),
	  SCREEN(10, N_("RX/s"), FIG_CELL_BITS, 12, FIG_KNOWN_RX) },
	{ .name = "sent bytes/s", .unit = "bytes/s",
	  NET_RATE(tx_bytes_per_s, NET_TX_BYTES), IN_NET(tx_bytes_per_s),
	  .json = "tx_bytes_per_s", .channel = "tx_bytes_per_s",
	  TEXT(FIG_TEXT_BITS, 12, 0),
	  SCREEN(20, N_("TX/s"), FIG_CELL_BITS, 12, FIG_KNOWN_TX) },
	NET_ONCE("packets received/s", rx_packets_per_s, NET_RX_PACKETS,
		 "rx_packets_per_s", 8,
		 SCREEN(30, N_("PKT/s"), FIG_CELL_COUNT, 6, FIG_KNOWN_COUNTS)),
	NET_ONCE("packets sent/s", tx_packets_per_s, NET_TX_PACKETS,
		 "tx_packets_per_s", 8, PLUS(30)),
	NET_ONCE("receive errors/s", rx_errs_per_s, NET_RX_ERRS,
		 "rx_errors_per_s", 5,
		 SCREEN(40, N_("E+D"), FIG_CELL_COUNT, 4, FIG_KNOWN_COUNTS)),
	NET_ONCE("transmit errors/s", tx_errs_per_s, NET_TX_ERRS,
		 "tx_errors_per_s", 5, PLUS(40)),
	NET_ONCE("received packets dropped/s", rx_drop_per_s, NET_RX_DROP,
		 "rx_drops_per_s", 5, PLUS(40)),
	NET_ONCE("sent packets dropped/s", tx_drop_per_s, NET_TX_DROP,
		 "tx_drops_per_s", 5, PLUS(40)),
	NET_COUNT("receive errors since boot", rx_errs, "rx_errors"),
	NET_COUNT("transmit errors since boot", tx_errs, "tx_errors"),
	NET_COUNT("received packets dropped since boot", rx_drop, "rx_drops"),
	NET_COUNT("sent packets dropped since boot", tx_drop, "tx_drops"),
};

const struct figure_table figures_disk = {
	disk, sizeof(disk) / sizeof(disk[0])
};
const struct figure_table figures_net = {
	net, sizeof(net) / sizeof(net[0])
};

size_t figures_screen_cols(const struct figure_table *t,
			   const struct figure **c, size_t max)
{
	const struct figure *f, *next;
	int last = 0;
	size_t n = 0;

	for (; n < max; last = next->screen) {
		next = NULL;	/* the first figure of the next place */
		for (f = t->v; f < t->v + t->n; f++)
			if (f->screen > last &&
			    (!next || f->screen < next->screen))
				next = f;
		if (!next)
			break;
		c[n++] = next;
	}
	return n;
}

double figures_screen_sum(const struct figure_table *t, int place,
			  const void *dev)
{
	const struct figure *f;
	double sum = 0, v;

	for (f = t->v; f < t->v + t->n; f++)
		if (f->screen == place && f->moment_off != FIG_NONE) {
			memcpy(&v, (const char *)dev + f->moment_off,
			       sizeof(v));
			sum += v;
		}
	return sum;
}

uint64_t figures_row_u64(const struct figure *f, const void *row)
{
	uint64_t v;

	memcpy(&v, (const char *)row + f->off, sizeof(v));
	return v * f->mul;
}

/* F's value in RATE or ROW; VALID: the rate's baseline. */
static bool value(const struct figure *f, const void *rate, const void *row,
		  bool valid, double dt, double *v)
{
	double d;

	if (f->src == FIG_ROW) {
		*v = (double)figures_row_u64(f, row) / f->div;
		return true;
	}
	memcpy(&d, (const char *)rate + f->off, sizeof(d));
	*v = f->src == FIG_RATE_DT ? d * dt : d;
	return valid;
}

bool figures_disk_value(const struct figure *f, const struct disk_rate *d,
			double dt, double *v)
{
	return value(f, d, d->row, d->valid, dt, v);
}

bool figures_net_value(const struct figure *f, const struct net_rate *n,
		       double *v)
{
	bool known = value(f, n, n->row, n->valid, 0, v);

	if (f->src != FIG_ROW && f->counter >= 0)
		known = netdev_known(n, (enum net_counter)f->counter);
	return known;
}
