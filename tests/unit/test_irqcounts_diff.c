/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test_irqcounts_diff: irqcounts_row (eight digits at a time, sixteen
 * fields at a time with SSE2, the top column in the same pass) against a
 * byte-by-byte reader written here, over random lines in the kernel's
 * layout, broken at random: every return, position, count, total and top
 * column equal. */
#include "config.h"

#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "collect/irqcounts.h"
#include "testutil.h"

#define MAXF 200	/* fields a line at most */

static bool blank(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

static bool digit(char c)
{
	return c >= '0' && c <= '9';
}

/* The plain reading: blank-separated all-digit tokens, up to MAX, the
 * first one past 32 bits an error. */
static int plain(const char **p, const char *end, size_t max,
		 struct irqcounts *o)
{
	const char *q = *p;
	uint64_t sum = 0;
	size_t k = 0, top = 0;

	while (k < max) {
		const char *s = q, *t;
		uint64_t v = 0;
		bool big = false;

		while (s < end && blank(*s))
			s++;
		for (t = s; t < end && digit(*t); t++) {
			v = big ? v : v * 10 + (uint64_t)(*t - '0');
			big = big || v > UINT32_MAX;
		}
		if (t == s || (t < end && !blank(*t)))
			break;
		if (big)
			return -EINVAL;
		o->dst[k] = (uint32_t)v;
		if (o->dst[k] > o->dst[top])
			top = k;
		sum = sum + v < sum ? UINT64_MAX : sum + v;
		k++;
		q = t;
	}
	*p = q;
	o->n = k;
	o->total = sum;
	o->top = top;
	return 0;
}

/* A count as the kernel prints them mostly, sometimes wider; BUSY: 31
 * in 32 below 10^8 (runs of sixteen and more, as a busy machine's). */
static int one_field(char *at, size_t room, unsigned *seed, bool busy)
{
	static const unsigned long long edge[] = {
		0, 9, 10, 99999999, 100000000, 4294967295ull, 4294967296ull,
		9999999999ull, 18446744073709551615ull,
	};
	unsigned r = (unsigned)rand_r(seed);
	unsigned long long v;

	if (busy && r % 32) {
		v = (unsigned long long)rand_r(seed) %
		    (r % 5 ? 100000000u : r % 3 ? 1000u : 1u);
		return snprintf(at, room, " %10llu", v);
	}
	v = r % 4 ? (unsigned long long)rand_r(seed) %
		(r % 3 ? 100000000u : 4000000000u) : edge[r % 9];

	if (r % 97 == 0)
		return snprintf(at, room, " %14llu", v);
	if (r % 89 == 0)
		return snprintf(at, room, "\t%llu", v);
	if (r % 83 == 0)
		return snprintf(at, room, " %010llu", v % 100000000u);
	if (r % 79 == 0)
		return snprintf(at, room, " 99999999999999999999999");
	return snprintf(at, room, " %10llu", v);
}

/* A random line into BUF (SIZE bytes): up to FIELDS counts (BUSY as
 * one_field), a tail, some bytes changed; its length. */
static size_t one_line(char *buf, size_t size, unsigned *seed,
		       unsigned fields, bool busy)
{
	static const char *const tail[] = {
		"  IR-PCI-MSI 5-edge eth0", "", "\t", " x", "x", "  GICv2 27",
		" 12a", "  ", " \n",
	};
	static const char bytes[] = " \t0123456789a:\0\n-+\r";
	unsigned nf = (unsigned)rand_r(seed) % fields;
	size_t n = 0;
	unsigned changes;

	for (unsigned i = 0; i < nf; i++)
		n += (size_t)one_field(buf + n, size - n, seed, busy);
	n += (size_t)snprintf(buf + n, size - n, "%s",
			      tail[(unsigned)rand_r(seed) % 9]);
	changes = rand_r(seed) % 3 ? 0 : 1 + (unsigned)rand_r(seed) % 3;

	for (unsigned k = 0; n && k < changes; k++)
		buf[(unsigned)rand_r(seed) % n] =
			bytes[(unsigned)rand_r(seed) % (sizeof(bytes) - 1)];
	if (n && rand_r(seed) % 5 == 0)
		n = (unsigned)rand_r(seed) % n;	/* cut anywhere */
	return n;
}

/* The rises of the counts Y read from LINE over a random base (mostly
 * below them, sometimes above, sometimes fewer columns), read in the
 * same pass, against the plain ones (the top column left to
 * irqcounts_top); PEND where the plain reading ended; line I. */
static void check_rises(const char *line, size_t len, size_t max,
			const uint32_t *b, const struct irqcounts *y,
			ptrdiff_t pend, unsigned *seed, long i)
{
	uint32_t base[MAXF + 1], c[MAXF + 1];
	size_t nbase = rand_r(seed) % 4 ? y->n :
		       (size_t)rand_r(seed) % (MAXF + 2);
	bool lower = rand_r(seed) % 2, up = true;
	struct irqcounts x = { .dst = c, .base = base, .nbase = nbase };
	const char *p = line;
	uint64_t sum = 0;

	for (size_t j = 0; j < MAXF + 1; j++) {
		uint32_t v = j < y->n ? b[j] : (uint32_t)rand_r(seed);
		unsigned r = (unsigned)rand_r(seed) % 16;
		uint32_t below = (uint32_t)rand_r(seed) % (v < UINT32_MAX ?
							    v + 1u : v);

		base[j] = r < 6 ? v - below : r < 10 ? v : r < 13 ? v - 1 :
			  r < 15 || lower ? v / 2 :
			  v + 1 + (uint32_t)rand_r(seed) % 7;
		if (lower && base[j] > v)
			base[j] = v;
	}
	for (size_t j = 0; j < y->n && j < nbase; j++) {
		if (b[j] < base[j]) {
			up = false;
			break;
		}
		sum += b[j] - base[j];
	}
	ck_assert_int_eq(irqcounts_row(&p, line + len, max, &x), 0);
	ck_assert_msg(p - line == pend && x.n == y->n &&
		      x.total == y->total && x.top == SIZE_MAX &&
		      memcmp(c, b, x.n * sizeof(*c)) == 0,
		      "line %ld: counts with a base", i);
	ck_assert_uint_eq(irqcounts_top(c, x.n), y->top);
	ck_assert_msg(x.up == up && (!up || x.up_sum == sum),
		      "line %ld: up %d sum %llu, plainly %d %llu", i, x.up,
		      (unsigned long long)x.up_sum, up,
		      (unsigned long long)sum);
}

/* LINES random lines (one_line's FIELDS and BUSY) read both ways from
 * SEED, each in a block of its own length (a read past its end is the
 * sanitizers' to see). */
static void lines_agree(long lines, unsigned fields, bool busy,
			unsigned seed)
{
	char text[MAXF * 30 + 64];

	for (long i = 0; i < lines; i++) {
		size_t len = one_line(text, sizeof(text), &seed, fields, busy);
		size_t max = rand_r(&seed) % 4 ? fields + 1 :
			     (unsigned)rand_r(&seed) % (fields + 1);
		char *line = malloc(len ? len : 1);
		uint32_t a[MAXF + 1], b[MAXF + 1];
		struct irqcounts x = { .dst = a }, y = { .dst = b };
		const char *pa = line, *pb = line;
		int ra, rb;

		memcpy(line, text, len);
		ra = irqcounts_row(&pa, line + len, max, &x);
		rb = plain(&pb, line + len, max, &y);
		ck_assert_msg(ra == rb, "line %ld: %d, plainly %d", i, ra, rb);
		if (ra == 0) {
			ck_assert_msg(pa == pb && x.n == y.n &&
				      x.total == y.total && x.top == y.top &&
				      memcmp(a, b, x.n * sizeof(*a)) == 0,
				      "line %ld: %zu counts to %td, plainly "
				      "%zu to %td", i, x.n, pa - line, y.n,
				      pb - line);
			x = (struct irqcounts){ .dst = NULL };
			pa = line;
			ck_assert_int_eq(irqcounts_row(&pa, line + len, max,
						       &x), 0);
			ck_assert(pa == pb && x.n == y.n &&
				  x.total == y.total && x.top == 0);
			check_rises(line, len, max, b, &y, pb - line, &seed,
				    i);
		}
		free(line);
	}
}

/* BENCHTOP_DIFF_LINES lines (200 000 unless told) of up to 40 counts of
 * every kind. */
START_TEST(random_lines_agree)
{
	const char *env = getenv("BENCHTOP_DIFF_LINES");

	lines_agree(env ? atol(env) : 200000, 40, false, 30);
}
END_TEST

/* As many lines of up to 200 counts nearly all below 10^8: the runs of
 * sixteen and more that are read sixteen at a time (eight such groups a
 * run of sums), broken anywhere. */
START_TEST(busy_lines_agree)
{
	const char *env = getenv("BENCHTOP_DIFF_LINES");

	lines_agree(env ? atol(env) : 200000, MAXF, true, 31);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("irqcounts_diff");
	TCase *c = tcase_create("core");

	tcase_set_timeout(c, 300);
	tcase_add_test(c, random_lines_agree);
	tcase_add_test(c, busy_lines_agree);
	suite_add_tcase(s, c);
	return testutil_run(s);
}
