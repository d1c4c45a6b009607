/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test_hints: each advice rule with a case where it fires and cases where
 * it must not, and the table order of hints_eval. */
#include "config.h"

#include <string.h>

#include "tune/hints.h"
#include "testutil.h"

/* The seeds' XU4: IRQ 151 at 8k/s on LITTLE CPU 0, big cores idle. */
static struct hints_in xu4(void)
{
	struct hints_in in;

	memset(&in, 0, sizeof(in));
	in.has_irq = true;
	in.irq = 151;
	strcpy(in.irq_name, "xhci-hcd:usb5");
	in.irq_rate = 8000;
	in.irq_cpu = 0;
	in.irq_on_little = true;
	in.big_little = true;
	in.big_busy_pct = 3;
	return in;
}

START_TEST(irq_on_little)
{
	struct hints_in in = xu4();

	ck_assert(hints_irq_on_little(&in));
	in = xu4();
	in.irq_on_little = false;	/* already on a big core */
	ck_assert(!hints_irq_on_little(&in));
	in = xu4();
	in.big_busy_pct = 95;		/* big cores busy */
	ck_assert(!hints_irq_on_little(&in));
	in = xu4();
	in.irq_rate = 12;		/* quiet */
	ck_assert(!hints_irq_on_little(&in));
	in = xu4();
	in.big_little = false;		/* x86: one kind of core */
	ck_assert(!hints_irq_on_little(&in));
	in = xu4();
	in.irq_fixed = true;		/* cannot be moved */
	ck_assert(!hints_irq_on_little(&in));
	in = xu4();
	in.big_busy_pct = -1;		/* unknown */
	ck_assert(!hints_irq_on_little(&in));
}
END_TEST

START_TEST(governor)
{
	struct hints_in in;

	memset(&in, 0, sizeof(in));
	strcpy(in.governor, "ondemand");
	ck_assert(!hints_governor(&in));	/* no benchmark */
	in.bench_running = true;
	ck_assert(hints_governor(&in));
	strcpy(in.governor, "performance");
	ck_assert(!hints_governor(&in));
	in.governor[0] = '\0';
	ck_assert(!hints_governor(&in));
}
END_TEST

START_TEST(usb_rules)
{
	struct hints_in in;

	memset(&in, 0, sizeof(in));
	ck_assert(!hints_uas_unused(&in));
	ck_assert(!hints_slow_link(&in));
	strcpy(in.uas_dev, "3-1");
	ck_assert(hints_uas_unused(&in));
	strcpy(in.slow_dev, "5-1");
	ck_assert(hints_slow_link(&in));
}
END_TEST

START_TEST(io_irq_names)
{
	ck_assert(hints_io_irq("xhci-hcd:usb5"));
	ck_assert(hints_io_irq("ehci_hcd:usb1"));
	ck_assert(hints_io_irq("eth0"));
	ck_assert(hints_io_irq("enp1s0-rx-0"));
	ck_assert(!hints_io_irq("mmc0"));
	ck_assert(!hints_io_irq("arch_timer"));
	ck_assert(!hints_io_irq(NULL));
}
END_TEST

START_TEST(eval_order)
{
	struct hints_in in = xu4();
	enum hints_id ids[HINT_NIDS];

	strcpy(in.slow_dev, "5-1");
	ck_assert_uint_eq(hints_eval(&in, ids, HINT_NIDS), 2);
	ck_assert_int_eq(ids[0], HINT_IRQ_ON_LITTLE);
	ck_assert_int_eq(ids[1], HINT_SLOW_LINK);
	ck_assert_uint_eq(hints_eval(&in, ids, 1), 1);
	memset(&in, 0, sizeof(in));
	ck_assert_uint_eq(hints_eval(&in, ids, HINT_NIDS), 0);
}
END_TEST

static Suite *hints_suite(void)
{
	Suite *s = suite_create("hints");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, irq_on_little);
	tcase_add_test(tc, governor);
	tcase_add_test(tc, usb_rules);
	tcase_add_test(tc, io_irq_names);
	tcase_add_test(tc, eval_order);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return testutil_run(hints_suite());
}
