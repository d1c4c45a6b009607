/* SPDX-License-Identifier: GPL-2.0-or-later */
/* verdict: the Hodges-Lehmann estimate of B/A with its exact Mann-Whitney
 * interval, Holm's step-down over the figures of one experiment, and the
 * sentence; pure functions over arrays, no I/O (doc/bench.md, "How an
 * experiment decides"). */
#include "config.h"

#include "bench/verdict.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/normq.h"

/* The variance of the Hodges-Lehmann estimate over that of the mean's
 * difference for normal noise (pi / 3, an efficiency of 0.955). */
#define HL_VARIANCE 1.0471975511965976
#define MORE_MAX 999u

/* The exact null distribution of the Mann-Whitney count U (pairs with
 * B above A) for NA and NB runs: CDF[u] = P(U <= u), u = 0..NA*NB. */
struct verdict_dist {
	size_t na, nb;
	double *cdf;
};

static double min2(double a, double b)
{
	return a < b ? a : b;
}

static int cmp_double(const void *x, const void *y)
{
	double a = *(const double *)x, b = *(const double *)y;

	return a < b ? -1 : a > b;
}

static double median_sorted(const double *s, size_t n)
{
	return n % 2 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
}

void verdict_side(const double *v, size_t n, struct verdict_side *out)
{
	double s[VERDICT_RUNS_MAX];

	memset(out, 0, sizeof(*out));
	if (n > VERDICT_RUNS_MAX)
		n = VERDICT_RUNS_MAX;
	out->n = n;
	if (n == 0)
		return;
	memcpy(s, v, n * sizeof(*s));
	qsort(s, n, sizeof(*s), cmp_double);
	out->min = s[0];
	out->max = s[n - 1];
	out->median = median_sorted(s, n);
}

/* ---- the exact distribution ---------------------------------------------- */

void verdict_cache_init(struct verdict_cache *c)
{
	memset(c, 0, sizeof(*c));
}

void verdict_cache_fini(struct verdict_cache *c)
{
	size_t i;

	for (i = 0; i < c->n; i++)
		free(c->v[i].cdf);
	free(c->v);
	memset(c, 0, sizeof(*c));
}

/*
 * The counts of U are the coefficients of the Gaussian binomial
 * [na+nb choose na]_q = prod_{i=1..na} (1 - q^(nb+i)) / (1 - q^i): times
 * (1 - q^(nb+i)) is a shifted subtraction, over (1 - q^i) a running sum
 * with stride i.  After each i the coefficients are the counts for i
 * runs of A (non-negative, summing to C(nb+i, i)), scaled to sum to 1.
 */
static double *dist_make(size_t na, size_t nb)
{
	size_t n = na * nb, i, u, top = 0;
	double *c = calloc(n + 1, sizeof(*c)), sum;

	if (!c)
		return NULL;
	c[0] = 1;
	for (i = 1; i <= na; i++) {
		top += nb;
		for (u = top; u >= nb + i && u <= top; u--)
			c[u] -= c[u - nb - i];
		for (u = i; u <= top; u++)
			c[u] += c[u - i];
		for (sum = 0, u = 0; u <= top; u++)
			sum += c[u];
		for (u = 0; u <= top; u++)
			c[u] /= sum;
	}
	for (u = 1; u <= n; u++)	/* P(U = u) into P(U <= u) */
		c[u] += c[u - 1];
	return c;
}

/* The distribution for NA and NB runs (the same as for NB and NA), from
 * CACHE or made into it; NULL when out of memory. */
static const double *dist_get(struct verdict_cache *cache, size_t na,
			      size_t nb)
{
	struct verdict_dist *d;
	size_t i;

	if (na > nb) {
		i = na;
		na = nb;
		nb = i;
	}
	for (i = 0; i < cache->n; i++)
		if (cache->v[i].na == na && cache->v[i].nb == nb)
			return cache->v[i].cdf;
	if (cache->n == cache->cap) {
		size_t cap = cache->cap ? cache->cap * 2 : 4;
		void *p = realloc(cache->v, cap * sizeof(*cache->v));

		if (!p)
			return NULL;
		cache->v = p;
		cache->cap = cap;
	}
	d = &cache->v[cache->n];
	d->na = na;
	d->nb = nb;
	d->cdf = dist_make(na, nb);
	if (!d->cdf)
		return NULL;
	cache->n++;
	return d->cdf;
}

/* ---- one comparison ------------------------------------------------------ */

/* The exact two-sided p of "no change": U counts the pairs with B above
 * A, a tie counts against the side being tested. */
static double p_value(const struct verdict_input *in, const double *cdf)
{
	size_t i, j, above = 0, below = 0, n = in->na * in->nb, up, down;

	for (i = 0; i < in->na; i++)
		for (j = 0; j < in->nb; j++) {
			above += in->b[j] > in->a[i];
			below += in->b[j] < in->a[i];
		}
	up = n - above;		/* P(U >= above) = P(U <= n - above) */
	down = n - below;
	return min2(1, 2 * min2(cdf[up], cdf[down]));
}

/* The largest K with P(U <= K - 1) <= ALPHA / 2 (0: no interval). */
static size_t order_stat(const double *cdf, size_t n, double alpha)
{
	size_t k = 0;

	while (k < n && cdf[k] <= alpha / 2)
		k++;
	return k;
}

/* Whether every value of both sides is above 0 (a ratio is defined). */
static bool positive(const struct verdict_input *in)
{
	size_t i;

	for (i = 0; i < in->na; i++)
		if (!(in->a[i] > 0))
			return false;
	for (i = 0; i < in->nb; i++)
		if (!(in->b[i] > 0))
			return false;
	return true;
}

static bool all_equal(const struct verdict_input *in)
{
	size_t i;

	for (i = 1; i < in->na; i++)
		if (in->a[i] != in->a[0])
			return false;
	for (i = 0; i < in->nb; i++)
		if (in->b[i] != in->a[0])
			return false;
	return in->na > 0;
}

static double pct(double log_ratio)
{
	return (exp(log_ratio) - 1) * 100;
}

/* The log ratios ln B_j - ln A_i of every pair into D (unordered). */
static void log_diffs(const struct verdict_input *in, double *d)
{
	double la[VERDICT_RUNS_MAX];
	size_t i, j, n = 0;

	for (i = 0; i < in->na; i++)
		la[i] = log(in->a[i]);
	for (j = 0; j < in->nb; j++) {
		double lb = log(in->b[j]);

		for (i = 0; i < in->na; i++)
			d[n++] = lb - la[i];
	}
}

/* The K-th smallest (from 0) of the N values D, which are reordered so
 * that none left of K is above it and none right of it below (Wirth's
 * selection: linear on average, where sorting every pair would not be). */
static double select_kth(double *d, size_t n, size_t k)
{
	long l = 0, m = (long)n - 1, kk = (long)k;

	while (l < m) {
		double x = d[kk], t;
		long i = l, j = m;

		do {
			while (d[i] < x)
				i++;
			while (x < d[j])
				j--;
			if (i <= j) {
				t = d[i];
				d[i++] = d[j];
				d[j--] = t;
			}
		} while (i <= j);
		if (j < kk)
			l = i;
		if (kk < i)
			m = j;
	}
	return d[k];
}

/* The median of the N values D (reordered). */
static double median_select(double *d, size_t n)
{
	double hi = select_kth(d, n, n / 2);

	return n % 2 ? hi : (select_kth(d, n / 2, n / 2 - 1) + hi) / 2;
}

/* The estimate and the interval at V->alpha from the N log ratios D
 * (reordered). */
static void interval(struct verdict *v, double *d, size_t n,
		     const double *cdf)
{
	size_t k = order_stat(cdf, n, v->alpha);

	v->est_pct = pct(median_select(d, n));
	v->has_interval = k > 0;
	if (k > 0) {
		v->lo_pct = pct(select_kth(d, n, k - 1));
		v->hi_pct = pct(select_kth(d, n, n - k));
	}
}

/* ---- how many more runs -------------------------------------------------- */

/* The scaled MAD (1.4826 MAD) of the logs of the N values V, squared;
 * half the squared difference for two values. */
static double log_var(const double *v, size_t n)
{
	double l[VERDICT_RUNS_MAX], dev[VERDICT_RUNS_MAX], m;
	size_t i;

	for (i = 0; i < n; i++)
		l[i] = log(v[i]);
	if (n == 2)
		return (l[0] - l[1]) * (l[0] - l[1]) / 2;
	qsort(l, n, sizeof(*l), cmp_double);
	m = median_sorted(l, n);
	for (i = 0; i < n; i++)
		dev[i] = fabs(l[i] - m);
	qsort(dev, n, sizeof(*dev), cmp_double);
	m = 1.4826 * median_sorted(dev, n);
	return m * m;
}

/* The fewest runs a side with which an exact test of two equal sides can
 * reach ALPHA at all: 2 / C(2n, n) <= ALPHA. */
static size_t runs_to_reach(double alpha)
{
	double ways = 2;	/* C(2, 1) */
	size_t n = 1;

	while (2 / ways > alpha && n < 1000) {
		ways *= (double)(2 * n + 1) * (2 * n + 2) /
			((double)(n + 1) * (n + 1));
		n++;
	}
	return n;
}

/* What every comparison of a family shares. */
struct family {
	double strict;		/* alpha / comparisons: the strictest */
	double z;		/* z(1 - strict / 2) + z(VERDICT_POWER) */
	size_t reach;		/* runs_to_reach(strict) */
};

/*
 * About how many more runs a side would decide: for a change the size of
 * the estimate (at least the margin), the runs with which the interval
 * at the family's strictest level (alpha / family) is narrow enough to
 * exclude 1 with chance VERDICT_POWER, under the pooled run-to-run noise
 * of the logs (normal approximation, Hodges-Lehmann's efficiency).
 */
static void more_runs(struct verdict *v, const struct verdict_input *in,
		      const struct family *fam)
{
	double var, delta, need;
	size_t have = in->na < in->nb ? in->na : in->nb, n;

	if (!v->has_ratio || have < 2)
		return;
	var = (log_var(in->a, in->na) * (double)in->na +
	       log_var(in->b, in->nb) * (double)in->nb) /
	      (double)(in->na + in->nb);
	delta = fabs(log(1 + v->est_pct / 100));
	if (delta < log(1 + v->margin_pct / 100))
		delta = log(1 + v->margin_pct / 100);
	need = 2 * HL_VARIANCE * var * fam->z * fam->z / (delta * delta);
	n = need < 1e6 ? (size_t)need + 1 : 1000000;
	if (n < fam->reach)
		n = fam->reach;
	if (n <= have)
		n = have + 1;
	v->more_runs = n - have > MORE_MAX ? MORE_MAX : (unsigned)(n - have);
	v->more_pct = pct(delta);
}

/* ---- the family ---------------------------------------------------------- */

/* Medians, ratio and spread of one comparison. */
static void describe(struct verdict *v, const struct verdict_input *in)
{
	double sa = 0, sb = 0;

	verdict_side(in->a, in->na, &v->a);
	verdict_side(in->b, in->nb, &v->b);
	if (v->a.median > 0 && v->a.n && v->b.n) {
		v->ratio = v->b.median / v->a.median;
		v->change_pct = (v->ratio - 1) * 100;
	}
	if (v->a.median > 0)
		sa = (v->a.max - v->a.min) / 2 / v->a.median * 100;
	if (v->b.median > 0)
		sb = (v->b.max - v->b.min) / 2 / v->b.median * 100;
	v->spread_pct = sa > sb ? sa : sb;
	v->has_ratio = v->a.n && v->b.n && positive(in);
}

/* The kind from what was worked out. */
static enum verdict_kind decide(const struct verdict *v,
				const struct verdict_input *in)
{
	if (in->na < VERDICT_MIN_RUNS || in->nb < VERDICT_MIN_RUNS)
		return VERDICT_FEW;
	if (v->claimed && v->has_interval)
		return v->lo_pct > 0 ? VERDICT_HIGHER : VERDICT_LOWER;
	if (v->claimed)		/* no ratio (a run at 0): the medians */
		return v->b.median > v->a.median ? VERDICT_HIGHER :
		       VERDICT_LOWER;
	if (all_equal(in))
		return VERDICT_SAME;
	if (v->has_ratio && v->has_interval &&
	    v->lo_pct >= -v->margin_pct && v->hi_pct <= v->margin_pct)
		return VERDICT_SAME;
	return VERDICT_UNCLEAR;
}

/* Judge comparison IN at level V->alpha (set) into V; D has room for
 * its pairs. */
static void judge_one(struct verdict *v, const struct verdict_input *in,
		      const double *cdf, double *d, const struct family *fam)
{
	size_t n = in->na * in->nb;

	if (v->has_ratio && n) {
		log_diffs(in, d);
		interval(v, d, n, cdf);
		/* Holm's rejection and the interval count the same pairs, so
		 * they agree; this only guards rounding in the logs */
		if (v->claimed && v->has_interval && v->lo_pct <= 0 &&
		    v->hi_pct >= 0)
			v->claimed = false;
	}
	v->kind = decide(v, in);
	if (v->kind == VERDICT_UNCLEAR || v->kind == VERDICT_FEW)
		more_runs(v, in, fam);
}

/*
 * Holm's step-down: in order of p, the j-th (from 0) of N is rejected at
 * alpha / (N - j) while each before it was; the first that is not stops
 * it.  A rejected one keeps that level for its interval; the others get
 * alpha / N.  IDX: room for N indexes.
 */
static void holm(struct verdict *v, size_t n, double alpha, size_t *idx)
{
	size_t i, j, t;

	for (i = 0; i < n; i++) {	/* insertion sort by p, stable */
		for (j = i; j > 0 && v[idx[j - 1]].p > v[i].p; j--)
			idx[j] = idx[j - 1];
		idx[j] = i;
	}
	for (j = 0; j < n; j++) {
		t = idx[j];
		if (!(v[t].p <= alpha / (double)(n - j)))
			break;
		v[t].claimed = true;
		v[t].alpha = alpha / (double)(n - j);
	}
	for (; j < n; j++)
		v[idx[j]].alpha = alpha / (double)n;
}

/* Describe each comparison and find its p; the pairs of the largest into
 * *PAIRS.  0 or -ENOMEM. */
static int first_pass(const struct verdict_input *in, size_t n,
		      double margin, struct verdict_cache *cache,
		      const double **cdf, struct verdict *out, size_t *pairs)
{
	size_t i;

	for (i = 0; i < n; i++) {
		struct verdict_input c = in[i];

		if (c.na > VERDICT_RUNS_MAX)
			c.na = VERDICT_RUNS_MAX;
		if (c.nb > VERDICT_RUNS_MAX)
			c.nb = VERDICT_RUNS_MAX;
		memset(&out[i], 0, sizeof(out[i]));
		describe(&out[i], &c);
		out[i].margin_pct = margin;
		out[i].family = n;
		out[i].p = 1;
		if (!c.na || !c.nb)
			continue;
		cdf[i] = dist_get(cache, c.na, c.nb);
		if (!cdf[i])
			return -ENOMEM;
		out[i].p = p_value(&c, cdf[i]);
		if (c.na * c.nb > *pairs)
			*pairs = c.na * c.nb;
	}
	return 0;
}

int verdict_family(const struct verdict_input *in, size_t n,
		   const struct verdict_opts *o, struct verdict_cache *cache,
		   struct verdict *out)
{
	double alpha = o && o->alpha > 0 ? o->alpha : VERDICT_ALPHA;
	double margin = o && o->margin_pct > 0 ? o->margin_pct :
			VERDICT_MARGIN_PCT;
	const double **cdf = calloc(n + 1, sizeof(*cdf));
	size_t *idx = calloc(n + 1, sizeof(*idx)), pairs = 0, i;
	struct verdict_cache own;
	struct family fam;
	double *d = NULL;
	int rc = -ENOMEM;

	verdict_cache_init(&own);
	if (!cache)
		cache = &own;
	if (!cdf || !idx || first_pass(in, n, margin, cache, cdf, out,
				       &pairs))
		goto out;
	holm(out, n, alpha, idx);
	fam.strict = alpha / (double)(n ? n : 1);
	fam.z = normq(1 - fam.strict / 2) +
		normq(VERDICT_POWER);
	fam.reach = runs_to_reach(fam.strict);
	d = malloc((pairs + 1) * sizeof(*d));
	if (!d)
		goto out;
	for (i = 0; i < n; i++) {
		struct verdict_input c = in[i];

		c.na = out[i].a.n;	/* capped as in the first pass */
		c.nb = out[i].b.n;
		judge_one(&out[i], &c, cdf[i], d, &fam);
	}
	rc = 0;
out:
	free(d);
	free(idx);
	free(cdf);
	verdict_cache_fini(&own);
	return rc;
}

int verdict_judge(const double *a, size_t na, const double *b, size_t nb,
		  struct verdict *out)
{
	struct verdict_input in = { .a = a, .b = b, .na = na, .nb = nb };

	return verdict_family(&in, 1, NULL, NULL, out);
}

/* ---- words --------------------------------------------------------------- */

enum verdict_better verdict_better(const char *unit)
{
	static const char *const times[] = { "s", "ms", "us", "\u00b5s",
					     "ns" };
	size_t n = unit ? strlen(unit) : 0, i;

	if (n >= 2 && strcmp(unit + n - 2, "/s") == 0)
		return VERDICT_HIGHER_BETTER;
	for (i = 0; unit && i < sizeof(times) / sizeof(times[0]); i++)
		if (strcmp(unit, times[i]) == 0)
			return VERDICT_LOWER_BETTER;
	return VERDICT_NEUTRAL;
}

/* "8-11 %", or "8 %" when both ends round alike; one decimal below 10. */
static void span(double lo, double hi, char *dst, size_t size)
{
	int prec = hi < 10 ? 1 : 0;
	char a[32], b[32];

	snprintf(a, sizeof(a), "%.*f", prec, lo);
	snprintf(b, sizeof(b), "%.*f", prec, hi);
	if (strcmp(a, b) == 0)
		snprintf(dst, size, "%.31s %%", a);
	else
		snprintf(dst, size, "%.31s-%.31s %%", a, b);
}

/* "3 runs a side", "3 and 4 runs". */
static void runs(const struct verdict *v, char *dst, size_t size)
{
	if (v->a.n == v->b.n)
		snprintf(dst, size, "%zu run%s a side", v->a.n,
			 v->a.n == 1 ? "" : "s");
	else
		snprintf(dst, size, "%zu and %zu runs", v->a.n, v->b.n);
}

static void cannot_tell(const struct verdict *v, char *dst, size_t size)
{
	double tenths = round(v->more_pct * 10);
	bool whole = round(tenths / 10) * 10 == tenths;
	char r[64];

	runs(v, r, sizeof(r));

	if (v->more_runs)
		snprintf(dst, size, "cannot tell with %s: about %u more would "
			 "decide a %.*f %% change", r, v->more_runs,
			 v->more_pct >= 10 || whole ? 0 : 1, v->more_pct);
	else
		snprintf(dst, size, "cannot tell with %s", r);
}

/* "faster", "slower", "higher" or "lower" for a change upwards (UP). */
static const char *word(enum verdict_better better, bool up)
{
	if (better == VERDICT_NEUTRAL)
		return up ? "higher" : "lower";
	return up == (better == VERDICT_HIGHER_BETTER) ? "faster" : "slower";
}

const char *verdict_sentence(const struct verdict *v,
			     enum verdict_better better, char *dst,
			     size_t size)
{
	bool up = v->kind == VERDICT_HIGHER;
	char s[80];

	switch (v->kind) {
	case VERDICT_FEW:
	case VERDICT_UNCLEAR:
		cannot_tell(v, dst, size);
		break;
	case VERDICT_SAME:
		if (!v->has_ratio)
			snprintf(dst, size, "the same: every run gave %g",
				 v->a.median);
		else
			snprintf(dst, size, "the same within \u00b1%g %%",
				 v->margin_pct);
		break;
	default:
		if (!v->has_interval) {
			snprintf(dst, size, "%s (%g -> %g)", up ? "higher" :
				 "lower", v->a.median, v->b.median);
			break;
		}
		if (up)
			span(v->lo_pct, v->hi_pct, s, sizeof(s));
		else
			span(-v->hi_pct, -v->lo_pct, s, sizeof(s));
		snprintf(dst, size, "%s by %s", word(better, up), s);
	}
	return dst;
}

size_t verdict_outliers(const double *v, size_t n, bool *out)
{
	double s[VERDICT_RUNS_MAX], m, mad;
	size_t i, k = 0;

	memset(out, 0, n * sizeof(*out));
	if (n < 5 || n > VERDICT_RUNS_MAX)
		return 0;
	memcpy(s, v, n * sizeof(*s));
	qsort(s, n, sizeof(*s), cmp_double);
	m = median_sorted(s, n);
	for (i = 0; i < n; i++)
		s[i] = fabs(v[i] - m);
	qsort(s, n, sizeof(*s), cmp_double);
	mad = 1.4826 * median_sorted(s, n);
	for (i = 0; mad > 0 && i < n; i++)
		if (fabs(v[i] - m) > 3 * mad) {
			out[i] = true;
			k++;
		}
	return k;
}

/* P(I <= k) for the inversions I of a random order of N: the Mahonian
 * numbers, prod_{i=1..n} (1 + q + ... + q^(i-1)), as a running sum over
 * a window of i, scaled each step; NULL when out of memory. */
static double *inversions_cdf(size_t n)
{
	size_t top = n * (n - 1) / 2, i, u, deg = 0;
	double *c = calloc(top + 1, sizeof(*c)), *w = calloc(top + 1,
							     sizeof(*w));

	if (!c || !w) {
		free(c);
		free(w);
		return NULL;
	}
	c[0] = 1;
	for (i = 2; i <= n; i++) {
		double run = 0;

		deg += i - 1;
		for (u = 0; u <= deg; u++) {	/* w[u] = sum c[u-i+1..u] */
			run += c[u];
			if (u >= i)
				run -= c[u - i];
			w[u] = run / (double)i;
		}
		memcpy(c, w, (deg + 1) * sizeof(*c));
	}
	for (u = 1; u <= top; u++)
		c[u] += c[u - 1];
	free(w);
	return c;
}

double verdict_trend(const double *v, size_t n, double *tau)
{
	size_t i, j, inv = 0, conc = 0, top = n * (n - 1) / 2;
	double *cdf, p;

	*tau = 0;
	if (n < 6)
		return 1;
	for (i = 0; i < n; i++)
		for (j = i + 1; j < n; j++) {
			inv += v[i] > v[j];
			conc += v[i] < v[j];
		}
	*tau = ((double)conc - (double)inv) / (double)top;
	cdf = inversions_cdf(n);
	if (!cdf)
		return NAN;
	/* upwards: P(I <= top - conc), a tie counted as an inversion;
	 * downwards: P(I >= inv) = P(I <= top - inv) by symmetry */
	p = min2(1, 2 * min2(cdf[top - conc], cdf[top - inv]));
	free(cdf);
	return p;
}

const char *verdict_kind_name(enum verdict_kind k)
{
	static const char *const names[] = { "few", "same", "unclear",
					     "higher", "lower" };

	return (unsigned)k < sizeof(names) / sizeof(names[0]) ? names[k] :
	       "?";
}
