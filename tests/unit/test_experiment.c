/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Tests for the experiment's pure parts: the --vary parser, the
 * interleaved plan, the grid's variants and the table built from run
 * results with its verdicts (the verdict itself: test_verdict.c). */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "bench/experiment.h"
#include "session/snapexp.h"
#include "tune/tunespec.h"
#include "testutil.h"

static int spec(const char *s, struct tunespec *t, char *err)
{
	return tunespec_parse(s, strlen(s), t, err, 200);
}

START_TEST(vary_specs)
{
	struct tunespec t;
	char err[200], l[80];

	ck_assert_int_eq(spec("irq:150=0-3,4-7", &t, err), 0);
	ck_assert_int_eq(t.kind, TUNESPEC_IRQ);
	ck_assert_str_eq(t.target, "150");
	ck_assert_uint_eq(t.nvalues, 2);
	ck_assert_str_eq(t.values[1], "4-7");
	ck_assert_int_eq(spec("irq:sda=little,big,0+2", &t, err), 0);
	ck_assert_str_eq(t.values[2], "0,2");
	ck_assert_str_eq(tunespec_label(&t, 1, l, sizeof(l)), "irq:sda=big");
	ck_assert_int_eq(spec("maxfreq:policy4=1400MHz,2GHz", &t, err), 0);
	ck_assert_str_eq(t.values[0], "1400000");
	ck_assert_str_eq(t.values[1], "2000000");
	ck_assert_int_eq(spec("scheduler:sda=mq-deadline,bfq,none", &t, err),
			 0);
	ck_assert_uint_eq(t.nvalues, 3);
	ck_assert_int_eq(spec("governor:policy4=ondemand,performance", &t,
			      err), 0);
}
END_TEST

START_TEST(vary_refused)
{
	static const char *const bad[] = {
		"irq:150=4-7", "irq:150", "irq150=1,2", "frob:1=a,b",
		"governor:4=a,b", "maxfreq:policy4=fast,2GHz",
		"irq:150=1,1", "scheduler:../sda=a,b", "irq:150=1,,2",
		"irq:150=1,$(reboot)", "scheduler:sda=a,b,c,d,e,f,g,h,i",
		"=a,b", ":=,",
	};
	struct tunespec t;
	char err[200];
	size_t i;

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		err[0] = '\0';
		ck_assert_msg(spec(bad[i], &t, err) == -EINVAL, "%s", bad[i]);
		ck_assert_msg(err[0], "no sentence for %s", bad[i]);
	}
}
END_TEST

START_TEST(interleaved_plan)
{
	size_t o[16], i;
	static const size_t abbaab[] = { 0, 1, 1, 0, 0, 1 };
	static const size_t three[] = { 0, 1, 2, 2, 1, 0 };

	ck_assert_uint_eq(experiment_plan(2, 3, o, 16), 6);
	for (i = 0; i < 6; i++)
		ck_assert_uint_eq(o[i], abbaab[i]);
	ck_assert_uint_eq(experiment_plan(3, 2, o, 16), 6);
	for (i = 0; i < 6; i++)
		ck_assert_uint_eq(o[i], three[i]);
	ck_assert_uint_eq(experiment_plan(4, 5, o, 16), 20);	/* capped */
}
END_TEST

START_TEST(grid_variants)
{
	struct tunevary tv;
	struct tunespec a, b;
	char err[200], l[200];
	size_t vi[2];

	tunevary_init(&tv, NULL, NULL, NULL);
	spec("irq:150=0-3,4-7", &a, err);
	spec("governor:policy4=ondemand,performance,powersave", &b, err);
	ck_assert_int_eq(tunevary_add(&tv, &a, NULL, err, sizeof(err)), 0);
	ck_assert_int_eq(tunevary_add(&tv, &b, NULL, err, sizeof(err)), 0);
	experiment_values(&tv, 4, vi);
	ck_assert_uint_eq(vi[0], 1);
	ck_assert_uint_eq(vi[1], 1);
	ck_assert_str_eq(experiment_label(&tv, 5, l, sizeof(l)),
			 "irq:150=4-7 governor:policy4=powersave");
	spec("hook:disk=a,b", &a, err);
	ck_assert_int_eq(tunevary_add(&tv, &a, NULL, err, sizeof(err)),
			 -E2BIG);
	tv.n = 0;
	ck_assert_int_eq(tunevary_add(&tv, &a, NULL, err, sizeof(err)),
			 -EINVAL);	/* no hook script named */
	ck_assert_ptr_nonnull(strstr(err, TUNEVARY_HOOK_ENV));
}
END_TEST

static void put(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	ck_assert_ptr_nonnull(f);
	fputs(text, f);
	fclose(f);
}

static char *get(const char *path, char *dst, size_t size)
{
	FILE *f = fopen(path, "r");

	ck_assert_ptr_nonnull(f);
	ck_assert_ptr_nonnull(fgets(dst, (int)size, f));
	fclose(f);
	dst[strcspn(dst, "\n")] = '\0';
	return dst;
}

/* The experiment puts back the value it found, not the session's first:
 * a pin made before it (in the monitor) stays. */
START_TEST(restore_to_the_value_before)
{
	char dir[] = "/tmp/benchtop-exp.XXXXXX", p[256], q[256], v[32];
	struct tune t;
	struct tunevary tv;
	struct tunespec s;
	struct cpuset one;
	char err[200];

	ck_assert_ptr_nonnull(mkdtemp(dir));
	snprintf(p, sizeof(p), "%s/irq", dir);
	mkdir(p, 0700);
	snprintf(p, sizeof(p), "%s/irq/150", dir);
	mkdir(p, 0700);
	snprintf(p, sizeof(p), "%s/irq/150/smp_affinity_list", dir);
	put(p, "2\n");
	tune_init(&t, dir, dir);	/* no cpu/online: every CPU allowed */
	cpulist_parse("1", 1, &one);
	ck_assert_int_ge(tune_irq(&t, 150, &one), 0);
	tunevary_init(&tv, &t, NULL, NULL);
	spec("irq:150=0-3,4-7", &s, err);
	ck_assert_int_eq(tunevary_add(&tv, &s, NULL, err, sizeof(err)), 0);
	ck_assert_int_eq(tunevary_apply(&tv, 0, 0, err, sizeof(err)), 0);
	ck_assert_str_eq(get(p, v, sizeof(v)), "0-3");
	ck_assert_int_eq(tunevary_apply(&tv, 0, 1, err, sizeof(err)), 0);
	ck_assert_int_eq(tunevary_restore(&tv), 0);
	ck_assert_str_eq(get(p, v, sizeof(v)), "1");
	ck_assert(t.journal.v[t.journal.n - 1].restore);
	ck_assert_str_eq(t.journal.v[t.journal.n - 1].new, "1");
	tune_fini(&t);
	unlink(p);
	snprintf(q, sizeof(q), "%s/irq/150", dir);
	rmdir(q);
	snprintf(q, sizeof(q), "%s/irq", dir);
	rmdir(q);
	rmdir(dir);
}
END_TEST

/* Runs as experiment_collect() keeps them: variant and result. */
/* The columns of TEXT's widest line (UTF-8 characters). */
static size_t widest(const char *text)
{
	size_t w = 0, cols = 0;

	for (; *text; text++) {
		if (*text == '\n')
			cols = 0;
		else if ((*text & 0xc0) != 0x80 && ++cols > w)
			w = cols;
	}
	return w;
}

static json_t *run(int variant, const char *status, double w)
{
	return json_pack("{s:i s:{s:s s:[{s:s s:f s:s s:b}]}}", "variant",
			 variant, "result", "status", status, "figures",
			 "name", "write", "value", w, "unit", "MB/s", "main",
			 1);
}

START_TEST(table_from_runs)
{
	json_t *runs = json_pack("[o o o o o o o o o o o]", run(0, "ok", 50),
		run(1, "ok", 100), run(1, "ok", 101), run(0, "ok", 51),
		run(0, "ok", 49), run(1, "ok", 99), run(1, "failed", 0),
		run(0, "ok", 50.5), run(1, "ok", 100.5), run(1, "ok", 99.5),
		run(0, "ok", 70));
	json_t *figs = experiment_figures(runs, 2, NULL), *f, *exp, *c, *a;
	struct snapexp_figure rows[4];
	char *text;
	size_t len;
	FILE *mem;

	ck_assert_uint_eq(json_array_size(figs), 1);
	f = json_array_get(figs, 0);
	ck_assert_str_eq(json_string_value(json_object_get(f, "name")),
			 "write");
	a = json_array_get(json_object_get(f, "variants"), 0);
	ck_assert_double_eq_tol(json_real_value(json_object_get(
		json_array_get(json_object_get(f, "variants"), 1), "median")),
		100, 1e-9);
	ck_assert_int_eq(json_integer_value(json_object_get(json_array_get(
		json_object_get(f, "variants"), 1), "n")), 5);
	/* A's 70 lies far outside 49-51: flagged, not averaged away */
	ck_assert_uint_eq(json_array_size(json_object_get(a, "outliers")), 1);
	ck_assert_int_eq(json_integer_value(json_array_get(json_object_get(a,
		"outliers"), 0)), 4);
	c = json_array_get(json_object_get(f, "comparisons"), 0);
	/* 5 a side, every B above every A: p = 2/252; k = 3 of the 25
	 * pairs' ratios: the third smallest is 100.5/70 (the outlier widens
	 * the interval instead of hiding), the third largest 100/49 */
	ck_assert_str_eq(json_string_value(json_object_get(c, "sentence")),
			 "faster by 43-104 %");
	ck_assert_double_eq_tol(json_real_value(json_object_get(c, "p")),
				2.0 / 252, 1e-12);
	ck_assert_int_eq(json_integer_value(json_object_get(c, "family")), 1);
	ck_assert(json_is_true(json_object_get(c, "claimed")));
	exp = json_pack("{s:o s:[{s:s s:s} {s:s s:s}]}", "figures", figs,
			"variants", "name", "A", "label", "irq:150=0-3",
			"name", "B", "label", "irq:150=4-7");
	ck_assert_uint_eq(snapexp_figures(exp, rows, 4), 2);
	ck_assert_str_eq(rows[1].variant, "B");
	ck_assert_str_eq(rows[1].label, "irq:150=4-7");
	ck_assert_str_eq(rows[1].verdict, "higher");
	ck_assert_double_eq_tol(rows[1].ratio, 100.0 / 50.5, 1e-9);
	ck_assert(!rows[0].has_ratio);
	/* the table says A's outlier on A's row */
	json_object_set_new(exp, "preset", json_string("seq-direct"));
	text = NULL;
	mem = open_memstream(&text, &len);
	snapexp_print(mem, exp, false);
	fclose(mem);
	/* the sentences do not fit beside their rows in 80 columns: under
	 * them, where the drift sentence goes */
	ck_assert_ptr_nonnull(strstr(text, "\nwrite MB/s             A        "
				     "50.5 49-70\n                         1 "
				     "run far off the others\n"));
	ck_assert_ptr_nonnull(strstr(text, " 1.980\n                         "
				     "faster by 43-104 %\n"));
	ck_assert_uint_le(widest(text), 80);
	free(text);
	json_decref(exp);
	json_decref(runs);
}
END_TEST

/* Two figures judged as one family: each comparison says so, and the
 * figure that stays put is not claimed. */
START_TEST(table_is_one_family)
{
	json_t *runs = json_array(), *figs, *c0, *c1;
	static const double w[] = { 50, 51, 49, 50.5, 49.5 };
	size_t i;

	for (i = 0; i < 5; i++) {
		json_array_append_new(runs, json_pack("{s:i s:{s:s s:[{s:s s:f "
			"s:s s:b} {s:s s:f s:s s:b}]}}", "variant", 0, "result",
			"status", "ok", "figures", "name", "write", "value",
			w[i], "unit", "MB/s", "main", 1, "name", "read",
			"value", w[i], "unit", "MB/s", "main", 1));
		json_array_append_new(runs, json_pack("{s:i s:{s:s s:[{s:s s:f "
			"s:s s:b} {s:s s:f s:s s:b}]}}", "variant", 1, "result",
			"status", "ok", "figures", "name", "write", "value",
			w[i] * 2, "unit", "MB/s", "main", 1, "name", "read",
			"value", w[(i + 2) % 5], "unit", "MB/s", "main", 1));
	}
	figs = experiment_figures(runs, 2, NULL);
	c0 = json_array_get(json_object_get(json_array_get(figs, 0),
					    "comparisons"), 0);
	c1 = json_array_get(json_object_get(json_array_get(figs, 1),
					    "comparisons"), 0);
	ck_assert_int_eq(json_integer_value(json_object_get(c0, "family")), 2);
	ck_assert_str_eq(json_string_value(json_object_get(c0, "verdict")),
			 "higher");
	ck_assert_double_eq_tol(json_real_value(json_object_get(c0, "level")),
				1 - 0.05 / 2, 1e-12);
	ck_assert_str_eq(json_string_value(json_object_get(c1, "verdict")),
			 "unclear");
	ck_assert(json_is_false(json_object_get(c1, "claimed")));
	json_decref(figs);
	json_decref(runs);
}
END_TEST

/* A creep over the runs (A B B A A B B A, each 2 % above the last)
 * is said: drift tau 1, p = 2/8!, and a line under the figure. */
START_TEST(drift_is_said)
{
	static const int order[] = { 0, 1, 1, 0, 0, 1, 1, 0 };
	json_t *runs = json_array(), *figs, *d, *exp;
	char *text = NULL;
	size_t i, len;
	FILE *mem;

	for (i = 0; i < 8; i++)
		json_array_append_new(runs, run(order[i], "ok",
						50 * (1 + 0.02 * (double)i)));
	figs = experiment_figures(runs, 2, NULL);
	d = json_object_get(json_array_get(figs, 0), "drift");
	ck_assert_double_eq_tol(json_real_value(json_object_get(d, "tau")), 1,
				1e-12);
	ck_assert_double_eq_tol(json_real_value(json_object_get(d, "p")),
				2 / 40320.0, 1e-15);
	exp = json_pack("{s:o s:[{s:s s:s} {s:s s:s}]}", "figures", figs,
			"variants", "name", "A", "label", "x", "name", "B",
			"label", "y");
	mem = open_memstream(&text, &len);
	snapexp_print(mem, exp, false);
	fclose(mem);
	ck_assert_ptr_nonnull(strstr(text, "\n                         the "
		"runs drift upwards in the order run (Kendall tau\n"
		"                         +1.00, p 5e-05): heat, a filling "
		"disk?\n"));
	ck_assert_uint_le(widest(text), 80);
	free(text);
	json_decref(exp);
	json_decref(runs);
}
END_TEST

/* TEXT with every run of spaces and line ends made one space. */
static char *flat(const char *text)
{
	char *out = malloc(strlen(text) + 1), *o = out;

	ck_assert_ptr_nonnull(out);
	for (; *text; text++)
		if (!(*text == ' ' || *text == '\n') ||
		    (o > out && o[-1] != ' '))
			*o++ = *text == '\n' ? ' ' : *text;
	*o = '\0';
	return out;
}

/* The longest lines an experiment's table has: 20 runs a side in the
 * order line, a long target, a German label, a variant not in effect,
 * "cannot tell" with its "about M more", a drift, iozone's figure
 * names: 80 columns, each sentence whole once the wraps are undone. */
START_TEST(table_fits_80_columns)
{
	static const char sentence[] = "cannot tell with 20 runs a side: "
				       "about 31 more would decide a 3.5 % "
				       "change";
	json_t *exp = json_pack("{s:s s:s s:i s:b s:i s:s s:b s:[{s:s s:s} "
		"{s:s s:s s:i s:s}]}", "preset", "iozone-sweep", "target",
		"/media/benutzer/Große Platte mit einem langen Namen/"
		"benchtop-Versuche", "repeat", 20, "auto", 1, "budget", 20,
		"status", "ok", "restored", 1, "variants", "name", "A",
		"label", "hook:Warteschlangentiefe=32", "name", "B", "label",
		"hook:Warteschlangentiefe=größer-als-der-Standard-von-"
		"zweiunddreißig", "not_in_effect", 3, "readback",
		"hook:Warteschlangentiefe=32");
	json_t *order = json_array(), *figs = json_array();
	char *text = NULL, *one;
	size_t i, len;
	FILE *mem;

	for (i = 0; i < 40; i++)
		json_array_append_new(order, json_integer((i + i / 2) % 2));
	json_object_set_new(exp, "order", order);
	for (i = 0; i < 2; i++)
		json_array_append_new(figs, json_pack("{s:s s:s s:[{s:f s:f "
			"s:f s:i} {s:f s:f s:f s:i}] s:[{s:f s:s s:s}] s:{s:f "
			"s:f}}", "name", i ? "random write 16384k" : "write 4k",
			"unit", "KB/s", "variants", "median", 123456.0, "min",
			100000.0, "max", 1234567.0, "n", 20, "median",
			123457.0, "min", 100001.0, "max", 1234568.0, "n", 17,
			"comparisons", "ratio", 1.0, "verdict", "unclear",
			"sentence", sentence, "drift", "tau", -0.5, "p",
			0.001));
	json_object_set_new(exp, "figures", figs);
	mem = open_memstream(&text, &len);
	snapexp_print(mem, exp, false);
	fclose(mem);
	ck_assert_msg(widest(text) <= 80, "%zu columns:\n%s", widest(text),
		      text);
	one = flat(text);
	ck_assert_ptr_nonnull(strstr(one, sentence));
	ck_assert_ptr_nonnull(strstr(one, "in the order A B B A A B B A "));
	ck_assert_ptr_nonnull(strstr(one, "B*: the variant did not take "
		"effect in 3 of its runs (read back hook:Warteschlangentiefe"
		"=32), which are left out of the table and the verdict."));
	ck_assert_ptr_nonnull(strstr(one, "the runs drift downwards in the "
		"order run (Kendall tau -0.50, p 0.001): heat, a filling "
		"disk?"));
	ck_assert_ptr_nonnull(strstr(text, "\nrandom write 16384k KB/s"));
	free(one);
	free(text);
	json_decref(exp);
}
END_TEST

START_TEST(auto_looks)
{
	unsigned n, looks = 0;

	ck_assert_uint_eq(experiment_looks(20), 5);
	for (n = 1; n <= 20; n++)
		looks += experiment_look(n, 20);
	ck_assert_uint_eq(looks, 5);
	ck_assert(experiment_look(5, 20) && experiment_look(7, 20) &&
		  experiment_look(14, 20) && experiment_look(20, 20));
	ck_assert(!experiment_look(6, 20) && !experiment_look(21, 20));
	ck_assert_uint_eq(experiment_looks(5), 1);	/* only at 5 */
	ck_assert(experiment_look(5, 5) && !experiment_look(4, 5));
	ck_assert_uint_eq(experiment_looks(3), 1);
	ck_assert(experiment_look(3, 3));
	ck_assert_uint_eq(experiment_looks(50), 8);
}
END_TEST

/* Runs of two main figures, B twice A with 1 % spread: decided at
 * auto's second look (7 a side, 1 %: p 2/3432), not at its first (5 a
 * side: 2/252 is above 1 % / 2); a figure that is not main does not hold
 * the experiment up, nor a main count at 0 that more runs cannot decide,
 * but a main rate that more runs would decide does. */
START_TEST(auto_decides)
{
	static const double w[] = { 50, 50.5, 49.5, 50.2, 49.8, 50.1, 49.9 };
	struct verdict_opts o = { .alpha = VERDICT_ALPHA / 5 };
	json_t *runs5 = json_array(), *runs7 = json_array(), *f5, *f7;
	size_t i, k;

	for (i = 0; i < 7; i++)
		for (k = 0; k < 2; k++) {
			json_t *r = json_pack("{s:i s:{s:s s:[{s:s s:f s:s "
				"s:b} {s:s s:f s:s s:b} {s:s s:f s:s s:b}]}}",
				"variant", (int)k, "result", "status", "ok",
				"figures", "name", "write", "value",
				w[i] * (k + 1), "unit", "MB/s", "main", 1,
				"name", "read", "value", w[6 - i] * (k + 1),
				"unit", "MB/s", "main", 1, "name", "latency",
				"value", k && i % 2 ? 80.0 : k ? 30.0 : w[i],
				"unit", "ms", "main", 0);

			json_array_append_new(json_object_get(json_object_get(
				r, "result"), "figures"), json_pack("{s:s s:i "
				"s:s s:b}", "name", "retransmits", "value",
				k && i == 3 ? 7 : 0, "unit", "", "main", 1));

			if (i < 5)
				json_array_append(runs5, r);
			json_array_append_new(runs7, r);
		}
	f5 = experiment_figures(runs5, 2, &o);
	f7 = experiment_figures(runs7, 2, &o);
	ck_assert(!experiment_decided(f5));
	ck_assert(experiment_decided(f7));
	ck_assert_str_eq(json_string_value(json_object_get(json_array_get(
		json_object_get(json_array_get(f7, 2), "comparisons"), 0),
		"verdict")), "unclear");	/* latency: not main */
	ck_assert_str_eq(json_string_value(json_object_get(json_array_get(
		json_object_get(json_array_get(f7, 3), "comparisons"), 0),
		"verdict")), "unclear");	/* retransmits: no ratio */
	/* the latency made main: more runs would decide it, so it holds */
	json_object_set_new(json_array_get(f7, 2), "main", json_true());
	ck_assert(!experiment_decided(f7));
	json_decref(f5);
	json_decref(f7);
	json_decref(runs5);
	json_decref(runs7);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("experiment");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, vary_specs);
	tcase_add_test(tc, vary_refused);
	tcase_add_test(tc, interleaved_plan);
	tcase_add_test(tc, grid_variants);
	tcase_add_test(tc, table_from_runs);
	tcase_add_test(tc, table_is_one_family);
	tcase_add_test(tc, drift_is_said);
	tcase_add_test(tc, table_fits_80_columns);
	tcase_add_test(tc, auto_looks);
	tcase_add_test(tc, auto_decides);
	tcase_add_test(tc, restore_to_the_value_before);
	suite_add_tcase(s, tc);
	return testutil_run(s);
}
