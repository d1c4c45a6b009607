/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test_interrupts: /proc/interrupts captures from Odroid XU4, RK3399,
 * Raspberry Pi 4 and x86 hosts, their rows and rates between samples. */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "collect/interrupts.h"
#include "testutil.h"

static const char *const captures[] = {
	"odroid-xu4/proc_interrupts_excerpt",
	"rk3399/rockpi4_proc_interrupts",
	"rk3399/nanopi-r4s_proc_interrupts",
	"rpi4/proc_interrupts",
	"x86/desktop20_proc_interrupts",
	"x86/broadwell32_proc_interrupts",
	"x86/nehalem16_proc_interrupts",
	"qemu-arm64/proc_interrupts",
};

static int parse_str(const char *s, struct irq_table *t)
{
	return interrupts_parse(s, strlen(s), t);
}

static void parse_fixture(const char *name, struct irq_table *t)
{
	size_t len;
	char *buf = testutil_load(name, &len);
	int rc = interrupts_parse(buf, len, t);

	free(buf);
	ck_assert_msg(rc > 0, "%s: %d", name, rc);
	ck_assert_int_eq((size_t)rc, t->nrows);
}

static const struct irq_row *row(const struct irq_table *t, const char *key)
{
	const struct irq_row *r = interrupts_find(t, key);

	ck_assert_msg(r != NULL, "no row %s", key);
	return r;
}

static void assert_split(const struct irq_row *r, const char *chip,
			 const char *hwirq, const char *trigger,
			 const char *action)
{
	ck_assert_str_eq(r->chip, chip);
	ck_assert_str_eq(r->hwirq, hwirq);
	ck_assert_str_eq(r->trigger, trigger);
	ck_assert_str_eq(r->action, action);
}

/* Column of CPU ID in T. */
static size_t col(const struct irq_table *t, unsigned id)
{
	for (size_t i = 0; i < t->ncpus; i++)
		if (t->cpus[i] == id)
			return i;
	ck_abort_msg("no CPU%u column", id);
	return 0;
}

/* Copy of TEXT with the first FROM replaced by TO. */
static char *edit(const char *text, const char *from, const char *to)
{
	const char *at = strstr(text, from);
	size_t n = strlen(text) - strlen(from) + strlen(to) + 1;
	char *out = malloc(n);

	ck_assert_msg(at != NULL, "no %s to edit", from);
	snprintf(out, n, "%.*s%s%s", (int)(at - text), text, to,
		 at + strlen(from));
	return out;
}

static char *edit_fixture(const char *name, const char *from, const char *to)
{
	char *buf = testutil_load(name, NULL);
	char *out = edit(buf, from, to);

	free(buf);
	return out;
}

/* T printed back as /proc/interrupts, without the column of CPU SKIP
 * (-1: none), rows in reverse order when REVERSE. */
static char *unparse(const struct irq_table *t, int skip, bool reverse)
{
	char *text = NULL;
	size_t size = 0;
	FILE *f = open_memstream(&text, &size);

	for (size_t i = 0; i < t->ncpus; i++)
		if ((int)t->cpus[i] != skip)
			fprintf(f, " CPU%u", t->cpus[i]);
	fputc('\n', f);
	for (size_t k = 0; k < t->nrows; k++) {
		size_t at = reverse ? t->nrows - 1 - k : k;
		const struct irq_row *r = &t->rows[at];

		fprintf(f, "%s:", r->key);
		for (size_t i = 0; i < r->ncounts; i++)
			if ((int)t->cpus[i] != skip)
				fprintf(f, " %llu",
					(unsigned long long)r->counts[i]);
		fprintf(f, "  %s\n", r->desc);
	}
	fclose(f);
	return text;
}

START_TEST(odroid_xu4_without_header)
{
	struct irq_table t;
	const struct irq_row *r;

	parse_fixture("odroid-xu4/proc_interrupts_excerpt", &t);
	ck_assert_uint_eq(t.nrows, 6);
	ck_assert_uint_eq(t.ncpus, 8);
	for (unsigned i = 0; i < 8; i++)
		ck_assert_uint_eq(t.cpus[i], i);
	r = row(&t, "151");	/* the RTL8153 behind usb5, on CPU7 */
	ck_assert(r->numeric);
	ck_assert_uint_eq(r->irq, 151);
	ck_assert_uint_eq(r->ncounts, 8);
	ck_assert_uint_eq(r->counts[col(&t, 7)], 7406300);
	ck_assert_uint_eq(r->counts[0], 334);
	ck_assert_uint_eq(r->total, 7406634);
	ck_assert_str_eq(r->desc, "GICv2 105 Edge      xhci-hcd:usb5");
	assert_split(r, "GICv2", "105", "Edge", "xhci-hcd:usb5");
	r = row(&t, "80");
	assert_split(r, "GICv2", "103", "Edge", "ehci_hcd:usb1, ohci_hcd:usb2");
	ck_assert_uint_eq(r->total, 1519);
	r = row(&t, "150");
	ck_assert_uint_eq(r->counts[2], 132611);
	ck_assert_uint_eq(r->total, 136526);
	assert_split(row(&t, "152"), "exynos4210_wkup_irq_chip", "5", "Edge",
		     "extcon_usb3_0");
	/* 105 is the hwirq, not a key */
	ck_assert_ptr_null(interrupts_find(&t, "105"));
	interrupts_free(&t);
	ck_assert_ptr_null(t.rows);
	ck_assert_uint_eq(t.nrows, 0);
}
END_TEST

/* A device's name (the whole action) finds its IRQ; a shared row by its
 * whole text only; a name of two rows is counted, both numbers given. */
START_TEST(by_action)
{
	struct irq_table t;
	unsigned irq = 0, other = 0;

	parse_fixture("odroid-xu4/proc_interrupts_excerpt", &t);
	ck_assert_uint_eq(interrupts_by_action(&t, "xhci-hcd:usb5", &irq,
					       &other), 1);
	ck_assert_uint_eq(irq, 151);
	ck_assert_uint_eq(interrupts_by_action(&t, "ehci_hcd:usb1, "
					       "ohci_hcd:usb2", &irq, &other), 1);
	ck_assert_uint_eq(irq, 80);
	ck_assert_uint_eq(interrupts_by_action(&t, "ehci_hcd:usb1", &irq,
					       &other), 0);
	ck_assert_uint_eq(interrupts_by_action(&t, "", &irq, &other), 0);
	ck_assert_uint_eq(interrupts_by_action(&t, "GICv2", &irq, &other), 0);
	interrupts_free(&t);
	ck_assert_int_ge(interrupts_parse("CPU0\n 40: 1 GICv2 1 Edge xhci_hcd\n"
		" 41: 2 GICv2 2 Edge xhci_hcd\n 42: 3 GICv2 3 Edge xhci_hcd\n",
		strlen("CPU0\n 40: 1 GICv2 1 Edge xhci_hcd\n"
		" 41: 2 GICv2 2 Edge xhci_hcd\n 42: 3 GICv2 3 Edge xhci_hcd\n"),
		&t), 0);
	ck_assert_uint_eq(interrupts_by_action(&t, "xhci_hcd", &irq, &other),
			  3);
	ck_assert_uint_eq(irq, 40);
	ck_assert_uint_eq(other, 41);
	interrupts_free(&t);
}
END_TEST

START_TEST(rockpi4_gicv3)
{
	struct irq_table t;
	const struct irq_row *r;

	parse_fixture("rk3399/rockpi4_proc_interrupts", &t);
	ck_assert_uint_eq(t.ncpus, 6);
	ck_assert_uint_eq(t.cpus[5], 5);
	ck_assert_uint_eq(t.nrows, 51);
	r = row(&t, "23");
	assert_split(r, "GICv3", "30", "Level", "arch_timer");
	ck_assert_uint_eq(r->counts[4], 1418781);
	ck_assert_uint_eq(r->total, 16404050);
	assert_split(row(&t, "31"), "GICv3-23", "0", "Level", "arm-pmu");
	r = row(&t, "79");
	assert_split(r, "rockchip_gpio_irq", "16", "Level", "adis16505");
	ck_assert_uint_eq(r->counts[0], 50468710);
	r = row(&t, "IPI3");
	ck_assert(!r->numeric);
	ck_assert_str_eq(r->desc, "CPU stop (for crash dump) interrupts");
	assert_split(r, "", "", "", "");
	ck_assert_uint_eq(row(&t, "IPI0")->total, 56596517);
	r = row(&t, "Err");		/* one count on a 6-CPU table */
	ck_assert(!r->numeric);
	ck_assert_uint_eq(r->ncounts, 1);
	ck_assert_uint_eq(r->counts[0], 0);
	ck_assert_str_eq(r->desc, "");
	interrupts_free(&t);
}
END_TEST

START_TEST(nanopi_r4s_its_msi)
{
	struct irq_table t;
	const struct irq_row *r;

	parse_fixture("rk3399/nanopi-r4s_proc_interrupts", &t);
	ck_assert_uint_eq(t.ncpus, 6);
	ck_assert_uint_eq(t.nrows, 46);
	r = row(&t, "87");		/* PCIe r8169 eth1 on CPU5 */
	assert_split(r, "ITS-MSI", "524288", "Edge", "eth1");
	ck_assert_uint_eq(r->counts[5], 1156859750);
	ck_assert_uint_eq(r->total, 1156859750);
	ck_assert_uint_eq(row(&t, "35")->counts[4], 165575364);
	assert_split(row(&t, "78"), "rk808", "5", "Edge", "RTC alarm");
	assert_split(row(&t, "82"), "rockchip_gpio_irq", "7", "Edge",
		     "fe320000.mmc cd");
	assert_split(row(&t, "84"), "ITS-MSI", "0", "Edge", "PCIe PME, aerdrv");
	ck_assert_uint_eq(row(&t, "23")->total, 330057992);
	interrupts_free(&t);
}
END_TEST

START_TEST(rpi4_chip_with_spaces)
{
	struct irq_table t;
	const struct irq_row *r;

	parse_fixture("rpi4/proc_interrupts", &t);
	ck_assert_uint_eq(t.ncpus, 4);
	ck_assert_uint_eq(t.nrows, 18);
	r = row(&t, "39");
	ck_assert_str_eq(r->desc,
			 "BRCM STB PCIe MSI 524288 Edge      xhci_hcd");
	assert_split(r, "BRCM STB PCIe MSI", "524288", "Edge", "xhci_hcd");
	ck_assert_uint_eq(r->counts[0], 30845207);
	r = row(&t, "25");
	assert_split(r, "GICv2", "158", "Level", "mmc1, mmc0");
	ck_assert_uint_eq(r->counts[2], 938869);
	assert_split(row(&t, "17"), "GICv2", "114", "Level", "DMA IRQ");
	assert_split(row(&t, "38"), "GICv2", "175", "Level",
		     "PCIe PME, aerdrv");
	interrupts_free(&t);
}
END_TEST

START_TEST(x86_desktop20_named_rows)
{
	struct irq_table t;
	const struct irq_row *r;

	parse_fixture("x86/desktop20_proc_interrupts", &t);
	ck_assert_uint_eq(t.ncpus, 20);
	ck_assert_uint_eq(t.cpus[19], 19);
	ck_assert_uint_eq(t.nrows, 110);
	assert_split(row(&t, "9"), "IR-IO-APIC", "9", "fasteoi", "acpi");
	assert_split(row(&t, "8"), "IR-IO-APIC", "8", "edge", "rtc0");
	assert_split(row(&t, "16"), "IR-IO-APIC", "16", "fasteoi",
		     "peak_pciefd, peak_pciefd, peak_pciefd, peak_pciefd");
	r = row(&t, "181");
	assert_split(r, "IR-PCI-MSI", "327680", "edge", "xhci_hcd");
	ck_assert_uint_eq(r->counts[col(&t, 1)], 30132468);
	ck_assert_uint_eq(r->counts[0], 0);
	ck_assert_uint_eq(r->total, 30132468);
	ck_assert_uint_eq(row(&t, "183")->counts[3], 1327707);
	assert_split(row(&t, "183"), "IR-PCI-MSI", "376832", "edge",
		     "ahci[0000:00:17.0]");
	r = row(&t, "LOC");
	ck_assert(!r->numeric);
	ck_assert_uint_eq(r->ncounts, 20);
	ck_assert_uint_eq(r->counts[0], 8019100);
	ck_assert_uint_eq(r->counts[19], 1312346);
	ck_assert_uint_eq(r->total, 98612000);
	ck_assert_str_eq(r->desc, "Local timer interrupts");
	ck_assert_uint_eq(row(&t, "NMI")->total, 1443);
	ck_assert_uint_eq(row(&t, "ERR")->ncounts, 1);
	ck_assert_uint_eq(row(&t, "MIS")->ncounts, 1);
	ck_assert_str_eq(row(&t, "PIW")->desc, "Posted-interrupt wakeup event");
	ck_assert_str_eq(t.rows[t.nrows - 1].key, "PIW");
	interrupts_free(&t);
}
END_TEST

START_TEST(x86_broadwell32_long_lines)
{
	struct irq_table t;
	const struct irq_row *r;

	parse_fixture("x86/broadwell32_proc_interrupts", &t);
	ck_assert_uint_eq(t.ncpus, 32);
	ck_assert_uint_eq(t.nrows, 134);
	r = row(&t, "LOC");
	ck_assert_uint_eq(r->counts[31], 37272);
	ck_assert_uint_eq(r->total, 3005897);
	r = row(&t, "125");
	assert_split(r, "IR-PCI-MSI", "1048580", "edge", "eth0-rx-4");
	ck_assert_uint_eq(r->counts[22], 10497);
	ck_assert_uint_eq(r->total, 10498);
	assert_split(row(&t, "0"), "IR-IO-APIC", "2", "edge", "timer");
	ck_assert_uint_eq(row(&t, "0")->irq, 0);
	interrupts_free(&t);
}
END_TEST

/* Linux 2.6.38 on a 16-CPU Nehalem: no hwirq column, the chip and the
 * flow handler in one token ("PCI-MSI-edge"), then the action. */
START_TEST(x86_nehalem16_old_format)
{
	struct irq_table t;
	const struct irq_row *r;

	parse_fixture("x86/nehalem16_proc_interrupts", &t);
	ck_assert_uint_eq(t.ncpus, 16);
	ck_assert_uint_eq(t.nrows, 48);
	r = row(&t, "133");
	assert_split(r, "PCI-MSI", "", "edge", "eth0-TxRx-4");
	ck_assert_uint_eq(r->counts[12], 7481182);
	ck_assert_uint_eq(r->total, 515 + 7481182);
	assert_split(row(&t, "0"), "IO-APIC", "", "edge", "timer");
	assert_split(row(&t, "9"), "IO-APIC", "", "fasteoi", "acpi");
	assert_split(row(&t, "3"), "IO-APIC", "", "edge", "");
	assert_split(row(&t, "18"), "IO-APIC", "", "fasteoi",
		     "ehci_hcd:usb1, uhci_hcd:usb7");
	ck_assert_str_eq(row(&t, "NMI")->desc, "Non-maskable interrupts");
	ck_assert_uint_eq(row(&t, "ERR")->counts[0], 15);
	interrupts_free(&t);
}
END_TEST

/* Raspberry Pi 4 rows with CPU1 offline: columns are keyed by id. */
static const char rpi4_cpu1_offline[] =
	"           CPU0       CPU2       CPU3\n"
	"  3:    7646504    8250258     670362     GICv2  30 Level     "
	"arch_timer\n"
	" 25:      19817     938969          0     GICv2 158 Level     "
	"mmc1, mmc0\n"
	"IPI0:    518033     575403     839272       Rescheduling interrupts\n"
	"Err:          0\n";

START_TEST(offline_cpu_columns)
{
	struct irq_table t;
	const struct irq_row *r;

	ck_assert_int_eq(parse_str(rpi4_cpu1_offline, &t), 4);
	ck_assert_uint_eq(t.ncpus, 3);
	ck_assert_uint_eq(t.cpus[0], 0);
	ck_assert_uint_eq(t.cpus[1], 2);
	ck_assert_uint_eq(t.cpus[2], 3);
	r = row(&t, "25");
	ck_assert_uint_eq(r->counts[col(&t, 2)], 938969);
	ck_assert_uint_eq(r->counts[col(&t, 3)], 0);
	ck_assert_uint_eq(row(&t, "3")->counts[col(&t, 3)], 670362);
	interrupts_free(&t);
}
END_TEST

/* +8100 interrupts on CPU7 for row 151 in one second. */
/* The arm64 VM lab's xHCI vector after a pin from CPU 0 to CPU 5: idle,
 * it goes to the one CPU of its effective affinity, not to the CPU that
 * took most since boot; without that file (or with a set) to that CPU. */
START_TEST(taker_idle_after_pin)
{
	struct irq_table t;
	struct irq_affinity a = { .has_affinity = true, .has_effective = true };
	const struct irq_row *r;

	parse_fixture("qemu-arm64/proc_interrupts", &t);
	r = row(&t, "19");
	ck_assert_uint_eq(r->counts[0], 129);
	ck_assert_uint_eq(r->counts[5], 32);
	ck_assert_int_eq(interrupts_taker(r, NULL, &t, NULL), 0);
	cpuset_clear(&a.effective);
	cpuset_add(&a.effective, 5);
	ck_assert_int_eq(interrupts_taker(r, NULL, &t, &a), 5);
	cpulist_parse("0-7", 3, &a.effective);
	ck_assert_int_eq(interrupts_taker(r, NULL, &t, &a), 0);
	a.has_effective = false;
	ck_assert_int_eq(interrupts_taker(r, NULL, &t, &a), 0);
	/* a vector that never fired names no CPU, whatever its affinity */
	a.has_effective = true;
	cpuset_clear(&a.effective);
	cpuset_add(&a.effective, 1);
	ck_assert_int_eq(interrupts_taker(row(&t, "20"), NULL, &t, &a), -1);
	interrupts_free(&t);
}
END_TEST

START_TEST(rates_odroid_cpu7)
{
	struct irq_table prev, cur;
	struct irq_rate *rt;
	char *next = edit_fixture("odroid-xu4/proc_interrupts_excerpt",
				  "7406300", "7414400");
	int n;

	parse_fixture("odroid-xu4/proc_interrupts_excerpt", &prev);
	ck_assert_int_eq(parse_str(next, &cur), 6);
	n = interrupts_rates(&prev, &cur, 1.0, &rt);
	ck_assert_int_eq(n, 6);
	for (int i = 0; i < n; i++) {
		ck_assert(rt[i].valid);
		ck_assert_ptr_eq(rt[i].row, &cur.rows[i]);
		ck_assert_ptr_nonnull(rt[i].per_cpu);
		if (strcmp(rt[i].row->key, "151") != 0)
			ck_assert_double_eq(rt[i].total_per_s, 0);
	}
	ck_assert_str_eq(rt[2].row->key, "151");
	ck_assert_double_eq(rt[2].per_cpu[7], 8100);
	ck_assert_double_eq(rt[2].per_cpu[0], 0);
	ck_assert_double_eq(rt[2].total_per_s, 8100);
	interrupts_rates_free(rt, (size_t)n);
	ck_assert_int_eq(interrupts_rates(&prev, &cur, 2.0, &rt), 6);
	ck_assert_double_eq(rt[2].per_cpu[7], 4050);
	interrupts_rates_free(rt, 6);
	interrupts_free(&prev);
	interrupts_free(&cur);
	free(next);
}
END_TEST

START_TEST(rates_counter_went_down)
{
	struct irq_table prev, cur;
	struct irq_rate *rt;
	char *next = edit_fixture("odroid-xu4/proc_interrupts_excerpt",
				  "132611", "132000");

	parse_fixture("odroid-xu4/proc_interrupts_excerpt", &prev);
	ck_assert_int_eq(parse_str(next, &cur), 6);
	ck_assert_int_eq(interrupts_rates(&prev, &cur, 1.0, &rt), 6);
	ck_assert_str_eq(rt[1].row->key, "150");
	ck_assert(!rt[1].valid);	/* a reset, not -611/s or 4e9/s */
	ck_assert_ptr_null(rt[1].per_cpu);
	ck_assert_double_eq(rt[1].total_per_s, 0);
	ck_assert(rt[0].valid && rt[2].valid);
	interrupts_rates_free(rt, 6);
	interrupts_free(&prev);
	interrupts_free(&cur);
	free(next);
}
END_TEST

/* 32-bit per-CPU counters wrap: 4294967000 -> 200 is 496 interrupts. */
START_TEST(rates_32bit_wrap)
{
	struct irq_table prev, cur;
	struct irq_rate *rt;
	char *a = edit_fixture("rk3399/nanopi-r4s_proc_interrupts",
			       "1156859750", "4294967000");
	char *b = edit_fixture("rk3399/nanopi-r4s_proc_interrupts",
			       "1156859750", "200");
	const struct irq_rate *eth1 = NULL;

	ck_assert_int_eq(parse_str(a, &prev), 46);
	ck_assert_int_eq(parse_str(b, &cur), 46);
	ck_assert_int_eq(interrupts_rates(&prev, &cur, 1.0, &rt), 46);
	for (int i = 0; i < 46; i++)
		if (strcmp(rt[i].row->key, "87") == 0)
			eth1 = &rt[i];
	ck_assert_ptr_nonnull(eth1);
	ck_assert(eth1->valid);
	ck_assert_double_eq(eth1->per_cpu[5], 496);
	ck_assert_double_eq(eth1->total_per_s, 496);
	interrupts_rates_free(rt, 46);
	interrupts_free(&prev);
	interrupts_free(&cur);
	free(a);
	free(b);
}
END_TEST

START_TEST(rates_new_row)
{
	struct irq_table prev, cur;
	struct irq_rate *rt;
	char *next = edit_fixture("rpi4/proc_interrupts", "IPI0:",
		" 40:          5          0          0          0  "
		"BRCM STB PCIe MSI 524289 Edge      xhci_hcd\nIPI0:");
	int n;

	parse_fixture("rpi4/proc_interrupts", &prev);
	ck_assert_int_eq(parse_str(next, &cur), 19);
	n = interrupts_rates(&prev, &cur, 1.0, &rt);
	ck_assert_int_eq(n, 19);
	for (int i = 0; i < n; i++) {
		bool is_new = strcmp(rt[i].row->key, "40") == 0;

		ck_assert_msg(rt[i].valid == !is_new, "%s", rt[i].row->key);
	}
	ck_assert_ptr_null(rt[10].per_cpu);
	ck_assert_str_eq(rt[11].row->key, "IPI0"); /* after the new row */
	interrupts_rates_free(rt, (size_t)n);
	interrupts_free(&prev);
	interrupts_free(&cur);
	free(next);
}
END_TEST

/* RK3399 CPU2 goes offline between samples; 73 gets +60 on CPU0 and IPI0
 * +30 on CPU3 (which is column 2 now). */
START_TEST(rates_cpu_offline)
{
	struct irq_table full, t, cur;
	struct irq_rate *rt;
	char *text, *e1, *e2;
	const struct irq_rate *xhci = NULL, *ipi0 = NULL;

	parse_fixture("rk3399/rockpi4_proc_interrupts", &full);
	text = unparse(&full, 2, false);
	e1 = edit(text, "73: 52061", "73: 52121");
	e2 = edit(e1, "IPI0: 629986 29367897 9830343",
		  "IPI0: 629986 29367897 9830373");
	ck_assert_int_eq(parse_str(e2, &cur), 51);
	ck_assert_uint_eq(cur.ncpus, 5);
	ck_assert_uint_eq(cur.cpus[2], 3);
	ck_assert_int_eq(interrupts_rates(&full, &cur, 1.0, &rt), 51);
	for (int i = 0; i < 51; i++) {
		ck_assert(rt[i].valid);
		if (strcmp(rt[i].row->key, "73") == 0)
			xhci = &rt[i];
		if (strcmp(rt[i].row->key, "IPI0") == 0)
			ipi0 = &rt[i];
	}
	ck_assert_double_eq(xhci->per_cpu[0], 60);
	ck_assert_double_eq(xhci->total_per_s, 60);
	ck_assert_double_eq(ipi0->per_cpu[2], 30);	/* CPU3 */
	ck_assert_double_eq(ipi0->per_cpu[1], 0);
	ck_assert_double_eq(ipi0->total_per_s, 30);
	interrupts_rates_free(rt, 51);
	/* and back online: CPU2 has no baseline this tick */
	ck_assert_int_eq(parse_str(text, &t), 51);
	ck_assert_int_eq(interrupts_rates(&t, &full, 1.0, &rt), 51);
	for (int i = 0; i < 51; i++) {
		ck_assert(rt[i].valid);
		ck_assert_double_eq(rt[i].total_per_s, 0);
	}
	interrupts_rates_free(rt, 51);
	interrupts_free(&t);
	interrupts_free(&cur);
	interrupts_free(&full);
	free(text);
	free(e1);
	free(e2);
}
END_TEST

START_TEST(rates_offline_header_variant)
{
	struct irq_table prev, cur;
	struct irq_rate *rt;

	parse_fixture("rpi4/proc_interrupts", &prev);
	ck_assert_int_eq(parse_str(rpi4_cpu1_offline, &cur), 4);
	/* rpi4 row 25 has 938869 on CPU2; the variant 938969: +100 */
	ck_assert_int_eq(interrupts_rates(&prev, &cur, 0.5, &rt), 4);
	ck_assert(rt[1].valid);
	ck_assert_double_eq(rt[1].per_cpu[1], 200);
	ck_assert_double_eq(rt[1].total_per_s, 200);
	ck_assert(rt[3].valid);			/* Err: one column */
	ck_assert_double_eq(rt[3].per_cpu[0], 0);
	ck_assert_double_eq(rt[3].per_cpu[2], 0);
	interrupts_rates_free(rt, 4);
	interrupts_free(&prev);
	interrupts_free(&cur);
}
END_TEST

START_TEST(rates_reordered_rows)
{
	struct irq_table prev, cur;
	struct irq_rate *rt;
	char *text;

	parse_fixture("x86/desktop20_proc_interrupts", &prev);
	text = unparse(&prev, -1, true);
	ck_assert_int_eq(parse_str(text, &cur), 110);
	ck_assert_str_eq(cur.rows[0].key, "PIW");
	ck_assert_int_eq(interrupts_rates(&prev, &cur, 1.0, &rt), 110);
	for (int i = 0; i < 110; i++) {
		ck_assert(rt[i].valid);
		ck_assert_double_eq(rt[i].total_per_s, 0);
	}
	interrupts_rates_free(rt, 110);
	interrupts_free(&prev);
	interrupts_free(&cur);
	free(text);
}
END_TEST

START_TEST(rates_first_tick_and_bad_dt)
{
	struct irq_table t, empty = { 0 };
	struct irq_rate *rt;
	static const double bad[] = { 0, -1, INFINITY, NAN };

	parse_fixture("rpi4/proc_interrupts", &t);
	ck_assert_int_eq(interrupts_rates(NULL, &t, 1.0, &rt), 18);
	for (int i = 0; i < 18; i++)
		ck_assert(!rt[i].valid && rt[i].per_cpu == NULL);
	interrupts_rates_free(rt, 18);
	for (size_t k = 0; k < sizeof(bad) / sizeof(bad[0]); k++) {
		ck_assert_int_eq(interrupts_rates(&t, &t, bad[k], &rt), 18);
		for (int i = 0; i < 18; i++)
			ck_assert(!rt[i].valid && rt[i].total_per_s == 0);
		interrupts_rates_free(rt, 18);
	}
	ck_assert_int_eq(interrupts_rates(&t, &empty, 1.0, &rt), 0);
	ck_assert_ptr_null(rt);
	ck_assert_int_eq(interrupts_rates(&empty, &t, 1.0, &rt), 18);
	ck_assert(!rt[0].valid);
	interrupts_rates_free(rt, 18);
	interrupts_free(&t);
}
END_TEST

/* The lazy rates against the eager ones of PREV -> CUR: the same rows,
 * validity, totals and top columns, and every column's rate read back
 * from the lazy rates' copy of PREV's counts equal to per_cpu. */
static void assert_lazy_agrees(const struct irq_table *prev,
			       const struct irq_table *cur, double dt)
{
	struct irq_rate *e, *l;
	int n = interrupts_rates(prev, cur, dt, &e);

	ck_assert_int_eq(interrupts_rates_lazy(prev, cur, dt, &l), n);
	for (int i = 0; i < n; i++) {
		ck_assert_ptr_eq(l[i].row, e[i].row);
		ck_assert(l[i].valid == e[i].valid);
		ck_assert_double_eq(l[i].total_per_s, e[i].total_per_s);
		ck_assert_uint_eq(interrupts_rate_top(&l[i]), e[i].top);
		for (size_t c = 0; c < cur->ncpus; c++) {
			double want = e[i].valid ? e[i].per_cpu[c] : 0;

			ck_assert_msg(interrupts_rate_cpu(&l[i], c) == want &&
				      interrupts_rate_cpu(&e[i], c) == want,
				      "row %s column %zu: %g, want %g",
				      e[i].row->key, c,
				      interrupts_rate_cpu(&l[i], c), want);
		}
	}
	interrupts_rates_free(e, (size_t)(n > 0 ? n : 0));
	interrupts_rates_free(l, (size_t)(n > 0 ? n : 0));
}

/* A table of NCPUS columns (ids ID0, ID0 + 1, ...), NROWS rows, counts
 * from SEED: some rows still, some moved, some near a wrap. */
static char *random_text(unsigned ncpus, unsigned id0, unsigned nrows,
			 unsigned seed)
{
	size_t cap = 64 + (size_t)(ncpus + 1) * 12 * (nrows + 1), at = 0;
	char *t = malloc(cap);

	ck_assert_ptr_nonnull(t);
	for (unsigned c = 0; c < ncpus; c++)
		at += (size_t)snprintf(t + at, cap - at, " CPU%u", id0 + c);
	at += (size_t)snprintf(t + at, cap - at, "\n");
	for (unsigned r = 0; r < nrows; r++) {
		at += (size_t)snprintf(t + at, cap - at, "%3u:", r + 1);
		for (unsigned c = 0; c < ncpus; c++) {
			unsigned v = (r * 2654435761u + (id0 + c) * 40503u) %
				     100000u;

			if (r % 3 && (r + c + seed) % 4)
				v += seed * (r + c + 1);   /* moved */
			if (r % 7 == 5)
				v = seed ? (id0 + c + r) % 50 :
					   4294967000u - c;  /* wraps */
			if (r % 11 == 10 && seed && c == 1 + r % 13)
				v = 0;			/* went down */
			if (r % 13 == 12 && c >= 8)	/* equal tops */
				v = seed * 1000u + (c > 9) * 7u;
			at += (size_t)snprintf(t + at, cap - at, " %10u", v);
		}
		at += (size_t)snprintf(t + at, cap - at,
				       "  IR-PCI-MSI %u-edge  dev%u\n", r, r);
	}
	return t;
}

/* The lazy rates read each column from the two readings' counts: a row
 * that was not read last tick (one coming on screen) loses nothing. */
START_TEST(rates_lazy_agree)
{
	static const char *const fixtures[] = {
		"odroid-xu4/proc_interrupts_excerpt",
		"rk3399/nanopi-r4s_proc_interrupts",
		"rk3399/rockpi4_proc_interrupts",
		"x86/desktop20_proc_interrupts",
		"rpi4/proc_interrupts",
	};
	/* columns: the same; one CPU gone; one back; all other ids; the
	 * same again */
	static const unsigned lay[][2] = { { 16, 0 }, { 16, 0 }, { 15, 0 },
					   { 16, 0 }, { 16, 1 }, { 16, 1 } };
	struct irq_table a, b;
	char *ta, *tb, *e1, *e2;

	for (size_t k = 0; k < sizeof(fixtures) / sizeof(fixtures[0]); k++) {
		parse_fixture(fixtures[k], &a);
		assert_lazy_agrees(NULL, &a, 1.0);
		assert_lazy_agrees(&a, &a, 1.0);
		assert_lazy_agrees(&a, &a, 0);
		interrupts_free(&a);
	}
	/* a counter past a wrap, one that went down, a CPU offline */
	ta = edit_fixture("rk3399/nanopi-r4s_proc_interrupts", "1156859750",
			  "4294967000");
	tb = edit_fixture("rk3399/nanopi-r4s_proc_interrupts", "1156859750",
			  "200");
	ck_assert_int_eq(parse_str(ta, &a), 46);
	ck_assert_int_eq(parse_str(tb, &b), 46);
	assert_lazy_agrees(&a, &b, 0.5);
	assert_lazy_agrees(&b, &a, 1.0);
	interrupts_free(&a);
	interrupts_free(&b);
	free(ta);
	free(tb);
	parse_fixture("rk3399/rockpi4_proc_interrupts", &a);
	ta = unparse(&a, 2, false);
	e1 = edit(ta, "73: 52061", "73: 52121");
	e2 = edit(e1, "IPI0: 629986 29367897 9830343",
		  "IPI0: 629986 29367897 9830373");
	ck_assert_int_eq(parse_str(e2, &b), 51);
	assert_lazy_agrees(&a, &b, 1.0);
	assert_lazy_agrees(&b, &a, 1.0);
	interrupts_free(&a);
	interrupts_free(&b);
	free(ta);
	free(e1);
	free(e2);
	for (unsigned k = 0; k + 1 < sizeof(lay) / sizeof(lay[0]); k++) {
		ta = random_text(lay[k][0], lay[k][1], 40, k);
		tb = random_text(lay[k + 1][0], lay[k + 1][1], 40, k + 1);
		ck_assert_int_eq(parse_str(ta, &a), 40);
		ck_assert_int_eq(parse_str(tb, &b), 40);
		assert_lazy_agrees(&a, &b, 1.0);
		assert_lazy_agrees(&a, &b, 0.3);
		interrupts_free(&a);
		interrupts_free(&b);
		free(ta);
		free(tb);
	}
}
END_TEST

START_TEST(garbage_rejected)
{
	static const char *const bad[] = {
		"", "\n\n  \n", "garbage", "CPU0 CPUx\n 1: 5 GIC\n",
		"CPU1 CPU0\n 1: 5 5\n", "CPU0 CPU0\n 1: 5 5\n", "CPU\n",
		"CPU0 CPU1\n 1: GICv2 5 Edge x\n", "CPU0\n 1 5 GIC\n",
		"CPU0\n : 5\n", "CPU0\nno colon here\n",
		"CPU0\n 1: 18446744073709551616 GIC\n",
		"CPU0\n 1: 4294967296 GIC\n",
		"CPU0 CPU1\n 1: 99999999999999999999999999 0\n",
		"CPU0 CPU99999999999\n", "1: x\n",
	};
	struct irq_table t;

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		ck_assert_msg(parse_str(bad[i], &t) == -EINVAL, "%s", bad[i]);
		ck_assert_ptr_null(t.rows);
		ck_assert_uint_eq(t.nrows, 0);
		ck_assert_uint_eq(t.ncpus, 0);
	}
	ck_assert_int_eq(interrupts_parse(NULL, 0, &t), -EINVAL);
	ck_assert_int_eq(interrupts_parse("CPU0\n 1: 5\0 GIC\n", 16, &t),
			 -EINVAL);
}
END_TEST

START_TEST(edge_cases_accepted)
{
	struct irq_table t;
	const struct irq_row *r;

	/* a header alone (capture cut after the first line) */
	ck_assert_int_eq(parse_str("           CPU0       CPU1\n", &t), 0);
	ck_assert_uint_eq(t.ncpus, 2);
	interrupts_free(&t);
	/* blank lines around a capture pasted from a terminal */
	ck_assert_int_eq(parse_str("\n  \nCPU0\n 1: 5 x\n\n  \n", &t), 1);
	ck_assert_str_eq(t.rows[0].desc, "x");
	interrupts_free(&t);
	/* the largest count (the kernel's unsigned int), CRLF line ends,
	 * no final newline, 3.10-era rows without a trigger column */
	ck_assert_int_eq(parse_str("CPU0 CPU1\r\n"
				   " 16: 4294967295 1 GIC 65 "
				   "exynos4-fimc\r\n"
				   "IPI0: 1 2 Timer", &t), 2);
	r = row(&t, "16");
	ck_assert_uint_eq(r->counts[0], UINT32_MAX);
	ck_assert_uint_eq(r->total, UINT64_C(4294967296));
	ck_assert_str_eq(r->desc, "GIC 65 exynos4-fimc");
	assert_split(r, "", "", "", "");
	ck_assert_str_eq(row(&t, "IPI0")->desc, "Timer");
	ck_assert_uint_eq(row(&t, "IPI0")->total, 3);
	interrupts_free(&t);
	/* newer kernels: hwirq joined to the trigger, ACPI names */
	ck_assert_int_eq(parse_str("CPU0\n"
				   "  9: 4 IO-APIC   5-edge      ACPI:Ged\n"
				   " 24: 0 PCI-MSIX-0000:00:01.0   0-edge"
				   "      virtio0-config\n"
				   " 25: 1 GICv3 Edge\n"
				   " 26: 0 GICv2  27 level   arch_timer\n",
				   &t), 4);
	assert_split(row(&t, "9"), "IO-APIC", "5", "edge", "ACPI:Ged");
	assert_split(row(&t, "24"), "PCI-MSIX-0000:00:01.0", "0", "edge",
		     "virtio0-config");
	assert_split(row(&t, "25"), "GICv3", "", "Edge", "");
	assert_split(row(&t, "26"), "GICv2", "27", "level", "arch_timer");
	interrupts_free(&t);
}
END_TEST

/* 5000 CPUs: a row line of about 55 kB, ids past CPUSET_MAX. */
START_TEST(very_long_lines)
{
	enum { N = 5000 };
	struct irq_table t;
	char *text = NULL;
	size_t size = 0;
	FILE *f = open_memstream(&text, &size);
	const struct irq_row *r;

	for (int i = 0; i < N; i++)
		fprintf(f, "       CPU%d", i);
	fputs("\n 42:", f);
	for (int i = 0; i < N; i++)
		fprintf(f, " %10d", i == N - 1 ? 7 : 1);
	fputs("   GICv3 42 Level   eth0\nERR: 3\n", f);
	fclose(f);
	ck_assert_int_eq(interrupts_parse(text, size, &t), 2);
	ck_assert_uint_eq(t.ncpus, N);
	ck_assert_uint_eq(t.cpus[N - 1], N - 1);
	r = row(&t, "42");
	ck_assert_uint_eq(r->ncounts, N);
	ck_assert_uint_eq(r->counts[N - 1], 7);
	ck_assert_uint_eq(r->total, N - 1 + 7);
	assert_split(r, "GICv3", "42", "Level", "eth0");
	interrupts_free(&t);
	free(text);
}
END_TEST

/* Every capture cut at every 37th byte (in a buffer of exactly that size,
 * so ASan sees any over-read) parses or says -EINVAL. */
START_TEST(truncated_captures)
{
	for (size_t k = 0; k < sizeof(captures) / sizeof(captures[0]); k++) {
		size_t len;
		char *buf = testutil_load(captures[k], &len);
		struct irq_table full;

		ck_assert_int_gt(interrupts_parse(buf, len, &full), 0);
		for (size_t cut = 0; cut <= len; cut += 37) {
			char *part = malloc(cut ? cut : 1);
			struct irq_table t;
			struct irq_rate *rt;
			int rc;

			memcpy(part, buf, cut);
			rc = interrupts_parse(part, cut, &t);
			ck_assert_msg(rc >= 0 || rc == -EINVAL,
				      "%s cut %zu: %d", captures[k], cut, rc);
			if (rc >= 0) {
				ck_assert_uint_le(t.nrows, full.nrows);
				rc = interrupts_rates(&t, &full, 1.0, &rt);
				ck_assert_int_eq((size_t)rc, full.nrows);
				interrupts_rates_free(rt, full.nrows);
			}
			interrupts_free(&t);
			free(part);
		}
		interrupts_free(&full);
		free(buf);
	}
}
END_TEST

/* A row that does not parse is left out, counted and named by its line;
 * the rows around it stand (was: the whole table refused). */
START_TEST(bad_row_skipped)
{
	static const char *const txt[] = {
		"CPU0 CPU1\n 1: 5 6 GIC 1 Edge a\nno colon here\n"
		" 3: 7 8 GIC 3 Edge c\n",
		"CPU0 CPU1\n 1: 5 6 GIC 1 Edge a\n 2: x\n"
		" 3: 7 8 GIC 3 Edge c\n",
		"CPU0 CPU1\n 1: 5 6 GIC 1 Edge a\n 2: 99999999999999999999 0\n"
		" 3: 7 8 GIC 3 Edge c\n",
	};
	struct irq_table t;

	for (size_t i = 0; i < sizeof(txt) / sizeof(txt[0]); i++) {
		ck_assert_int_eq(parse_str(txt[i], &t), 2);
		ck_assert_uint_eq(t.nskipped, 1);
		ck_assert_uint_eq(t.skip_line, 3);
		ck_assert_str_eq(t.rows[1].key, "3");
		ck_assert_uint_eq(t.rows[1].total, 15);
		interrupts_free(&t);
	}
}
END_TEST

static Suite *interrupts_suite(void)
{
	Suite *s = suite_create("interrupts");
	TCase *parse = tcase_create("parse");
	TCase *rates = tcase_create("rates");
	TCase *bad = tcase_create("malformed");

	tcase_add_test(parse, odroid_xu4_without_header);
	tcase_add_test(parse, rockpi4_gicv3);
	tcase_add_test(parse, by_action);
	tcase_add_test(parse, nanopi_r4s_its_msi);
	tcase_add_test(parse, rpi4_chip_with_spaces);
	tcase_add_test(parse, x86_desktop20_named_rows);
	tcase_add_test(parse, x86_broadwell32_long_lines);
	tcase_add_test(parse, x86_nehalem16_old_format);
	tcase_add_test(parse, offline_cpu_columns);
	tcase_add_test(rates, rates_odroid_cpu7);
	tcase_add_test(rates, rates_counter_went_down);
	tcase_add_test(rates, rates_32bit_wrap);
	tcase_add_test(rates, rates_new_row);
	tcase_add_test(rates, rates_cpu_offline);
	tcase_add_test(rates, rates_offline_header_variant);
	tcase_add_test(rates, rates_reordered_rows);
	tcase_add_test(rates, rates_first_tick_and_bad_dt);
	tcase_add_test(rates, rates_lazy_agree);
	tcase_add_test(bad, garbage_rejected);
	tcase_add_test(bad, bad_row_skipped);
	tcase_add_test(bad, edge_cases_accepted);
	tcase_add_test(bad, very_long_lines);
	tcase_add_test(rates, taker_idle_after_pin);
	tcase_add_test(bad, truncated_captures);
	suite_add_tcase(s, parse);
	suite_add_tcase(s, rates);
	suite_add_tcase(s, bad);
	return s;
}

int main(void)
{
	return testutil_run(interrupts_suite());
}
