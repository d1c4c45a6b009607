/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test_irqaff: IRQ affinity read from a small fake /proc tree
 * (tests/data/irqaff/proc) and from directories made on the spot. */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/buf.h"
#include "collect/irqaff.h"
#include "testutil.h"

#define PROC TESTDATA_DIR "/irqaff/proc"

static struct cpuset list_of(const char *s)
{
	struct cpuset set;

	ck_assert_int_ge(cpulist_parse(s, strlen(s), &set), 0);
	return set;
}

/* PROC/irq/IRQ/smp_affinity (the hex mask) parsed. */
static struct cpuset mask_file(unsigned irq)
{
	char path[512];
	struct buf b = { 0 };
	struct cpuset set;

	snprintf(path, sizeof(path), "%s/irq/%u/smp_affinity", PROC, irq);
	ck_assert_int_eq(buf_read_file(&b, path), 0);
	ck_assert_int_ge(cpumask_parse(b.data, b.len, &set), 0);
	buf_free(&b);
	return set;
}

START_TEST(affinity_and_effective)
{
	struct irq_affinity a;
	struct cpuset want = list_of("4-5"), eff = list_of("4");

	ck_assert_int_eq(irqaff_read(PROC, 105, &a), 0);
	ck_assert(a.has_affinity);
	ck_assert(a.has_effective);
	ck_assert(cpuset_equal(&a.affinity, &want));
	ck_assert(cpuset_equal(&a.effective, &eff));
	want = mask_file(105);	/* "30": the same CPUs as a mask */
	ck_assert(cpuset_equal(&a.affinity, &want));
}
END_TEST

START_TEST(older_kernel_without_effective)
{
	struct irq_affinity a;
	struct cpuset want = list_of("0-5");

	ck_assert_int_eq(irqaff_read(PROC, 23, &a), 0);
	ck_assert(a.has_affinity);
	ck_assert(!a.has_effective);
	ck_assert(cpuset_equal(&a.affinity, &want));
	ck_assert_uint_eq(cpuset_count(&a.effective), 0);
	want = mask_file(23);
	ck_assert(cpuset_equal(&a.affinity, &want));
}
END_TEST

START_TEST(wide_host)
{
	struct irq_affinity a;

	ck_assert_int_eq(irqaff_read(PROC, 125, &a), 0);
	ck_assert_int_eq(cpuset_first(&a.affinity), 22);
	ck_assert_uint_eq(cpuset_count(&a.affinity), 1);
	ck_assert_int_eq(cpuset_first(&a.effective), 22);
	{
		struct cpuset m = mask_file(125);	/* "00400000" */

		ck_assert(cpuset_equal(&a.affinity, &m));
	}
}
END_TEST

START_TEST(garbled_files)
{
	struct irq_affinity a;

	a.has_affinity = true;
	ck_assert_int_eq(irqaff_read(PROC, 42, &a), -EINVAL);
	ck_assert(!a.has_affinity && !a.has_effective);
	ck_assert_uint_eq(cpuset_count(&a.affinity), 0);
	ck_assert_int_eq(irqaff_read(PROC, 50, &a), -ERANGE);
	/* a garbled effective list only loses the effective set */
	ck_assert_int_eq(irqaff_read(PROC, 43, &a), 0);
	ck_assert(a.has_affinity && !a.has_effective);
	ck_assert_uint_eq(cpuset_count(&a.affinity), 4);
	ck_assert_uint_eq(cpuset_count(&a.effective), 0);
}
END_TEST

START_TEST(missing_files_and_irqs)
{
	struct irq_affinity a;
	char *root = malloc(5000);

	/* a uniprocessor kernel: the directory without affinity files */
	ck_assert_int_eq(irqaff_read(PROC, 7, &a), 0);
	ck_assert(!a.has_affinity && !a.has_effective);
	ck_assert_int_eq(irqaff_read(PROC, 999, &a), -ENOENT);
	ck_assert_int_eq(irqaff_read("/nonexistent", 105, &a), -ENOENT);
	memset(root, 'x', 4999);
	root[4999] = '\0';
	ck_assert_int_eq(irqaff_read(root, 105, &a), -ENAMETOOLONG);
	free(root);
}
END_TEST

START_TEST(unreadable_list)
{
	char root[] = "/tmp/test_irqaff.XXXXXX";
	char path[256];
	struct irq_affinity a;

	ck_assert_ptr_nonnull(mkdtemp(root));
	snprintf(path, sizeof(path), "%s/irq", root);
	ck_assert_int_eq(mkdir(path, 0700), 0);
	snprintf(path, sizeof(path), "%s/irq/9", root);
	ck_assert_int_eq(mkdir(path, 0700), 0);
	snprintf(path, sizeof(path), "%s/irq/9/smp_affinity_list", root);
	ck_assert_int_eq(mkdir(path, 0700), 0);
	ck_assert_int_eq(irqaff_read(root, 9, &a), -EISDIR);
	ck_assert(!a.has_affinity);
	rmdir(path);
	snprintf(path, sizeof(path), "%s/irq/9", root);
	rmdir(path);
	snprintf(path, sizeof(path), "%s/irq", root);
	rmdir(path);
	rmdir(root);
}
END_TEST

static Suite *irqaff_suite(void)
{
	Suite *s = suite_create("irqaff");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, affinity_and_effective);
	tcase_add_test(tc, older_kernel_without_effective);
	tcase_add_test(tc, wide_host);
	tcase_add_test(tc, garbled_files);
	tcase_add_test(tc, missing_files_and_irqs);
	tcase_add_test(tc, unreadable_list);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return testutil_run(irqaff_suite());
}
