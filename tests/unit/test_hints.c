/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test_hints: each advice rule with a case where it fires and cases where
 * it must not, and the table order of hints_eval. */
#include "config.h"

#include <string.h>

#include "hw/hwmodel.h"
#include "view/moment.h"
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

/* The HC1 at 480M and a USB 3 disk on usb-storage: the label is what
 * usbdev_label returns (the bridge, the product or vid:pid), never an
 * unset buffer. */
START_TEST(usb_labels)
{
	struct hwmodel hw;
	struct usbdev d[2];
	struct hints_in in;
	struct moment m;

	memset(&hw, 0, sizeof(hw));
	memset(d, 0, sizeof(d));
	d[0].name = "3-1";
	d[0].bridge = "JMicron JMS578";
	d[0].has_uas = d[0].storage_bound = true;
	d[1].name = "4-1";
	d[1].vid = 0x152d;
	d[1].pid = 0x0578;
	d[1].capable_kbps = 5000000;
	d[1].speed_kbps = 480000;
	hw.chain.usb.v = d;
	hw.chain.usb.n = 2;
	moment_init(&m);
	ck_assert_int_eq(moment_from_live(&m, &(struct moment_live){ NULL,
					  NULL, &hw }), 0);
	hints_build(&in, &m, NULL, NULL);
	ck_assert_str_eq(in.uas_dev, "3-1");
	ck_assert_str_eq(in.uas_label, "JMicron JMS578");
	ck_assert_str_eq(in.slow_dev, "4-1");
	ck_assert_str_eq(in.slow_label, "152d:0578");
	d[1].product = "USB3.0 Disk";
	hints_build(&in, &m, NULL, NULL);	/* the moment borrows the list */
	ck_assert_str_eq(in.slow_label, "USB3.0 Disk");
	moment_fini(&m);
}
END_TEST

/* The builder over a moment: the busiest USB IRQ, the CPU that took most
 * of it (a LITTLE one), the big cores' busy share, a governor not at
 * performance. */
START_TEST(build_from_moment)
{
	struct moment_sizes n = { .nclusters = 2, .nirqs = 2, .ncols = 8,
				  .ncpus = 8 };
	struct moment m;
	struct hints_in in;
	struct irq_affinity aff = { .has_affinity = true };

	moment_init(&m);
	ck_assert_int_eq(moment_alloc(&m, &n), 0);
	m.have_rates = m.have_hw = true;
	m.nclusters = 2;
	m.clusters[0].role = CLUSTER_ROLE_LITTLE;
	cpulist_parse("0-3", 3, &m.clusters[0].cpus);
	m.clusters[0].online = m.clusters[0].has_freq = true;
	strcpy(m.clusters[0].governor, "performance");
	m.clusters[1].role = CLUSTER_ROLE_BIG;
	cpulist_parse("4-7", 3, &m.clusters[1].cpus);
	m.clusters[1].online = m.clusters[1].has_freq = true;
	strcpy(m.clusters[1].governor, "ondemand");
	m.clusters[1].util_pct = 3;
	m.nirq_cpus = 8;
	for (unsigned c = 0; c < 8; c++)
		m.irq_cpus[c] = c;
	m.nirqs = 2;
	for (size_t i = 0; i < 2; i++) {
		m.irqs[i].numeric = m.irqs[i].valid = true;
		m.irqs[i].ncounts = 8;
		m.irqs[i].desc = m.irqs[i].chip = "";
	}
	m.irqs[0].irq = 150;
	m.irqs[0].action = "xhci-hcd:usb3";
	m.irqs[0].total_per_s = m.irqs[0].per_cpu[2] = 400;
	m.irqs[1].irq = 151;
	m.irqs[1].action = "xhci-hcd:usb5";
	m.irqs[1].total_per_s = 8000;
	m.irqs[1].per_cpu[0] = 7000;
	m.irqs[1].per_cpu[5] = 1000;
	m.ncpus = 8;
	for (unsigned c = 0; c < 8; c++) {
		m.cpus[c].id = (int)c;
		m.cpus[c].online = m.cpus[c].valid = true;
		m.cpus[c].busy = c == 0 ? 90 : 3;
	}
	cpulist_parse("0-7", 3, &aff.affinity);
	m.irqs[1].aff = &aff;
	hints_build(&in, &m, NULL, NULL);
	ck_assert(in.has_irq);
	ck_assert_uint_eq(in.irq, 151);
	ck_assert_str_eq(in.irq_name, "xhci-hcd:usb5");
	ck_assert_int_eq(in.irq_cpu, 0);
	ck_assert(in.irq_on_little && in.big_little);
	ck_assert_double_eq(in.big_busy_pct, 3);
	ck_assert_str_eq(in.governor, "ondemand");
	ck_assert_str_eq(in.governor_cpus, "4-7");
	ck_assert(hints_irq_on_little(&in));
	ck_assert_double_eq(in.irq_cpu_busy_pct, 90);	/* CPU 0's load */
	ck_assert_str_eq(in.big_cpus, "4-7");
	ck_assert(!in.irq_pinned_big);		/* 0-7: p would move it */
	cpulist_parse("4-7", 3, &aff.affinity);
	hints_build(&in, &m, NULL, NULL);
	ck_assert(in.irq_pinned_big);		/* already on the big cores */
	ck_assert(hints_irq_on_little(&in));	/* still said, without p */
	m.have_rates = false;	/* the first reading: no IRQ rates yet */
	hints_build(&in, &m, NULL, NULL);
	ck_assert(!in.has_irq);
	moment_fini(&m);
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
	tcase_add_test(tc, usb_labels);
	tcase_add_test(tc, io_irq_names);
	tcase_add_test(tc, build_from_moment);
	tcase_add_test(tc, eval_order);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return testutil_run(hints_suite());
}
