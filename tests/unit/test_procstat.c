/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Tests for procstat: /proc/stat parsing and per-CPU utilisation. */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "collect/procstat.h"
#include "testutil.h"

/* Captured on a 2-CPU x86 VM one second apart while CPU 1 spun. */
START_TEST(parses_x86_capture)
{
	struct procstat p = { 0 };
	size_t len;
	char *txt = testutil_load("x86/proc_stat", &len);
	const struct cpu_times *c1;

	ck_assert_int_eq(procstat_parse(txt, len, &p), 2);
	ck_assert_int_eq(p.total.t[CPU_USER], 3236);
	ck_assert_int_eq(p.total.t[CPU_IDLE], 64067);
	c1 = procstat_find(&p, 1);
	ck_assert_ptr_nonnull(c1);
	ck_assert_int_eq(c1->t[CPU_USER], 1488);
	ck_assert_int_eq(c1->t[CPU_SOFTIRQ], 44);
	ck_assert_ptr_null(procstat_find(&p, 2));
	ck_assert_uint_gt(p.ctxt, 0);
	ck_assert_uint_gt(p.btime, 1600000000);
	procstat_free(&p);
	free(txt);
}
END_TEST

START_TEST(busy_cpu_and_idle_cpu)
{
	struct procstat a = { 0 }, b = { 0 };
	struct cpu_util u;
	size_t la, lb;
	char *ta = testutil_load("x86/proc_stat", &la);
	char *tb = testutil_load("x86/proc_stat.1s", &lb);

	ck_assert_int_eq(procstat_parse(ta, la, &a), 2);
	ck_assert_int_eq(procstat_parse(tb, lb, &b), 2);
	procstat_util(procstat_find(&a, 1), procstat_find(&b, 1), &u);
	ck_assert(u.valid);
	ck_assert_double_eq_tol(u.user, 100.0, 1e-9);
	ck_assert_double_eq_tol(u.busy, 100.0, 1e-9);
	procstat_util(procstat_find(&a, 0), procstat_find(&b, 0), &u);
	ck_assert_double_eq_tol(u.idle, 100.0, 1e-9);
	ck_assert_double_eq_tol(u.busy, 0.0, 1e-9);
	procstat_util(&a.total, &b.total, &u);
	ck_assert_double_eq_tol(u.user, 50.0, 1e-9);
	ck_assert_double_eq_tol(u.busy, 50.0, 1e-9);
	procstat_free(&a);
	procstat_free(&b);
	free(ta);
	free(tb);
}
END_TEST

/* An offline CPU has no line: it is keyed by id, not by position. */
START_TEST(offline_cpu_keyed_by_id)
{
	const char *txt = "cpu  10 0 10 80 0 0 0 0 0 0\n"
			  "cpu0 5 0 5 40 0 0 0 0 0 0\n"
			  "cpu2 5 0 5 40 0 0 0 0 0 0\n"
			  "intr 0\nctxt 99\n";
	struct procstat p = { 0 };

	ck_assert_int_eq(procstat_parse(txt, strlen(txt), &p), 2);
	ck_assert_ptr_null(procstat_find(&p, 1));
	ck_assert_ptr_nonnull(procstat_find(&p, 2));
	ck_assert_uint_eq(p.ctxt, 99);
	procstat_free(&p);
}
END_TEST

START_TEST(old_kernel_fewer_fields)
{
	const char *txt = "cpu  1 2 3 4\ncpu0 1 2 3 4 5 6 7\n";
	struct procstat p = { 0 };

	ck_assert_int_eq(procstat_parse(txt, strlen(txt), &p), 1);
	ck_assert_uint_eq(p.cpus[0].t[CPU_SOFTIRQ], 7);
	ck_assert_uint_eq(p.cpus[0].t[CPU_STEAL], 0);
	procstat_free(&p);
}
END_TEST

START_TEST(reset_and_tickless_step_back)
{
	struct cpu_times a = { .id = 0, .t = { 100, 0, 50, 1000, 30 } };
	struct cpu_times b = { .id = 0, .t = { 150, 0, 50, 1100, 20 } };
	struct cpu_times c = { .id = 0, .t = { 1, 0, 1, 1, 0 } };
	struct cpu_util u;

	/* iowait stepped back by 10: counted as 0, not negative. */
	procstat_util(&a, &b, &u);
	ck_assert(u.valid);
	ck_assert_double_eq_tol(u.user, 50.0 * 100 / 150, 1e-9);
	ck_assert_double_eq_tol(u.iowait, 0.0, 1e-9);
	/* Everything went down: a reset, no figure. */
	procstat_util(&b, &c, &u);
	ck_assert(!u.valid);
	procstat_util(NULL, &c, &u);
	ck_assert(!u.valid);
}
END_TEST

START_TEST(garbage_is_an_error)
{
	static const char *bad[] = {
		"", "cpu\n", "cpu0 1 2 3 4\n", "cpu  a b c d\n",
		"cpu  99999999999999999999999 2 3 4\n",
		"cpu  1 2 3 4\ncpu  1 2 3 4\n",
	};
	struct procstat p = { 0 };
	size_t i;

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		ck_assert_msg(procstat_parse(bad[i], strlen(bad[i]), &p) ==
			      -EINVAL, "accepted: %s", bad[i]);
		ck_assert_uint_eq(p.ncpus, 0);
	}
}
END_TEST

START_TEST(every_truncation_is_safe)
{
	struct procstat p = { 0 };
	size_t len, cut;
	char *txt = testutil_load("x86/proc_stat", &len);

	for (cut = 0; cut <= len; cut++) {
		char *copy = malloc(cut + 1);
		int rc;

		memcpy(copy, txt, cut);
		rc = procstat_parse(copy, cut, &p);
		ck_assert(rc == -EINVAL || (rc >= 0 && rc <= 2));
		procstat_free(&p);
		free(copy);
	}
	free(txt);
}
END_TEST

/* A bad cpuN line (or a duplicate id) hides that CPU only, counted and
 * named by its line; the aggregate and the other CPUs stand. */
START_TEST(bad_cpu_line_skipped)
{
	static const char *bad[] = {
		"cpu  1 2 3 4\ncpu0 1 2\ncpu1 5 6 7 8\n",
		"cpu  1 2 3 4\ncpux 1 2 3 4\ncpu1 5 6 7 8\n",
		"cpu  1 2 3 4\ncpu1 5 6 7 8\ncpu1 1 2 3 4\n",
	};
	struct procstat p = { 0 };

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		ck_assert_int_eq(procstat_parse(bad[i], strlen(bad[i]), &p), 1);
		ck_assert_uint_eq(p.nskipped, 1);
		ck_assert_uint_eq(p.skip_line, i == 2 ? 3 : 2);
		ck_assert_uint_eq(procstat_find(&p, 1)->t[CPU_USER], 5);
		ck_assert_uint_eq(p.total.t[CPU_IDLE], 4);
		procstat_free(&p);
	}
}
END_TEST

/* sysstat's root2 -> root3: cpu3 has no tick in the interval.  It is 100 %
 * idle and 0 % busy (was: every share 0, adding up to 0); cpu6 has no line
 * in root3 (offline): no data. */
START_TEST(sysstat_cpu_without_ticks)
{
	struct procstat a = { 0 }, b = { 0 };
	struct cpu_util u;
	size_t len;
	char *t2 = testutil_load("sysstat/root2_proc_stat", &len);

	ck_assert_int_ge(procstat_parse(t2, len, &a), 8);
	free(t2);
	t2 = testutil_load("sysstat/root3_proc_stat", &len);
	ck_assert_int_ge(procstat_parse(t2, len, &b), 7);
	free(t2);
	procstat_util(procstat_find(&a, 3), procstat_find(&b, 3), &u);
	ck_assert(u.valid);
	ck_assert_double_eq(u.idle, 100.0);
	ck_assert_double_eq(u.busy, 0.0);
	ck_assert_double_eq(u.user + u.nice + u.system + u.idle + u.iowait +
			    u.irq + u.softirq + u.steal, 100.0);
	ck_assert_ptr_null(procstat_find(&b, 6));
	procstat_util(procstat_find(&a, 6), procstat_find(&b, 6), &u);
	ck_assert(!u.valid);
	procstat_util(procstat_find(&a, 1), procstat_find(&b, 1), &u);
	ck_assert(u.valid);
	ck_assert_double_eq_tol(u.busy, 100.0 - u.idle - u.iowait, 1e-9);
	procstat_free(&a);
	procstat_free(&b);
}
END_TEST

/* doc/json.md: user_pct and nice_pct include guest time, as the kernel
 * counts guest inside user and guest_nice inside nice (mpstat's %usr and
 * %nice subtract it).  A CPU that ran a guest for 60 of 100 ticks and
 * user space for 20 reads 80 % user, not 20 %, and the shares add to 100. */
START_TEST(guest_inside_user)
{
	static const char a[] = "cpu  0 0 0 0 0 0 0 0 0 0\n"
				"cpu0 0 0 0 0 0 0 0 0 0 0\n";
	static const char b[] = "cpu  80 10 0 10 0 0 0 0 60 10\n"
				"cpu0 80 10 0 10 0 0 0 0 60 10\n";
	struct procstat pa = { 0 }, pb = { 0 };
	struct cpu_util u;

	ck_assert_int_eq(procstat_parse(a, sizeof(a) - 1, &pa), 1);
	ck_assert_int_eq(procstat_parse(b, sizeof(b) - 1, &pb), 1);
	procstat_util(procstat_find(&pa, 0), procstat_find(&pb, 0), &u);
	ck_assert(u.valid);
	ck_assert_double_eq_tol(u.user, 80.0, 1e-9);
	ck_assert_double_eq_tol(u.nice, 10.0, 1e-9);
	ck_assert_double_eq_tol(u.idle, 10.0, 1e-9);
	ck_assert_double_eq_tol(u.busy, 90.0, 1e-9);
	procstat_free(&pa);
	procstat_free(&pb);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("procstat");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, parses_x86_capture);
	tcase_add_test(tc, busy_cpu_and_idle_cpu);
	tcase_add_test(tc, offline_cpu_keyed_by_id);
	tcase_add_test(tc, old_kernel_fewer_fields);
	tcase_add_test(tc, reset_and_tickless_step_back);
	tcase_add_test(tc, garbage_is_an_error);
	tcase_add_test(tc, bad_cpu_line_skipped);
	tcase_add_test(tc, sysstat_cpu_without_ticks);
	tcase_add_test(tc, guest_inside_user);
	tcase_add_test(tc, every_truncation_is_safe);
	suite_add_tcase(s, tc);
	return testutil_run(s);
}
