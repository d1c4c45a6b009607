/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test_cpulist: CPU lists and hex masks as the kernel writes them in
 * /proc/irq/N/smp_affinity_list and smp_affinity, and back. */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/cpulist.h"
#include "testutil.h"

static int list(const char *s, struct cpuset *out)
{
	return cpulist_parse(s, strlen(s), out);
}

static int mask(const char *s, struct cpuset *out)
{
	return cpumask_parse(s, strlen(s), out);
}

/* Set of the ids in IDS, which ends with -1. */
static struct cpuset set_of(const int *ids)
{
	struct cpuset s;

	cpuset_clear(&s);
	for (; *ids >= 0; ids++)
		cpuset_add(&s, (unsigned)*ids);
	return s;
}

START_TEST(list_simple)
{
	struct cpuset s;

	ck_assert_int_eq(list("0-3,5", &s), 5);
	for (unsigned c = 0; c < 4; c++)
		ck_assert(cpuset_has(&s, c));
	ck_assert(!cpuset_has(&s, 4));
	ck_assert(cpuset_has(&s, 5));
	ck_assert(!cpuset_has(&s, 6));
	ck_assert_int_eq(cpuset_first(&s), 0);
	ck_assert_int_eq(cpuset_next(&s, 3), 5);
	ck_assert_int_eq(cpuset_next(&s, 5), -1);
	ck_assert_int_eq(list("7", &s), 1);
	ck_assert_int_eq(cpuset_first(&s), 7);
	ck_assert_int_eq(list("4-7,0-3", &s), 8);
	ck_assert_int_eq(list("1,1,1", &s), 1);
}
END_TEST

START_TEST(list_whitespace_and_empty)
{
	struct cpuset s;

	/* what smp_affinity_list reads back as: value and newline */
	ck_assert_int_eq(list(" 0-3\n", &s), 4);
	ck_assert(cpuset_has(&s, 3) && !cpuset_has(&s, 4));
	ck_assert_int_eq(list("0-3, 5", &s), 5);
	ck_assert_int_eq(list("", &s), 0);
	ck_assert_int_eq(cpuset_first(&s), -1);
	ck_assert_int_eq(list("\n", &s), 0);
	ck_assert_int_eq(list("  \t\n", &s), 0);
	ck_assert_int_eq(cpulist_parse(NULL, 0, &s), 0);
	/* only LEN bytes count: no NUL needed after them */
	ck_assert_int_eq(cpulist_parse("0-1023", 3, &s), 2);
}
END_TEST

START_TEST(list_stride)
{
	struct cpuset s;
	static const int even[] = { 0, 2, 4, 6, -1 };
	static const int doc[] = { 0, 1, 256, 257, 512, 513, 768, 769, -1 };
	struct cpuset want = set_of(even), want_doc = set_of(doc);

	ck_assert_int_eq(list("0-7:2", &s), 4);
	ck_assert(cpuset_equal(&s, &want));
	ck_assert_int_eq(list("0-7:1/2", &s), 4);
	ck_assert(cpuset_equal(&s, &want));
	/* the kernel documentation's example */
	ck_assert_int_eq(list("0-1023:2/256", &s), 8);
	ck_assert(cpuset_equal(&s, &want_doc));
	ck_assert_int_eq(list("8-15:2", &s), 4);
	ck_assert(cpuset_has(&s, 14) && !cpuset_has(&s, 15));
	ck_assert_int_eq(list("0-3:0/4", &s), 0);
}
END_TEST

START_TEST(list_garbage)
{
	static const char *const bad[] = {
		"3-1", "a", "1,,2", "-1", "1,", ",1", "1 2", "0-", "0--3",
		"0-3:", "0-3:0", "0-3:3/2", "0-3:1/0", "5:1/2", "0-3:1/",
		"0x3", "1-2-3", "0,\n1", "N", "all", "1.5", "+1", "\xff",
	};
	struct cpuset s;

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		cpuset_add(&s, 9);
		ck_assert_msg(list(bad[i], &s) == -EINVAL, "%s", bad[i]);
		ck_assert_msg(cpuset_count(&s) == 0, "%s left bits", bad[i]);
	}
}
END_TEST

START_TEST(list_range)
{
	struct cpuset s;

	ck_assert_int_eq(list("1023", &s), 1);
	ck_assert(cpuset_has(&s, CPUSET_MAX - 1));
	ck_assert_int_eq(list("1024", &s), -ERANGE);
	ck_assert_int_eq(cpuset_count(&s), 0);
	ck_assert_int_eq(list("0-1024", &s), -ERANGE);
	ck_assert_int_eq(list("0-4095", &s), -ERANGE);
	/* more than 2^64 */
	ck_assert_int_eq(list("99999999999999999999999", &s), -ERANGE);
	ck_assert_int_eq(list("0-1023", &s), CPUSET_MAX);
	ck_assert_int_eq(cpuset_next(&s, CPUSET_MAX - 1), -1);
	ck_assert_int_eq(cpuset_next(&s, 5000), -1);
	ck_assert(!cpuset_has(&s, CPUSET_MAX));
}
END_TEST

/* A range is set, and a run found, a word at a time: every start and end
 * around the 64-bit word boundaries gives exactly the CPUs from start to
 * end, written back as the same range. */
START_TEST(list_range_words)
{
	static const unsigned at[] = { 0, 1, 62, 63, 64, 65, 127, 128, 255,
				       256, 511, 960, 1022, 1023 };
	enum { N = sizeof(at) / sizeof(at[0]) };
	struct cpuset s;
	char text[32], out[32];

	for (size_t i = 0; i < N; i++)
		for (size_t j = i; j < N; j++) {
			snprintf(text, sizeof(text), "%u-%u", at[i], at[j]);
			ck_assert_int_eq(list(text, &s),
					 (int)(at[j] - at[i] + 1));
			ck_assert_int_eq(cpuset_first(&s), (int)at[i]);
			if (i == j)	/* "5-5" is written "5" */
				snprintf(text, sizeof(text), "%u", at[i]);
			ck_assert_uint_eq(cpulist_format(&s, out, sizeof(out)),
					  strlen(text));
			ck_assert_str_eq(out, text);
			for (unsigned c = 0; c < CPUSET_MAX; c++)
				ck_assert_int_eq(cpuset_has(&s, c),
						 c >= at[i] && c <= at[j]);
		}
}
END_TEST

START_TEST(mask_parse)
{
	struct cpuset s;
	static const int four[] = { 4, -1 };
	static const int cpu32[] = { 32, -1 };
	struct cpuset want4 = set_of(four), want32 = set_of(cpu32);

	ck_assert_int_eq(mask("00000000,00000010", &s), 1);
	ck_assert(cpuset_equal(&s, &want4));
	ck_assert_int_eq(mask("ffffffff,ffffffff", &s), 64);
	ck_assert(cpuset_has(&s, 63) && !cpuset_has(&s, 64));
	ck_assert_int_eq(mask("f\n", &s), 4);	/* Raspberry Pi 4 */
	ck_assert_int_eq(mask("3f", &s), 6);		/* RK3399 */
	ck_assert(cpuset_has(&s, 5) && !cpuset_has(&s, 6));
	ck_assert_int_eq(mask("FF", &s), 8);
	ck_assert_int_eq(mask("1,00000000", &s), 1);
	ck_assert(cpuset_equal(&s, &want32));
	/* the kernel takes a group of more than 8 digits, so do we */
	ck_assert_int_eq(mask("100000000", &s), 1);
	ck_assert(cpuset_equal(&s, &want32));
	ck_assert_int_eq(mask("", &s), 0);
	ck_assert_int_eq(mask("0", &s), 0);
}
END_TEST

START_TEST(mask_wide)
{
	struct cpuset s;
	char text[256 * 9 + 1] = "";

	/* MAXSMP x86 kernels print 8192 bits: zeros past CPUSET_MAX are fine */
	for (int i = 0; i < 255; i++)
		strcat(text, "00000000,");
	strcat(text, "00000001");
	ck_assert_int_eq(mask(text, &s), 1);
	ck_assert(cpuset_has(&s, 0));
	/* a set bit at CPU 1024 is not */
	text[(256 - 33) * 9 + 7] = '1';
	ck_assert_int_eq(mask(text, &s), -ERANGE);
	ck_assert_int_eq(cpuset_count(&s), 0);
}
END_TEST

START_TEST(mask_garbage)
{
	static const char *const bad[] = {
		"g", ",ff", "ff,", "ff,,ff", "0xff", "f f", "-1", ",", "ff\nff",
	};
	struct cpuset s;

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		cpuset_add(&s, 3);
		ck_assert_msg(mask(bad[i], &s) == -EINVAL, "%s", bad[i]);
		ck_assert_int_eq(cpuset_count(&s), 0);
	}
}
END_TEST

START_TEST(format_list)
{
	static const int a[] = { 0, 1, 2, 3, 5, -1 };
	static const int b[] = { 0, 1, -1 };
	static const int c[] = { 1, 3, 5, 7, 1023, -1 };
	struct cpuset s = set_of(a);
	char out[64];

	ck_assert_uint_eq(cpulist_format(&s, out, sizeof(out)), 5);
	ck_assert_str_eq(out, "0-3,5");
	s = set_of(b);
	cpulist_format(&s, out, sizeof(out));
	ck_assert_str_eq(out, "0-1");	/* as the kernel prints a pair */
	s = set_of(c);
	cpulist_format(&s, out, sizeof(out));
	ck_assert_str_eq(out, "1,3,5,7,1023");
	cpuset_clear(&s);
	ck_assert_uint_eq(cpulist_format(&s, out, sizeof(out)), 0);
	ck_assert_str_eq(out, "");
}
END_TEST

START_TEST(format_truncated)
{
	static const int a[] = { 0, 1, 2, 3, 5, -1 };
	struct cpuset s = set_of(a);
	char out[4];
	char big[8];

	ck_assert_uint_eq(cpulist_format(&s, out, sizeof(out)), 5);
	ck_assert_str_eq(out, "0-3");
	ck_assert_uint_eq(cpulist_format(&s, NULL, 0), 5);
	ck_assert_uint_eq(cpumask_format(&s, 64, out, sizeof(out)), 17);
	ck_assert_str_eq(out, "000");
	ck_assert_uint_eq(cpumask_format(&s, 64, NULL, 0), 17);
	ck_assert_uint_eq(cpumask_format(&s, 8, big, sizeof(big)), 2);
	ck_assert_str_eq(big, "2f");
}
END_TEST

START_TEST(format_mask)
{
	static const int four[] = { 4, -1 };
	static const int hi[] = { 63, -1 };
	struct cpuset s = set_of(four);
	char out[300];

	cpumask_format(&s, 64, out, sizeof(out));
	ck_assert_str_eq(out, "00000000,00000010");
	ck_assert_int_eq(list("0-5", &s), 6);
	cpumask_format(&s, 6, out, sizeof(out));
	ck_assert_str_eq(out, "3f");		/* RK3399, 6 CPUs */
	ck_assert_int_eq(list("0-39", &s), 40);
	cpumask_format(&s, 40, out, sizeof(out));
	ck_assert_str_eq(out, "ff,ffffffff");
	s = set_of(hi);				/* wider than NBITS */
	cpumask_format(&s, 8, out, sizeof(out));
	ck_assert_str_eq(out, "80000000,00000000");
	cpuset_clear(&s);
	cpumask_format(&s, 0, out, sizeof(out));
	ck_assert_str_eq(out, "0");
	ck_assert_int_eq(list("1023", &s), 1);
	ck_assert_uint_eq(cpumask_format(&s, 0, out, sizeof(out)), 32 * 9 - 1);
	ck_assert_int_eq(out[0], '8');
}
END_TEST

/* Deterministic pseudo-random sets: sparse, dense, runs. */
static void make_set(struct cpuset *s, unsigned seed)
{
	uint32_t x = seed * 2654435761u + 1;
	unsigned density = seed % 7;

	cpuset_clear(s);
	for (unsigned c = 0; c < CPUSET_MAX; c++) {
		x = x * 1664525u + 1013904223u;
		if ((x >> 24) % 8 < density)
			cpuset_add(s, c);
	}
}

START_TEST(round_trip)
{
	static char text[CPUSET_MAX * 6];

	for (unsigned seed = 0; seed < 200; seed++) {
		struct cpuset s, back;
		size_t n;

		make_set(&s, seed);
		n = cpulist_format(&s, text, sizeof(text));
		ck_assert_uint_lt(n, sizeof(text));
		ck_assert_int_eq(cpulist_parse(text, n, &back),
				 (int)cpuset_count(&s));
		ck_assert_msg(cpuset_equal(&s, &back), "list %s", text);
		n = cpumask_format(&s, seed % 70, text, sizeof(text));
		ck_assert_int_eq(cpumask_parse(text, n, &back),
				 (int)cpuset_count(&s));
		ck_assert_msg(cpuset_equal(&s, &back), "mask %s", text);
	}
}
END_TEST

static Suite *cpulist_suite(void)
{
	Suite *s = suite_create("cpulist");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, list_simple);
	tcase_add_test(tc, list_whitespace_and_empty);
	tcase_add_test(tc, list_stride);
	tcase_add_test(tc, list_garbage);
	tcase_add_test(tc, list_range);
	tcase_add_test(tc, list_range_words);
	tcase_add_test(tc, mask_parse);
	tcase_add_test(tc, mask_wide);
	tcase_add_test(tc, mask_garbage);
	tcase_add_test(tc, format_list);
	tcase_add_test(tc, format_truncated);
	tcase_add_test(tc, format_mask);
	tcase_add_test(tc, round_trip);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return testutil_run(cpulist_suite());
}
