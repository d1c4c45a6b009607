/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test_irqbalance: the comm text rule, and finding a process named
 * irqbalance in a fake /proc. */
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

static Suite *irqbalance_suite(void)
{
	Suite *s = suite_create("irqbalance");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, comm_text);
	tcase_add_test(tc, find_in_proc);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return testutil_run(irqbalance_suite());
}
