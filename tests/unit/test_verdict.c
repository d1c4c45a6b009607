/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Tests for the verdict: the exact Mann-Whitney p against a brute-force
 * count of every arrangement, the Hodges-Lehmann estimate and interval
 * against a plain sort of every pair, Holm over a family, the three
 * answers and their sentences; and a Monte-Carlo on a fixed seed (its own
 * PRNG) for the false-claim rate of null experiments of 36 figures and
 * the power to find a true 10 % change under 5 % lognormal noise. */
#include "config.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench/experiment.h"
#include "bench/verdict.h"
#include "testutil.h"

/* ---- brute force, for the exact parts ------------------------------------ */

/* U (pairs with B above A) for one arrangement: bit i of MASK set when
 * pooled value i (sorted, distinct) is an A. */
static unsigned u_of(unsigned mask, unsigned n)
{
	unsigned i, below = 0, u = 0;

	for (i = 0; i < n; i++) {
		if (mask >> i & 1)
			below++;
		else
			u += below;
	}
	return u;
}

/* The two-sided p for U_OBS by counting every arrangement. */
static double brute_p(unsigned na, unsigned nb, unsigned u_obs)
{
	unsigned n = na + nb, mask, le = 0, ge = 0, all = 0;

	for (mask = 0; mask < 1u << n; mask++) {
		unsigned u;

		if ((unsigned)__builtin_popcount(mask) != na)
			continue;
		u = u_of(mask, n);
		all++;
		le += u <= u_obs;
		ge += u >= u_obs;
	}
	return fmin(1, 2.0 * fmin(le, ge) / all);
}

static uint64_t rng_state;

/* xorshift64*: the same numbers on every machine. */
static uint64_t next(void)
{
	rng_state ^= rng_state >> 12;
	rng_state ^= rng_state << 25;
	rng_state ^= rng_state >> 27;
	return rng_state * UINT64_C(2685821657736338717);
}

static double uniform(void)	/* in (0, 1) */
{
	return ((double)(next() >> 11) + 0.5) / 9007199254740992.0;
}

/* A standard normal deviate (Box-Muller, one of the pair). */
static double gauss(void)
{
	return sqrt(-2 * log(uniform())) * cos(2 * M_PI * uniform());
}

START_TEST(exact_p_against_every_arrangement)
{
	double a[8], b[8];
	unsigned na, nb, r, i, j, above;
	struct verdict v;

	rng_state = 42;
	for (na = 2; na <= 6; na++)
		for (nb = 2; nb <= 6; nb++)
			for (r = 0; r < 20; r++) {
				for (i = 0; i < na; i++)
					a[i] = 100 + 10 * uniform();
				for (j = 0; j < nb; j++)
					b[j] = 100 + 10 * uniform() + r / 4.0;
				above = 0;
				for (i = 0; i < na; i++)
					for (j = 0; j < nb; j++)
						above += b[j] > a[i];
				ck_assert_int_eq(verdict_judge(a, na, b, nb,
							       &v), 0);
				ck_assert_msg(fabs(v.p - brute_p(na, nb, above))
					      < 1e-12, "%u %u: p %.15g, brute "
					      "%.15g", na, nb, v.p,
					      brute_p(na, nb, above));
			}
}
END_TEST

START_TEST(separated_sides_give_the_smallest_p)
{
	static const double a[] = { 100, 101, 99, 100.5, 99.5 };
	static const double b[] = { 110, 111, 109, 110.5, 109.5 };
	struct verdict v;

	verdict_judge(a, 3, b, 3, &v);
	ck_assert_double_eq_tol(v.p, 2.0 / 20, 1e-12);	/* C(6,3) = 20 */
	ck_assert_int_eq(v.kind, VERDICT_UNCLEAR);	/* 0.1 > 0.05 */
	verdict_judge(a, 5, b, 5, &v);
	ck_assert_double_eq_tol(v.p, 2.0 / 252, 1e-12);	/* C(10,5) */
	ck_assert_int_eq(v.kind, VERDICT_HIGHER);
	verdict_judge(a, 4, b, 3, &v);
	ck_assert_double_eq_tol(v.p, 2.0 / 35, 1e-12);	/* C(7,3) */
	/* ties count against a change: B equal to A everywhere is p 1 */
	verdict_judge(a, 5, a, 5, &v);
	ck_assert_double_eq_tol(v.p, 1, 1e-12);
}
END_TEST

static int cmp(const void *x, const void *y)
{
	double a = *(const double *)x, b = *(const double *)y;

	return a < b ? -1 : a > b;
}

/* The estimate is the median of the pairwise ratios, the interval the
 * k-th smallest and largest with k from the exact distribution (k = 3
 * for 5 a side at 95 %: P(U <= 2) = 4/252 <= 0.025 < 7/252). */
START_TEST(hodges_lehmann_interval)
{
	static const double a[] = { 100, 103, 98, 101, 99.2 };
	static const double b[] = { 104, 109, 101, 106, 103.5 };
	double d[25], med;
	struct verdict v;
	size_t i, j, n = 0;

	for (i = 0; i < 5; i++)
		for (j = 0; j < 5; j++)
			d[n++] = log(b[j] / a[i]);
	qsort(d, n, sizeof(*d), cmp);
	med = d[12];
	ck_assert_int_eq(verdict_judge(a, 5, b, 5, &v), 0);
	ck_assert_double_eq_tol(v.est_pct, (exp(med) - 1) * 100, 1e-9);
	ck_assert(v.has_interval);
	ck_assert_double_eq_tol(v.lo_pct, (exp(d[2]) - 1) * 100, 1e-9);
	ck_assert_double_eq_tol(v.hi_pct, (exp(d[22]) - 1) * 100, 1e-9);
	ck_assert_double_eq_tol(v.alpha, 0.05, 1e-15);
	ck_assert_uint_eq(v.family, 1);
}
END_TEST

/* Five a side, fully apart, is p = 0.0079: alone it is a claim; in a
 * family of 7 Holm's first step needs 0.05 / 7 = 0.0071, so nothing is
 * claimed; in a family of 3 (two apart, one identical) both apart are
 * claimed, at 0.05/3 and then 0.05/2, and the third is judged at 0.05/3. */
START_TEST(holm_over_a_family)
{
	static const double a[] = { 100, 101, 99, 100.5, 99.5 };
	static const double b[] = { 110, 111, 109, 110.5, 109.5 };
	static const double c[] = { 90, 91, 89, 90.5, 89.5 };
	struct verdict_input in[7];
	struct verdict v[7];
	size_t i;

	for (i = 0; i < 7; i++)
		in[i] = (struct verdict_input){ .a = a, .na = 5, .b = b,
						.nb = 5 };
	ck_assert_int_eq(verdict_family(in, 7, NULL, NULL, v), 0);
	for (i = 0; i < 7; i++) {
		ck_assert_int_eq(v[i].kind, VERDICT_UNCLEAR);
		ck_assert(!v[i].claimed);
		ck_assert_uint_eq(v[i].family, 7);
		ck_assert_double_eq_tol(v[i].alpha, 0.05 / 7, 1e-15);
	}
	in[1].b = c;
	in[2].b = a;
	ck_assert_int_eq(verdict_family(in, 3, NULL, NULL, v), 0);
	ck_assert_int_eq(v[0].kind, VERDICT_HIGHER);
	ck_assert_int_eq(v[1].kind, VERDICT_LOWER);
	ck_assert_double_eq_tol(v[0].alpha, 0.05 / 3, 1e-15);
	ck_assert_double_eq_tol(v[1].alpha, 0.05 / 2, 1e-15);
	ck_assert_double_eq_tol(v[2].alpha, 0.05 / 3, 1e-15);
	ck_assert(!v[2].claimed);
}
END_TEST

static const char *say(const double *a, size_t na, const double *b,
		       size_t nb, enum verdict_better better,
		       struct verdict *v)
{
	static char s[200];

	ck_assert_int_eq(verdict_judge(a, na, b, nb, v), 0);
	return verdict_sentence(v, better, s, sizeof(s));
}

START_TEST(three_answers)
{
	static const double a[] = { 100, 101, 99, 100.5, 99.5, 100.2, 99.8,
				    100.1 };
	static const double same[] = { 100.2, 100.9, 99.3, 100.1, 99.9,
				       100.4, 99.6, 100 };
	static const double up[] = { 110, 111, 109, 110.5, 109.5 };
	static const double wide[] = { 90, 115, 100, 125, 95 };
	struct verdict v;

	/* 5 a side, B 10 % above: the interval at 95 %, k = 3 */
	ck_assert_str_eq(say(a, 5, up, 5, VERDICT_HIGHER_BETTER, &v),
			 "faster by 8-12 %");
	ck_assert_str_eq(say(up, 5, a, 5, VERDICT_HIGHER_BETTER, &v),
			 "slower by 8-10 %");
	ck_assert_str_eq(say(a, 5, up, 5, VERDICT_LOWER_BETTER, &v),
			 "slower by 8-12 %");	/* a latency went up */
	ck_assert_str_eq(say(a, 5, up, 5, VERDICT_NEUTRAL, &v),
			 "higher by 8-12 %");
	ck_assert_str_eq(say(a, 8, same, 8, VERDICT_HIGHER_BETTER, &v),
			 "the same within \u00b13 %");
	ck_assert_int_eq(v.kind, VERDICT_SAME);
	ck_assert(v.lo_pct >= -3 && v.hi_pct <= 3);
	/* the noise of WIDE leaves it open: how many more would decide;
	 * a margin's worth is printed without a decimal */
	ck_assert_str_eq(say(a, 3, a + 1, 3, VERDICT_HIGHER_BETTER, &v),
			 "cannot tell with 3 runs a side: about 1 more would "
			 "decide a 3 % change");
	ck_assert_int_eq((say(a, 5, wide, 5, VERDICT_HIGHER_BETTER, &v),
			  v.kind), VERDICT_UNCLEAR);
	ck_assert_uint_gt(v.more_runs, 5);
	ck_assert_ptr_nonnull(strstr(say(a, 5, wide, 5,
		VERDICT_HIGHER_BETTER, &v), "cannot tell with 5 runs a side: "
		"about "));
	/* 3 a side can never reach 95 % without assuming a distribution */
	ck_assert_str_eq(say(a, 3, up, 3, VERDICT_HIGHER_BETTER, &v),
			 "cannot tell with 3 runs a side: about 1 more would "
			 "decide a 10 % change");
	ck_assert_str_eq(say(a, 2, up, 3, VERDICT_HIGHER_BETTER, &v),
			 "cannot tell with 2 and 3 runs: about 2 more would "
			 "decide a 9.4 % change");
	ck_assert_int_eq(v.kind, VERDICT_FEW);
	ck_assert_str_eq(say(a, 1, up, 1, VERDICT_HIGHER_BETTER, &v),
			 "cannot tell with 1 run a side");
}
END_TEST

START_TEST(no_ratio_below_or_at_zero)
{
	static const double z[] = { 0, 0, 0, 0, 0 };
	static const double b[] = { 12, 15, 14, 13, 16 };
	struct verdict v;

	ck_assert_str_eq(say(z, 5, b, 5, VERDICT_NEUTRAL, &v),
			 "higher (0 -> 14)");
	ck_assert(!v.has_ratio);
	ck_assert_str_eq(say(z, 5, z, 5, VERDICT_NEUTRAL, &v),
			 "the same: every run gave 0");
	ck_assert_str_eq(say(z, 3, b, 3, VERDICT_NEUTRAL, &v),
			 "cannot tell with 3 runs a side");
}
END_TEST

START_TEST(a_preset_margin)
{
	static const double a[] = { 100, 101, 99, 100.5, 99.5, 100.2, 99.8,
				    100.1 };
	static const double b[] = { 104, 105, 103, 104.5, 103.5, 104.2,
				    103.8, 104.1 };
	struct verdict_input in = { .a = a, .na = 8, .b = b, .nb = 8 };
	struct verdict_opts o = { .margin_pct = 10 };
	struct verdict v;
	char s[120];

	/* 4 % apart is a change, whatever the margin */
	ck_assert_int_eq(verdict_family(&in, 1, &o, NULL, &v), 0);
	ck_assert_int_eq(v.kind, VERDICT_HIGHER);
	in.b = a + 1;	/* the same runs shifted by one: no change */
	in.na = in.nb = 7;
	ck_assert_int_eq(verdict_family(&in, 1, &o, NULL, &v), 0);
	ck_assert_str_eq(verdict_sentence(&v, VERDICT_HIGHER_BETTER, s,
					  sizeof(s)),
			 "the same within \u00b110 %");
}
END_TEST

START_TEST(outliers_and_units)
{
	static const double v[] = { 100, 101, 99, 100.5, 130, 99.7 };
	static const double flat[] = { 100, 100, 100, 100, 130 };
	bool far[6];

	ck_assert_uint_eq(verdict_outliers(v, 6, far), 1);
	ck_assert(far[4] && !far[0] && !far[5]);
	ck_assert_uint_eq(verdict_outliers(v, 4, far), 0);	/* too few */
	ck_assert_uint_eq(verdict_outliers(flat, 5, far), 0);	/* MAD 0 */
	ck_assert_int_eq(verdict_better("MB/s"), VERDICT_HIGHER_BETTER);
	ck_assert_int_eq(verdict_better("Mbit/s"), VERDICT_HIGHER_BETTER);
	ck_assert_int_eq(verdict_better("/s"), VERDICT_HIGHER_BETTER);
	ck_assert_int_eq(verdict_better("ms"), VERDICT_LOWER_BETTER);
	ck_assert_int_eq(verdict_better("KiB"), VERDICT_NEUTRAL);
	ck_assert_int_eq(verdict_better(""), VERDICT_NEUTRAL);
	ck_assert_int_eq(verdict_better(NULL), VERDICT_NEUTRAL);
}
END_TEST

/* Inversions of permutation P of N (for the brute force). */
static unsigned inversions(const unsigned *p, unsigned n)
{
	unsigned i, j, k = 0;

	for (i = 0; i < n; i++)
		for (j = i + 1; j < n; j++)
			k += p[i] > p[j];
	return k;
}

/* Every permutation of 0..N-1 in turn (Heap's algorithm, iterative):
 * the number with at most K inversions and at least K. */
static void count_orders(unsigned n, unsigned k, unsigned *le, unsigned *ge)
{
	unsigned p[8], c[8] = { 0 }, i = 0, t, inv;

	for (t = 0; t < n; t++)
		p[t] = t;
	*le = *ge = 0;
	inv = inversions(p, n);
	*le += inv <= k;
	*ge += inv >= k;
	while (i < n) {
		if (c[i] < i) {
			t = p[i % 2 ? c[i] : 0];
			p[i % 2 ? c[i] : 0] = p[i];
			p[i] = t;
			inv = inversions(p, n);
			*le += inv <= k;
			*ge += inv >= k;
			c[i]++;
			i = 0;
		} else {
			c[i++] = 0;
		}
	}
}

/* The trend's p against every order of 6 and 7 values, and a steady
 * creep of 8 runs: tau 1, p = 2 / 8!. */
START_TEST(trend_against_every_order)
{
	static const double creep[] = { 1, 2, 3, 4, 5, 6, 7, 8 };
	double v[7], tau, fact;
	unsigned n, r, i, le, ge, inv;

	rng_state = 7;
	for (n = 6; n <= 7; n++) {
		for (fact = 1, i = 2; i <= n; i++)
			fact *= i;
		for (r = 0; r < 10; r++) {
			unsigned rank[7];

			for (i = 0; i < n; i++)
				v[i] = uniform() + (r % 3) * 0.1 * i;
			for (i = 0; i < n; i++) {
				unsigned j;

				rank[i] = 0;
				for (j = 0; j < n; j++)
					rank[i] += v[j] < v[i];
			}
			inv = inversions(rank, n);
			count_orders(n, inv, &le, &ge);
			ck_assert_double_eq_tol(verdict_trend(v, n, &tau),
				fmin(1, 2 * fmin(le, ge) / fact), 1e-12);
		}
	}
	ck_assert_double_eq_tol(verdict_trend(creep, 8, &tau), 2 / 40320.0,
				1e-15);
	ck_assert_double_eq_tol(tau, 1, 1e-15);
	ck_assert(verdict_trend(creep, 5, &tau) == 1);	/* too few */
}
END_TEST

/* ---- Monte-Carlo --------------------------------------------------------- */

#define FIGS 36
#define NOISE 0.05	/* lognormal run-to-run noise: sd of ln(value) */

struct tally {
	unsigned wrong;		/* experiments with a false claim */
	unsigned found;		/* ... that found figure 0's change */
	unsigned same;		/* ... that called it the same */
};

/*
 * SIMS experiments of FIGS figures, N runs a side, every run
 * 100 * exp(NOISE * z); figure 0's B runs times EFFECT (1: a null
 * experiment).  A false claim: any HIGHER or LOWER on a figure that did
 * not change, or on figure 0 the wrong way.
 */
static struct tally simulate(unsigned sims, size_t n, double effect)
{
	static double a[FIGS][64], b[FIGS][64];
	struct verdict_input in[FIGS];
	struct verdict v[FIGS];
	struct verdict_cache cache;
	struct tally t = { 0 };
	unsigned s;
	size_t f, i;

	verdict_cache_init(&cache);
	for (s = 0; s < sims; s++) {
		bool wrong = false;

		for (f = 0; f < FIGS; f++) {
			for (i = 0; i < n; i++) {
				a[f][i] = 100 * exp(NOISE * gauss());
				b[f][i] = 100 * (f ? 1 : effect) *
					  exp(NOISE * gauss());
			}
			in[f] = (struct verdict_input){ .a = a[f], .na = n,
							.b = b[f], .nb = n };
		}
		ck_assert_int_eq(verdict_family(in, FIGS, NULL, &cache, v), 0);
		for (f = 0; f < FIGS; f++) {
			bool claim = v[f].kind == VERDICT_HIGHER ||
				     v[f].kind == VERDICT_LOWER;

			if (f || effect == 1)
				wrong |= claim;
			else
				wrong |= v[f].kind == (effect > 1 ?
					VERDICT_LOWER : VERDICT_HIGHER);
		}
		t.wrong += wrong;
		t.found += effect != 1 && v[0].kind == (effect > 1 ?
			VERDICT_HIGHER : VERDICT_LOWER);
		t.same += effect != 1 && v[0].kind == VERDICT_SAME;
	}
	verdict_cache_fini(&cache);
	return t;
}

/* The family-wise false-claim rate of 10,000 null experiments, 3, 5 and
 * 8 runs a side (3 and 5 cannot claim anything over 36 figures at 5 %
 * without assuming a distribution; 8 can, and stays under 5 %). */
START_TEST(null_experiments_rarely_claim)
{
	static const size_t ns[] = { 3, 5, 8 };
	struct tally t;
	size_t i;

	rng_state = UINT64_C(0x9E3779B97F4A7C15);
	for (i = 0; i < sizeof(ns) / sizeof(ns[0]); i++) {
		t = simulate(10000, ns[i], 1);
		printf("# null, %zu runs a side, %d figures: false claims in "
		       "%u of 10000 experiments (%.2f %%)\n", ns[i], FIGS,
		       t.wrong, t.wrong / 100.0);
		ck_assert_uint_le(t.wrong, 500);
	}
}
END_TEST

/*
 * --repeat auto as cmd_experiment runs it: runs added a side at a time up
 * to EXPERIMENT_BUDGET, the table judged at each look of
 * experiment_look() at 5 % / experiment_looks(); the experiment stops at
 * the first look where every main figure (MAIN of them: iozone-sweep's
 * 8 of 36) is decided.  Figure 0 (main) has B times EFFECT.  Counts as
 * simulate(); RUNS adds up the runs a side spent.
 */
static struct tally simulate_auto(unsigned sims, double effect,
				  size_t main, unsigned long *runs)
{
	static double a[FIGS][EXPERIMENT_BUDGET], b[FIGS][EXPERIMENT_BUDGET];
	struct verdict_opts o = { .alpha = VERDICT_ALPHA /
				  experiment_looks(EXPERIMENT_BUDGET) };
	struct verdict_input in[FIGS];
	struct verdict v[FIGS];
	struct verdict_cache cache;
	struct tally t = { 0 };
	unsigned s, n;
	size_t f;

	verdict_cache_init(&cache);
	for (s = 0; s < sims; s++) {
		bool wrong = false, decided = false;

		for (n = 1; n <= EXPERIMENT_BUDGET && !decided; n++) {
			for (f = 0; f < FIGS; f++) {
				a[f][n - 1] = 100 * exp(NOISE * gauss());
				b[f][n - 1] = 100 * (f ? 1 : effect) *
					      exp(NOISE * gauss());
				in[f] = (struct verdict_input){ .a = a[f],
					.na = n, .b = b[f], .nb = n };
			}
			if (!experiment_look(n, EXPERIMENT_BUDGET))
				continue;
			ck_assert_int_eq(verdict_family(in, FIGS, &o, &cache,
							v), 0);
			decided = true;
			for (f = 0; f < main; f++)
				decided &= v[f].kind == VERDICT_HIGHER ||
					   v[f].kind == VERDICT_LOWER ||
					   v[f].kind == VERDICT_SAME;
		}
		*runs += n - 1;
		for (f = 0; f < FIGS; f++)
			if (f || effect == 1)
				wrong |= v[f].kind == VERDICT_HIGHER ||
					 v[f].kind == VERDICT_LOWER;
			else
				wrong |= v[f].kind == (effect > 1 ?
					VERDICT_LOWER : VERDICT_HIGHER);
		t.wrong += wrong;
		t.found += effect != 1 && v[0].kind == (effect > 1 ?
			VERDICT_HIGHER : VERDICT_LOWER);
		t.same += effect != 1 && v[0].kind == VERDICT_SAME;
	}
	verdict_cache_fini(&cache);
	return t;
}

/* A true 10 % change (up, or down by the same factor) on one main
 * figure of 36 under 5 % noise, 1,000 experiments each: with --repeat
 * auto's default budget (20 a side, 5 looks at 1 % each) it is found in
 * at least 90 %, never called the same, and the other figures keep the
 * false-claim rate under 5 %; at a fixed 8 a side (found less often) it
 * is still never called the same.  Null experiments under auto: under
 * 5 % too. */
START_TEST(a_ten_percent_change_is_found)
{
	static const double effects[] = { 1.10, 1 / 1.10 };
	unsigned long runs = 0;
	struct tally t;
	size_t i;

	rng_state = UINT64_C(0xD1B54A32D192ED03);
	for (i = 0; i < 2; i++) {
		runs = 0;
		t = simulate_auto(1000, effects[i], 8, &runs);
		printf("# auto (budget %d): B/A = %.3f on a main figure of %d: "
		       "found in %u of 1000 (%.1f %%), the same %u, false "
		       "claims %u, %.1f runs a side on average\n",
		       EXPERIMENT_BUDGET, effects[i], FIGS, t.found,
		       t.found / 10.0, t.same, t.wrong, runs / 1000.0);
		ck_assert_uint_ge(t.found, 900);
		ck_assert_uint_eq(t.same, 0);
		ck_assert_uint_le(t.wrong, 50);
	}
	runs = 0;
	t = simulate_auto(500, 1, 8, &runs);
	printf("# auto, null: false claims in %u of 500 experiments, %.1f "
	       "runs a side on average\n", t.wrong, runs / 500.0);
	ck_assert_uint_le(t.wrong, 25);
	t = simulate(1000, 8, 1.10);
	printf("# B/A = 1.100, 8 runs a side, 5 %%: found in %u of 1000, the "
	       "same %u\n", t.found, t.same);
	ck_assert_uint_eq(t.same, 0);
	ck_assert_uint_gt(t.found, 0);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("verdict");
	TCase *tc = tcase_create("exact");
	TCase *mc = tcase_create("monte-carlo");

	tcase_add_test(tc, exact_p_against_every_arrangement);
	tcase_add_test(tc, separated_sides_give_the_smallest_p);
	tcase_add_test(tc, hodges_lehmann_interval);
	tcase_add_test(tc, holm_over_a_family);
	tcase_add_test(tc, three_answers);
	tcase_add_test(tc, no_ratio_below_or_at_zero);
	tcase_add_test(tc, a_preset_margin);
	tcase_add_test(tc, outliers_and_units);
	tcase_add_test(tc, trend_against_every_order);
	tcase_set_timeout(mc, 120);
	tcase_add_test(mc, null_experiments_rarely_claim);
	tcase_add_test(mc, a_ten_percent_change_is_found);
	suite_add_tcase(s, tc);
	suite_add_tcase(s, mc);
	return testutil_run(s);
}
