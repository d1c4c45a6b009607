/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test_benchresult: result documents into struct benchresult - real runs
 * from a saved session, every key of a wrong type refused with one
 * sentence, optional keys left out, hostile strings kept as data. */
#include "config.h"

#include <check.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/strclean.h"
#include "bench/bench_iperf.h"
#include "bench/benchresult.h"
#include "session/snapbench.h"
#include "session/snapshot.h"
#include "testutil.h"

/* A run with every part the readers use: USB disk, IRQ, two clusters. */
static const char full[] =
	"{\"preset\": \"seq-direct\", \"kind\": \"seq-direct\","
	" \"target\": \"/mnt/ssd\", \"status\": \"cancelled\","
	" \"error\": \"cancelled at 40 %\", \"port\": 5201,"
	" \"settings\": {\"io\": \"O_DIRECT\", \"size_bytes\": 67108864,"
	"  \"file_bytes\": 104857600, \"duration_s\": 10, \"reverse\": true},"
	" \"figures\": [{\"name\": \"write\", \"value\": 251.3,"
	"  \"unit\": \"MB/s\", \"main\": true},"
	"  {\"name\": \"retransmits\", \"value\": 12, \"unit\": \"\","
	"  \"main\": false}],"
	" \"table\": {\"columns\": [\"kB\", \"reclen\", null],"
	"  \"rows\": [[1024, 4, 5000.5], [1024, 16, null]]},"
	" \"details\": {\"bytes\": 67108864, \"write_s\": 0.25,"
	"  \"read_s\": 0.125, \"device\": \"/dev/sda\"},"
	" \"conditions\": {\"time_start\": \"2026-12-01T09:00:00Z\","
	"  \"time_end\": \"2026-12-01T09:00:10Z\", \"duration_s\": 10.5,"
	"  \"kernel\": \"6.1.77\", \"machine\": \"armv7l\","
	"  \"hostname\": \"xu4\", \"board\": \"Odroid XU4\","
	"  \"target\": {\"path\": \"/mnt/ssd\", \"mountpoint\": \"/mnt/ssd\","
	"   \"fstype\": \"ext4\", \"source\": \"/dev/sda1\", \"disk\": \"sda\","
	"   \"usb\": {\"device\": \"174c:55aa\", \"speed\": \"5000M\","
	"    \"driver\": \"uas\", \"uas\": true, \"bridge\": \"ASM1153E\","
	"    \"product\": \"ASMT1153e\"},"
	"   \"irqs\": [{\"irq\": 103, \"action\": \"xhci-hcd:usb3\","
	"    \"affinity\": \"0-7\", \"top_cpu\": 0}]},"
	"  \"clusters_start\": [{\"policy\": 0, \"cpus\": \"0-3\","
	"   \"governor\": \"schedutil\", \"cur_khz\": 1400000,"
	"   \"max_khz\": 1400000, \"throttled\": false},"
	"   {\"policy\": 4, \"cpus\": \"4-7\", \"governor\": \"performance\","
	"   \"cur_khz\": 2000000, \"max_khz\": 2000000, \"throttled\": false}],"
	"  \"clusters_end\": [{\"policy\": 0, \"cpus\": \"0-3\","
	"   \"governor\": null, \"cur_khz\": null, \"max_khz\": null,"
	"   \"throttled\": true}],"
	"  \"temperature_min_c\": 41.5, \"temperature_max_c\": 77,"
	"  \"throttled\": true, \"throttled_policies\": [4]}}";

#define parse(s) testutil_json(s)
#define set_at(d, p, v) testutil_json_set(d, p, v)

/* What each kind of run in x86-vm-bench-a.json holds. */
static void check_saved(const struct benchresult *r)
{
	ck_assert_int_eq(r->cond.target.where, !strcmp(r->kind, "iperf")
			 ? BENCHRESULT_WHERE_HOST : !strcmp(r->kind,
			 "read-timing") ? BENCHRESULT_WHERE_DEVICE :
			 BENCHRESULT_WHERE_FOLDER);
	if (strcmp(r->kind, "iperf"))
		ck_assert_str_eq(r->cond.target.disk.name, "loop0");
	else
		ck_assert_uint_gt(r->cond.target.nifs, 0);
	if (!strcmp(r->kind, "seq-direct")) {
		ck_assert(r->figs[0].value == 1521.831);
		ck_assert_str_eq(r->figs[0].unit, "MB/s");
		ck_assert(r->details.bytes == 67108864);
	}
	if (!strcmp(r->kind, "iozone")) {
		ck_assert(r->table.present && r->table.ncolumns == 8);
		ck_assert(r->table.nrows > 0 && r->table.rows[0].n == 8);
	}
}

START_TEST(saved_runs_load)
{
	size_t len, i, runs = 0;
	char *buf = testutil_load("snapshots/x86-vm-bench-a.json", &len);
	char err[256];
	struct benchresult r;
	json_t *doc, *res;

	ck_assert_int_eq(snapshot_load(buf, len, &doc, err, sizeof(err)), 0);
	json_array_foreach(json_object_get(doc, "results"), i, res) {
		if (!benchresult_is_run(res))
			continue;
		ck_assert_msg(benchresult_load(&r, res, err, sizeof(err)) == 0,
			      "result %zu: %s", i, err);
		ck_assert_ptr_eq(benchresult_doc(&r), res);
		ck_assert_int_eq(r.st, BENCHRESULT_OK);
		ck_assert(r.nfigs > 0 && r.cond.present);
		ck_assert_int_eq(r.cond.throttled, 0);
		check_saved(&r);
		benchresult_fini(&r);
		runs++;
	}
	ck_assert_uint_ge(runs, 3);
	json_decref(doc);
	free(buf);
}
END_TEST

/* The conditions in FULL: USB disk, its IRQ, two clusters, heat. */
static void check_full_cond(const struct benchresult_cond *c)
{
	ck_assert_int_eq(c->target.where, BENCHRESULT_WHERE_FOLDER);
	ck_assert(c->target.disk.usb.present);
	ck_assert_int_eq(c->target.disk.usb.uas, 1);
	ck_assert_str_eq(c->target.disk.usb.bridge, "ASM1153E");
	ck_assert_uint_eq(c->target.disk.nirqs, 1);
	ck_assert_int_eq(c->target.disk.irqs[0].irq, 103);
	ck_assert_str_eq(c->target.disk.irqs[0].affinity, "0-7");
	ck_assert(c->target.disk.irqs[0].has_top_cpu);
	ck_assert_uint_eq(c->nstart, 2);
	ck_assert_str_eq(c->start[1].governor, "performance");
	ck_assert(c->start[0].cur_khz == 1400000);
	ck_assert_uint_eq(c->nend, 1);
	ck_assert_ptr_null(c->end[0].governor);
	ck_assert(isnan(c->end[0].cur_khz) && c->end[0].throttled);
	ck_assert(c->temp_min_c == 41.5 && c->temp_max_c == 77);
	ck_assert_int_eq(c->throttled, 1);
	ck_assert_uint_eq(c->nthrottled_policies, 1);
	ck_assert_int_eq(c->throttled_policies[0], 4);
}

START_TEST(every_part_loads)
{
	json_t *doc = parse(full);
	struct benchresult r;
	char err[256];

	ck_assert_int_eq(benchresult_load(&r, doc, err, sizeof(err)), 0);
	ck_assert_int_eq(r.st, BENCHRESULT_CANCELLED);
	ck_assert_str_eq(r.error, "cancelled at 40 %");
	ck_assert_int_eq(r.port, 5201);
	ck_assert_uint_eq(r.nfigs, 2);
	ck_assert(r.figs[0].main && !r.figs[1].main);
	ck_assert(!r.figs[0].count && r.figs[1].count);	/* 251.3, 12 */
	ck_assert(r.settings.reverse && !r.settings.udp);
	ck_assert_ptr_eq(benchresult_figure(&r, "retransmits"), &r.figs[1]);
	ck_assert_ptr_null(benchresult_figure(&r, "read"));
	ck_assert_ptr_null(r.table.columns[2]);
	ck_assert(r.table.rows[0].v[2] == 5000.5);
	ck_assert(isnan(r.table.rows[1].v[2]));
	ck_assert_int_eq(r.settings.size_bytes, 67108864);
	check_full_cond(&r.cond);
	benchresult_fini(&r);
	ck_assert_str_eq(benchresult_unit(doc, "write"), "MB/s");
	ck_assert_str_eq(benchresult_unit(doc, "retransmits"), "");
	ck_assert_ptr_null(benchresult_unit(doc, "read"));
	json_decref(doc);
}
END_TEST

/* Each wrong type: where in FULL, the JSON that replaces its value, and
 * the sentence. */
static const struct {
	const char *path, *value, *sentence;
} wrong[] = {
	{ "preset", "5", "The result's \"preset\" is a number, not a string." },
	{ "status", "true", "The result's \"status\" is true or false, not a "
	  "string." },
	{ "port", "\"5201\"", "The result's \"port\" is a string, not a whole "
	  "number." },
	{ "figures", "\"fast\"", "The result has no \"figures\" list." },
	{ "figures.0", "\"write\"", "The result's \"figures[]\" is a string, "
	  "not an object." },
	{ "figures.0.value", "\"251\"", "The result's \"figures[].value\" is a "
	  "string, not a number." },
	{ "figures.0.main", "1", "The result's \"figures[].main\" is a number, "
	  "not true or false." },
	{ "figures.1.unit", "[]", "The result's \"figures[].unit\" is a list, "
	  "not a string." },
	{ "table", "[]", "The result's \"table\" is a list, not an object." },
	{ "table.columns.0", "3", "The result's \"table.columns[]\" is a "
	  "number, not a string." },
	{ "table.rows.0.1", "\"4\"", "The result's \"table.rows[][]\" is a "
	  "string, not a number." },
	{ "settings.size_bytes", "1.5", "The result's \"settings.size_bytes\" "
	  "is a number, not a whole number." },
	{ "details", "\"x\"", "The result's \"details\" is a string, not an "
	  "object." },
	{ "conditions", "7", "The result's \"conditions\" is a number, not an "
	  "object." },
	{ "conditions.duration_s", "\"10 s\"", "The result's \"conditions."
	  "duration_s\" is a string, not a number." },
	{ "conditions.target", "\"sda\"", "The result's \"conditions.target\" "
	  "is a string, not an object." },
	{ "conditions.target.usb", "\"5000M\"", "The result's \"conditions."
	  "target.usb\" is a string, not an object." },
	{ "conditions.target.usb.uas", "\"yes\"", "The result's \"conditions."
	  "target.usb.uas\" is a string, not true or false." },
	{ "conditions.target.irqs.0.irq", "\"103\"", "The result's \""
	  "conditions.target.irqs[].irq\" is a string, not a whole number." },
	{ "conditions.clusters_start.1.governor", "{}", "The result's \""
	  "conditions.clusters_start[].governor\" is an object, not a "
	  "string." },
	{ "conditions.clusters_end.0.cur_khz", "\"1.4GHz\"", "The result's \""
	  "conditions.clusters_end[].cur_khz\" is a string, not a number." },
	{ "conditions.temperature_min_c", "\"hot\"", "The result's \""
	  "conditions.temperature_min_c\" is a string, not a number." },
	{ "conditions.throttled", "\"no\"", "The result's \"conditions."
	  "throttled\" is a string, not true or false." },
	{ "conditions.throttled_policies.0", "\"4\"", "The result's \""
	  "conditions.throttled_policies[]\" is a string, not a whole "
	  "number." },
};

START_TEST(each_wrong_type_is_one_sentence)
{
	json_t *doc = parse(full);
	struct benchresult r;
	char err[256];

	set_at(doc, wrong[_i].path, parse(wrong[_i].value));
	ck_assert_int_eq(benchresult_load(&r, doc, err, sizeof(err)),
			 -EINVAL);
	ck_assert_str_eq(err, wrong[_i].sentence);
	ck_assert_ptr_null(r.doc);	/* nothing half-loaded is kept */
	ck_assert_uint_eq(r.nfigs, 0);
	ck_assert_int_eq(json_object_get(doc, "preset")->refcount, 1);
	benchresult_fini(&r);
	json_decref(doc);
}
END_TEST

START_TEST(not_a_document)
{
	json_t *doc = parse("[1, 2]");
	struct benchresult *r;
	char err[256];

	r = benchresult_new(doc, err, sizeof(err));
	ck_assert_ptr_null(r);
	ck_assert_str_eq(err, "The result is a list, not an object.");
	ck_assert_ptr_null(benchresult_new(NULL, err, sizeof(err)));
	ck_assert_str_eq(err, "The result is not an object.");
	json_decref(doc);
}
END_TEST

START_TEST(optional_keys_may_be_missing)
{
	json_t *doc = parse("{\"preset\": \"iperf\", \"kind\": \"iperf\","
			    " \"target\": \"10.0.0.2\", \"status\": \"ok\","
			    " \"error\": null, \"figures\": [{\"name\":"
			    " \"sender\", \"value\": 933.8}],"
			    " \"conditions\": {\"target\": {\"host\":"
			    " \"10.0.0.2\", \"usb\": null},"
			    " \"temperature_min_c\": null}}");
	struct benchresult r;
	char err[256];

	ck_assert_int_eq(benchresult_load(&r, doc, err, sizeof(err)), 0);
	ck_assert_int_eq(r.st, BENCHRESULT_OK);
	ck_assert_ptr_null(r.error);
	ck_assert_int_eq(r.port, 0);
	ck_assert_str_eq(r.figs[0].unit, "");
	ck_assert(!r.figs[0].main);
	ck_assert(!r.table.present && r.table.nrows == 0);
	ck_assert_int_eq(r.settings.size_bytes, -1);
	ck_assert(isnan(r.settings.duration_s) && isnan(r.details.bytes));
	ck_assert(r.cond.present && isnan(r.cond.duration_s));
	ck_assert_int_eq(r.cond.target.where, BENCHRESULT_WHERE_HOST);
	ck_assert(!r.cond.target.disk.usb.present);
	ck_assert_int_eq(r.cond.target.disk.usb.uas, -1);
	ck_assert(isnan(r.cond.temp_min_c) && isnan(r.cond.temp_max_c));
	ck_assert_int_eq(r.cond.throttled, -1);
	ck_assert_uint_eq(r.cond.nstart + r.cond.nend, 0);
	benchresult_fini(&r);
	json_object_del(doc, "conditions");
	ck_assert_int_eq(benchresult_load(&r, doc, err, sizeof(err)), 0);
	ck_assert(!r.cond.present);
	ck_assert_int_eq(r.cond.target.where, BENCHRESULT_WHERE_NONE);
	benchresult_fini(&r);
	json_decref(doc);
}
END_TEST

/* ESC, a C1 control, bidi override and isolate: kept in the struct as
 * the document has them; cleaned by whoever shows them. */
#define HOSTILE "evil\033[2J\302\233\342\200\256\342\201\246x"

/* A saved session's text with RESULT as its one result. */
static char *in_snapshot(json_t *result)
{
	char *text = testutil_load("snapshots/x86-vm-bench-a.json", NULL);
	json_t *raw = json_loads(text, 0, NULL);

	free(text);
	ck_assert_ptr_nonnull(raw);
	json_object_set_new(raw, "results", json_pack("[O]", result));
	text = json_dumps(raw, 0);
	json_decref(raw);
	return text;
}

START_TEST(hostile_strings_stay_data)
{
	json_t *doc = parse(full);
	struct benchresult r;
	char err[256], shown[64], *text, *buf = NULL;
	size_t len = 0;
	FILE *f;

	set_at(doc, "preset", json_string(HOSTILE));
	set_at(doc, "conditions.kernel", json_string(HOSTILE));
	set_at(doc, "figures.0.name", json_string(HOSTILE));
	ck_assert_int_eq(benchresult_load(&r, doc, err, sizeof(err)), 0);
	ck_assert_str_eq(r.preset, HOSTILE);
	ck_assert_str_eq(r.cond.kernel, HOSTILE);
	ck_assert_ptr_nonnull(benchresult_figure(&r, HOSTILE));
	strclean_copy(shown, sizeof(shown), r.preset, strlen(r.preset));
	ck_assert_ptr_null(strchr(shown, '\033'));
	ck_assert_ptr_null(strstr(shown, "\342\200\256"));
	benchresult_fini(&r);
	/* a report reads it from a snapshot, whose loader cleans it */
	text = in_snapshot(doc);
	json_decref(doc);
	ck_assert_msg(snapshot_load(text, strlen(text), &doc, err,
				    sizeof(err)) == 0, "%s", err);
	ck_assert_int_eq(benchresult_load(&r, json_array_get(json_object_get(
			 doc, "results"), 0), err, sizeof(err)), 0);
	len = 0;
	f = open_memstream(&buf, &len);
	snapbench_markdown(f, &r);
	fclose(f);
	ck_assert_ptr_nonnull(strstr(buf, "kernel evil"));
	ck_assert_ptr_null(strchr(buf, '\033'));
	ck_assert_ptr_null(strstr(buf, "\342\200\256"));
	benchresult_fini(&r);
	json_decref(doc);
	free(text);
	free(buf);
}
END_TEST

/* A server's side of iperf3 -c -t 2 as libiperf 3.12 gives it: two
 * whole seconds, then a stub of 0.2 ms past the client's -t. */
static const char served[] =
	"{\"start\":{\"test_start\":{\"protocol\":\"TCP\","
	"\"num_streams\":1,\"duration\":2,\"reverse\":0}},"
	"\"intervals\":["
	"{\"sum\":{\"start\":0,\"end\":1.00005,\"bytes\":1000,"
	"\"bits_per_second\":8000}},"
	"{\"sum\":{\"start\":1.00005,\"end\":2.00002,\"bytes\":3000,"
	"\"bits_per_second\":24000}},"
	"{\"sum\":{\"start\":2.00002,\"end\":2.00022,\"bytes\":20,"
	"\"bits_per_second\":800000}}],"
	"\"end\":{\"sum_sent\":{\"bytes\":0,\"bits_per_second\":0},"
	"\"sum_received\":{\"bytes\":4020,\"bits_per_second\":16080,"
	"\"seconds\":2.00022}}}";

/* The per-second lines: a stub under 0.1 s is folded into the line
 * before (-t lines, the bytes still the total), loaded and printed. */
START_TEST(intervals_fold_the_stub)
{
	json_t *res = json_pack("{s:s s:s s:s s:s s:n s:{} s:[]}", "preset",
				"serve", "kind", "iperf", "target",
				"127.0.0.1", "status", "ok", "error",
				"settings", "figures");
	struct benchresult r;
	char err[256], *buf = NULL;
	size_t len = 0;
	FILE *f;

	ck_assert_int_eq(bench_iperf_figures(served, res, err,
					     sizeof(err)), 0);
	ck_assert_int_eq(benchresult_load(&r, res, err, sizeof(err)), 0);
	ck_assert_uint_eq(r.nivals, 2);
	ck_assert_double_eq_tol(r.ivals[1].end, 2.00022, 1e-9);
	ck_assert_double_eq(r.ivals[0].bytes + r.ivals[1].bytes, 4020);
	ck_assert_double_eq_tol(r.ivals[1].bps, 3020 * 8 / (2.00022 - 1.00005),
				1e-6);
	f = open_memstream(&buf, &len);
	snapbench_markdown(f, &r);
	fclose(f);
	ck_assert_ptr_nonnull(strstr(buf, "[SUM]   1.00-2.00   sec "));
	ck_assert_ptr_null(strstr(buf, "2.00-2.00"));
	benchresult_fini(&r);
	json_decref(res);
	free(buf);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("benchresult");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, saved_runs_load);
	tcase_add_test(tc, every_part_loads);
	tcase_add_loop_test(tc, each_wrong_type_is_one_sentence, 0,
			    (int)(sizeof(wrong) / sizeof(wrong[0])));
	tcase_add_test(tc, not_a_document);
	tcase_add_test(tc, optional_keys_may_be_missing);
	tcase_add_test(tc, hostile_strings_stay_data);
	tcase_add_test(tc, intervals_fold_the_stub);
	suite_add_tcase(s, tc);
	return testutil_run(s);
}
