/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test_irqbalance: the comm text rule, and finding a process named
 * irqbalance in a fake /proc, at once or by a look kept between ticks. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "tune/irqbalance.h"
#include "testutil.h"

START_TEST(comm_text)
{
	ck_assert(irqbalance_comm_is("irqbalance\n", 11));
	ck_assert(irqbalance_comm_is("irqbalance", 10));
	ck_assert(!irqbalance_comm_is("irqbalance-ui\n", 14));
	ck_assert(!irqbalance_comm_is("irqbalanc\n", 10));
	ck_assert(!irqbalance_comm_is("bash\n", 5));
	ck_assert(!irqbalance_comm_is("", 0));
}
END_TEST

START_TEST(find_in_proc)
{
	char root[] = "/tmp/test_irqbalance.XXXXXX", path[256];
	FILE *f;

	ck_assert_ptr_nonnull(mkdtemp(root));
	snprintf(path, sizeof(path), "%s/42", root);
	mkdir(path, 0755);
	snprintf(path, sizeof(path), "%s/42/comm", root);
	f = fopen(path, "w");
	fputs("sshd\n", f);
	fclose(f);
	snprintf(path, sizeof(path), "%s/self", root);
	mkdir(path, 0755);
	ck_assert_int_eq(irqbalance_find(root), 0);
	snprintf(path, sizeof(path), "%s/317", root);
	mkdir(path, 0755);
	snprintf(path, sizeof(path), "%s/317/comm", root);
	f = fopen(path, "w");
	fputs("irqbalance\n", f);
	fclose(f);
	ck_assert_int_eq(irqbalance_find(root), 317);
	ck_assert_int_lt(irqbalance_find("/nonexistent-proc"), 0);
	unlink(path);
	snprintf(path, sizeof(path), "%s/42/comm", root);
	unlink(path);
	snprintf(path, sizeof(path), "%s/42", root);
	rmdir(path);
	snprintf(path, sizeof(path), "%s/317", root);
	rmdir(path);
	snprintf(path, sizeof(path), "%s/self", root);
	rmdir(path);
	rmdir(root);
}
END_TEST

static void put(const char *root, const char *pid, const char *comm)
{
	char path[256];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", root, pid);
	mkdir(path, 0755);
	snprintf(path, sizeof(path), "%s/%s/comm", root, pid);
	f = fopen(path, "w");
	ck_assert_ptr_nonnull(f);
	fputs(comm, f);
	fclose(f);
}

static void drop(const char *root, const char *pid)
{
	char path[256];

	snprintf(path, sizeof(path), "%s/%s/comm", root, pid);
	unlink(path);
	snprintf(path, sizeof(path), "%s/%s", root, pid);
	rmdir(path);
}

/* The kept look: the same answers as irqbalance_find, reading a comm only
 * for the daemon found or a process the looks before did not settle. */
START_TEST(look_kept)
{
	char root[] = "/tmp/test_irqbalance.XXXXXX", path[256], old[256];
	struct irqbalance_look l;

	ck_assert_ptr_nonnull(mkdtemp(root));
	irqbalance_look_init(&l);
	put(root, "42", "sshd\n");
	put(root, "43", "bash\n");
	ck_assert_int_eq(irqbalance_look(&l, root), 0);
	ck_assert_uint_eq(l.reads, 2);
	ck_assert_int_eq(irqbalance_look(&l, root), 0);
	ck_assert_uint_eq(l.reads, 0);	/* settled: nothing read */
	put(root, "44", "cron\n");
	ck_assert_int_eq(irqbalance_look(&l, root), 0);
	ck_assert_uint_eq(l.reads, 1);	/* new since: read */
	ck_assert_int_eq(irqbalance_look(&l, root), 0);
	ck_assert_uint_eq(l.reads, 1);	/* ... and once more */
	ck_assert_int_eq(irqbalance_look(&l, root), 0);
	ck_assert_uint_eq(l.reads, 0);
	/* a child named by its parent, then its exec: found at the next */
	put(root, "500", "(rqbalance)\n");
	ck_assert_int_eq(irqbalance_look(&l, root), 0);
	ck_assert_uint_eq(l.reads, 1);
	put(root, "500", "irqbalance\n");
	ck_assert_int_eq(irqbalance_look(&l, root), 500);
	ck_assert_int_eq(irqbalance_look(&l, root), 500);
	ck_assert_uint_eq(l.reads, 1);	/* the daemon's comm alone */
	drop(root, "500");
	ck_assert_int_eq(irqbalance_look(&l, root), 0);
	ck_assert_uint_eq(l.reads, 1);
	/* a settled pid used again by a new process (another inode) */
	snprintf(old, sizeof(old), "%s/old43", root);
	snprintf(path, sizeof(path), "%s/43", root);
	ck_assert_int_eq(rename(path, old), 0);
	put(root, "43", "irqbalance\n");
	drop(root, "old43");
	ck_assert_int_eq(irqbalance_look(&l, root), 43);
	ck_assert_int_eq(irqbalance_find(root), 43);
	ck_assert_int_lt(irqbalance_look(&l, "/nonexistent-proc"), 0);
	irqbalance_look_fini(&l);
	drop(root, "42");
	drop(root, "43");
	drop(root, "44");
	rmdir(root);
}
END_TEST

static Suite *irqbalance_suite(void)
{
	Suite *s = suite_create("irqbalance");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, comm_text);
	tcase_add_test(tc, find_in_proc);
	tcase_add_test(tc, look_kept);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return testutil_run(irqbalance_suite());
}
