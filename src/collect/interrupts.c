/* SPDX-License-Identifier: GPL-2.0-or-later */
/* interrupts: /proc/interrupts parsed into rows of per-CPU counts keyed by
 * IRQ number or name ("105", "IPI0", "LOC") (irqread: line by line), and
 * rates between two samples, per CPU only for the rows that moved. */
#include "config.h"

#include "collect/interrupts.h"

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/counter.h"
#include "collect/irqcounts.h"
#include "collect/irqread.h"

/* *ACC += N * EACH; false on overflow. */
static bool size_add(size_t *acc, size_t n, size_t each)
{
	if (each && n > (SIZE_MAX - *acc) / each)
		return false;
	*acc += n * each;
	return true;
}

int interrupts_parse_since(const char *buf, size_t len,
			   const struct irq_table *prev, struct irq_table *out)
{
	struct irqread r;

	if (len > INT_MAX) {	/* the row count must fit the return */
		memset(out, 0, sizeof(*out));
		return -ENOMEM;
	}
	irqread_begin(&r, prev);
	irqread_feed(&r, buf, len, true);
	return irqread_end(&r, out);
}

int interrupts_parse(const char *buf, size_t len, struct irq_table *out)
{
	return interrupts_parse_since(buf, len, NULL, out);
}

void interrupts_free(struct irq_table *t)
{
	free(t->rows);
	free(t->cpus);
	free(t->count_block);
	free(t->strings);
	memset(t, 0, sizeof(*t));
}

const struct irq_row *interrupts_find(const struct irq_table *t,
				      const char *key)
{
	for (size_t i = 0; i < t->nrows; i++)
		if (strcmp(t->rows[i].key, key) == 0)
			return &t->rows[i];
	return NULL;
}

size_t interrupts_by_action(const struct irq_table *t, const char *name,
			    unsigned *irq, unsigned *other)
{
	size_t i, n = 0;

	for (i = 0; i < t->nrows; i++) {
		const struct irq_row *r = &t->rows[i];

		if (!r->numeric || !r->action || strcmp(r->action, name))
			continue;
		if (n == 0)
			*irq = r->irq;
		else if (n == 1)
			*other = r->irq;
		n++;
	}
	return n;
}

/* Row of PREV with KEY, trying index *HINT first (rows rarely move). */
static const struct irq_row *match_row(const struct irq_table *prev,
				       const char *key, size_t *hint)
{
	if (*hint < prev->nrows && strcmp(prev->rows[*hint].key, key) == 0)
		return &prev->rows[(*hint)++];
	for (size_t i = 0; i < prev->nrows; i++)
		if (strcmp(prev->rows[i].key, key) == 0) {
			*hint = i + 1;
			return &prev->rows[i];
		}
	return NULL;
}

/* For each column of CUR, its column in PREV or SIZE_MAX (both sorted). */
static void map_columns(const struct irq_table *prev,
			const struct irq_table *cur, size_t *map)
{
	size_t j = 0;

	for (size_t i = 0; i < cur->ncpus; i++) {
		while (j < prev->ncpus && prev->cpus[j] < cur->cpus[i])
			j++;
		map[i] = j < prev->ncpus && prev->cpus[j] == cur->cpus[i] ?
			 j : SIZE_MAX;
	}
}

/* The count of column I of C since P (MAP: C's columns in P); false when
 * it went down past a wrap. */
static bool col_delta(const struct irq_row *p, const struct irq_row *c,
		      const size_t *map, size_t i, uint64_t *d)
{
	*d = 0;
	if (map[i] >= p->ncounts)
		return true;	/* no baseline: back online */
	if (c->counts[i] >= p->counts[map[i]]) {
		*d = c->counts[i] - p->counts[map[i]];
		return true;
	}
	return counter_delta(p->counts[map[i]], c->counts[i], d);
}

/* Per-CPU rates of one row into R->per_cpu (none when it is NULL: the
 * lazy rates, read later by interrupts_rate_cpu); false when a counter
 * went down.  A CPU that was offline in PREV has no baseline and reads 0
 * this tick.  The top column is found on the counts (the rates are the
 * counts over one DT: the same order, the first of equals), and with the
 * same columns in both (SAME) they are read without the map: a busy
 * 256-CPU machine has 516 000 of them a tick. */
/* The lazy rates' first columns of a row whose columns are PREV's: four
 * at a time while none went down, into *SUM, *TOP (the largest count,
 * the first of equals at R->top); returns the first column not read. */
static size_t up_by_four(const uint32_t *p, const uint32_t *c, size_t n,
			 uint64_t *sum, uint64_t *top, struct irq_rate *r)
{
	size_t i = 0;

	for (; i + 4 <= n; i += 4) {
		int64_t d[4] = { (int64_t)c[i] - p[i],
				 (int64_t)c[i + 1] - p[i + 1],
				 (int64_t)c[i + 2] - p[i + 2],
				 (int64_t)c[i + 3] - p[i + 3] };
		int64_t t = (int64_t)*top;

		if ((d[0] | d[1] | d[2] | d[3]) < 0)
			break;	/* the column by column way from here */
		*sum += (uint64_t)(d[0] + d[1] + d[2] + d[3]);
		if ((d[0] > t) | (d[1] > t) | (d[2] > t) | (d[3] > t))
			for (size_t k = 0; k < 4; k++)
				if ((uint64_t)d[k] > *top) {
					*top = (uint64_t)d[k];
					r->top = i + k;
				}
	}
	return i;
}

static bool row_rates(const struct irq_row *p, const struct irq_row *c,
		      const size_t *map, bool same, double dt,
		      struct irq_rate *r)
{
	uint64_t sum = 0, top = 0;
	double *pc = r->per_cpu;
	size_t i = 0;

	if (same && p->ncounts == c->ncounts && !pc)
		i = up_by_four(p->counts, c->counts, c->ncounts, &sum, &top,
			       r);
	if (same && p->ncounts == c->ncounts)
		for (; i < c->ncounts && c->counts[i] >= p->counts[i]; i++) {
			uint64_t d = c->counts[i] - p->counts[i];

			sum += d;	/* 32-bit counts: no overflow */
			if (pc)
				pc[i] = (double)d / dt;	/* counter_rate */
			if (d > top) {
				top = d;
				r->top = i;
			}
		}
	for (; i < c->ncounts; i++) {
		uint64_t d;

		if (!col_delta(p, c, map, i, &d))
			return false;
		sum = sum + d < sum ? UINT64_MAX : sum + d;
		if (pc)
			pc[i] = (double)d / dt;	/* as counter_rate */
		if (d > top) {
			top = d;
			r->top = i;
		}
	}
	r->total_per_s = counter_rate(sum, dt);
	return true;
}

/* Whether PREV and CUR have the same columns (no CPU came or went). */
static bool same_columns(const struct irq_table *prev,
			 const struct irq_table *cur)
{
	return prev->ncpus == cur->ncpus &&
	       memcmp(prev->cpus, cur->cpus,
		      cur->ncpus * sizeof(*cur->cpus)) == 0;
}

/* Whether row C counts what P counted, column for column: its rates are
 * all 0 and share one array of zeros. */
static bool row_still(const struct irq_row *p, const struct irq_row *c)
{
	return p->ncounts == c->ncounts && p->total == c->total &&
	       memcmp(p->counts, c->counts,
		      c->ncounts * sizeof(*c->counts)) == 0;
}

/* Per row of CUR: its row in PREV (NULL: new); how many rows changed. */
struct rate_plan {
	const struct irq_row **prev_of;
	bool *still;
	size_t nchanged;
	bool same;		/* the same columns in both */
};

static int rate_plan(const struct irq_table *prev, const struct irq_table *cur,
		     struct rate_plan *pl)
{
	size_t hint = 0;
	bool same = prev && same_columns(prev, cur);

	pl->nchanged = 0;
	pl->same = same;
	pl->prev_of = calloc(cur->nrows, sizeof(*pl->prev_of));
	pl->still = calloc(cur->nrows, sizeof(*pl->still));
	if (!pl->prev_of || !pl->still)
		return -ENOMEM;
	for (size_t i = 0; prev && i < cur->nrows; i++) {
		const struct irq_row *c = &cur->rows[i];
		const struct irq_row *p = match_row(prev, c->key, &hint);

		pl->prev_of[i] = p;
		pl->still[i] = p && same && row_still(p, c);
		pl->nchanged += p && !pl->still[i];
	}
	return 0;
}

/* The rates and, after them, the per-CPU rates: NCHANGED + 1 arrays of
 * them (the first all zeros, for every row that did not move), or for
 * the lazy rates the zeros, the columns' map and NBASE counts of PREV,
 * the moved rows' baselines: one block. */
static struct irq_rate *rates_alloc(size_t nrows, size_t nchanged,
				    size_t ncpus, size_t nbase)
{
	size_t n = 0;

	if (!size_add(&n, nrows, sizeof(struct irq_rate)) ||
	    nchanged == SIZE_MAX || ncpus > SIZE_MAX / sizeof(double) ||
	    !size_add(&n, nbase ? 1 : nchanged + 1, ncpus * sizeof(double)) ||
	    !size_add(&n, nbase ? ncpus : 0, sizeof(size_t)) ||
	    !size_add(&n, nbase, sizeof(uint32_t)))
		return NULL;
	/* calloc: columns past a short row's counts (ERR) read 0 */
	return calloc(1, n ? n : 1);
}

/* Whether C's rises were read against P's counts (interrupts_parse_since
 * with P's table), none down: then its rate's total is the one row_rates
 * would find, with the same columns in both (the top column is found
 * when asked for: interrupts_rate_top). */
static bool risen(const struct irq_row *p, const struct irq_row *c)
{
	return c->up && c->up_base == p->counts &&
	       c->ncounts == p->ncounts && c->up_base_total == p->total;
}

/* Rates of row I of CUR from the plan into R, PER_CPU its array (the
 * zeros when it did not move; NULL: lazy, with its baseline copied to
 * *BASE, which moves past it); invalid for a new row or a reset. */
static void rate_row(const struct rate_plan *pl, const struct irq_row *c,
		     size_t i, const size_t *map, double dt, double *per_cpu,
		     uint32_t **base, struct irq_rate *r)
{
	const struct irq_row *p = pl->prev_of[i];

	*r = (struct irq_rate){ .row = c, .per_cpu = per_cpu };
	if (pl->still[i]) {
		r->valid = true;
	} else if (!per_cpu && p && pl->same && risen(p, c)) {
		r->valid = true;	/* row_rates' figures, from the read */
		r->total_per_s = counter_rate(c->up_sum, dt);
		r->top = SIZE_MAX;	/* interrupts_rate_top, if wanted */
	} else {
		r->valid = p && row_rates(p, c, map, pl->same, dt, r);
	}
	if (!r->valid) {
		*r = (struct irq_rate){ .row = c };
	} else if (!per_cpu) {
		memcpy(*base, p->counts, p->ncounts * sizeof(**base));
		r->base = *base;
		r->nbase = p->ncounts;
		r->map = map;
		r->dt = dt;
		*base += p->ncounts;
	}
}

/* The counts of PREV the lazy rates keep: those of the rows that moved. */
static size_t base_counts(const struct rate_plan *pl, size_t nrows)
{
	size_t n = 1;	/* never 0: 0 means eager */

	for (size_t i = 0; i < nrows; i++)
		if (pl->prev_of[i] && !pl->still[i])
			n += pl->prev_of[i]->ncounts;
	return n;
}

/* interrupts_rates, per-CPU rates of moved rows written (EAGER) or left
 * to interrupts_rate_cpu. */
static int rates(const struct irq_table *prev, const struct irq_table *cur,
		 double dt, bool eager, struct irq_rate **out)
{
	struct rate_plan pl;
	struct irq_rate *r = NULL;
	double *zeros, *next;
	size_t *map, *kept;
	uint32_t *base = NULL;
	bool ok_dt = dt > 0 && isfinite(dt);
	int rc;

	*out = NULL;
	if (!cur->nrows)
		return 0;
	map = malloc((cur->ncpus ? cur->ncpus : 1) * sizeof(*map));
	rc = map ? rate_plan(ok_dt ? prev : NULL, cur, &pl) : -ENOMEM;
	if (rc == 0 && !(r = rates_alloc(cur->nrows, pl.nchanged, cur->ncpus,
					 eager ? 0 :
					 base_counts(&pl, cur->nrows))))
		rc = -ENOMEM;
	if (rc == 0) {
		zeros = next = (double *)(void *)(r + cur->nrows);
		kept = (size_t *)(void *)(zeros + cur->ncpus);
		if (!eager)
			base = (uint32_t *)(void *)(kept + cur->ncpus);
		if (prev)
			map_columns(prev, cur, eager ? map : kept);
		for (size_t i = 0; i < cur->nrows; i++) {
			bool moved = pl.prev_of[i] && !pl.still[i];

			if (moved && eager)
				next += cur->ncpus;
			rate_row(&pl, &cur->rows[i], i, eager ? map : kept,
				 dt, !moved ? zeros : eager ? next : NULL,
				 &base, &r[i]);
		}
	}
	free(map);
	if (map) {
		free(pl.prev_of);
		free(pl.still);
	}
	if (rc)
		return rc;
	*out = r;
	return (int)cur->nrows;
}

int interrupts_rates(const struct irq_table *prev, const struct irq_table *cur,
		     double dt, struct irq_rate **out)
{
	return rates(prev, cur, dt, true, out);
}

int interrupts_rates_lazy(const struct irq_table *prev,
			  const struct irq_table *cur, double dt,
			  struct irq_rate **out)
{
	return rates(prev, cur, dt, false, out);
}

double interrupts_rate_cpu(const struct irq_rate *r, size_t i)
{
	const struct irq_row *c = r->row;
	uint64_t d = 0;
	size_t j;

	if (!r->valid)
		return 0;
	if (r->per_cpu)
		return r->per_cpu[i];
	if (i >= c->ncounts || (j = r->map[i]) >= r->nbase)
		return 0;	/* past a short row; no baseline */
	if (c->counts[i] >= r->base[j])
		d = c->counts[i] - r->base[j];
	else
		counter_delta(r->base[j], c->counts[i], &d);
	return (double)d / r->dt;	/* as row_rates */
}

size_t interrupts_row_top(const struct irq_row *r)
{
	return r->top != SIZE_MAX ? r->top :
	       irqcounts_top(r->counts, r->ncounts);
}

size_t interrupts_rate_top(const struct irq_rate *q)
{
	uint64_t best = 0;
	size_t top = 0;

	if (q->top != SIZE_MAX)
		return q->top;
	/* as row_rates: the first of the largest rise, 0 when none */
	for (size_t i = 0; q->valid && i < q->row->ncounts; i++) {
		size_t j = q->map[i];
		const uint32_t *c = q->row->counts;
		uint64_t d = 0;

		if (j < q->nbase && !counter_delta(q->base[j], c[i], &d))
			d = 0;
		if (d > best) {
			best = d;
			top = i;
		}
	}
	return top;
}

void interrupts_rates_free(struct irq_rate *r, size_t n)
{
	(void)n;	/* one block holds the rates and their per_cpu arrays */
	free(r);
}

int interrupts_taker(const struct irq_row *r, const struct irq_rate *q,
		     const struct irq_table *t, const struct irq_affinity *a)
{
	size_t top;

	if (q && q->valid && q->total_per_s > 0)
		top = interrupts_rate_top(q);
	else if (r->ncounts && (top = interrupts_row_top(r)) < r->ncounts &&
		 r->counts[top]) {
		/* A pinned IRQ's counts since boot still name the CPU it
		 * left: a GICv3 ITS moves an MSI at the write (arm64 VM
		 * lab, tests/vm/arm64_screen.sh), x86 at its next
		 * interrupt, and the kernel's effective affinity says
		 * which CPU it goes to now. */
		if (a && a->has_effective && cpuset_count(&a->effective) == 1)
			return cpuset_first(&a->effective);
	} else
		return -1;
	return top < t->ncpus ? (int)t->cpus[top] : -1;
}
