/* SPDX-License-Identifier: GPL-2.0-or-later */
/* irqcounts: the count columns of a /proc/interrupts row.  The kernel
 * prints each as " %10u" (show_interrupts, seq_put_decimal_ull_width, of
 * an unsigned int: counts are 32-bit and wrap), so a field is checked and
 * converted eight bytes at a time (a run of fields below 10^8, a busy
 * machine's usual line, in a loop of its own); anything else (tabs,
 * wider numbers, pasted excerpts) takes the byte-by-byte way. */
#include "config.h"

#include "collect/irqcounts.h"

#include <errno.h>
#include <stdbool.h>
#include <string.h>

#define ONES UINT64_C(0x0101010101010101)
#define HIGH UINT64_C(0x8080808080808080)
#define LOW7 UINT64_C(0x7f7f7f7f7f7f7f7f)
#define FIELD 11		/* ' ' and ten right-aligned digits */

static bool is_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

static bool is_digit(char c)
{
	return c >= '0' && c <= '9';
}

/* Eight bytes at S, the first in the low byte (as little-endian loads). */
static uint64_t load8(const char *s)
{
	uint64_t v;

	memcpy(&v, s, sizeof(v));
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
	v = __builtin_bswap64(v);
#endif
	return v;
}

/* The high bit of each byte of W that is not a digit. */
static uint64_t nondigits(uint64_t w)
{
	uint64_t t = w ^ (ONES * '0');

	return (((t & LOW7) + ONES * (0x80 - 10)) | t) & HIGH;
}

/* Not 0 when a byte of W is not a digit: a digit's high nibble is 3,
 * and still 3 with 6 added (a byte of 0xfa or more carries into the
 * next, but is not a digit itself either). */
static uint64_t not_all_digits(uint64_t w)
{
	return (w & (w + ONES * 6) & ONES * 0xf0) ^ ONES * '0';
}

/* The number that the digits of W spell (spaces read as 0). */
static uint32_t eight_digits(uint64_t w)
{
	w = (w & (ONES * 0x0f)) * 2561 >> 8;
	w = (w & UINT64_C(0x00ff00ff00ff00ff)) * 6553601 >> 16;
	return (uint32_t)((w & UINT64_C(0x0000ffff0000ffff)) *
			  UINT64_C(42949672960001) >> 32);
}

/* W with its leading spaces (its low bytes up to the first that is not
 * a space; seven when all eight are) made '0': all digits when W is
 * spaces and then digits, the last one too, and only then. */
static uint64_t zeros_for_spaces(uint64_t w)
{
	uint64_t e = (w ^ ONES * ' ') | UINT64_C(1) << 63;
	unsigned t = (unsigned)__builtin_ctzll(e) & 56;

	return w | (((UINT64_C(1) << t) - 1) & ONES * 0x10);
}

/* The kernel's field at Q: ' ', spaces, then digits up to Q[10], then a
 * blank or END.  False when Q is laid out otherwise.  Q[3..10] in one
 * word: its bytes that are not digits must be its first ones (a run of
 * 0xff from the low end in SP), all spaces, and not all eight. */
static bool field(const char *q, const char *end, uint64_t *v)
{
	uint64_t w, nd, sp;

	if (end - q < FIELD || q[0] != ' ' ||
	    (end - q > FIELD && !is_blank(q[FIELD])))
		return false;
	w = load8(q + 3);
	nd = nondigits(w);
	sp = (nd >> 7) * 0xff;
	if ((nd >> 63) || (sp & (sp + 1)) ||
	    ((w ^ ONES * ' ') & sp))
		return false;	/* the last no digit, a space after a digit,
				 * or a byte neither */
	if (q[1] == ' ' && q[2] == ' ') {
		*v = eight_digits(w);
		return true;
	}
	if (sp || !is_digit(q[2]) || (q[1] != ' ' && !is_digit(q[1])))
		return false;
	*v = (uint64_t)((q[1] == ' ' ? 0 : q[1] - '0') * 10 + q[2] - '0') *
	     100000000u + eight_digits(w);
	return true;
}

/* One count the long way; 1 read, 0 not a count, -EINVAL too large. */
static int slow_count(const char **p, const char *end, uint64_t *v)
{
	const char *q = *p, *te;
	bool over = false;

	while (q < end && is_blank(*q))
		q++;
	*v = 0;
	for (te = q; te < end && is_digit(*te); te++) {
		unsigned d = (unsigned)(*te - '0');

		over = over || *v > (UINT64_MAX - d) / 10;
		*v = *v * 10 + d;
	}
	if (te == q || (te < end && !is_blank(*te)))
		return 0;	/* not a count: the description */
	if (over)
		return -EINVAL;
	*p = te;
	return 1;
}

/* Where a row's reading stands: the next column, its counts' sum and its
 * largest count so far (the first of equals), DST as irqcounts_row; with
 * BASE, whether a column went down and the rises' sum instead. */
struct reading {
	uint32_t *dst;
	size_t k, top;
	uint64_t sum;
	uint32_t best;
	const uint32_t *base;	/* as irqcounts_row: the rises from it */
	size_t nbase;
	bool down;		/* a column went down */
	uint64_t up_sum;
};

/* Count V read for the next column of R. */
static void take(struct reading *r, uint32_t v)
{
	size_t k = r->k;

	if (r->dst)
		r->dst[k] = v;
	if (r->base && k < r->nbase) {
		r->down = r->down || v < r->base[k];
		r->up_sum += v - (uint64_t)r->base[k];
	} else if (v > r->best) {
		r->best = v;
		r->top = k;
	}
	r->sum = r->sum + v < r->sum ? UINT64_MAX : r->sum + v;
	r->k++;
}

/* The run of the kernel's fields at *Q below 10^8 (' ' and three more
 * spaces, the rest digits, a space after: a busy machine's usual count)
 * from column R->k on, up to MAX: what field() reads of them, with fewer
 * steps.  A field that is not such stops the run for field() and
 * slow_count() to read; so does a line's last field (no byte after).
 * Inlined three times (without DST; with it and the top column; with it
 * and BASE, the rises, no top column) so that the loop tests none. */
static inline __attribute__((always_inline)) void
short_fields(const char **q, const char *end, size_t max, uint32_t *dst,
	     const uint32_t *base, struct reading *r)
{
	const char *s = *q;
	size_t i = r->k, n = end - s > FIELD ? (size_t)(end - s - 1) / FIELD : 0;
	size_t top = r->top;
	uint64_t add = 0, up_sum = r->up_sum;
	int64_t neg = 0;
	uint32_t v = 0, best = r->best;

	n = i + (n < max - i ? n : max - i);	/* those with a byte after */
	if (base && n > r->nbase)	/* the rest the field by field way */
		n = i < r->nbase ? r->nbase : i;
	for (; i < n; i++, s += FIELD) {
		uint64_t w = load8(s + 3), x = zeros_for_spaces(w);

		/* s[0..2] spaces; in W, spaces up to the first digit, then
		 * only digits, the last one too */
		if (((load8(s) ^ ONES * ' ') & 0xffffff) | not_all_digits(x))
			break;
		v = eight_digits(x);
		if (base) {	/* as take(): any went down, checked once */
			int64_t d = (int64_t)v - base[i];

			dst[i] = v;
			neg |= d;
			up_sum += (uint64_t)d;
		} else if (dst) {
			dst[i] = v;
			top = v > best ? i : top;
			best = v > best ? v : best;
		}
		add += v;	/* < 10^8 each: no overflow */
	}
	/* each field's next byte is the next one's first space: the last
	 * one read needs its own (else field() decides) */
	if (i > r->k && *s != ' ') {
		i--;
		s -= FIELD;
		v = eight_digits(load8(s + 3));	/* read again: rare */
		add -= v;
		if (base) {	/* a tab after the counts */
			up_sum -= v - (uint64_t)base[i];
			neg = 0;
			for (size_t j = r->k; j < i; j++)
				neg |= (int64_t)dst[j] - base[j];
		} else if (dst && top == i) {
			top = r->top;
			best = r->best;
			for (size_t j = r->k; j < i; j++)
				if (dst[j] > best) {
					best = dst[j];
					top = j;
				}
		}
	}
	/* at most SIZE_MAX / FIELD fields of < 2^27: no overflow of ADD */
	r->sum = r->sum + add < r->sum ? UINT64_MAX : r->sum + add;
	r->down = r->down || neg < 0;
	r->up_sum = up_sum;
	r->top = top;
	r->best = best;
	*q = s;
	r->k = i;
}

int irqcounts_row(const char **p, const char *end, size_t max,
		  struct irqcounts *out)
{
	struct reading r = { .dst = out->dst,
			     .base = out->dst ? out->base : NULL,
			     .nbase = out->nbase };
	const char *q = *p;
	uint64_t v;
	int rc = 0;

	for (;;) {
		if (r.base)
			short_fields(&q, end, max, r.dst, r.base, &r);
		else if (r.dst)
			short_fields(&q, end, max, r.dst, NULL, &r);
		else
			short_fields(&q, end, max, NULL, NULL, &r);
		if (r.k >= max)
			break;
		if (field(q, end, &v)) {
			q += FIELD;
		} else if ((rc = slow_count(&q, end, &v)) <= 0) {
			break;
		}
		if (v > UINT32_MAX) {
			rc = -EINVAL;
			break;
		}
		take(&r, (uint32_t)v);
	}
	*p = q;
	out->n = r.k;
	if (rc < 0)
		return rc;
	out->total = r.sum;
	out->top = !r.dst ? 0 : r.base ? SIZE_MAX : r.top;
	out->up = r.base && !r.down;
	out->up_sum = out->up ? r.up_sum : 0;
	return 0;
}

size_t irqcounts_top(const uint32_t *c, size_t n)
{
	size_t top = 0;

	for (size_t i = 1; i < n; i++)
		if (c[i] > c[top])
			top = i;
	return top;
}

int irqcounts_read(const char **p, const char *end, size_t max,
		   uint32_t *dst, size_t *n, uint64_t *total)
{
	struct irqcounts c = { .dst = dst };
	int rc = irqcounts_row(p, end, max, &c);

	*n = c.n;
	if (rc == 0 && total)
		*total = c.total;
	return rc;
}

/* The final step: a bijection of H for a fixed W and of W for a fixed H
 * (xor, odd multiplier, xorshift), so that nested, mix(mix(a, b), c) is
 * a bijection of each of A, B and C. */
static uint64_t mix(uint64_t h, uint64_t w)
{
	h = (h ^ w) * UINT64_C(0x9e3779b97f4a7c15);
	return h ^ (h >> 29);
}

/* A lane's step, also a bijection of either input: xor, odd multiplier,
 * rotation (the multiply carries a difference only upwards; the rotation
 * brings the high bits down for the next word's multiply). */
static uint64_t step(uint64_t h, uint64_t w)
{
	h = (h ^ w) * UINT64_C(0xff51afd7ed558ccd);
	return h << 23 | h >> 41;
}

uint64_t irqcounts_hash(const char *p, const char *end)
{
	size_t n = (size_t)(end - p), i = 0;
	uint64_t a = mix(0, n), b = mix(1, n), c = mix(2, n), d = mix(3, n);
	uint64_t w = 0;

	/* four lanes, words 0 4 8 ..., 1 5 9 ..., ...: a 256-CPU file is
	 * 5.8 MB a tick, about 0.6 instructions a byte this way */
	for (; i + 32 <= n; i += 32) {
		a = step(a, load8(p + i));
		b = step(b, load8(p + i + 8));
		c = step(c, load8(p + i + 16));
		d = step(d, load8(p + i + 24));
	}
	for (; i + 8 <= n; i += 8)
		a = step(a, load8(p + i));
	memcpy(&w, p + i, n - i);
	return mix(mix(mix(mix(a, w), b), c), d);
}
