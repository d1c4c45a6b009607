/* SPDX-License-Identifier: GPL-2.0-or-later */
/* netdev: parse /proc/net/dev (two header lines, then "name: 16 counters")
 * and turn two samples into per-interface byte, packet, error, drop rates. */
#include "config.h"

#include "collect/netdev.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "base/counter.h"
#include "base/numparse.h"
#include "base/vec.h"

#define HEADER_LINES 2

/* The 16 counters of a line, in the kernel's order. */
enum {
	N_RX_BYTES, N_RX_PACKETS, N_RX_ERRS, N_RX_DROP,
	N_RX_FIFO, N_RX_FRAME, N_RX_COMPRESSED, N_RX_MULTICAST,
	N_TX_BYTES, N_TX_PACKETS, N_TX_ERRS, N_TX_DROP,
	N_TX_FIFO, N_TX_COLLS, N_TX_CARRIER, N_TX_COMPRESSED, NCOUNTERS
};

static bool is_blank(char c)
{
	return c == ' ' || c == '\t';
}

/* Exactly NCOUNTERS blank-separated numbers in [P, END) into V. */
static int parse_counters(const char *p, const char *end,
			  uint64_t v[NCOUNTERS])
{
	size_t n = 0;

	for (;;) {
		const char *s;

		while (p < end && is_blank(*p))
			p++;
		if (p == end)
			break;
		s = p;
		while (p < end && !is_blank(*p))
			p++;
		if (n == NCOUNTERS || numparse_u64(s, p, &v[n]) < 0)
			return -EINVAL;
		n++;
	}
	return n == NCOUNTERS ? 0 : -EINVAL;
}

static void row_store(struct net_row *r, const uint64_t v[NCOUNTERS])
{
	r->rx_bytes = v[0];
	r->rx_packets = v[1];
	r->rx_errs = v[2];
	r->rx_drop = v[3];
	r->rx_fifo = v[4];
	r->rx_frame = v[5];
	r->rx_compressed = v[6];
	r->rx_multicast = v[7];
	r->tx_bytes = v[8];
	r->tx_packets = v[9];
	r->tx_errs = v[10];
	r->tx_drop = v[11];
	r->tx_fifo = v[12];
	r->tx_colls = v[13];
	r->tx_carrier = v[14];
	r->tx_compressed = v[15];
}

/* The name is what precedes the first ':', less leading blanks: names
 * cannot hold ':' or blanks, while old kernels ("%6s:%8lu") let a large
 * counter run into the colon ("eth0:1234567890"). */
static int parse_name(const char *p, const char *colon, struct net_row *r)
{
	size_t n;

	while (p < colon && is_blank(*p))
		p++;
	n = (size_t)(colon - p);
	if (n == 0 || n >= sizeof(r->name) || memchr(p, '\0', n) ||
	    memchr(p, ' ', n) || memchr(p, '\t', n))
		return -EINVAL;
	memcpy(r->name, p, n);
	r->name[n] = '\0';
	return 0;
}

/* One data line into *R: 1 for a row, 0 for a blank line, or -EINVAL. */
static int parse_line(const char *p, const char *end, struct net_row *r)
{
	const char *colon = memchr(p, ':', (size_t)(end - p));
	uint64_t v[NCOUNTERS];

	if (!colon) {
		while (p < end && is_blank(*p))
			p++;
		return p == end ? 0 : -EINVAL;
	}
	memset(r, 0, sizeof(*r));
	if (parse_name(p, colon, r) < 0 ||
	    parse_counters(colon + 1, end, v) < 0)
		return -EINVAL;
	row_store(r, v);
	return 1;
}

/* A header line ("Inter-|   Receive ...", " face |bytes ...") has a '|'
 * and no ':'; anything else means this is not /proc/net/dev. */
static int check_header(const char *p, const char *end)
{
	size_t n = (size_t)(end - p);

	return memchr(p, '|', n) && !memchr(p, ':', n) ? 0 : -EINVAL;
}

static int table_push(struct net_table *t, size_t *cap,
		      const struct net_row *r)
{
	if (vec_reserve(&t->rows, cap, t->nrows + 1, sizeof(*r)))
		return -ENOMEM;
	t->rows[t->nrows++] = *r;
	return 0;
}

int netdev_parse(const char *buf, size_t len, struct net_table *out)
{
	const char *p = buf, *end = buf + len;
	size_t cap = 0;
	unsigned line = 0;
	int rc = 0;

	memset(out, 0, sizeof(*out));
	while (p < end && rc >= 0) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		const char *eol = nl ? nl : end;
		struct net_row r;

		line++;
		if (line <= HEADER_LINES) {
			rc = check_header(p, eol);
		} else {
			rc = parse_line(p, eol, &r);
			if (rc > 0)
				rc = table_push(out, &cap, &r);
		}
		p = nl ? nl + 1 : end;
	}
	if (rc >= 0 && line < HEADER_LINES)
		rc = -EINVAL;
	if (rc < 0) {
		netdev_free(out);
		out->err_line = line ? line : 1;
		return rc;
	}
	return (int)out->nrows;
}

void netdev_free(struct net_table *t)
{
	free(t->rows);
	memset(t, 0, sizeof(*t));
}

static void row_counters(const struct net_row *r, uint64_t c[NCOUNTERS])
{
	const uint64_t v[NCOUNTERS] = {
		r->rx_bytes, r->rx_packets, r->rx_errs, r->rx_drop,
		r->rx_fifo, r->rx_frame, r->rx_compressed, r->rx_multicast,
		r->tx_bytes, r->tx_packets, r->tx_errs, r->tx_drop,
		r->tx_fifo, r->tx_colls, r->tx_carrier, r->tx_compressed,
	};

	memcpy(c, v, sizeof(v));
}

/* Row of PREV named like R; tries index HINT first (order rarely changes). */
static const struct net_row *find_prev(const struct net_table *prev,
				       const struct net_row *r, size_t hint)
{
	if (!prev)
		return NULL;
	if (hint < prev->nrows && strcmp(prev->rows[hint].name, r->name) == 0)
		return &prev->rows[hint];
	for (size_t i = 0; i < prev->nrows; i++)
		if (strcmp(prev->rows[i].name, r->name) == 0)
			return &prev->rows[i];
	return NULL;
}

static void rate_row(const struct net_row *p, const struct net_row *r,
		     double dt, struct net_rate *out)
{
	uint64_t a[NCOUNTERS], b[NCOUNTERS], d[NCOUNTERS];

	memset(out, 0, sizeof(*out));
	out->row = r;
	/* No baseline or no time passed: show nothing this tick. */
	if (!p || !(dt > 0))
		return;
	row_counters(p, a);
	row_counters(r, b);
	if (!counter_deltas(a, b, d, NCOUNTERS))
		return;		/* a reset: the row restarts its baseline */
	out->valid = true;
	out->rx_bytes_per_s = counter_rate(d[N_RX_BYTES], dt);
	out->rx_packets_per_s = counter_rate(d[N_RX_PACKETS], dt);
	out->rx_errs_per_s = counter_rate(d[N_RX_ERRS], dt);
	out->rx_drop_per_s = counter_rate(d[N_RX_DROP], dt);
	out->tx_bytes_per_s = counter_rate(d[N_TX_BYTES], dt);
	out->tx_packets_per_s = counter_rate(d[N_TX_PACKETS], dt);
	out->tx_errs_per_s = counter_rate(d[N_TX_ERRS], dt);
	out->tx_drop_per_s = counter_rate(d[N_TX_DROP], dt);
}

int netdev_rates(const struct net_table *prev, const struct net_table *cur,
		 double dt, struct net_rate **out)
{
	struct net_rate *r;

	*out = NULL;
	if (!cur || cur->nrows == 0)
		return 0;
	if (cur->nrows > INT_MAX)
		return -EINVAL;
	r = calloc(cur->nrows, sizeof(*r));
	if (!r)
		return -ENOMEM;
	for (size_t i = 0; i < cur->nrows; i++)
		rate_row(find_prev(prev, &cur->rows[i], i), &cur->rows[i], dt,
			 &r[i]);
	*out = r;
	return (int)cur->nrows;
}
