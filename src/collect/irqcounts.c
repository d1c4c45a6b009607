/* SPDX-License-Identifier: GPL-2.0-or-later */
/* irqcounts: the count columns of a /proc/interrupts row.  The kernel
 * prints each as " %10u" (show_interrupts, seq_put_decimal_ull_width, of
 * an unsigned int: counts are 32-bit and wrap), so a field is checked and
 * converted eight bytes at a time (a run of fields below 10^8, a busy
 * machine's usual line, in a loop of its own, sixteen fields at a time
 * with SSE2); anything else (tabs, wider numbers, pasted excerpts) takes
 * the byte-by-byte way. */
#include "config.h"

#include "collect/irqcounts.h"

#include <errno.h>
#include <stdbool.h>
#include <string.h>

#ifdef __SSE2__
#include <emmintrin.h>
#endif

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

#ifdef __SSE2__
/* Sixteen of the kernel's fields below 10^8 at once: 176 bytes, eleven
 * 16-byte words (SSE2, x86-64's baseline; other targets build without
 * it and read every field by short_fields' eight-byte loop). */
#define GROUP 16

/* The bytes of a group, bit B of word B / 64 for byte B (B % 11 its
 * place in its field): the three spaces at 0-2 and the last digit at 10
 * (FIXED), the last digit alone (DIGIT), and 4-9, where a digit must not
 * follow a digit with a space (MONO). */
static const uint64_t group_fixed[3] = {
	UINT64_C(0x03c0780f01e03c07), UINT64_C(0x0f01e03c0780f01e),
	UINT64_C(0x000080f01e03c078),
};
static const uint64_t group_digit[3] = {
	UINT64_C(0x0040080100200400), UINT64_C(0x0100200400801002),
	UINT64_C(0x0000801002004008),
};
static const uint64_t group_mono[3] = {
	UINT64_C(0xf83f07e0fc1f83f0), UINT64_C(0xe0fc1f83f07e0fc1),
	UINT64_C(0x00007e0fc1f83f07),
};

/* Whether the 16 fields at S are each what short_fields' loop takes
 * (three spaces, spaces then digits, the last one a digit); their next
 * bytes are not looked at, as there. */
static inline __attribute__((always_inline)) bool group_ok(const char *s)
{
	const __m128i sp = _mm_set1_epi8(' '), zero = _mm_set1_epi8('0');
	const __m128i nine = _mm_set1_epi8(9);
	__m128i ok = _mm_set1_epi8(-1);
	uint64_t d0, d1, d2;

	/* D: the digits' bits; OK: each byte a digit or a space */
#define GROUP_WORD(k) __extension__ ({					\
		__m128i b = _mm_loadu_si128((const __m128i *)(s + 16 * (k))); \
		__m128i x = _mm_xor_si128(b, zero);			\
		__m128i dig = _mm_cmpeq_epi8(_mm_min_epu8(x, nine), x);	\
									\
		ok = _mm_and_si128(ok, _mm_or_si128(dig,		\
				   _mm_cmpeq_epi8(b, sp)));		\
		(uint64_t)(unsigned)_mm_movemask_epi8(dig) << 16 * ((k) % 4); \
	})
	d0 = GROUP_WORD(0) | GROUP_WORD(1) | GROUP_WORD(2) | GROUP_WORD(3);
	d1 = GROUP_WORD(4) | GROUP_WORD(5) | GROUP_WORD(6) | GROUP_WORD(7);
	d2 = GROUP_WORD(8) | GROUP_WORD(9) | GROUP_WORD(10);
#undef GROUP_WORD
	return !(((unsigned)_mm_movemask_epi8(ok) ^ 0xffff) |
		 ((d0 ^ group_digit[0]) & group_fixed[0]) |
		 ((d0 << 1) & ~d0 & group_mono[0]) |
		 ((d1 ^ group_digit[1]) & group_fixed[1]) |
		 ((d1 << 1 | d0 >> 63) & ~d1 & group_mono[1]) |
		 ((d2 ^ group_digit[2]) & group_fixed[2]) |
		 ((d2 << 1 | d1 >> 63) & ~d2 & group_mono[2]));
}

/* The four counts of the fields at S, S + 11, S + 22, S + 33 (as
 * group_ok takes them; spaces read as 0). */
static inline __attribute__((always_inline)) __m128i four_counts(const char *s)
{
	const __m128i low = _mm_set1_epi8(0x0f);
	const __m128i by100 = _mm_set1_epi32(0x00010064);
	const __m128i by10k = _mm_set1_epi32(0x00012710);
	__m128i by10 = _mm_set1_epi16(2561);
	/* two fields' digits a word: the second loaded into its high half
	 * (movhps: one instruction, not a load and an unpack) */
	__m128i a = _mm_castps_si128(_mm_loadh_pi(_mm_castsi128_ps(
		_mm_loadl_epi64((const __m128i *)(s + 3))),
		(const __m64 *)(const void *)(s + FIELD + 3)));
	__m128i b = _mm_castps_si128(_mm_loadh_pi(_mm_castsi128_ps(
		_mm_loadl_epi64((const __m128i *)(s + 2 * FIELD + 3))),
		(const __m64 *)(const void *)(s + 3 * FIELD + 3)));

	/* one multiply, not the four shifts and adds it is made into */
	__asm__("" : "+x"(by10));
	/* digit pairs (the first byte the tens), then fours, then eights */
	a = _mm_srli_epi16(_mm_mullo_epi16(_mm_and_si128(a, low), by10), 8);
	b = _mm_srli_epi16(_mm_mullo_epi16(_mm_and_si128(b, low), by10), 8);
	a = _mm_madd_epi16(a, by100);
	b = _mm_madd_epi16(b, by100);
	return _mm_madd_epi16(_mm_packs_epi32(a, b), by10k);
}

/* ACC plus the four 32-bit lanes of V, in its two 64-bit ones. */
static inline __attribute__((always_inline)) __m128i add_lanes(__m128i acc,
							      __m128i v)
{
	const __m128i zero = _mm_setzero_si128();

	acc = _mm_add_epi64(acc, _mm_unpacklo_epi32(v, zero));
	return _mm_add_epi64(acc, _mm_unpackhi_epi32(v, zero));
}

/* The sum of the two 64-bit lanes of V. */
static inline __attribute__((always_inline)) uint64_t lanes_sum(__m128i v)
{
	v = _mm_add_epi64(v, _mm_unpackhi_epi64(v, v));
	return (uint64_t)_mm_cvtsi128_si64(v);
}
#endif

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
	for (;;) {
		size_t m = n;
#ifdef __SSE2__
		/* sixteen at a time while they are all short; the sums in
		 * 32-bit lanes over eight groups at most (< 4 * 10^8 a lane
		 * a group) */
		__m128i down = _mm_setzero_si128();
		size_t stop;

		do {
			__m128i sums = _mm_setzero_si128(), ups = sums;

			stop = n - i > 8 * GROUP ? i + 8 * GROUP : n;
			for (; i + GROUP <= stop && group_ok(s); i += GROUP,
			     s += GROUP * FIELD) {
				__m128i c0 = four_counts(s);
				__m128i c1 = four_counts(s + 4 * FIELD);
				__m128i c2 = four_counts(s + 8 * FIELD);
				__m128i c3 = four_counts(s + 12 * FIELD);
				__m128i sum = _mm_add_epi32(
					_mm_add_epi32(c0, c1),
					_mm_add_epi32(c2, c3));

				sums = _mm_add_epi32(sums, sum);
				if (!dst)
					continue;
				_mm_storeu_si128((__m128i *)(dst + i), c0);
				_mm_storeu_si128((__m128i *)(dst + i + 4), c1);
				_mm_storeu_si128((__m128i *)(dst + i + 8), c2);
				_mm_storeu_si128((__m128i *)(dst + i + 12),
						 c3);
				if (base) {
					const __m128i *bp =
						(const __m128i *)(base + i);
					__m128i b0 = _mm_loadu_si128(bp);
					__m128i b1 = _mm_loadu_si128(bp + 1);
					__m128i b2 = _mm_loadu_si128(bp + 2);
					__m128i b3 = _mm_loadu_si128(bp + 3);

					/* went down: a base above its count
					 * (< 2^27), signed, or one of 2^31
					 * and more */
					down = _mm_or_si128(down, _mm_or_si128(
					    _mm_or_si128(
						_mm_cmpgt_epi32(b0, c0), b0),
					    _mm_or_si128(
						_mm_cmpgt_epi32(b1, c1), b1)));
					down = _mm_or_si128(down, _mm_or_si128(
					    _mm_or_si128(
						_mm_cmpgt_epi32(b2, c2), b2),
					    _mm_or_si128(
						_mm_cmpgt_epi32(b3, c3), b3)));
					/* none down: each lane's rises <
					 * 4 * 10^8 a group */
					ups = _mm_add_epi32(ups, _mm_sub_epi32(
					    sum, _mm_add_epi32(
						_mm_add_epi32(b0, b1),
						_mm_add_epi32(b2, b3))));
				} else {
					for (size_t j = i; j < i + GROUP;
					     j++) {
						top = dst[j] > best ? j : top;
						best = dst[j] > best ? dst[j] :
						       best;
					}
				}
			}
			add += lanes_sum(add_lanes(_mm_setzero_si128(), sums));
			if (base)
				up_sum += lanes_sum(add_lanes(
					_mm_setzero_si128(), ups));
		} while (i + GROUP > stop && i + GROUP <= n);
		if (base && (_mm_movemask_epi8(down) & 0x8888))
			neg = -1;
		m = i + GROUP < n ? i + GROUP : n;	/* then one by one */
#endif
		for (; i < m; i++, s += FIELD) {
			uint64_t w = load8(s + 3), x = zeros_for_spaces(w);

			/* s[0..2] spaces; in W, spaces up to the first
			 * digit, then only digits, the last one too */
			if (((load8(s) ^ ONES * ' ') & 0xffffff) |
			    not_all_digits(x))
				break;
			v = eight_digits(x);
			if (base) {	/* as take(): any went down, checked
					 * once */
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
		if (i < m || i >= n)
			break;
	}
	/* each field's next byte is the next one's first space: the last
	 * one read needs its own (else field() decides) */
	if (i > r->k && *s != ' ') {
		i--;
		s -= FIELD;
		v = eight_digits(load8(s + 3));	/* read again: rare */
		add -= v;
		if (base) {	/* a tab after the counts (the rises of
				 * sixteen were summed in 32 bits: all again) */
			up_sum = r->up_sum;
			neg = 0;
			for (size_t j = r->k; j < i; j++) {
				int64_t d = (int64_t)dst[j] - base[j];

				neg |= d;
				up_sum += (uint64_t)d;
			}
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
