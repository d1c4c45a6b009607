/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test_netdev: /proc/net/dev parsing on real captures (32-bit Cubietruck,
 * x86) and the rates a user reads off the NET panel, 32-bit wrap included. */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "collect/netdev.h"
#include "testutil.h"

#define CUBIE "cubietruck/proc_net_dev"
#define X86 "x86/proc_net_dev"
#define CUBIE_ETH0_RX "1030969582"

static const struct net_row *find(const struct net_table *t, const char *name)
{
	for (size_t i = 0; i < t->nrows; i++)
		if (strcmp(t->rows[i].name, name) == 0)
			return &t->rows[i];
	ck_abort_msg("no row %s", name);
	return NULL;
}

static const struct net_rate *find_rate(const struct net_rate *r, int n,
					const char *name)
{
	for (int i = 0; i < n; i++)
		if (strcmp(r[i].row->name, name) == 0)
			return &r[i];
	ck_abort_msg("no rate %s", name);
	return NULL;
}

static void load(const char *name, struct net_table *t, int nrows)
{
	size_t len;
	char *buf = testutil_load(name, &len);

	ck_assert_int_eq(netdev_parse(buf, len, t), nrows);
	free(buf);
}

static int parse_str(const char *s, struct net_table *t)
{
	return netdev_parse(s, strlen(s), t);
}

/* SRC with its one occurrence of FROM replaced by TO (malloc'd). */
static char *subst(const char *src, const char *from, const char *to)
{
	const char *at = strstr(src, from);
	size_t head, len = strlen(src) - strlen(from) + strlen(to);
	char *dst = malloc(len + 1);

	ck_assert_ptr_nonnull(at);
	ck_assert_ptr_null(strstr(at + 1, from));
	head = (size_t)(at - src);
	memcpy(dst, src, head);
	strcpy(dst + head, to);
	strcat(dst, at + strlen(from));
	return dst;
}

/* The Cubietruck capture with eth0's rx_bytes set to TO. */
static char *cubie_rx(const char *to)
{
	char *src = testutil_load(CUBIE, NULL);
	char *txt = subst(src, " " CUBIE_ETH0_RX " ", to);

	free(src);
	return txt;
}

START_TEST(cubietruck_values)
{
	struct net_table t;
	const struct net_row *r;

	load(CUBIE, &t, 3);
	ck_assert_str_eq(t.rows[0].name, "lo");
	ck_assert_str_eq(t.rows[1].name, "tunl0");
	ck_assert_str_eq(t.rows[2].name, "eth0");
	r = find(&t, "eth0");
	ck_assert_uint_eq(r->rx_bytes, 1030969582);
	ck_assert_uint_eq(r->rx_packets, 1053389);
	ck_assert_uint_eq(r->rx_errs, 0);
	ck_assert_uint_eq(r->rx_multicast, 0);
	ck_assert_uint_eq(r->tx_bytes, 736679433);
	ck_assert_uint_eq(r->tx_packets, 866925);
	ck_assert_uint_eq(r->tx_compressed, 0);
	r = find(&t, "lo");
	ck_assert_uint_eq(r->rx_bytes, 4596);
	ck_assert_uint_eq(r->rx_packets, 35);
	ck_assert_uint_eq(r->tx_bytes, 4596);
	ck_assert_uint_eq(r->tx_packets, 35);
	ck_assert_uint_eq(find(&t, "tunl0")->rx_bytes, 0);
	netdev_free(&t);
	ck_assert_ptr_null(t.rows);
	ck_assert_uint_eq(t.nrows, 0);
}
END_TEST

START_TEST(x86_values)
{
	struct net_table t;
	const struct net_row *r;

	load(X86, &t, 4);
	ck_assert_str_eq(t.rows[1].name, "ifb0");
	ck_assert_str_eq(t.rows[2].name, "ifb1");
	r = find(&t, "eth0");
	ck_assert_uint_eq(r->rx_bytes, 49041270);
	ck_assert_uint_eq(r->rx_packets, 1728);
	ck_assert_uint_eq(r->tx_bytes, 83321);
	ck_assert_uint_eq(r->tx_packets, 1111);
	ck_assert_uint_eq(find(&t, "lo")->rx_bytes, 3267);
	ck_assert_uint_eq(find(&t, "lo")->tx_packets, 29);
	netdev_free(&t);
}
END_TEST

/* Old kernels printed "%6s:%8lu": a 10-digit counter touches the colon. */
START_TEST(counter_runs_into_colon)
{
	char *txt = cubie_rx("4248714927 ");
	struct net_table t;

	ck_assert_ptr_nonnull(strstr(txt, "\n  eth0:4248714927 1053389 "));
	ck_assert_int_eq(parse_str(txt, &t), 3);
	ck_assert_uint_eq(find(&t, "eth0")->rx_bytes, 4248714927u);
	ck_assert_uint_eq(find(&t, "eth0")->rx_packets, 1053389);
	netdev_free(&t);
	free(txt);
}
END_TEST

/* The values of the DietPi file NAME, one a line, into V. */
static int load_values(const char *name, uint64_t *v, int max)
{
	char *txt = testutil_load(name, NULL), *p = txt, *end;
	int n = 0;

	while (*p && n < max) {
		v[n++] = strtoull(p, &end, 10);
		ck_assert(end != p && (*end == '\n' || !*end));
		p = *end ? end + 1 : end;
	}
	free(txt);
	return n;
}

/* Two successive eth0 rx_bytes reads on a 32-bit DietPi kernel,
 * 4248714927 then 20173913, put into the Cubietruck capture: the counter
 * wrapped at 2^32, and the rate is what really went through. */
START_TEST(armv7_rx_bytes_wrap)
{
	uint64_t v[2];
	char s0[32], s1[32];
	char *t0, *t1;
	struct net_table prev, cur;
	struct net_rate *r;
	const struct net_rate *eth0;
	int n;

	ck_assert_int_eq(load_values("dietpi/armv7_rx_bytes_wrap", v, 2), 2);
	ck_assert_uint_eq(v[0], 4248714927u);
	ck_assert_uint_eq(v[1], 20173913);
	snprintf(s0, sizeof(s0), " %llu ", (unsigned long long)v[0]);
	snprintf(s1, sizeof(s1), " %llu ", (unsigned long long)v[1]);
	t0 = cubie_rx(s0);
	t1 = cubie_rx(s1);
	ck_assert_int_eq(parse_str(t0, &prev), 3);
	ck_assert_int_eq(parse_str(t1, &cur), 3);
	ck_assert_uint_eq(find(&cur, "eth0")->rx_bytes, 20173913);
	n = netdev_rates(&prev, &cur, 2.0, &r);
	ck_assert_int_eq(n, 3);
	eth0 = find_rate(r, n, "eth0");
	ck_assert(eth0->valid);
	/* (2^32 - 4248714927 + 20173913) / 2 s = 66426282 / 2 */
	ck_assert_double_eq_tol(eth0->rx_bytes_per_s,
				(4294967296.0 - 4248714927.0 + 20173913.0) / 2,
				1e-6);
	ck_assert_double_eq_tol(eth0->rx_bytes_per_s, 33213141.0, 1e-6);
	ck_assert_double_eq(eth0->tx_bytes_per_s, 0.0);
	free(r);
	netdev_free(&prev);
	netdev_free(&cur);
	free(t0);
	free(t1);
}
END_TEST

/* A 64-bit (armv8) counter above 2^32 parses; going from it down to a
 * small value cannot be a 32-bit wrap, so it is a reset. */
START_TEST(armv8_rx_bytes_over_2_32)
{
	uint64_t v;
	char s[32];
	char *t0, *t1;
	struct net_table prev, cur;
	struct net_rate *r;
	int n;

	ck_assert_int_eq(load_values("dietpi/armv8_rx_bytes", &v, 1), 1);
	snprintf(s, sizeof(s), " %llu ", (unsigned long long)v);
	t0 = cubie_rx(s);
	t1 = cubie_rx(" 20173913 ");
	ck_assert_int_eq(parse_str(t0, &prev), 3);
	ck_assert_uint_eq(find(&prev, "eth0")->rx_bytes, 5868826024u);
	ck_assert_int_eq(parse_str(t1, &cur), 3);
	n = netdev_rates(&prev, &cur, 1.0, &r);
	ck_assert(!find_rate(r, n, "eth0")->valid);
	ck_assert_double_eq(find_rate(r, n, "eth0")->rx_bytes_per_s, 0.0);
	ck_assert(find_rate(r, n, "lo")->valid);
	free(r);
	netdev_free(&prev);
	netdev_free(&cur);
	free(t0);
	free(t1);
}
END_TEST

/* eth0 over 2 s: +1 MB and 700 packets in, +250 kB and 500 out, 3 receive
 * errors and 4 transmit drops. */
START_TEST(rates_hand_computed)
{
	struct net_table prev, cur;
	struct net_row *e;
	struct net_rate *r;
	const struct net_rate *x;
	int n;

	load(CUBIE, &prev, 3);
	load(CUBIE, &cur, 3);
	e = (struct net_row *)find(&cur, "eth0");
	e->rx_bytes += 1000000;
	e->rx_packets += 700;
	e->tx_bytes += 250000;
	e->tx_packets += 500;
	e->rx_errs += 3;
	e->tx_drop += 4;
	e->rx_multicast += 10;
	n = netdev_rates(&prev, &cur, 2.0, &r);
	ck_assert_int_eq(n, 3);
	x = find_rate(r, n, "eth0");
	ck_assert(x->valid);
	ck_assert_ptr_eq(x->row, e);
	ck_assert_double_eq_tol(x->rx_bytes_per_s, 500000.0, 1e-9);
	ck_assert_double_eq_tol(x->rx_packets_per_s, 350.0, 1e-9);
	ck_assert_double_eq_tol(x->tx_bytes_per_s, 125000.0, 1e-9);
	ck_assert_double_eq_tol(x->tx_packets_per_s, 250.0, 1e-9);
	ck_assert_double_eq_tol(x->rx_errs_per_s, 1.5, 1e-9);
	ck_assert_double_eq_tol(x->tx_drop_per_s, 2.0, 1e-9);
	ck_assert_double_eq(x->tx_errs_per_s, 0.0);
	ck_assert_double_eq(x->rx_drop_per_s, 0.0);
	ck_assert(find_rate(r, n, "lo")->valid);
	ck_assert_double_eq(find_rate(r, n, "lo")->rx_bytes_per_s, 0.0);
	free(r);
	/* No time passed: nothing valid rather than a division by zero. */
	n = netdev_rates(&prev, &cur, 0.0, &r);
	for (int i = 0; i < n; i++)
		ck_assert(!r[i].valid && r[i].rx_bytes_per_s == 0.0);
	free(r);
	netdev_free(&prev);
	netdev_free(&cur);
}
END_TEST

/* The USB NIC was re-plugged: tx_packets went down (any counter will do),
 * so the row has no rate this tick; lo keeps its rate. */
START_TEST(rates_reset_invalid)
{
	struct net_table prev, cur;
	struct net_row *e;
	struct net_rate *r;
	const struct net_rate *x;
	int n;

	load(CUBIE, &prev, 3);
	load(CUBIE, &cur, 3);
	e = (struct net_row *)find(&cur, "eth0");
	e->rx_bytes += 5000;
	e->tx_packets = 12;
	((struct net_row *)find(&cur, "lo"))->rx_bytes += 100;
	n = netdev_rates(&prev, &cur, 1.0, &r);
	x = find_rate(r, n, "eth0");
	ck_assert(!x->valid);
	ck_assert_double_eq(x->rx_bytes_per_s, 0.0);
	ck_assert_double_eq(x->tx_packets_per_s, 0.0);
	ck_assert(find_rate(r, n, "lo")->valid);
	ck_assert_double_eq(find_rate(r, n, "lo")->rx_bytes_per_s, 100.0);
	free(r);
	netdev_free(&prev);
	netdev_free(&cur);
}
END_TEST

/* A USB NIC eth1 appears: no baseline, so invalid for this tick; tunl0 is
 * removed: it is simply not in the output. */
START_TEST(rates_appear_and_disappear)
{
	const char *eth1 = "  eth1:    1000      10    0    0    0     0"
			   "          0         0     2000      20    0    0"
			   "    0     0       0          0\n";
	char *src = testutil_load(CUBIE, NULL);
	char *tunl = strstr(src, " tunl0:"), *eol = strchr(tunl, '\n');
	char *txt = malloc(strlen(src) + strlen(eth1) + 1);
	struct net_table prev, cur;
	struct net_rate *r;
	int n;

	memmove(tunl, eol + 1, strlen(eol + 1) + 1);
	strcat(strcpy(txt, src), eth1);
	load(CUBIE, &prev, 3);
	ck_assert_int_eq(parse_str(txt, &cur), 3);
	ck_assert_uint_eq(find(&cur, "eth1")->tx_bytes, 2000);
	n = netdev_rates(&prev, &cur, 1.0, &r);
	ck_assert_int_eq(n, 3);
	ck_assert(!find_rate(r, n, "eth1")->valid);
	ck_assert_double_eq(find_rate(r, n, "eth1")->rx_bytes_per_s, 0.0);
	ck_assert(find_rate(r, n, "eth0")->valid);
	ck_assert(find_rate(r, n, "lo")->valid);
	for (int i = 0; i < n; i++)
		ck_assert_str_ne(r[i].row->name, "tunl0");
	free(r);
	n = netdev_rates(NULL, &cur, 1.0, &r);
	for (int i = 0; i < n; i++)
		ck_assert(!r[i].valid);
	free(r);
	netdev_free(&prev);
	netdev_free(&cur);
	free(txt);
	free(src);
}
END_TEST

START_TEST(rates_empty)
{
	struct net_table none = { 0 };
	struct net_rate *r = (struct net_rate *)&none;

	ck_assert_int_eq(netdev_rates(&none, &none, 1.0, &r), 0);
	ck_assert_ptr_null(r);
}
END_TEST

static bool same_row(const struct net_row *a, const struct net_row *b)
{
	return strcmp(a->name, b->name) == 0 && a->rx_bytes == b->rx_bytes &&
	       a->rx_packets == b->rx_packets && a->tx_bytes == b->tx_bytes &&
	       a->tx_packets == b->tx_packets &&
	       a->tx_compressed == b->tx_compressed;
}

/* Captures cut at every 29th byte: an error, or the rows before the cut
 * (the last one may have lost digits of its last counter). */
static void cut_every_29(const char *name, int full_rows)
{
	size_t len;
	char *buf = testutil_load(name, &len);
	struct net_table full, t;
	int ok = 0, bad = 0;

	load(name, &full, full_rows);
	for (size_t cut = 0; cut <= len; cut += 29) {
		char *copy = malloc(cut + 1);
		int n;

		memcpy(copy, buf, cut);	/* exact size: ASan sees overreads */
		n = netdev_parse(copy, cut, &t);
		ck_assert_msg(n == -EINVAL || (n >= 0 && n <= full_rows),
			      "cut %zu: %d", cut, n);
		if (n < 0) {
			ck_assert_ptr_null(t.rows);
			bad++;
		} else {
			ok++;
		}
		for (int i = 0; i < n - 1; i++)
			ck_assert(same_row(&t.rows[i], &full.rows[i]));
		if (n > 0)
			ck_assert_str_eq(t.rows[n - 1].name,
					 full.rows[n - 1].name);
		netdev_free(&t);
		free(copy);
	}
	ck_assert_int_gt(ok, 1);
	ck_assert_int_gt(bad, 1);
	netdev_free(&full);
	free(buf);
}

START_TEST(truncated_captures)
{
	cut_every_29(CUBIE, 3);
	cut_every_29(X86, 4);
}
END_TEST

#define HDR "Inter-|   Receive                                  |  Transmit\n" \
	" face |bytes    packets errs drop fifo frame compressed multicast|" \
	"bytes    packets errs drop fifo colls carrier compressed\n"
#define ZEROS15 " 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0"

static void expect_einval(const char *txt, unsigned line)
{
	struct net_table t;

	ck_assert_msg(parse_str(txt, &t) == -EINVAL, "accepted: %s", txt);
	ck_assert_ptr_null(t.rows);
	ck_assert_uint_eq(t.nrows, 0);
	ck_assert_uint_eq(t.err_line, line);
}

START_TEST(garbage)
{
	struct net_table t;

	ck_assert_int_eq(parse_str(HDR, &t), 0);
	ck_assert_int_eq(parse_str(HDR "\n  \n", &t), 0);
	ck_assert_int_eq(parse_str(HDR "eth0: 7" ZEROS15, &t), 1);
	ck_assert_uint_eq(t.rows[0].rx_bytes, 7);
	netdev_free(&t);
	expect_einval("", 1);
	expect_einval("Inter-|   Receive   |  Transmit\n", 1);
	expect_einval("  eth0: 1" ZEROS15 "\n", 1);
	expect_einval(HDR "  eth0 1" ZEROS15 "\n", 3);
	expect_einval(HDR "  eth0: 1 0 0 0 0 0 0 0 0 0 0 0 0 0 0\n", 3);
	expect_einval(HDR "  eth0: 1 2" ZEROS15 "\n", 3);
	expect_einval(HDR "  eth0:" "\n", 3);
	expect_einval(HDR "  et h0: 1" ZEROS15 "\n", 3);
	expect_einval(HDR "  : 1" ZEROS15 "\n", 3);
	expect_einval(HDR "  eth0: -1" ZEROS15 "\n", 3);
	expect_einval(HDR "  eth0: x" ZEROS15 "\n", 3);
	expect_einval(HDR "  eth0: 1e5" ZEROS15 "\n", 3);
	expect_einval(HDR "  eth0: 1:2" ZEROS15 "\n", 3);
	expect_einval(HDR "lo: 0" ZEROS15 "\n"
		      "  name_longer_than_31_characters_xx: 1" ZEROS15 "\n", 4);
}
END_TEST

START_TEST(huge_numbers)
{
	struct net_table t;

	expect_einval(HDR "eth0: 18446744073709551616" ZEROS15 "\n", 3);
	expect_einval(HDR "eth0:" ZEROS15 " 99999999999999999999999\n", 3);
	ck_assert_int_eq(parse_str(HDR "eth0: 18446744073709551615" ZEROS15,
				   &t), 1);
	ck_assert_uint_eq(t.rows[0].rx_bytes, UINT64_MAX);
	netdev_free(&t);
}
END_TEST

/* No line-length cap: 1 MB of blanks between counters still parses; a
 * 1 MB name does not, and nothing overflows. */
START_TEST(long_lines)
{
	size_t big = 1 << 20, h = strlen(HDR);
	char *txt = malloc(h + big + 200);
	struct net_table t;

	strcpy(txt, HDR "eth0: 5");
	memset(txt + strlen(txt), ' ', big);
	strcpy(txt + h + 7 + big, "6 0 0 0 0 0 0 0 0 0 0 0 0 0 9\n");
	ck_assert_int_eq(parse_str(txt, &t), 1);
	ck_assert_uint_eq(t.rows[0].rx_bytes, 5);
	ck_assert_uint_eq(t.rows[0].rx_packets, 6);
	ck_assert_uint_eq(t.rows[0].tx_compressed, 9);
	netdev_free(&t);
	memset(txt + h, 'e', big);
	strcpy(txt + h + big, ": 1" ZEROS15 "\n");
	expect_einval(txt, 3);
	free(txt);
}
END_TEST

static Suite *netdev_suite(void)
{
	Suite *s = suite_create("netdev");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, cubietruck_values);
	tcase_add_test(tc, x86_values);
	tcase_add_test(tc, counter_runs_into_colon);
	tcase_add_test(tc, armv7_rx_bytes_wrap);
	tcase_add_test(tc, armv8_rx_bytes_over_2_32);
	tcase_add_test(tc, rates_hand_computed);
	tcase_add_test(tc, rates_reset_invalid);
	tcase_add_test(tc, rates_appear_and_disappear);
	tcase_add_test(tc, rates_empty);
	tcase_add_test(tc, truncated_captures);
	tcase_add_test(tc, garbage);
	tcase_add_test(tc, huge_numbers);
	tcase_add_test(tc, long_lines);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return testutil_run(netdev_suite());
}
