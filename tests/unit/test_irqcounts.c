/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test_irqcounts: the count columns of /proc/interrupts as the kernel lays
 * them out (" %10u") and otherwise, a reading taken over from the last
 * one (interrupts_parse_since) against a reading of its own, and the file
 * read in pieces (irqread) as a whole. */
#include "config.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "collect/interrupts.h"
#include "collect/irqcounts.h"
#include "collect/irqread.h"
#include "testutil.h"

static const char *const captures[] = {
	"odroid-xu4/proc_interrupts_excerpt",
	"rk3399/rockpi4_proc_interrupts",
	"rk3399/nanopi-r4s_proc_interrupts",
	"rpi4/proc_interrupts",
	"x86/desktop20_proc_interrupts",
	"x86/broadwell32_proc_interrupts",
};

/* Counts of S as irqcounts_read gives them; how many into *N. */
static int read_str(const char *s, uint32_t *v, size_t max, size_t *n,
		    uint64_t *total)
{
	const char *p = s;

	return irqcounts_read(&p, s + strlen(s), max, v, n, total);
}

/* Every width the kernel's field can hold, each digit count and the
 * boundaries of the 8-digit step, in the kernel's " %10llu" layout. */
START_TEST(kernel_layout_every_width)
{
	static const uint64_t want[] = {
		0, 7, 10, 99, 12345678, 99999999, 100000000, 123456789,
		999999999, 1000000000, 1156859750, 4294967295u,
	};
	enum { N = sizeof(want) / sizeof(want[0]) };
	char line[N * 11 + 32];
	uint32_t got[N + 1];
	uint64_t total, sum = 0;
	size_t n, at = 0;

	for (size_t i = 0; i < N; i++) {
		at += (size_t)snprintf(line + at, sizeof(line) - at, " %10llu",
				       (unsigned long long)want[i]);
		sum += want[i];
	}
	snprintf(line + at, sizeof(line) - at, "  IR-PCI-MSI 5-edge eth0");
	ck_assert_int_eq(read_str(line, got, N + 1, &n, &total), 0);
	ck_assert_uint_eq(n, N);
	for (size_t i = 0; i < N; i++)
		ck_assert_uint_eq(got[i], want[i]);
	ck_assert_uint_eq(total, sum);
	/* ten digits past 32 bits: no count of the kernel's (unsigned int) */
	ck_assert_int_eq(read_str(" 4294967296 GIC", got, 2, &n, &total),
			 -EINVAL);
	ck_assert_int_eq(read_str(" 9999999999 GIC", got, 2, &n, &total),
			 -EINVAL);
}
END_TEST

/* What the eight-at-a-time way must hand to the long way, or refuse. */
START_TEST(other_layouts)
{
	uint32_t v[8];
	uint64_t total;
	size_t n;

	/* wider than the field: the long way, still right */
	ck_assert_int_eq(read_str("  0004294967295 5 GIC", v, 8, &n, &total),
			 0);
	ck_assert_uint_eq(n, 2);
	ck_assert_uint_eq(v[0], UINT32_MAX);
	ck_assert_uint_eq(total, UINT64_C(4294967300));	/* 64-bit sum */
	/* past 32 bits the long way too, and past 64 */
	ck_assert_int_eq(read_str("\t4294967296\t1", v, 8, &n, &total),
			 -EINVAL);
	ck_assert_int_eq(read_str(" 123456789012 5 GIC", v, 8, &n, &total),
			 -EINVAL);
	ck_assert_int_eq(read_str(" 18446744073709551616", v, 8, &n, &total),
			 -EINVAL);
	/* tabs, a digit glued to a word, a space inside the field */
	ck_assert_int_eq(read_str("\t        12\t3 x", v, 8, &n, &total), 0);
	ck_assert_uint_eq(n, 2);
	ck_assert_uint_eq(v[0] + v[1], 15);
	ck_assert_int_eq(read_str("         12x         3", v, 8, &n, &total),
			 0);
	ck_assert_uint_eq(n, 0);
	ck_assert_int_eq(read_str("     1   23         4 x", v, 8, &n,
				  &total), 0);
	ck_assert_uint_eq(n, 3);
	ck_assert_uint_eq(v[0], 1);
	ck_assert_uint_eq(v[1], 23);
	ck_assert_uint_eq(v[2], 4);
	/* MAX binds; a field cut by the end of the text */
	ck_assert_int_eq(read_str("          1          2", v, 1, &n, &total),
			 0);
	ck_assert_uint_eq(n, 1);
	ck_assert_int_eq(read_str("          1      2", v, 8, &n, &total), 0);
	ck_assert_uint_eq(n, 2);
	ck_assert_uint_eq(v[1], 2);
}
END_TEST

/* Rows the kernel prints: a counts column shorter than the CPUs (ERR,
 * MIS), a row with text only (left out and counted). */
START_TEST(short_and_text_only_rows)
{
	const char *text =
		"           CPU0       CPU1       CPU2\n"
		" 16:       1001          0         17   GICv2  65 Level  a\n"
		" 17:   GICv2 66 Level  no counts at all\n"
		"ERR:          3\n"
		"MIS:          0          1\n";
	struct irq_table t;
	const struct irq_row *r;

	ck_assert_int_eq(interrupts_parse(text, strlen(text), &t), 3);
	ck_assert_uint_eq(t.nskipped, 1);
	ck_assert_uint_eq(t.skip_line, 3);
	r = interrupts_find(&t, "16");
	ck_assert_uint_eq(r->ncounts, 3);
	ck_assert_uint_eq(r->total, 1018);
	ck_assert_str_eq(r->action, "a");
	r = interrupts_find(&t, "ERR");
	ck_assert_uint_eq(r->ncounts, 1);
	ck_assert_uint_eq(r->counts[0], 3);
	ck_assert_str_eq(r->desc, "");
	ck_assert_uint_eq(interrupts_find(&t, "MIS")->ncounts, 2);
	interrupts_free(&t);
}
END_TEST

/* The lazy rates from PREV to SINCE (read since PREV: the rises taken
 * from the read) are the eager ones from PREV to FRESH (the same text
 * read afresh), row by row and column by column. */
static void assert_same_rates(const struct irq_table *prev,
			      const struct irq_table *fresh,
			      const struct irq_table *since)
{
	struct irq_rate *e, *l;
	int n = interrupts_rates(prev, fresh, 0.5, &e);

	ck_assert_int_eq(interrupts_rates_lazy(prev, since, 0.5, &l), n);
	for (int i = 0; i < n; i++) {
		ck_assert_int_eq(e[i].valid, l[i].valid);
		ck_assert_double_eq(e[i].total_per_s, l[i].total_per_s);
		ck_assert_uint_eq(interrupts_rate_top(&e[i]),
				  interrupts_rate_top(&l[i]));
		ck_assert_int_eq(interrupts_taker(e[i].row, &e[i], fresh, NULL),
				 interrupts_taker(l[i].row, &l[i], since,
						  NULL));
		for (size_t c = 0; c < fresh->ncpus; c++)
			ck_assert_double_eq(interrupts_rate_cpu(&e[i], c),
					    interrupts_rate_cpu(&l[i], c));
	}
	interrupts_rates_free(e, (size_t)n);
	interrupts_rates_free(l, (size_t)n);
}

static void assert_same_table(const struct irq_table *a,
			      const struct irq_table *b)
{
	ck_assert_uint_eq(a->nrows, b->nrows);
	ck_assert_uint_eq(a->ncpus, b->ncpus);
	ck_assert_uint_eq(a->nskipped, b->nskipped);
	ck_assert_uint_eq(a->names, b->names);
	for (size_t i = 0; i < a->nrows; i++) {
		const struct irq_row *x = &a->rows[i], *y = &b->rows[i];

		ck_assert_str_eq(x->key, y->key);
		ck_assert_uint_eq(x->ncounts, y->ncounts);
		ck_assert_uint_eq(x->total, y->total);
		ck_assert_uint_eq(interrupts_row_top(x),
				  interrupts_row_top(y));
		if (x->hashed && y->hashed)
			ck_assert_uint_eq(x->text_hash, y->text_hash);
		ck_assert_int_eq(x->numeric, y->numeric);
		ck_assert_uint_eq(x->irq, y->irq);
		ck_assert_str_eq(x->desc, y->desc);
		ck_assert_str_eq(x->chip, y->chip);
		ck_assert_str_eq(x->hwirq, y->hwirq);
		ck_assert_str_eq(x->trigger, y->trigger);
		ck_assert_str_eq(x->action, y->action);
		ck_assert_mem_eq(x->counts, y->counts,
				 x->ncounts * sizeof(*x->counts));
	}
}

/* Copy of TEXT with each digit D of the counts region of every third
 * row turned into (D + 1) % 10 once: rows that changed and rows that
 * did not, some counts going down (9 -> 0). */
static char *bump(const char *text)
{
	char *out = strdup(text);
	size_t line = 0;

	for (char *p = out; *p; p++) {
		char *colon, *nl;

		if (p != out && p[-1] != '\n')
			continue;
		line++;
		colon = strchr(p, ':');
		nl = strchr(p, '\n');
		if (line % 3 || !colon || (nl && colon > nl))
			continue;
		for (char *q = colon + 1; *q == ' ' || (*q >= '0' &&
		     *q <= '9'); q++)
			if (*q >= '0' && *q <= '9' && (q[1] == ' ' || !q[1]))
				*q = (char)('0' + (*q - '0' + 1) % 10);
	}
	return out;
}

/* Taken over from the last reading or read afresh: the same table, for
 * every capture, unchanged or with rows changed; the rates agree. */
START_TEST(since_equals_fresh)
{
	for (size_t k = 0; k < sizeof(captures) / sizeof(captures[0]); k++) {
		size_t len;
		char *buf = testutil_load(captures[k], &len);
		char *next = bump(buf);
		struct irq_table prev, fresh, since, same;
		struct irq_rate *a, *b;
		int n;

		ck_assert_int_gt(interrupts_parse(buf, len, &prev), 0);
		n = interrupts_parse(next, strlen(next), &fresh);
		ck_assert_int_gt(n, 0);
		ck_assert_int_eq(interrupts_parse_since(next, strlen(next),
							&prev, &since), n);
		assert_same_table(&fresh, &since);
		assert_same_rates(&prev, &fresh, &since);
		ck_assert_int_eq(interrupts_parse_since(buf, len, &prev,
							&same),
				 (int)prev.nrows);
		assert_same_table(&prev, &same);
		assert_same_rates(&prev, &prev, &same);
		ck_assert_int_eq(interrupts_rates(&prev, &fresh, 1.0, &a), n);
		ck_assert_int_eq(interrupts_rates(&prev, &since, 1.0, &b), n);
		for (int i = 0; i < n; i++) {
			ck_assert_int_eq(a[i].valid, b[i].valid);
			ck_assert_double_eq(a[i].total_per_s,
					    b[i].total_per_s);
			for (size_t c = 0; a[i].valid && c < fresh.ncpus; c++)
				ck_assert_double_eq(a[i].per_cpu[c],
						    b[i].per_cpu[c]);
		}
		interrupts_rates_free(a, (size_t)n);
		interrupts_rates_free(b, (size_t)n);
		interrupts_free(&prev);
		interrupts_free(&fresh);
		interrupts_free(&since);
		interrupts_free(&same);
		free(next);
		free(buf);
	}
}
END_TEST

/* A count that goes down between two readings taken over from each other
 * restarts that row (invalid this tick), not -611/s or 4e9/s; a row that
 * did not move reads 0 on every CPU. */
START_TEST(since_count_going_down)
{
	const char *a = "           CPU0       CPU1\n"
			" 16:       1001         20   GICv2  65 Level  a\n"
			" 17:        500          0   GICv2  66 Level  b\n";
	const char *b = "           CPU0       CPU1\n"
			" 16:       1001         20   GICv2  65 Level  a\n"
			" 17:        499          0   GICv2  66 Level  b\n";
	struct irq_table p, c;
	struct irq_rate *r;

	ck_assert_int_eq(interrupts_parse(a, strlen(a), &p), 2);
	ck_assert_int_eq(interrupts_parse_since(b, strlen(b), &p, &c), 2);
	ck_assert_uint_eq(c.rows[1].counts[0], 499);
	ck_assert_int_eq(interrupts_rates(&p, &c, 1.0, &r), 2);
	ck_assert(r[0].valid);
	ck_assert_ptr_nonnull(r[0].per_cpu);
	ck_assert_double_eq(r[0].per_cpu[0], 0);
	ck_assert_double_eq(r[0].per_cpu[1], 0);
	ck_assert(!r[1].valid);
	ck_assert_ptr_null(r[1].per_cpu);
	interrupts_rates_free(r, 2);
	interrupts_free(&p);
	interrupts_free(&c);
}
END_TEST

/* A CPU that came online: nothing is taken over (other columns). */
START_TEST(since_other_cpus)
{
	const char *a = "           CPU0       CPU1\n"
			" 16:       1001         20   GICv2  65 Level  a\n";
	const char *b = "           CPU0       CPU2\n"
			" 16:       1001         20   GICv2  65 Level  a\n";
	struct irq_table p, c;
	struct irq_rate *r;

	ck_assert_int_eq(interrupts_parse(a, strlen(a), &p), 1);
	ck_assert_int_eq(interrupts_parse_since(b, strlen(b), &p, &c), 1);
	ck_assert_uint_eq(c.cpus[1], 2);
	ck_assert_int_eq(interrupts_rates(&p, &c, 1.0, &r), 1);
	ck_assert(r[0].valid);
	ck_assert_double_eq(r[0].per_cpu[1], 0);	/* no baseline */
	interrupts_rates_free(r, 1);
	interrupts_free(&p);
	interrupts_free(&c);
}
END_TEST

/* Counts and description both changed, or the description alone, or one
 * that is the start of the last one's: the strings are the new line's,
 * not the last reading's (only a description word for word the last one
 * is taken over), and the same as read afresh. */
START_TEST(since_description_changed)
{
	const char *a = "           CPU0       CPU1\n"
			" 16:       1001         20   GICv2  65 Level  eth0\n"
			" 17:        500          0   GICv2  66 Level  mmc0\n"
			" 18:          1          2   GICv2  67 Edge   ab cd\n"
			"LOC:          5          6   Local timer interrupts\n";
	const char *b = "           CPU0       CPU1\n"
			" 16:       1002         20   GICv2  65 Level  eth1\n"
			" 17:        500          0   GICv3  66 Edge   mmc0\n"
			" 18:          2          2   GICv2  67 Edge   ab\n"
			"LOC:          7          6   Local timer interrupts\n";
	struct irq_table p, c, f;

	ck_assert_int_eq(interrupts_parse(a, strlen(a), &p), 4);
	ck_assert_int_eq(interrupts_parse_since(b, strlen(b), &p, &c), 4);
	ck_assert_int_eq(interrupts_parse(b, strlen(b), &f), 4);
	assert_same_table(&f, &c);
	ck_assert_str_eq(c.rows[0].action, "eth1");
	ck_assert_str_eq(c.rows[1].chip, "GICv3");
	ck_assert_str_eq(c.rows[1].trigger, "Edge");
	ck_assert_str_eq(c.rows[2].action, "ab");
	ck_assert_str_eq(c.rows[3].desc, "Local timer interrupts");
	ck_assert(!c.rows[3].numeric);
	interrupts_free(&p);
	interrupts_free(&c);
	interrupts_free(&f);
}
END_TEST

/* The rows' names stamp: kept from the last reading when only counts
 * moved (PREV's stamp marked here, so that one made again would show),
 * made again, as the fresh reading's, when a row was renamed, swapped
 * with another, came or went. */
START_TEST(since_names_stamp)
{
	static const char *const head = "           CPU0       CPU1\n";
	static const char *const rows[] = {
		" 16:       1001         20   GICv2  65 Level  eth0\n",
		" 17:        500          0   GICv2  66 Level  mmc0\n",
		"LOC:          5          6   Local timer interrupts\n",
	};
	static const char *const moved[] = {
		" 16:       1002         20   GICv2  65 Level  eth0\n",
		" 17:        500          0   GICv2  66 Level  mmc0\n",
		"LOC:          7          9   Local timer interrupts\n",
	};
	/* each case: three rows, as indices into ROWS, MOVED or OTHER */
	static const char *const other[] = {
		" 16:       1002         20   GICv2  65 Level  eth1\n",
		" 18:          1          0   GICv2  67 Edge   usb1\n",
		"",
	};
	static const char *const *const cases[][3] = {
		{ &moved[0], &moved[1], &moved[2] },	/* counts only */
		{ &rows[0], &rows[1], &rows[2] },	/* nothing */
		{ &other[0], &moved[1], &moved[2] },	/* renamed */
		{ &moved[1], &moved[0], &moved[2] },	/* swapped */
		{ &moved[0], &other[1], &moved[1] },	/* one came */
		{ &moved[0], &moved[2], &other[2] },	/* one went */
	};
	char a[512], b[512];
	struct irq_table p, c, f;

	snprintf(a, sizeof(a), "%s%s%s%s", head, rows[0], rows[1], rows[2]);
	for (size_t k = 0; k < sizeof(cases) / sizeof(cases[0]); k++) {
		int n;

		snprintf(b, sizeof(b), "%s%s%s%s", head, *cases[k][0],
			 *cases[k][1], *cases[k][2]);
		ck_assert_int_eq(interrupts_parse(a, strlen(a), &p), 3);
		ck_assert_uint_eq(p.names, interrupts_names_stamp(&p));
		p.names ^= 1;	/* made again: not this */
		n = interrupts_parse(b, strlen(b), &f);
		ck_assert_int_eq(interrupts_parse_since(b, strlen(b), &p, &c),
				 n);
		if (k < 2) {
			ck_assert_uint_eq(c.names, p.names);
		} else {
			ck_assert_uint_eq(c.names, f.names);
			ck_assert_uint_ne(c.names, p.names ^ 1);
		}
		interrupts_free(&p);
		interrupts_free(&c);
		interrupts_free(&f);
	}
}
END_TEST

/* A reading taken over from the one before, again and again, while a
 * row moves, stops, moves and changes its description: each the table
 * read afresh; a moved row's next line is not digested, a still one's
 * is, and the one after that is taken over. */
START_TEST(since_chain_equals_fresh)
{
	static const char *const texts[] = {
		"           CPU0       CPU1\n"
		" 16:       1001         20   GICv2  65 Level  a\n"
		" 17:        500          0   GICv2  66 Level  b\n",
		"           CPU0       CPU1\n"
		" 16:       1002         20   GICv2  65 Level  a\n"
		" 17:        500          0   GICv2  66 Level  b\n",
		"           CPU0       CPU1\n"
		" 16:       1002         20   GICv2  65 Level  a\n"
		" 17:        500          0   GICv2  66 Level  b\n",
		"           CPU0       CPU1\n"
		" 16:       1002         20   GICv2  65 Level  a\n"
		" 17:        500          0   GICv2  66 Level  b\n",
		"           CPU0       CPU1\n"
		" 16:       1002         21   GICv2  65 Level  c\n"
		" 17:        400          0   GICv2  66 Level  b\n",
		"           CPU0       CPU1\n"
		" 16:       1002         21   GICv2  65 Level  d\n"
		" 17:        400          0   GICv2  66 Level  b\n",
		"           CPU0       CPU1\n"
		" 16:       1002         21   GICv2  65 Level  d\n"
		" 17:        400          0   GICv2  66 Level  b\n",
	};
	/* row 16's state after each reading: moved, digested */
	static const bool moved[] = { false, true, false, false, true, false,
				      false };
	static const bool hashed[] = { true, true, false, true, true, false,
				       true };
	struct irq_table prev, cur, fresh;

	ck_assert_int_eq(interrupts_parse(texts[0], strlen(texts[0]), &prev),
			 2);
	for (size_t i = 1; i < sizeof(texts) / sizeof(texts[0]); i++) {
		ck_assert_int_eq(interrupts_parse_since(texts[i],
							strlen(texts[i]),
							&prev, &cur), 2);
		ck_assert_int_eq(interrupts_parse(texts[i], strlen(texts[i]),
						  &fresh), 2);
		assert_same_table(&fresh, &cur);
		assert_same_rates(&prev, &fresh, &cur);
		ck_assert_int_eq(cur.rows[0].moved, moved[i]);
		ck_assert_int_eq(cur.rows[0].hashed, hashed[i]);
		interrupts_free(&fresh);
		interrupts_free(&prev);
		prev = cur;
	}
	interrupts_free(&prev);
}
END_TEST

/* A NUL anywhere in a row line, before, among or after the counts (read
 * the kernel's way), afresh or since the last reading: not a text file,
 * the whole reading refused (-EINVAL), as a NUL before the counts. */
START_TEST(nul_anywhere_refused)
{
	const char *a = "           CPU0       CPU1\n"
			" 16:       1001         20   GICv2  65 Level  a\n"
			" 17:        500          0   GICv2  66 Level  b\n";
	char b[160];
	size_t len = strlen(a), from = strchr(a, '\n') + 1 - a;
	size_t to = strchr(a + from, '\n') - a;
	struct irq_table p, c;

	ck_assert_int_eq(interrupts_parse(a, len, &p), 2);
	for (size_t i = from; i < to; i++) {
		memcpy(b, a, len);
		b[from + 12] = '2';	/* 1001 -> 1002: moved */
		b[i] = '\0';
		ck_assert_int_eq(interrupts_parse(b, len, &c), -EINVAL);
		ck_assert_ptr_null(c.rows);
		ck_assert_int_eq(interrupts_parse_since(b, len, &p, &c),
				 -EINVAL);
		ck_assert_ptr_null(c.rows);
	}
	interrupts_free(&p);
}
END_TEST

/* One word of a line changed: the digest changed (it is a bijection of
 * each word), at every position. */
START_TEST(hash_sees_every_word)
{
	char line[203];
	uint64_t h;

	memset(line, ' ', sizeof(line));
	h = irqcounts_hash(line, line + sizeof(line));
	for (size_t i = 0; i < sizeof(line); i++) {
		line[i] = '1';
		ck_assert_uint_ne(irqcounts_hash(line, line + sizeof(line)),
				  h);
		line[i] = ' ';
	}
	ck_assert_uint_ne(irqcounts_hash(line, line + 7),
			  irqcounts_hash(line, line + 8));
}
END_TEST

/* BUF fed to irqread in pieces of N bytes, as sample.c reads the file:
 * each piece after what the last one left unread. */
static int read_in_pieces(const char *buf, size_t len, size_t n,
			  const struct irq_table *prev, struct irq_table *out)
{
	struct irqread r;
	char *piece = malloc(len + n + 1);
	size_t have = 0, at = 0;

	irqread_begin(&r, prev);
	while (at < len) {
		size_t k = len - at < n ? len - at : n, used;

		memcpy(piece + have, buf + at, k);
		at += k;
		have += k;
		used = irqread_feed(&r, piece, have, false);
		memmove(piece, piece + used, have - used);
		have -= used;
	}
	irqread_feed(&r, piece, have, true);
	free(piece);
	return irqread_end(&r, out);
}

/* Pieces of 1, 7, 37, 100 and 4096 bytes: lines cut anywhere, the same
 * table as the whole; with and without the last reading. */
START_TEST(pieces_equal_whole)
{
	struct irq_table t_empty;
	static const size_t sizes[] = { 1, 7, 37, 100, 4096 };

	for (size_t k = 0; k < sizeof(captures) / sizeof(captures[0]); k++) {
		size_t len;
		char *buf = testutil_load(captures[k], &len);
		char *next = bump(buf);
		struct irq_table whole, prev, t;
		int n = interrupts_parse(next, strlen(next), &whole);

		ck_assert_int_gt(n, 0);
		ck_assert_int_gt(interrupts_parse(buf, len, &prev), 0);
		for (size_t i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
			ck_assert_int_eq(read_in_pieces(next, strlen(next),
							sizes[i], NULL, &t), n);
			assert_same_table(&whole, &t);
			interrupts_free(&t);
			ck_assert_int_eq(read_in_pieces(next, strlen(next),
							sizes[i], &prev, &t),
					 n);
			assert_same_table(&whole, &t);
			interrupts_free(&t);
		}
		interrupts_free(&whole);
		interrupts_free(&prev);
		free(next);
		free(buf);
	}
	/* garbage in pieces is garbage: the sentence, an empty table */
	ck_assert_int_eq(read_in_pieces("CPU0 CPUx\n 1: 5 GIC\n", 20, 3, NULL,
					&t_empty), -EINVAL);
	ck_assert_ptr_null(t_empty.rows);
	ck_assert_int_eq(read_in_pieces("CPU0\n 1: 5\0 GIC\n", 16, 5, NULL,
					&t_empty), -EINVAL);
	ck_assert_int_eq(read_in_pieces("\n  \n", 4, 1, NULL, &t_empty),
			 -EINVAL);
}
END_TEST

/* A reading into the memory of a spent table (the sample it replaces):
 * the same table as one of its own, the spent one left empty. */
START_TEST(reuse_spent_table)
{
	for (size_t k = 0; k < sizeof(captures) / sizeof(captures[0]); k++) {
		size_t len;
		char *buf = testutil_load(captures[k], &len);
		char *next = bump(buf);
		struct irq_table fresh, prev, spent, t;
		struct irqread r;
		int n = interrupts_parse(next, strlen(next), &fresh);

		ck_assert_int_gt(interrupts_parse(buf, len, &prev), 0);
		for (int with_prev = 0; with_prev < 2; with_prev++) {
			ck_assert_int_gt(interrupts_parse(buf, len, &spent), 0);
			irqread_begin(&r, with_prev ? &prev : NULL);
			irqread_reuse(&r, &spent);
			ck_assert_ptr_null(spent.rows);
			ck_assert_ptr_null(spent.count_block);
			irqread_feed(&r, next, strlen(next), true);
			ck_assert_int_eq(irqread_end(&r, &t), n);
			assert_same_table(&fresh, &t);
			interrupts_free(&t);
		}
		interrupts_free(&fresh);
		interrupts_free(&prev);
		free(next);
		free(buf);
	}
}
END_TEST

/* 32-bit counts: the kernel's unsigned int wraps, and the difference
 * across the wrap is exact; a count that falls from the middle of the
 * range is a reset (the row restarts), not four billion interrupts. */
START_TEST(counts_wrap_at_32_bits)
{
	const char *a = "           CPU0       CPU1\n"
			" 16: 4294967295 4294967000   GICv2  65 Level  a\n"
			" 17:    3000000          7   GICv2  66 Level  b\n";
	const char *b = "           CPU0       CPU1\n"
			" 16:          4        200   GICv2  65 Level  a\n"
			" 17:         10          7   GICv2  66 Level  b\n";
	struct irq_table p, c;
	struct irq_rate *r;

	ck_assert_int_eq(interrupts_parse(a, strlen(a), &p), 2);
	ck_assert_uint_eq(sizeof(p.rows[0].counts[0]), 4);
	ck_assert_uint_eq(p.rows[0].counts[0], UINT32_MAX);
	ck_assert_uint_eq(p.rows[0].total, UINT64_C(8589934295));
	ck_assert_int_eq(interrupts_parse_since(b, strlen(b), &p, &c), 2);
	ck_assert_int_eq(interrupts_rates(&p, &c, 2.0, &r), 2);
	ck_assert(r[0].valid);
	ck_assert_double_eq(r[0].per_cpu[0], 2.5);	/* 5 in 2 s */
	ck_assert_double_eq(r[0].per_cpu[1], 248);	/* 496 in 2 s */
	ck_assert_double_eq(r[0].total_per_s, 250.5);
	ck_assert_uint_eq(r[0].top, 1);
	ck_assert(!r[1].valid);
	ck_assert_ptr_null(r[1].per_cpu);
	interrupts_rates_free(r, 2);
	interrupts_free(&p);
	interrupts_free(&c);
}
END_TEST

/* A row that goes (an IRQ freed) and one that comes (a driver loaded)
 * between two readings: the rows still there are taken over or read, the
 * new one has no rate yet, the gone one is simply not there; each row
 * knows the column with the most interrupts, since boot and in the
 * interval. */
START_TEST(row_comes_and_goes)
{
	const char *a = "           CPU0       CPU1       CPU2\n"
			" 16:        100          5          0"
			"   GICv2  65 Level  a\n"
			" 17:          1          2          3"
			"   GICv2  66 Level  b\n"
			" 18:          0          0          0"
			"   GICv2  67 Level  c\n";
	const char *b = "           CPU0       CPU1       CPU2\n"
			" 16:        100          5          0"
			"   GICv2  65 Level  a\n"
			" 18:          0         40         40"
			"   GICv2  67 Level  c\n"
			" 19:          9          9          1"
			"   GICv2  68 Level  d\n";
	struct irq_table p, c, fresh;
	struct irq_rate *r;

	ck_assert_int_eq(interrupts_parse(a, strlen(a), &p), 3);
	ck_assert_uint_eq(p.rows[1].top, 2);
	ck_assert_uint_eq(p.rows[2].top, 0);	/* all 0: the first */
	ck_assert_int_eq(interrupts_parse_since(b, strlen(b), &p, &c), 3);
	ck_assert_int_eq(interrupts_parse(b, strlen(b), &fresh), 3);
	assert_same_table(&fresh, &c);
	ck_assert_ptr_null(interrupts_find(&c, "17"));
	ck_assert_str_eq(c.rows[2].key, "19");
	ck_assert_str_eq(c.rows[2].action, "d");
	ck_assert_uint_eq(interrupts_row_top(&c.rows[0]), 0); /* taken over */
	ck_assert_uint_eq(interrupts_row_top(&c.rows[1]), 1); /* 40, 40 */
	ck_assert_uint_eq(interrupts_row_top(&c.rows[2]), 0);
	for (size_t i = 0; i < 3; i++)
		ck_assert_uint_eq(interrupts_row_top(&c.rows[i]),
				  interrupts_row_top(&fresh.rows[i]));
	ck_assert_int_eq(interrupts_rates(&p, &c, 1.0, &r), 3);
	ck_assert(r[0].valid);			/* did not move */
	ck_assert_double_eq(r[0].total_per_s, 0);
	ck_assert_double_eq(r[0].per_cpu[0], 0);
	ck_assert(r[1].valid);
	ck_assert_double_eq(r[1].per_cpu[1], 40);
	ck_assert_double_eq(r[1].per_cpu[2], 40);
	ck_assert_uint_eq(r[1].top, 1);
	ck_assert(!r[2].valid);			/* new: no rate yet */
	ck_assert_ptr_null(r[2].per_cpu);
	interrupts_rates_free(r, 3);
	interrupts_free(&p);
	interrupts_free(&c);
	interrupts_free(&fresh);
}
END_TEST

static Suite *irqcounts_suite(void)
{
	Suite *s = suite_create("irqcounts");
	TCase *c = tcase_create("core");

	tcase_add_test(c, kernel_layout_every_width);
	tcase_add_test(c, other_layouts);
	tcase_add_test(c, short_and_text_only_rows);
	tcase_add_test(c, since_equals_fresh);
	tcase_add_test(c, since_count_going_down);
	tcase_add_test(c, since_other_cpus);
	tcase_add_test(c, since_description_changed);
	tcase_add_test(c, since_chain_equals_fresh);
	tcase_add_test(c, since_names_stamp);
	tcase_add_test(c, nul_anywhere_refused);
	tcase_add_test(c, hash_sees_every_word);
	tcase_add_test(c, pieces_equal_whole);
	tcase_add_test(c, reuse_spent_table);
	tcase_add_test(c, counts_wrap_at_32_bits);
	tcase_add_test(c, row_comes_and_goes);
	suite_add_tcase(s, c);
	return s;
}

int main(void)
{
	return testutil_run(irqcounts_suite());
}
