/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Tests for chain: sysfs paths of real boards split into USB device, host
 * controller and PCI function, and matched to their /proc/interrupts rows. */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "hw/chain.h"
#include "testutil.h"

#define XU4_SDA "/sys/devices/platform/soc/12000000.dwc3/xhci-hcd.2.auto/" \
	"usb4/4-1/4-1:1.0/host0/target0:0:0/0:0:0:0/block/sda"

static int parse(const char *p, struct chain_path *o)
{
	return chain_parse_path(p, strlen(p), o);
}

START_TEST(xu4_sda_behind_usb)
{
	struct chain_path p;

	ck_assert_int_eq(parse(XU4_SDA, &p), 0);
	ck_assert_str_eq(p.usb_dev, "4-1");
	ck_assert_str_eq(p.usb_iface, "4-1:1.0");
	ck_assert_uint_eq(p.usb_bus, 4);
	ck_assert_str_eq(p.controller, "xhci-hcd.2.auto");
	ck_assert_str_eq(p.pci, "");
}
END_TEST

START_TEST(hub_and_pci_xhci)
{
	struct chain_path p;

	ck_assert_int_eq(parse("/sys/devices/pci0000:00/0000:00:14.0/usb2/2-2/"
			       "2-2.3/2-2.3:1.0/host1/target1:0:0/1:0:0:0/"
			       "block/sdb", &p), 0);
	ck_assert_str_eq(p.usb_dev, "2-2.3");
	ck_assert_str_eq(p.usb_iface, "2-2.3:1.0");
	ck_assert_str_eq(p.controller, "0000:00:14.0");
	ck_assert_str_eq(p.pci, "0000:00:14.0");
	/* the r8152 eth0 of the Armbian XU4 */
	ck_assert_int_eq(parse("/sys/devices/platform/soc/12400000.dwc3/"
			       "xhci-hcd.3.auto/usb6/6-1/6-1:1.0/net/eth0", &p),
			 0);
	ck_assert_str_eq(p.usb_dev, "6-1");
	ck_assert_str_eq(p.controller, "xhci-hcd.3.auto");
}
END_TEST

START_TEST(off_usb_devices)
{
	struct chain_path p;

	ck_assert_int_eq(parse("/sys/devices/pci0000:00/0000:00:02.0/virtio1/"
			       "block/vda", &p), 0);
	ck_assert_uint_eq(p.usb_bus, 0);
	ck_assert_str_eq(p.controller, "0000:00:02.0");
	ck_assert_int_eq(parse("/sys/devices/pci0000:00/0000:00:1d.0/"
			       "0000:3d:00.0/nvme/nvme0/nvme0n1", &p), 0);
	ck_assert_str_eq(p.pci, "0000:3d:00.0");
	ck_assert_str_eq(p.controller, "0000:3d:00.0");
	/* RK3399 gmac: a platform device */
	ck_assert_int_eq(parse("/sys/devices/platform/fe300000.ethernet/net/"
			       "eth0", &p), 0);
	ck_assert_str_eq(p.controller, "fe300000.ethernet");
	ck_assert_str_eq(p.pci, "");
}
END_TEST

START_TEST(bad_paths)
{
	struct chain_path p;
	char long_path[512];

	ck_assert_int_eq(parse("/sys/block/sda", &p), -EINVAL);
	ck_assert_int_eq(parse("", &p), -EINVAL);
	/* the controller name would not fit */
	memset(long_path, 'a', sizeof(long_path));
	memcpy(long_path, "/devices/", 9);
	strcpy(long_path + sizeof(long_path) - 12, "/block/sda");
	ck_assert_int_eq(parse(long_path, &p), -EINVAL);
	/* an unrelated long component is no trouble */
	strcpy(long_path + sizeof(long_path) - 12, "/x/block/sd");
	ck_assert_int_eq(parse(long_path, &p), 0);
	ck_assert_str_eq(p.controller, "x");
	/* not USB names: no USB device is made up */
	ck_assert_int_eq(parse("/devices/platform/usbx/4-/4-1:/block/sda", &p),
			 0);
	ck_assert_str_eq(p.usb_dev, "");
	ck_assert_int_eq(parse("/devices/usb1/1-1.a/1-1:1/block/sda", &p), 0);
	ck_assert_str_eq(p.usb_dev, "");
	ck_assert_str_eq(p.usb_iface, "");
}
END_TEST

/* The XU4 excerpt with the header line /proc/interrupts always has. */
static void load_xu4(struct irq_table *t)
{
	static const char hdr[] = "           CPU0       CPU1       CPU2       "
		"CPU3       CPU4       CPU5       CPU6       CPU7\n";
	size_t len;
	char *body = testutil_load("odroid-xu4/proc_interrupts_excerpt", &len);
	char *all = malloc(sizeof(hdr) + len);

	memcpy(all, hdr, sizeof(hdr) - 1);
	memcpy(all + sizeof(hdr) - 1, body, len);
	ck_assert_int_eq(interrupts_parse(all, sizeof(hdr) - 1 + len, t), 6);
	free(all);
	free(body);
}

START_TEST(xu4_xhci_rows)
{
	struct irq_table t = { 0 };
	unsigned b34[] = { 3, 4 }, b56[] = { 5, 6 }, b1[] = { 1 };
	struct chain_target tgt = { .controller = "xhci-hcd.2.auto",
				    .buses = b34, .nbuses = 2 };
	size_t idx[8];

	load_xu4(&t);
	/* usb3's IRQ serves usb4 too; extcon_usb3_0 is not it */
	ck_assert_uint_eq(chain_match_irqs(&t, &tgt, idx, 8), 1);
	ck_assert_uint_eq(t.rows[idx[0]].irq, 150);
	tgt.buses = b56;
	ck_assert_uint_eq(chain_match_irqs(&t, &tgt, idx, 8), 1);
	ck_assert_uint_eq(t.rows[idx[0]].irq, 151);
	ck_assert_str_eq(t.rows[idx[0]].hwirq, "105");
	tgt.buses = b1;		/* shared "ehci_hcd:usb1, ohci_hcd:usb2" */
	tgt.nbuses = 1;
	ck_assert_uint_eq(chain_match_irqs(&t, &tgt, idx, 8), 1);
	ck_assert_uint_eq(t.rows[idx[0]].irq, 80);
	interrupts_free(&t);
}
END_TEST

START_TEST(pci_irqs_and_names)
{
	struct irq_table t = { 0 };
	size_t len, idx[8];
	char *buf = testutil_load("rpi4/proc_interrupts", &len);
	unsigned irq39[] = { 39 }, irq87[] = { 87 };
	const char *eth0[] = { "eth0" };
	struct chain_target tgt = { .controller = "0000:01:00.0",
				    .irqs = irq39, .nirqs = 1 };

	ck_assert_int_gt(interrupts_parse(buf, len, &t), 0);
	free(buf);
	ck_assert_uint_eq(chain_match_irqs(&t, &tgt, idx, 8), 1);
	ck_assert_str_eq(t.rows[idx[0]].action, "xhci_hcd");
	interrupts_free(&t);
	buf = testutil_load("rk3399/nanopi-r4s_proc_interrupts", &len);
	ck_assert_int_gt(interrupts_parse(buf, len, &t), 0);
	free(buf);
	tgt.irqs = irq87;	/* PCIe r8169 eth1, ITS-MSI */
	ck_assert_uint_eq(chain_match_irqs(&t, &tgt, idx, 8), 1);
	ck_assert_str_eq(t.rows[idx[0]].action, "eth1");
	tgt = (struct chain_target){ .controller = "fe300000.ethernet",
				     .names = eth0, .nnames = 1 };
	ck_assert_uint_eq(chain_match_irqs(&t, &tgt, idx, 8), 1);
	ck_assert_uint_eq(t.rows[idx[0]].irq, 35);
	ck_assert_uint_eq(chain_match_irqs(&t, &tgt, idx, 0), 0);
	interrupts_free(&t);
}
END_TEST

/* Debian's 6.1 under QEMU: the qemu-xhci runs on MSI-X vectors 24-26 and
 * keeps legacy line 11, which is the EHCI's ("ehci_hcd:usb3"): only the
 * vectors are its IRQs.  A device without MSI has its line. */
START_TEST(pci_sysfs_irqs_msi_first)
{
	char root[] = "/tmp/test_chain.XXXXXX", cmd[64];
	unsigned irqs[8];

	ck_assert_ptr_nonnull(mkdtemp(root));
	testutil_put(root, "bus/pci/devices/0000:00:03.0/irq", "11\n");
	testutil_put(root, "bus/pci/devices/0000:00:03.0/msi_irqs/26", "msix\n");
	testutil_put(root, "bus/pci/devices/0000:00:03.0/msi_irqs/24", "msix\n");
	testutil_put(root, "bus/pci/devices/0000:00:03.0/msi_irqs/25", "msix\n");
	testutil_put(root, "bus/pci/devices/0000:00:04.0/irq", "11\n");
	testutil_put(root, "bus/pci/devices/0000:00:05.0/irq", "0\n");
	ck_assert_uint_eq(pcidev_sysfs_irqs(root, "0000:00:03.0", irqs, 8), 3);
	ck_assert_uint_eq(irqs[0], 24);
	ck_assert_uint_eq(irqs[2], 26);
	ck_assert_uint_eq(pcidev_sysfs_irqs(root, "0000:00:03.0", irqs, 2), 2);
	ck_assert_uint_eq(pcidev_sysfs_irqs(root, "0000:00:04.0", irqs, 8), 1);
	ck_assert_uint_eq(irqs[0], 11);
	ck_assert_uint_eq(pcidev_sysfs_irqs(root, "0000:00:05.0", irqs, 8), 0);
	ck_assert_uint_eq(pcidev_sysfs_irqs(root, "0000:00:06.0", irqs, 8), 0);
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", root);
	ck_assert_int_eq(system(cmd), 0);
}
END_TEST

/* Debian's 6.1 under QEMU: an e1000 asks for its IRQ when it is opened;
 * before "ip link set eth0 up" no row names it, and the chain says why
 * instead of blaming the IRQ rows. */
START_TEST(net_down_has_no_irq_yet)
{
	char root[] = "/tmp/test_chain.XXXXXX", path[256], cmd[64];
	static const char irqs[] = "           CPU0       CPU1\n"
		" 11:          5          0   IO-APIC  11-fasteoi   "
		"ehci_hcd:usb3\n";
	struct irq_table t = { 0 };
	struct chain_input in = { 0 };
	struct chain_list l;

	ck_assert_ptr_nonnull(mkdtemp(root));
	testutil_put(root, "devices/pci0000:00/0000:00:05.0/net/eth0/flags", "0x1002\n");
	testutil_put(root, "bus/pci/devices/0000:00:05.0/irq", "0\n");
	testutil_put(root, "class/net/.made", "");
	snprintf(path, sizeof(path), "%s/class/net/eth0", root);
	ck_assert_int_eq(symlink("../../devices/pci0000:00/0000:00:05.0/net/"
				 "eth0", path), 0);
	ck_assert_int_gt(interrupts_parse(irqs, sizeof(irqs) - 1, &t), 0);
	in.sys_root = root;
	in.proc_root = root;
	in.irqs = &t;
	ck_assert_int_eq(chain_build(&in, &l), 1);
	ck_assert_uint_eq(l.v[0].nirqs, 0);
	ck_assert_str_eq(l.v[0].error, "no IRQ yet: the interface is down (its "
			 "driver asks for one when it is brought up)");
	chain_list_free(&l);
	testutil_put(root, "devices/pci0000:00/0000:00:05.0/net/eth0/flags", "0x1003\n");
	ck_assert_int_eq(chain_build(&in, &l), 1);
	ck_assert_str_eq(l.v[0].error, "no IRQ row names this controller");
	chain_list_free(&l);
	interrupts_free(&t);
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", root);
	ck_assert_int_eq(system(cmd), 0);
}
END_TEST

START_TEST(format_the_line)
{
	struct chain_irq q = { .irq = 150, .top_cpu = 2 };
	struct chain c = { .dev = "sda", .kind = "block",
			   .usb_label = "ASMedia ASM1153E uas 5000M",
			   .irqs = &q, .nirqs = 1 };
	char s[160], tiny[8];

	strcpy(c.path.usb_dev, "4-1");
	strcpy(c.path.controller, "xhci-hcd.2.auto");
	ck_assert_uint_eq(chain_format(&c, s, sizeof(s)), strlen(s));
	ck_assert_str_eq(s, "sda -> 4-1 ASMedia ASM1153E uas 5000M -> "
			    "xhci-hcd.2.auto -> IRQ 150 -> CPU 2");
	ck_assert_uint_eq(chain_format(&c, tiny, sizeof(tiny)), strlen(s));
	ck_assert_str_eq(tiny, "sda -> ");
	q.top_cpu = -1;
	chain_format(&c, s, sizeof(s));
	ck_assert_ptr_nonnull(strstr(s, "IRQ 150 -> no interrupts yet"));
}
END_TEST

/* A newer /proc/interrupts moves a chain IRQ's counts (the exporter
 * keeps its chains between scrapes): after a pin to CPU 3, CPU 3 takes
 * the most; an IRQ the table lacks keeps what it had. */
START_TEST(counts_from_a_newer_reading)
{
	static const char now[] = "           CPU0       CPU1       CPU3\n"
		"150:         10          0       5000   GICv2 106 Level "
		"xhci-hcd:usb5\n";
	struct chain_irq q[2] = { { .irq = 150, .total = 10, .top_cpu = 0,
				    .top_pct = 100 },
				  { .irq = 151, .total = 7, .top_cpu = 1,
				    .top_pct = 100 } };
	struct chain c = { .dev = "sda", .irqs = q, .nirqs = 2 };
	struct chain_list l = { .v = &c, .n = 1 };
	struct irq_table t = { 0 };

	ck_assert_int_gt(interrupts_parse(now, sizeof(now) - 1, &t), 0);
	chain_list_count_irqs(&l, &t);
	ck_assert_int_eq(q[0].top_cpu, 3);
	ck_assert_uint_eq(q[0].total, 5010);
	ck_assert_uint_eq(q[0].top_pct, 99);
	ck_assert_int_eq(q[1].top_cpu, 1);
	ck_assert_uint_eq(q[1].total, 7);
	interrupts_free(&t);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("chain");
	TCase *t = tcase_create("core");

	tcase_add_test(t, xu4_sda_behind_usb);
	tcase_add_test(t, hub_and_pci_xhci);
	tcase_add_test(t, off_usb_devices);
	tcase_add_test(t, bad_paths);
	tcase_add_test(t, xu4_xhci_rows);
	tcase_add_test(t, pci_irqs_and_names);
	tcase_add_test(t, pci_sysfs_irqs_msi_first);
	tcase_add_test(t, net_down_has_no_irq_yet);
	tcase_add_test(t, format_the_line);
	tcase_add_test(t, counts_from_a_newer_reading);
	suite_add_tcase(s, t);
	return s;
}

int main(void)
{
	return testutil_run(suite());
}
