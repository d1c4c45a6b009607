/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test_snapevents: IRQ affinity changes become events, tick after tick,
 * with the affinity formatted only when it changed (the row cache). */
#include "config.h"

#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "session/snapevents.h"
#include "testutil.h"

static const char *const text =
	"           CPU0       CPU1\n"
	" 16:         10          0   GICv2  65 Level  eth0\n"
	" 17:          0         20   GICv2  66 Level  mmc0\n"
	"IPI0:         5          5   Rescheduling interrupts\n";

/* A sample of TEXT with IRQ 16 on LIST16 and IRQ 17 on LIST17. */
static void take(struct sample *s, const char *list16, const char *list17)
{
	const char *lists[2] = { list16, list17 };

	memset(s, 0, sizeof(*s));
	ck_assert_int_eq(interrupts_parse(text, strlen(text), &s->irqs), 3);
	s->aff = calloc(s->irqs.nrows, sizeof(*s->aff));
	for (size_t i = 0; i < 2; i++) {
		ck_assert_int_ge(cpulist_parse(lists[i], strlen(lists[i]),
					       &s->aff[i].affinity), 0);
		s->aff[i].has_affinity = true;
	}
}

static const char *event_field(const struct snapevents *e, size_t i,
			       const char *key)
{
	return json_string_value(json_object_get(json_array_get(e->list, i),
						 key));
}

/* Sets with CPUs above the cache's 256 and lists longer than 64 bytes
 * (every even CPU of 512: "0,2,...,510", 1.2 kB) are noted whole, and a
 * change above CPU 255 is an event too. */
START_TEST(wide_sets_whole)
{
	char evens[2048], more[2100];
	struct snapevents e;
	struct sample s;
	size_t n = 0;

	for (unsigned c = 0; c < 512; c += 2)
		n += (size_t)snprintf(evens + n, sizeof(evens) - n, "%s%u",
				      c ? "," : "", c);
	/* "...,508,510-511" */
	snprintf(more, sizeof(more), "%.*s510-511", (int)n - 3, evens);
	snapevents_init(&e);
	take(&s, evens, "1");
	ck_assert_int_eq(snapevents_feed(&e, 0, &s, NULL), 0);
	ck_assert_str_eq(json_string_value(json_object_get(e.last,
				"affinity:16")), evens);
	ck_assert_int_eq(snapevents_feed(&e, 1000, &s, NULL), 0);
	ck_assert_uint_eq(json_array_size(e.list), 0);
	sample_free(&s);
	take(&s, more, "1");		/* CPU 511 joins: above the cache */
	ck_assert_int_eq(snapevents_feed(&e, 2000, &s, NULL), 0);
	ck_assert_uint_eq(json_array_size(e.list), 1);
	ck_assert_str_eq(event_field(&e, 0, "old"), evens);
	ck_assert_str_eq(event_field(&e, 0, "new"), more);
	sample_free(&s);
	snapevents_fini(&e);
}
END_TEST

START_TEST(affinity_changes_are_events)
{
	struct snapevents e;
	struct sample s;

	snapevents_init(&e);
	take(&s, "0-1", "1");
	ck_assert_int_eq(snapevents_feed(&e, 0, &s, NULL), 0);
	ck_assert_int_eq(snapevents_feed(&e, 1000, &s, NULL), 0);
	ck_assert_uint_eq(json_array_size(e.list), 0); /* no change */
	sample_free(&s);
	take(&s, "0-1", "0");		/* a pin of IRQ 17 */
	ck_assert_int_eq(snapevents_feed(&e, 2000, &s, NULL), 0);
	ck_assert_int_eq(snapevents_feed(&e, 3000, &s, NULL), 0);
	ck_assert_uint_eq(json_array_size(e.list), 1);
	ck_assert_str_eq(event_field(&e, 0, "target"), "17");
	ck_assert_str_eq(event_field(&e, 0, "old"), "1");
	ck_assert_str_eq(event_field(&e, 0, "new"), "0");
	sample_free(&s);
	take(&s, "0-1", "1");		/* and back */
	ck_assert_int_eq(snapevents_feed(&e, 4000, &s, NULL), 0);
	ck_assert_uint_eq(json_array_size(e.list), 2);
	ck_assert_str_eq(event_field(&e, 1, "new"), "1");
	ck_assert_str_eq(json_string_value(json_object_get(e.last,
				"affinity:17")), "1");
	sample_free(&s);
	snapevents_fini(&e);
}
END_TEST

/* An affinity not read (has_affinity false) is forgotten by the cache: the
 * same set read again later is compared with what was noted, no event. */
START_TEST(unread_affinity_then_same_again)
{
	struct snapevents e;
	struct sample s;

	snapevents_init(&e);
	take(&s, "0", "1");
	ck_assert_int_eq(snapevents_feed(&e, 0, &s, NULL), 0);
	s.aff[0].has_affinity = false;
	ck_assert_int_eq(snapevents_feed(&e, 1000, &s, NULL), 0);
	s.aff[0].has_affinity = true;
	ck_assert_int_eq(snapevents_feed(&e, 2000, &s, NULL), 0);
	ck_assert_uint_eq(json_array_size(e.list), 0);
	cpuset_add(&s.aff[0].affinity, 1);
	ck_assert_int_eq(snapevents_feed(&e, 3000, &s, NULL), 0);
	ck_assert_uint_eq(json_array_size(e.list), 1);
	ck_assert_str_eq(event_field(&e, 0, "new"), "0-1");
	sample_free(&s);
	snapevents_fini(&e);
}
END_TEST

static Suite *snapevents_suite(void)
{
	Suite *s = suite_create("snapevents");
	TCase *c = tcase_create("core");

	tcase_add_test(c, affinity_changes_are_events);
	tcase_add_test(c, wide_sets_whole);
	tcase_add_test(c, unread_affinity_then_same_again);
	suite_add_tcase(s, c);
	return s;
}

int main(void)
{
	return testutil_run(snapevents_suite());
}
