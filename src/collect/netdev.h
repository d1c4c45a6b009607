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
	unsigned nskipped;	/* data lines not understood, left out */
	unsigned skip_line;	/* 1-based line of the first of them */
};

/* The 16 counters of a line, in the kernel's order. */
enum net_counter {
	NET_RX_BYTES, NET_RX_PACKETS, NET_RX_ERRS, NET_RX_DROP,
	NET_RX_FIFO, NET_RX_FRAME, NET_RX_COMPRESSED, NET_RX_MULTICAST,
	NET_TX_BYTES, NET_TX_PACKETS, NET_TX_ERRS, NET_TX_DROP,
	NET_TX_FIFO, NET_TX_COLLS, NET_TX_CARRIER, NET_TX_COMPRESSED,
	NET_NCOUNTERS
};

/* Parse /proc/net/dev into OUT (reset first); the count of rows, or
 * -EINVAL when the header is not net/dev's, -ENOMEM.  A data line that is
 * not "name: 16 numbers" is left out and counted in nskipped; a name may
 * hold ':' (an alias such as "eth0:1"). */
int netdev_parse(const char *buf, size_t len, struct net_table *out);

/* Free the rows of T and leave it empty (a parse does not free them). */
void netdev_free(struct net_table *t);

struct net_rate {
	const struct net_row *row;	/* row in CUR */
	bool valid;		/* false: new interface, or no time passed */
	unsigned reset;		/* bit (1 << enum net_counter) per counter
				 * that went down: its rate is unknown this
				 * tick (read 0), the others stand */
	double rx_bytes_per_s, tx_bytes_per_s;
	double rx_packets_per_s, tx_packets_per_s;
	double rx_errs_per_s, tx_errs_per_s;
	double rx_drop_per_s, tx_drop_per_s;
};

/* Whether R's rate of counter C can be shown: a baseline, and C did not
 * go down. */
bool netdev_known(const struct net_rate *r, enum net_counter c);

/* Rates from PREV to CUR over DT seconds, one per row of CUR, into *OUT
 * (free()); rows matched by name. Returns the count or -ENOMEM. */
int netdev_rates(const struct net_table *prev, const struct net_table *cur,
		 double dt, struct net_rate **out);

#endif
