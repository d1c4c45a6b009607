/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Tests for the live moment: two readings of kernel text one second apart
 * (parsed by the collectors), their rates and a hardware model, turned into
 * the plain values the panels draw (src/view/moment_live.c). */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "view/moment.h"
#include "view/figures.h"
#include "testutil.h"

static const char *const stat_txt[2] = {
	"cpu  100 0 0 900 0 0 0 0 0 0\ncpu0 50 0 0 450 0 0 0 0 0 0\n"
	"cpu1 50 0 0 450 0 0 0 0 0 0\n",
	"cpu  175 0 0 1025 0 0 0 0 0 0\ncpu0 125 0 0 475 0 0 0 0 0 0\n"
	"cpu1 50 0 0 550 0 0 0 0 0 0\n",
};
/* sda reads 2048 sectors (1 MiB) in 8 I/Os; sdb is plugged in between. */
static const char *const disk_txt[2] = {
	"   8       0 sda 10 0 100 0 0 0 0 0 0 0 0\n",
	"   8       0 sda 18 0 2148 0 0 0 0 0 0 250 0\n"
	"   8      16 sdb 1 0 8 0 0 0 0 0 0 0 0\n",
};
static const char *const net_txt[2] = {
	"Inter-|   Receive |  Transmit\n face |bytes    packets|bytes\n"
	"  eth0: 1000 10 0 0 0 0 0 0 500 5 0 0 0 0 0 0\n",
	"Inter-|   Receive |  Transmit\n face |bytes    packets|bytes\n"
	"  eth0: 126000 110 1 2 0 0 0 0 1500 15 0 0 0 0 0 0\n",
};
/* IRQ 150 fires on CPU 1 only (300/s); 151 never fired in the interval
 * but CPU 0 took some since boot; LOC has fewer columns than CPUs. */
static const char *const irq_txt[2] = {
	"           CPU0       CPU1\n"
	" 150:          0        100   GICv2 104 Edge      xhci-hcd:usb1\n"
	" 151:          7          0   GICv2 105 Edge      eth0\n"
	"ERR:          0\n",
	"           CPU0       CPU1\n"
	" 150:          0        400   GICv2 104 Edge      xhci-hcd:usb1\n"
	" 151:          7          0   GICv2 105 Edge      eth0\n"
	"ERR:          0\n",
};

/* Reading K of the texts above at time K seconds. */
static void reading(int k, struct sample *s)
{
	memset(s, 0, sizeof(*s));
	s->time_s = k;
	cpuset_add(&s->present, 0);
	cpuset_add(&s->present, 1);
	ck_assert_int_ge(procstat_parse(stat_txt[k], strlen(stat_txt[k]),
					&s->stat), 0);
	ck_assert_int_ge(diskstats_parse(disk_txt[k], strlen(disk_txt[k]),
					 &s->disks), 0);
	ck_assert_int_ge(netdev_parse(net_txt[k], strlen(net_txt[k]),
				      &s->nets), 0);
	ck_assert_int_ge(interrupts_parse(irq_txt[k], strlen(irq_txt[k]),
					  &s->irqs), 0);
	s->aff = calloc(s->irqs.nrows, sizeof(*s->aff));
	ck_assert_ptr_nonnull(s->aff);
	s->aff[0].has_affinity = true;
	cpuset_add(&s->aff[0].affinity, 1);
	s->load.load[0] = 0.42;
}

/* A board of one big cluster measured by cpu0-thermal, one USB bus. */
static void board(struct hwmodel *hw, struct cluster *c,
		  struct thermal_zone *z, struct usbdev_bus *b)
{
	memset(hw, 0, sizeof(*hw));
	memset(c, 0, sizeof(*c));
	c->policy = 0;
	cpuset_add(&c->cpus, 0);
	cpuset_add(&c->cpus, 1);
	c->online = c->has_freq = true;
	c->core = (char *)"Cortex-A15";
	c->role = CLUSTER_ROLE_BIG;
	c->freq.governor = (char *)"schedutil";
	c->freq.cur_khz = 1800000;
	c->freq.max_khz = 2000000;
	c->util_pct = 37.5;
	hw->clusters.v = c;
	hw->clusters.n = 1;
	memset(z, 0, sizeof(*z));
	z->type = (char *)"cpu0-thermal";
	z->has_temp = true;
	z->temp_mc = 61500;
	hw->thermal.zones = z;
	hw->thermal.nzones = 1;
	memset(b, 0, sizeof(*b));
	b->busnum = 1;
	b->controller = (char *)"xhci-hcd.0.auto";
	hw->chain.usb.buses = b;
	hw->chain.usb.nbuses = 1;
	hw->board = (char *)"Test board";
}

START_TEST(live_values)
{
	struct sample prev, cur;
	struct sample_rates r;
	struct hwmodel hw;
	struct cluster c;
	struct thermal_zone z;
	struct usbdev_bus b;
	struct moment m;
	const struct moment_disk *d;
	const struct moment_bus *mb;

	reading(0, &prev);
	reading(1, &cur);
	ck_assert_int_eq(sample_rates(&prev, &cur, &r), 0);
	board(&hw, &c, &z, &b);
	moment_init(&m);
	ck_assert_int_eq(moment_from_live(&m, &(struct moment_live){ &cur,
					  &r, &hw }), 0);
	ck_assert(m.have_rates && m.have_hw);
	ck_assert_str_eq(m.board, "Test board");
	ck_assert_double_eq(m.load[0], 0.42);
	/* the cluster, copied (a later hwmodel_refresh cannot change it) */
	ck_assert_uint_eq(m.nclusters, 1);
	ck_assert_str_eq(m.clusters[0].governor, "schedutil");
	ck_assert_str_eq(m.clusters[0].core, "Cortex-A15");
	ck_assert_uint_eq(m.clusters[0].cur_khz, 1800000);
	ck_assert(m.clusters[0].has_temp);
	ck_assert_int_eq(m.clusters[0].temp_mc, 61500);
	ck_assert(m.has_hottest && m.hottest_mc == 61500);
	/* CPU 0 was 75 % busy, CPU 1 idle */
	ck_assert_uint_eq(m.ncpus, 2);
	ck_assert(m.cpus[0].valid && m.cpus[0].online);
	ck_assert_double_eq_tol(m.cpus[0].busy, 75.0, 1e-9);
	ck_assert_double_eq_tol(m.cpus[1].busy, 0.0, 1e-9);
	/* sda: 1 MiB/s in 8 reads; sdb appeared in the second reading */
	d = moment_disk(&m, "sda");
	ck_assert_ptr_nonnull(d);
	ck_assert(d->valid);
	ck_assert_double_eq_tol(d->rd_bytes_per_s, 1048576, 1e-6);
	ck_assert_double_eq_tol(d->rd_iops, 8, 1e-9);
	ck_assert_double_eq_tol(d->util_pct, 25, 1e-9);
	ck_assert_ptr_nonnull(moment_disk(&m, "sdb"));
	ck_assert(!moment_disk(&m, "sdb")->valid);
	ck_assert_ptr_null(moment_disk(&m, "sdc"));
	/* eth0: 125000 B/s in, 1000 out; 110 packets, 3 errors and drops */
	ck_assert_ptr_nonnull(moment_net(&m, "eth0"));
	ck_assert(moment_net(&m, "eth0")->rx_known);
	ck_assert_double_eq_tol(moment_net(&m, "eth0")->rx_bytes_per_s,
				125000, 1e-6);
	/* the overview's PKT/s and E+D: the sums of their places */
	ck_assert_double_eq_tol(figures_screen_sum(&figures_net, 30,
						   moment_net(&m, "eth0")),
				110, 1e-9);
	ck_assert_double_eq_tol(figures_screen_sum(&figures_net, 40,
						   moment_net(&m, "eth0")),
				3, 1e-9);
	/* IRQs: rates per CPU column, the CPU that takes them, affinity */
	ck_assert_uint_eq(m.nirq_cpus, 2);
	ck_assert_uint_eq(m.nirqs, 3);
	ck_assert_str_eq(m.irqs[0].key, "150");
	ck_assert_str_eq(m.irqs[0].action, "xhci-hcd:usb1");
	ck_assert_double_eq_tol(m.irqs[0].total_per_s, 300, 1e-9);
	ck_assert_double_eq_tol(moment_irq_cpu(&m.irqs[0], 1), 300, 1e-9);
	ck_assert_int_eq(moment_irq_on_cpu(&m.irqs[0]), 1);
	ck_assert(m.irqs[0].aff->has_affinity &&
		  cpuset_has(&m.irqs[0].aff->affinity, 1));
	/* since boot */
	ck_assert_int_eq(moment_irq_on_cpu(&m.irqs[1]), 0);
	ck_assert_double_eq(m.irqs[1].total_per_s, 0);
	/* ERR: never */
	ck_assert_int_eq(moment_irq_on_cpu(&m.irqs[2]), -1);
	ck_assert_str_eq(m.irqs[2].action, "");	/* never NULL */
	ck_assert_ptr_nonnull(moment_irq_number(&m, 151));
	ck_assert_ptr_null(moment_irq_number(&m, 152));
	/* the USB bus's host controller takes IRQ 150 ("xhci-hcd:usb1") */
	mb = moment_bus(&m, 1);
	ck_assert_ptr_nonnull(mb);
	ck_assert_uint_eq(mb->nirqs, 1);
	ck_assert_str_eq(m.irqs[mb->irq[0]].key, "150");
	moment_fini(&m);
	ck_assert_uint_eq(m.nirqs, 0);
	sample_rates_free(&r);
	sample_free(&prev);
	sample_free(&cur);
}
END_TEST

/* The first reading: no rates, no hardware model yet; the IRQ rows are
 * there (the USB screen names them), not valid. */
START_TEST(first_reading)
{
	struct sample cur;
	struct moment m;

	reading(0, &cur);
	moment_init(&m);
	ck_assert_int_eq(moment_from_live(&m, &(struct moment_live){ &cur,
					  NULL, NULL }), 0);
	ck_assert(!m.have_rates && !m.have_hw);
	ck_assert_uint_eq(m.ndisks, 0);
	ck_assert_uint_eq(m.nclusters, 0);
	ck_assert_ptr_null(m.usb);
	ck_assert_uint_eq(m.nirqs, 3);
	ck_assert(!m.irqs[0].valid);
	/* 100 since boot */
	ck_assert_int_eq(moment_irq_on_cpu(&m.irqs[0]), 1);
	ck_assert_int_eq(moment_from_live(&m, &(struct moment_live){ NULL,
					  NULL, NULL }), 0);	/* rebuilt */
	ck_assert_uint_eq(m.nirqs, 0);
	moment_fini(&m);
	sample_free(&cur);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("moment");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, live_values);
	tcase_add_test(tc, first_reading);
	suite_add_tcase(s, tc);
	return testutil_run(s);
}
