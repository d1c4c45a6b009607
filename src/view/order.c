/* SPDX-License-Identifier: GPL-2.0-or-later */
/* order: busiest first with hysteresis - a row keeps its place unless
 * another overtakes it by a clear margin (see order.h). */
#include "config.h"

#include "view/order.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* The rate a row must pass to overtake rate B clearly. */
static double bar(double b, double lead)
{
	return b + (b / 8 > lead ? b / 8 : lead);
}

bool order_overtakes(double a, double b, double lead)
{
	return a > bar(b, lead);
}

static bool grow(struct order_prev *p, size_t n)
{
	size_t *v;
	char (*k)[ORDER_KEY];

	if (n <= p->cap)
		return true;
	v = realloc(p->idx, n * sizeof(*v));
	if (v)
		p->idx = v;
	k = realloc(p->key, n * sizeof(*k));
	if (k)
		p->key = k;
	if (!v || !k)
		return false;
	p->cap = n;
	return true;
}

static bool same_key(const struct order_items *it, size_t item,
		     const char *key)
{
	return item < it->n && strncmp(it->key(it->ctx, item), key,
				       ORDER_KEY - 1) == 0;
}

/* Each item's place last time in P->rank (SIZE_MAX: not shown then);
 * an item is matched by its key, at the same index as a rule. */
static bool ranks(struct order_prev *p, const struct order_items *it)
{
	size_t i, j;

	if (p->nrank < it->n) {
		size_t *r = realloc(p->rank, it->n * sizeof(*r));
		size_t *q;
		double *b;

		if (r)
			p->rank = r;
		q = realloc(p->pos, it->n * sizeof(*q));
		if (q)
			p->pos = q;
		b = realloc(p->bars, it->n * sizeof(*b));
		if (b)
			p->bars = b;
		if (!r || !q || !b)
			return false;
		p->nrank = it->n;
	}
	for (i = 0; i < it->n; i++)
		p->rank[i] = SIZE_MAX;
	for (j = 0; j < p->n; j++) {
		size_t at = p->idx[j];

		if (!same_key(it, at, p->key[j]))	/* the items moved */
			for (at = 0; at < it->n &&
			     !same_key(it, at, p->key[j]); at++)
				;
		if (at < it->n && p->rank[at] == SIZE_MAX)
			p->rank[at] = j;
	}
	return true;
}

static int cmp_rank(const void *x, const void *y, void *ctx)
{
	const struct order_prev *p = ctx;
	size_t a = *(const size_t *)x, b = *(const size_t *)y;

	if (p->rank[a] != p->rank[b])
		return p->rank[a] < p->rank[b] ? -1 : 1;
	return (p->pos[a] > p->pos[b]) - (p->pos[a] < p->pos[b]);
}

/* Rows shown last time first, in their places; the others after them,
 * in the plain order V had. */
static void by_rank(struct order_prev *p, size_t *v, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		p->pos[v[i]] = i;
	qsort_r(v, n, sizeof(*v), cmp_rank, p);
}

/* Each row, from the top, goes above the highest row it overtakes
 * clearly (and so above every row between, none of which overtakes it
 * clearly: that one would have gone above the same row before). No row
 * then overtakes clearly any row above it, neighbour or not: rates of
 * 99, 110, 121, 134 shown in that order, each within an eighth of the
 * next, come out 134 121 110 99. BARS[j] is the lowest bar of rows 0..j
 * (not increasing), so the highest row overtaken is found by halving. */
static void rise(const struct order_items *it, size_t *v, size_t n,
		 double *bars)
{
	size_t i, j;

	for (i = 0; i < n; i++) {
		size_t x = v[i], lo = 0, hi = i;
		double r = it->rate(it->ctx, x);
		double own = bar(r, it->lead);

		while (lo < hi) {	/* the first j with bars[j] < r */
			size_t mid = lo + (hi - lo) / 2;

			if (bars[mid] < r)
				hi = mid;
			else
				lo = mid + 1;
		}
		memmove(v + lo + 1, v + lo, (i - lo) * sizeof(*v));
		v[lo] = x;
		for (j = lo; j <= i; j++) {
			double b = j == lo ? own :
				   bar(it->rate(it->ctx, v[j]), it->lead);
			double above = j ? bars[j - 1] : b;

			bars[j] = b < above ? b : above;
		}
	}
}

void order_hold(struct order_prev *p, size_t *v, size_t n,
		const struct order_items *it)
{
	if (!p->valid || !ranks(p, it))
		return;
	by_rank(p, v, n);
	rise(it, v, n, p->bars);
}

void order_note(struct order_prev *p, const size_t *v, size_t n,
		const struct order_items *it)
{
	size_t i;

	/* an order without rates (the first frame's, by counts since boot)
	 * has nothing to hold: the first rates give the plain order */
	for (i = 0; i < n && it->rate(it->ctx, v[i]) == 0; i++)
		;
	if (i == n) {
		order_forget(p);
		return;
	}
	p->valid = grow(p, n);
	if (!p->valid)
		return;
	for (i = 0; i < n; i++) {
		const char *k = it->key(it->ctx, v[i]);
		size_t len = strnlen(k, ORDER_KEY - 1);

		p->idx[i] = v[i];
		memcpy(p->key[i], k, len);
		p->key[i][len] = '\0';
	}
	p->n = n;
}

void order_forget(struct order_prev *p)
{
	p->valid = false;
	p->n = 0;
}

void order_fini(struct order_prev *p)
{
	free(p->idx);
	free(p->key);
	free(p->rank);
	free(p->pos);
	free(p->bars);
	memset(p, 0, sizeof(*p));
}
