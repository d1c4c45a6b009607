/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test_journal: originals, current values, what is in force, the undo
 * order and the JSON form of a journal built by hand. */
#include "config.h"

#include <errno.h>
#include <string.h>

#include "tune/journal.h"
#include "tune/journalfile.h"
#include "testutil.h"

static long add(struct journal *j, enum journal_kind k, const char *target,
		const char *old, const char *new, int err, long undo_of)
{
	struct journal_entry e;

	memset(&e, 0, sizeof(e));
	e.time = 1700000000;
	e.kind = k;
	e.undo_of = undo_of;
	e.err = err;
	strcpy(e.target, target);
	strcpy(e.old, old);
	strcpy(e.new, new);
	strcpy(e.readback, err ? old : new);
	e.matched = !err;
	return journal_add(j, &e);
}

START_TEST(originals_and_in_force)
{
	struct journal j;
	size_t idx[8];

	journal_init(&j);
	add(&j, JOURNAL_GOVERNOR, "policy4", "ondemand", "performance", 0, -1);
	add(&j, JOURNAL_IRQ, "151", "7", "4-7", 0, -1);
	add(&j, JOURNAL_GOVERNOR, "policy4", "performance", "powersave", 0, -1);
	ck_assert_str_eq(journal_original(&j, JOURNAL_GOVERNOR, "policy4"),
			 "ondemand");
	ck_assert_str_eq(journal_current(&j, JOURNAL_GOVERNOR, "policy4"),
			 "powersave");
	ck_assert_ptr_null(journal_original(&j, JOURNAL_GOVERNOR, "policy0"));
	ck_assert_uint_eq(journal_in_force(&j, idx, 8), 2);
	ck_assert_uint_eq(idx[0], 0);
	ck_assert_uint_eq(idx[1], 1);
	/* back to the original by hand: no longer in force */
	add(&j, JOURNAL_GOVERNOR, "policy4", "powersave", "ondemand", 0, -1);
	ck_assert_uint_eq(journal_in_force(&j, idx, 8), 1);
	ck_assert_uint_eq(idx[0], 1);
	journal_fini(&j);
}
END_TEST

START_TEST(undo_order)
{
	struct journal j;

	journal_init(&j);
	ck_assert_int_eq(journal_last_undoable(&j), -1);
	add(&j, JOURNAL_IRQ, "151", "7", "4-7", 0, -1);
	add(&j, JOURNAL_GOVERNOR, "policy0", "ondemand", "performance", 0, -1);
	add(&j, JOURNAL_IRQ, "150", "2", "0", EIO, -1);	/* failed */
	ck_assert_int_eq(journal_last_undoable(&j), 1);
	add(&j, JOURNAL_GOVERNOR, "policy0", "performance", "ondemand", 0, 1);
	ck_assert_int_eq(journal_last_undoable(&j), 0);
	add(&j, JOURNAL_IRQ, "151", "4-7", "7", 0, 0);
	ck_assert_int_eq(journal_last_undoable(&j), -1);
	journal_fini(&j);
}
END_TEST

/* The monitor's journal after set's: indexes and actions moved past. */
START_TEST(append_moves_indexes)
{
	struct journal set, mon;
	size_t idx[8];

	journal_init(&set);
	journal_init(&mon);
	add(&set, JOURNAL_GOVERNOR, "policy4", "ondemand", "performance", 0,
	    -1);
	set.v[0].action = 3;
	add(&mon, JOURNAL_IRQ, "150", "2", "0", 0, -1);
	add(&mon, JOURNAL_IRQ, "150", "0", "2", 0, 0);	/* undoes entry 0 */
	add(&mon, JOURNAL_IRQ, "150", "2", "4-7", 0, -1);
	mon.v[0].action = 1;
	mon.v[1].action = 2;
	mon.v[2].action = 3;
	ck_assert_int_eq(journal_append(&set, &mon), 0);
	ck_assert_uint_eq(set.n, 4);
	ck_assert_int_eq(set.v[2].undo_of, 1);	/* still its own entry */
	ck_assert_int_eq(set.v[3].undo_of, -1);
	ck_assert_uint_eq(set.v[1].action, 4);	/* after set's action 3 */
	ck_assert_uint_eq(set.v[3].action, 6);
	ck_assert_str_eq(journal_original(&set, JOURNAL_IRQ, "150"), "2");
	ck_assert_uint_eq(journal_in_force(&set, idx, 8), 2);
	ck_assert_int_eq(journal_last_undoable(&set), 3);
	journal_fini(&set);
	journal_fini(&mon);
}
END_TEST

START_TEST(json_keys)
{
	struct journal j;
	json_t *a, *o;

	journal_init(&j);
	add(&j, JOURNAL_IRQ, "151", "7", "4-7", 0, -1);
	add(&j, JOURNAL_SCHEDULER, "sda", "mq-deadline", "bfq", EINVAL, -1);
	a = journal_json(&j);
	ck_assert_ptr_nonnull(a);
	ck_assert_uint_eq(json_array_size(a), 2);
	o = json_array_get(a, 0);
	ck_assert_str_eq(json_string_value(json_object_get(o, "kind")),
			 "irq_affinity");
	ck_assert_str_eq(json_string_value(json_object_get(o, "result")), "ok");
	ck_assert(json_is_true(json_object_get(o, "readback_matched")));
	ck_assert(json_is_null(json_object_get(o, "undo_of")));
	o = json_array_get(a, 1);
	ck_assert_str_eq(json_string_value(json_object_get(o, "result")),
			 "error");
	ck_assert_str_eq(json_string_value(json_object_get(o, "errno")),
			 "EINVAL");
	ck_assert_str_eq(json_string_value(json_object_get(o, "old")),
			 "mq-deadline");
	json_decref(a);
	journal_fini(&j);
}
END_TEST

#define ENTRY "{\"index\": 0, \"time\": 1714564800, \"kind\": " \
	"\"governor\", \"target\": \"policy4\", \"old\": \"ondemand\", " \
	"\"new\": \"performance\", \"result\": \"ok\", \"readback\": " \
	"\"performance\", \"readback_matched\": true, \"undo_of\": null, " \
	"\"restore\": false}"

/* The journal file: with the header (version 2) and as a bare array, as
 * written before the header; another kind or version is not a journal. */
START_TEST(file_header)
{
	static const struct {
		const char *text;
		int rc;
	} cases[] = {
		{ "{\"format\": \"benchtop.journalfile\", \"version\": 2, "
		  "\"time\": \"2026-12-06T05:00:00Z\", \"entries\": [" ENTRY
		  "]}", 0 },
		{ "[" ENTRY "]", 0 },
		{ "{\"format\": \"benchtop.journal\", \"version\": 2, "
		  "\"entries\": [" ENTRY "]}", -EINVAL },
		{ "{\"format\": \"benchtop.journalfile\", \"version\": 3, "
		  "\"entries\": [" ENTRY "]}", -EINVAL },
		{ "{\"format\": \"benchtop.journalfile\", \"version\": 2, "
		  "\"entries\": {}}", -EINVAL },
	};
	struct journal j;
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		journal_init(&j);
		ck_assert_int_eq(journalfile_parse(&j, cases[i].text,
						   strlen(cases[i].text)),
				 cases[i].rc);
		ck_assert_uint_eq(j.n, cases[i].rc ? 0 : 1);
		if (j.n)
			ck_assert_str_eq(j.v[0].new, "performance");
		journal_fini(&j);
	}
}
END_TEST

static Suite *journal_suite(void)
{
	Suite *s = suite_create("journal");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, originals_and_in_force);
	tcase_add_test(tc, undo_order);
	tcase_add_test(tc, json_keys);
	tcase_add_test(tc, append_moves_indexes);
	tcase_add_test(tc, file_header);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return testutil_run(journal_suite());
}
