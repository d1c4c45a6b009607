/* SPDX-License-Identifier: GPL-2.0-or-later */
/* netdev: /proc/net/dev rows and per-interface rates. */
#ifndef BENCHTOP_NETDEV_H
#define BENCHTOP_NETDEV_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct net_row {
	char name[32];
	uint64_t rx_bytes, rx_packets, rx_errs, rx_drop, rx_fifo, rx_frame,
		 rx_compressed, rx_multicast;
	uint64_t tx_bytes, tx_packets, tx_errs, tx_drop, tx_fifo, tx_colls,
		 tx_carrier, tx_compressed;
};

struct net_table {
	struct net_row *rows;
	size_t nrows;
	unsigned err_line;	/* after -EINVAL: 1-based line at fault */
};

/* Parse /proc/net/dev into OUT (reset first); the count or -EINVAL. */
int netdev_parse(const char *buf, size_t len, struct net_table *out);

/* Free the rows of T and leave it empty (a parse does not free them). */
void netdev_free(struct net_table *t);

struct net_rate {
	const struct net_row *row;	/* row in CUR */
	bool valid;		/* false: new interface or counters reset */
	double rx_bytes_per_s, tx_bytes_per_s;
	double rx_packets_per_s, tx_packets_per_s;
	double rx_errs_per_s, tx_errs_per_s;
	double rx_drop_per_s, tx_drop_per_s;
};

/* Rates from PREV to CUR over DT seconds, one per row of CUR, into *OUT
 * (free()); rows matched by name. Returns the count or -ENOMEM. */
int netdev_rates(const struct net_table *prev, const struct net_table *cur,
		 double dt, struct net_rate **out);

#endif
