/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test_snapdoc: saved sessions into struct snapdoc - the committed
 * snapshots, every key of a wrong type refused with one sentence,
 * optional parts left out, hostile strings kept as data and cleaned by
 * the snapshot's loader before a report shows them. */
#include "config.h"

#include <check.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "session/snapdoc.h"
#include "session/snapexp.h"
#include "session/snapreport.h"
#include "session/snapshot.h"
#include "testutil.h"

/* tests/data/snapshots/NAME, as snapshot_load() returns it. */
static json_t *saved(const char *name)
{
	char path[128], err[400];
	size_t len;
	char *buf;
	json_t *doc;

	snprintf(path, sizeof(path), "snapshots/%s", name);
	buf = testutil_load(path, &len);
	ck_assert_msg(snapshot_load(buf, len, &doc, err, sizeof(err)) == 0,
		      "%s", err);
	free(buf);
	return doc;
}

START_TEST(xu4_loads)
{
	json_t *doc = saved("odroid-xu4.json");
	struct snapdoc d;
	char err[256];

	ck_assert_msg(snapdoc_load(&d, doc, err, sizeof(err)) == 0, "%s", err);
	ck_assert_str_eq(d.sys.host.kernel, "4.9.17");
	ck_assert_str_eq(d.sys.host.board, "Hardkernel Odroid XU4");
	ck_assert_str_eq(d.sys.host.cpus_online, "0-7");
	ck_assert_uint_eq(d.sys.nclusters, 2);
	ck_assert_int_eq(d.sys.clusters[1].policy_n, 4);
	ck_assert_str_eq(snapdoc_text(&d.sys.clusters[1].policy), "4");
	ck_assert_int_eq(d.sys.clusters[1].max_khz, 2000000);
	ck_assert_str_eq(d.sys.clusters[0].governor, "ondemand");
	ck_assert_uint_eq(d.sys.nirqs, 6);
	ck_assert_str_eq(snapdoc_text(&d.sys.irqs[0].irq), "80");
	ck_assert_uint_eq(d.sys.nusb, 2);
	ck_assert_str_eq(d.sys.usb[0].driver, "uas");
	ck_assert_str_eq(snapdoc_text(&d.sys.disks[0].size_bytes),
			 "4000787030016");
	ck_assert_str_eq(snapdoc_text(&d.sys.zones[0].temp_c), "31.00");
	ck_assert_str_eq(snapdoc_link(&d.sys, "sda"), "sda -> 4-1 ASMedia "
			 "ASM1051E/ASM1053E/ASM1153E uas 5000M -> "
			 "xhci-hcd.2.auto -> IRQ 150 -> CPU 2");
	ck_assert_ptr_null(snapdoc_link(&d.sys, "sdb"));
	ck_assert_uint_eq(d.njournal, 2);
	ck_assert_str_eq(snapdoc_text(&d.journal[0].old), "ondemand");
	ck_assert_str_eq(snapdoc_text(&d.journal[0].new_v), "performance");
	ck_assert_int_eq(d.journal[0].time_ms, 1714564800000LL);
	ck_assert_uint_eq(d.nresults, 4);
	ck_assert(!d.results[0].is_run);	/* the seeds' shape */
	snapdoc_fini(&d);
	json_decref(doc);
}
END_TEST

START_TEST(runs_load_as_results)
{
	json_t *doc = saved("x86-vm-bench-a.json");
	struct snapdoc d;
	char err[256];
	size_t i;

	ck_assert_msg(snapdoc_load(&d, doc, err, sizeof(err)) == 0, "%s", err);
	ck_assert_uint_eq(d.nresults, 4);
	for (i = 0; i < d.nresults; i++) {
		ck_assert(d.results[i].is_run);
		ck_assert_uint_gt(d.results[i].run.nfigs, 0);
	}
	ck_assert_str_eq(d.results[3].run.kind, "iperf");
	snapdoc_fini(&d);
	json_decref(doc);
}
END_TEST

static const struct {
	const char *file, *path, *value, *sentence;
} wrong[] = {
	{ "odroid-xu4.json", "system.host.kernel", "5", "The snapshot's "
	  "\"system.host.kernel\" is a number, not a string." },
	{ "odroid-xu4.json", "system.board", "true", "The snapshot's "
	  "\"system.board\" is true or false, not a string." },
	{ "odroid-xu4.json", "system.clusters.0.governor", "[]", "The "
	  "snapshot's \"system.clusters[].governor\" is a list, not a "
	  "string." },
	{ "odroid-xu4.json", "system.clusters.1.min_khz", "\"200 MHz\"", "The "
	  "snapshot's \"system.clusters[].min_khz\" is a string, not a whole "
	  "number." },
	{ "odroid-xu4.json", "system.clusters", "{}", "The snapshot's \""
	  "system.clusters\" is an object, not a list." },
	{ "odroid-xu4.json", "system.irqs.2.irq", "{}", "The snapshot's \""
	  "system.irqs[].irq\" is an object, not a number or a word." },
	{ "odroid-xu4.json", "system.irqs.0.numeric", "\"yes\"", "The "
	  "snapshot's \"system.irqs[].numeric\" is a string, not true or "
	  "false." },
	{ "odroid-xu4.json", "system.usb.devices.1.driver", "8153", "The "
	  "snapshot's \"system.usb.devices[].driver\" is a number, not a "
	  "string." },
	{ "odroid-xu4.json", "system.block.devices", "\"sda\"", "The "
	  "snapshot's \"system.block.devices\" is a string, not a list." },
	{ "odroid-xu4.json", "system.thermal.zones.3", "\"hot\"", "The "
	  "snapshot's \"system.thermal.zones[]\" is a string, not an "
	  "object." },
	{ "odroid-xu4.json", "system.chain.0.text", "7", "The snapshot's \""
	  "system.chain[].text\" is a number, not a string." },
	{ "odroid-xu4.json", "journal.1.old", "[\"ondemand\"]", "The "
	  "snapshot's \"journal[].old\" is a list, not a number or a word." },
	{ "odroid-xu4.json", "journal.0.time", "1714564800", "The snapshot's "
	  "\"journal[].time\" is a number, not a string." },
	{ "x86-vm-bench-a.json", "results.1.figures.0.value", "\"fast\"",
	  "Result 2 of the snapshot: The result's \"figures[].value\" is a "
	  "string, not a number." },
	{ "x86-vm-bench-a.json", "results.3.conditions.target.interfaces.0."
	  "irqs.1.top_cpu", "\"1\"", "Result 4 of the snapshot: The result's "
	  "\"conditions.target.interfaces[].irqs[].top_cpu\" is a string, "
	  "not a whole number." },
};

START_TEST(each_wrong_type_is_one_sentence)
{
	json_t *doc = saved(wrong[_i].file);
	struct snapdoc d;
	char err[256];

	testutil_json_set(doc, wrong[_i].path, testutil_json(wrong[_i].value));
	ck_assert_int_eq(snapdoc_load(&d, doc, err, sizeof(err)), -EINVAL);
	ck_assert_str_eq(err, wrong[_i].sentence);
	ck_assert_ptr_null(d.doc);
	ck_assert_uint_eq(d.nresults + d.njournal + d.sys.nirqs, 0);
	ck_assert_int_eq(doc->refcount, 1);
	snapdoc_fini(&d);
	json_decref(doc);
}
END_TEST

START_TEST(optional_parts_may_be_missing)
{
	json_t *doc = saved("odroid-xu4.json"), *sys;
	struct snapdoc d;
	char err[256];

	sys = json_object_get(doc, "system");
	json_object_del(sys, "thermal");
	json_object_del(sys, "usb");
	json_object_set_new(sys, "board", json_null());
	json_object_del(json_array_get(json_object_get(doc, "journal"), 0),
			"readback");
	ck_assert_msg(snapdoc_load(&d, doc, err, sizeof(err)) == 0, "%s", err);
	ck_assert_uint_eq(d.sys.nzones + d.sys.nusb, 0);
	ck_assert_ptr_null(d.sys.host.board);
	ck_assert_str_eq(snapdoc_text(&d.journal[0].readback), "");
	ck_assert_ptr_null(d.journal[0].readback.s);
	ck_assert_uint_eq(d.sys.nclusters, 2);
	snapdoc_fini(&d);
	json_decref(doc);
}
END_TEST

#define HOSTILE "xu4\033]0;pwned\007\342\200\256gnp.exe"

START_TEST(hostile_strings_stay_data)
{
	json_t *doc = saved("odroid-xu4.json");
	struct snapdoc d;
	char err[256], *text, *out = NULL;
	size_t len = 0;
	FILE *f;

	testutil_json_set(doc, "system.host.hostname", json_string(HOSTILE));
	testutil_json_set(doc, "journal.0.target", json_string(HOSTILE));
	ck_assert_int_eq(snapdoc_load(&d, doc, err, sizeof(err)), 0);
	ck_assert_str_eq(d.sys.host.hostname, HOSTILE);	/* data */
	ck_assert_str_eq(d.journal[0].target, HOSTILE);
	snapdoc_fini(&d);
	/* read from a file, the snapshot's loader cleans it before a
	 * report shows it */
	text = snapshot_dumps(doc);
	json_decref(doc);
	ck_assert_int_eq(snapshot_load(text, strlen(text), &doc, err,
				       sizeof(err)), 0);
	ck_assert_int_eq(snapdoc_load(&d, doc, err, sizeof(err)), 0);
	f = open_memstream(&out, &len);
	ck_assert_int_eq(snapreport_markdown(f, &d, false), 0);
	fclose(f);
	ck_assert_ptr_nonnull(strstr(out, "# benchtop session: xu4"));
	ck_assert_ptr_null(strchr(out, '\033'));
	ck_assert_ptr_null(strchr(out, '\007'));
	ck_assert_ptr_null(strstr(out, "\342\200\256"));
	snapdoc_fini(&d);
	json_decref(doc);
	free(text);
	free(out);
}
END_TEST

/* An experiment: governor A against B, one figure, two runs each. */
static const char experiment[] =
	"{\"kind\": \"experiment\", \"preset\": \"seq-direct\","
	" \"target\": \"/mnt/ssd\", \"repeat\": 2,"
	" \"vary\": [\"governor:policy0=ondemand,performance\"],"
	" \"variants\": [{\"name\": \"A\", \"label\": \"ondemand\"},"
	"  {\"name\": \"B\", \"label\": \"performance\"}],"
	" \"order\": [0, 1, 1, 0], \"status\": \"ok\", \"error\": null,"
	" \"restored\": true, \"runs\": [{\"variant\": 0, \"result\":"
	"  {\"kind\": \"seq-direct\"}}],"
	" \"figures\": [{\"name\": \"write\", \"unit\": \"MB/s\","
	"  \"variants\": [{\"median\": 200, \"min\": 198, \"max\": 202,"
	"   \"n\": 2}, {\"median\": 250, \"min\": 249, \"max\": 251,"
	"   \"n\": 2}], \"comparisons\": [{\"ratio\": 1.25, \"verdict\":"
	"   \"higher\", \"sentence\": \"B is 25 % faster\"}]}]}";

START_TEST(experiment_loads_and_prints)
{
	json_t *doc = testutil_json(experiment);
	struct expdoc e;
	char err[256], *out = NULL;
	size_t len = 0;
	FILE *f;

	ck_assert_msg(expdoc_load(&e, doc, err, sizeof(err)) == 0, "%s", err);
	ck_assert_uint_eq(e.norder, 4);
	ck_assert_int_eq(e.order[1], 1);
	ck_assert_uint_eq(e.nvariants, 2);
	ck_assert_str_eq(e.variants[1].label, "performance");
	ck_assert_int_eq(e.restored, 1);
	ck_assert_str_eq(e.kind, "seq-direct");
	ck_assert(e.figs[0].sides[1].median == 250);
	ck_assert(e.figs[0].cmps[0].ratio == 1.25);
	f = open_memstream(&out, &len);
	snapexp_print_doc(f, &e, false);
	fclose(f);
	ck_assert_ptr_nonnull(strstr(out, "2 runs of each variant, in the "
				     "order A B B A; status ok\n"));
	/* 63 columns of cells, 2 of space and 16 of sentence: 81, so the
	 * sentence goes under the row */
	ck_assert_ptr_nonnull(strstr(out, "\n                       B   "
				     "      250 249-251              1.250\n"
				     "                         B is 25 % "
				     "faster\n"));
	ck_assert_ptr_nonnull(strstr(out, "The tuning was put back"));
	free(out);
	expdoc_fini(&e);
	json_decref(doc);
}
END_TEST

static const struct {
	const char *path, *value, *sentence;
} exp_wrong[] = {
	{ "repeat", "\"2\"", "The experiment's \"repeat\" is a string, not a "
	  "whole number." },
	{ "order.2", "\"B\"", "The experiment's \"order[]\" is a string, not "
	  "a variant's number." },
	{ "restored", "\"yes\"", "The experiment's \"restored\" is a string, "
	  "not true or false." },
	{ "variants.1.label", "2", "The experiment's \"variants[].label\" is "
	  "a number, not a string." },
	{ "figures.0.variants.1.median", "\"250\"", "The experiment's \""
	  "figures[].variants[].median\" is a string, not a number." },
	{ "figures.0.comparisons.0.sentence", "{}", "The experiment's \""
	  "figures[].comparisons[].sentence\" is an object, not a string." },
	{ "figures", "{}", "The experiment's \"figures\" is an object, not a "
	  "list." },
};

START_TEST(experiment_wrong_type_is_one_sentence)
{
	json_t *doc = testutil_json(experiment);
	struct expdoc e;
	char err[256];

	testutil_json_set(doc, exp_wrong[_i].path,
			  testutil_json(exp_wrong[_i].value));
	ck_assert_int_eq(expdoc_load(&e, doc, err, sizeof(err)), -EINVAL);
	ck_assert_str_eq(err, exp_wrong[_i].sentence);
	ck_assert_ptr_null(e.doc);
	expdoc_fini(&e);
	json_decref(doc);
}
END_TEST

/* In a snapshot: an experiment that cannot be read refuses the file. */
START_TEST(snapshot_experiments)
{
	json_t *doc = saved("odroid-xu4.json"), *x = testutil_json(experiment);
	struct snapdoc d;
	char err[256];

	json_object_set_new(doc, "experiments", json_pack("[O]", x));
	ck_assert_msg(snapdoc_load(&d, doc, err, sizeof(err)) == 0, "%s", err);
	ck_assert(d.has_exps && d.nexps == 1);
	ck_assert_str_eq(d.exps[0].preset, "seq-direct");
	snapdoc_fini(&d);
	json_object_del(x, "figures");	/* optional: none yet */
	ck_assert_int_eq(snapdoc_load(&d, doc, err, sizeof(err)), 0);
	ck_assert_uint_eq(d.exps[0].nfigs, 0);
	snapdoc_fini(&d);
	testutil_json_set(x, "vary", json_integer(1));
	ck_assert_int_eq(snapdoc_load(&d, doc, err, sizeof(err)), -EINVAL);
	ck_assert_str_eq(err, "Experiment 1 of the snapshot: The "
			 "experiment's \"vary\" is a number, not a list.");
	json_decref(x);
	json_decref(doc);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("snapdoc");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, xu4_loads);
	tcase_add_test(tc, runs_load_as_results);
	tcase_add_loop_test(tc, each_wrong_type_is_one_sentence, 0,
			    (int)(sizeof(wrong) / sizeof(wrong[0])));
	tcase_add_test(tc, optional_parts_may_be_missing);
	tcase_add_test(tc, hostile_strings_stay_data);
	tcase_add_test(tc, experiment_loads_and_prints);
	tcase_add_loop_test(tc, experiment_wrong_type_is_one_sentence, 0,
			    (int)(sizeof(exp_wrong) / sizeof(exp_wrong[0])));
	tcase_add_test(tc, snapshot_experiments);
	suite_add_tcase(s, tc);
	return testutil_run(s);
}
