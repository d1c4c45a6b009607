/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test_runmatch: which runs compare, and the sentence when they do not. */
#include "config.h"

#include <string.h>

#include <jansson.h>

#include "session/runmatch.h"
#include "testutil.h"

#define SEQ(size, disk, extra) \
	"{\"preset\": \"seq-direct\", \"status\": \"ok\", \"settings\": " \
	"{\"size_bytes\": " size ", \"block_bytes\": 8388608, " \
	"\"timeout_s\": 600}, \"conditions\": {\"target\": {\"disk\": " \
	disk "}}" extra "}"

START_TEST(alike_and_not)
{
	json_t *a = testutil_json(SEQ("33554432", "\"zram3\"", ""));
	json_t *same = testutil_json(SEQ("33554432", "{\"name\": \"zram3\"}",
			       ", \"status\": \"ok\""));
	json_t *big = testutil_json(SEQ("104857600", "\"zram3\"", ""));
	json_t *disk = testutil_json(SEQ("33554432", "\"sda\"", ""));
	json_t *var = testutil_json(SEQ("33554432", "\"zram3\"", ", \"variant\": \"B\""));
	json_t *tmo = testutil_json(SEQ("33554432", "\"zram3\"", ""));
	char why[200];

	/* the timeout is not how a run ran; a disk as a string or {name} */
	json_object_set_new(json_object_get(tmo, "settings"), "timeout_s",
			    json_integer(30));
	ck_assert(runmatch_alike(a, same, why, sizeof(why)));
	ck_assert_str_eq(why, "");
	ck_assert(runmatch_alike(a, tmo, NULL, 0));
	ck_assert(!runmatch_alike(a, big, why, sizeof(why)));
	ck_assert_str_eq(why, "sizes differ: 32 MiB vs 100 MiB");
	ck_assert(!runmatch_alike(a, disk, why, sizeof(why)));
	ck_assert_str_eq(why, "disks differ: zram3 vs sda");
	ck_assert(!runmatch_alike(a, var, why, sizeof(why)));
	ck_assert_str_eq(why, "variants differ: none vs B");
	json_decref(a);
	json_decref(same);
	json_decref(big);
	json_decref(disk);
	json_decref(var);
	json_decref(tmo);
}
END_TEST

START_TEST(settings_by_name)
{
	json_t *a = testutil_json("{\"settings\": {\"records_bytes\": [4096, 1048576], "
			"\"io\": \"O_DIRECT\"}}");
	json_t *b = testutil_json("{\"settings\": {\"records_bytes\": [4096, 16777216],"
			" \"io\": \"O_DIRECT\"}}");
	json_t *c = testutil_json("{\"settings\": {\"io\": \"buffered+fsync\", "
			"\"records_bytes\": [4096, 1048576], \"new\": 1}}");
	char why[200];

	ck_assert(!runmatch_alike(a, b, why, sizeof(why)));
	ck_assert_str_eq(why, "record sizes differ: 4 KiB, 1 MiB vs 4 KiB, "
			 "16 MiB");
	ck_assert(!runmatch_alike(a, c, why, sizeof(why)));
	ck_assert_str_eq(why, "I/O modes differ: O_DIRECT vs buffered+fsync");
	json_object_set_new(json_object_get(c, "settings"), "io",
			    json_string("O_DIRECT"));
	ck_assert(!runmatch_alike(a, c, why, sizeof(why)));
	ck_assert_str_eq(why, "setting new differs: none vs 1");
	json_decref(a);
	json_decref(b);
	json_decref(c);
}
END_TEST

START_TEST(finished)
{
	json_t *ok = testutil_json("{\"status\": \"ok\"}");
	json_t *cancelled = testutil_json("{\"status\": \"cancelled\"}");
	json_t *failed = testutil_json("{\"status\": \"failed\"}");
	json_t *seed = testutil_json("{\"kind\": \"dd\"}");

	ck_assert(runmatch_finished(ok));
	ck_assert(!runmatch_finished(cancelled));
	ck_assert(!runmatch_finished(failed));
	ck_assert(runmatch_finished(seed));
	json_decref(ok);
	json_decref(cancelled);
	json_decref(failed);
	json_decref(seed);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("runmatch");
	TCase *t = tcase_create("core");

	tcase_add_test(t, alike_and_not);
	tcase_add_test(t, settings_by_name);
	tcase_add_test(t, finished);
	suite_add_tcase(s, t);
	return s;
}

int main(void)
{
	return testutil_run(suite());
}
