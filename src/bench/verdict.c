/* SPDX-License-Identifier: GPL-2.0-or-later */
/* verdict: medians, ranges and the honest sentence for two sets of runs;
 * pure functions over arrays, no I/O. */
#include "config.h"

#include "bench/verdict.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SORT_MAX 256

static int cmp_double(const void *x, const void *y)
{
	double a = *(const double *)x, b = *(const double *)y;

	return a < b ? -1 : a > b;
}

void verdict_side(const double *v, size_t n, struct verdict_side *out)
{
	double s[SORT_MAX];

	memset(out, 0, sizeof(*out));
	if (n > SORT_MAX)
		n = SORT_MAX;
	out->n = n;
	if (n == 0)
		return;
	memcpy(s, v, n * sizeof(*s));
	qsort(s, n, sizeof(*s), cmp_double);
	out->min = s[0];
	out->max = s[n - 1];
	out->median = n % 2 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
}

static double half_range_pct(const struct verdict_side *s)
{
	if (s->median <= 0)
		return 0;
	return (s->max - s->min) / 2 / s->median * 100;
}

/* The change range over every pair: B's min over A's max to B's max over
 * A's min (A's min above 0). */
static void pair_range(struct verdict *v)
{
	if (v->a.min <= 0)
		return;
	v->lo_pct = (v->b.min / v->a.max - 1) * 100;
	v->hi_pct = (v->b.max / v->a.min - 1) * 100;
}

void verdict_judge(const double *a, size_t na, const double *b, size_t nb,
		   struct verdict *out)
{
	double sa, sb;

	memset(out, 0, sizeof(*out));
	verdict_side(a, na, &out->a);
	verdict_side(b, nb, &out->b);
	if (out->a.median > 0 && out->a.n && out->b.n) {
		out->has_ratio = true;
		out->ratio = out->b.median / out->a.median;
		out->change_pct = (out->ratio - 1) * 100;
	}
	sa = half_range_pct(&out->a);
	sb = half_range_pct(&out->b);
	out->spread_pct = sa > sb ? sa : sb;
	pair_range(out);
	if (out->a.n < VERDICT_MIN_RUNS || out->b.n < VERDICT_MIN_RUNS)
		out->kind = VERDICT_FEW;
	else if (out->b.min > out->a.max)
		out->kind = VERDICT_HIGHER;
	else if (out->b.max < out->a.min)
		out->kind = VERDICT_LOWER;
	else if (out->a.median == out->b.median ||
		 (out->has_ratio && fabs(out->change_pct) <= out->spread_pct))
		out->kind = VERDICT_SAME;
	else
		out->kind = VERDICT_UNCLEAR;
}

bool verdict_unit_is_rate(const char *unit)
{
	size_t n = unit ? strlen(unit) : 0;

	return n >= 2 && strcmp(unit + n - 2, "/s") == 0;
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

const char *verdict_sentence(const struct verdict *v, bool rate, char *dst,
			     size_t size)
{
	bool up = v->kind == VERDICT_HIGHER;
	char s[80];

	switch (v->kind) {
	case VERDICT_FEW:
		snprintf(dst, size, "no verdict: fewer than %d runs of a "
			 "variant", VERDICT_MIN_RUNS);
		break;
	case VERDICT_SAME:
		snprintf(dst, size, "no difference beyond the run-to-run "
			 "spread (\u00b1%.*f %%)", v->spread_pct < 10 ? 1 : 0,
			 v->spread_pct);
		break;
	case VERDICT_UNCLEAR:
		snprintf(dst, size, "no claim: the runs overlap (%+.1f %% "
			 "between medians, spread \u00b1%.1f %%)",
			 v->change_pct, v->spread_pct);
		break;
	default:
		if (v->a.min <= 0) {
			snprintf(dst, size, "%s (%g -> %g)", up ? "higher" :
				 "lower", v->a.median, v->b.median);
			break;
		}
		if (up)
			span(v->lo_pct, v->hi_pct, s, sizeof(s));
		else
			span(-v->hi_pct, -v->lo_pct, s, sizeof(s));
		snprintf(dst, size, "%s by %s", rate ? (up ? "faster" :
			 "slower") : (up ? "higher" : "lower"), s);
	}
	return dst;
}

const char *verdict_kind_name(enum verdict_kind k)
{
	static const char *const names[] = { "few", "same", "unclear",
					     "higher", "lower" };

	return (unsigned)k < sizeof(names) / sizeof(names[0]) ? names[k] :
	       "?";
}
