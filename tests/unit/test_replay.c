/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Tests for replay: a recorded row turned back into samples, rates and the
 * hardware model, so the panels show the recorded values (the replay-xu4
 * fixture: tests/data/snapshots/SOURCES.md). */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "session/replay.h"
#include "session/snapshot.h"
#include "testutil.h"

static void open_fixture(const char *name, struct replay *rp)
{
	size_t len;
	char *text = testutil_load(name, &len), err[400];
	json_t *doc;

	ck_assert_int_eq(snapshot_load(text, len, &doc, err, sizeof(err)), 0);
	ck_assert_int_eq(replay_open(rp, doc, err, sizeof(err)), 0);
	json_decref(doc);	/* the replay holds its own reference */
	free(text);
}

static const struct disk_rate *disk(const struct sample_rates *r,
				    const char *name)
{
	for (size_t i = 0; i < r->ndisks; i++)
		if (strcmp(r->disks[i].row->name, name) == 0)
			return &r->disks[i];
	return NULL;
}

static const struct irq_rate *irq(const struct sample_rates *r,
				  const char *key)
{
	for (size_t i = 0; i < r->nirqs; i++)
		if (strcmp(r->irqs[i].row->key, key) == 0)
			return &r->irqs[i];
	return NULL;
}

START_TEST(rows_and_times)
{
	struct replay rp;

	open_fixture("snapshots/replay-xu4.json", &rp);
	ck_assert_uint_eq(rp.n, 12);
	ck_assert_int_eq(replay_time_ms(&rp, 0), 0);
	ck_assert_int_eq(replay_time_ms(&rp, 11), 11000);
	ck_assert_double_eq(replay_value(&rp, 5, "disk:sda:write_bytes_per_s"),
			    5e6);
	ck_assert(isnan(replay_value(&rp, 0, "disk:sda:write_bytes_per_s")));
	ck_assert(isnan(replay_value(&rp, 5, "disk:nope:write_bytes_per_s")));
	ck_assert(isnan(replay_value(&rp, 12, "cpu:all:util_permille")));
	replay_fini(&rp);
}
END_TEST

/* Disks, interfaces and IRQs read back the recorded rates exactly. */
START_TEST(rates_are_the_recorded_values)
{
	struct replay rp;
	struct sample prev, cur;
	struct sample_rates r;
	const struct disk_rate *d;
	const struct irq_rate *q;
	size_t i;

	open_fixture("snapshots/replay-xu4.json", &rp);
	ck_assert_int_eq(replay_samples(&rp, 5, &prev, &cur, &r), 0);
	d = disk(&r, "sda");
	ck_assert_ptr_nonnull(d);
	ck_assert(d->valid);
	ck_assert_double_eq_tol(d->wr_bytes_per_s, 5e6, 1e-6);
	ck_assert_double_eq_tol(d->rd_bytes_per_s, 5000, 1e-6);
	/* IOPS and busy share as recorded (5 reads, 500 writes, 400 permille) */
	ck_assert(!d->ops_unknown);
	ck_assert_double_eq_tol(d->rd_iops, 5, 1e-6);
	ck_assert_double_eq_tol(d->wr_iops, 500, 1e-6);
	ck_assert_double_eq_tol(d->util_pct, 40.0, 1e-6);
	for (i = 0; i < r.nnets; i++)
		if (strcmp(r.nets[i].row->name, "eth0") == 0)
			break;
	ck_assert_uint_lt(i, r.nnets);
	ck_assert_double_eq_tol(r.nets[i].rx_bytes_per_s, 625000, 1e-6);
	ck_assert_double_eq_tol(r.nets[i].tx_bytes_per_s, 12500, 1e-6);
	q = irq(&r, "150");
	ck_assert_ptr_nonnull(q);
	ck_assert(q->valid);
	ck_assert_double_eq_tol(q->total_per_s, 500, 1e-6);
	/* Spread on its affinity at the save: CPU 2 took them all. */
	ck_assert_double_eq_tol(q->per_cpu[2], 500, 1e-6);
	ck_assert_double_eq_tol(q->per_cpu[3], 0, 1e-6);
	ck_assert_uint_gt(q->row->total, 0);
	ck_assert_str_eq(q->row->action, "xhci-hcd:usb3");
	/* The affinity as saved. */
	ck_assert(cur.aff[q->row - cur.irqs.rows].has_affinity);
	ck_assert(cpuset_has(&cur.aff[q->row - cur.irqs.rows].affinity, 2));
	ck_assert_double_eq_tol(irq(&r, "151")->total_per_s, 1005, 1e-6);
	sample_rates_free(&r);
	sample_free(&prev);
	sample_free(&cur);
	replay_fini(&rp);
}
END_TEST

/* A file saved before the disks' IOPS and busy share were recorded: the
 * bytes read back, the rest is marked unknown (the screen shows "-"), not
 * made 0. */
START_TEST(bytes_only_file)
{
	struct replay rp;
	struct sample prev, cur;
	struct sample_rates r;
	const struct disk_rate *d;

	open_fixture("snapshots/replay-xu4-bytes-only.json", &rp);
	ck_assert_int_eq(replay_samples(&rp, 5, &prev, &cur, &r), 0);
	d = disk(&r, "sda");
	ck_assert_ptr_nonnull(d);
	ck_assert(d->valid);
	ck_assert(d->ops_unknown);
	ck_assert_double_eq_tol(d->wr_bytes_per_s, 5e6, 1e-6);
	sample_rates_free(&r);
	sample_free(&prev);
	sample_free(&cur);
	replay_fini(&rp);
}
END_TEST

/* CPUs are as busy as their cluster; a disk absent at a moment is absent. */
START_TEST(cpus_and_absent_devices)
{
	struct replay rp;
	struct sample prev, cur;
	struct sample_rates r;

	open_fixture("snapshots/replay-xu4.json", &rp);
	ck_assert_int_eq(replay_samples(&rp, 4, &prev, &cur, &r), 0);
	ck_assert_uint_eq(r.ncpus, 8);
	ck_assert(r.cpus[0].valid && r.cpu_online[0]);
	ck_assert_double_eq_tol(r.cpus[0].busy, 24.0, 1e-9); /* 240 ‰ */
	ck_assert_double_eq_tol(r.cpus[7].busy, 20.0, 1e-9); /* 200 ‰ */
	ck_assert_double_eq_tol(r.total.busy, 30.0, 1e-9);	/* 300 ‰ */
	sample_rates_free(&r);
	sample_free(&prev);
	sample_free(&cur);
	ck_assert_int_eq(replay_samples(&rp, 0, &prev, &cur, &r), 0);
	ck_assert_ptr_null(disk(&r, "sda"));
	ck_assert_ptr_nonnull(disk(&r, "mmcblk0"));
	sample_rates_free(&r);
	sample_free(&prev);
	sample_free(&cur);
	ck_assert_int_eq(replay_samples(&rp, 12, &prev, &cur, &r), -EINVAL);
	replay_fini(&rp);
}
END_TEST

START_TEST(hardware_model_from_the_facts)
{
	struct replay rp;
	struct hwmodel hw;
	const struct usbdev *d;

	open_fixture("snapshots/replay-xu4.json", &rp);
	ck_assert_int_eq(replay_hwmodel(&rp, 6, &hw), 0);
	ck_assert_str_eq(hw.board, "Hardkernel Odroid XU4");
	ck_assert_uint_eq(hw.clusters.n, 2);
	ck_assert_str_eq(hw.clusters.v[0].core, "Cortex-A7");
	ck_assert_int_eq(hw.clusters.v[0].role, CLUSTER_ROLE_LITTLE);
	ck_assert_str_eq(hw.clusters.v[1].core, "Cortex-A15");
	ck_assert_int_eq(hw.clusters.v[1].role, CLUSTER_ROLE_BIG);
	ck_assert_str_eq(hw.clusters.v[1].freq.governor, "ondemand");
	ck_assert_uint_eq(hw.clusters.v[1].freq.cur_khz, 1700000);
	ck_assert_uint_eq(hw.clusters.v[1].freq.max_khz, 2000000);
	ck_assert_double_eq_tol(hw.clusters.v[1].util_pct, 30.0, 1e-9);
	ck_assert(cpuset_has(&hw.clusters.v[1].cpus, 7));
	d = usbdev_find(&hw.chain.usb, "4-1");
	ck_assert_ptr_nonnull(d);
	ck_assert_str_eq(usbdev_driver(d), "uas");
	ck_assert_uint_eq(d->speed_kbps, 5000000);
	ck_assert_uint_eq(d->vid, 0x174c);
	ck_assert_uint_eq(hw.chain.usb.nbuses, 6);
	ck_assert_str_eq(hw.chain.usb.buses[3].controller, "xhci-hcd.2.auto");
	ck_assert_uint_eq(hw.chain.chains.n, 2);
	ck_assert_str_eq(hw.chain.chains.v[0].dev, "sda");
	ck_assert_str_eq(hw.chain.chains.v[0].path.usb_dev, "4-1");
	ck_assert_uint_eq(hw.chain.chains.v[0].path.usb_bus, 4);
	ck_assert_uint_gt(hw.thermal.nzones, 0);
	hwmodel_fini(&hw);
	replay_fini(&rp);
}
END_TEST

/* Without recorded rows there is nothing to replay: one sentence. */
START_TEST(no_rows_is_refused)
{
	struct replay rp;
	char err[200] = "";
	json_t *doc = json_loads("{\"schema\": 1, \"series\": {\"interval_s\": "
		"1.0, \"channels\": [], \"tiers\": [{\"step_ms\": 0, "
		"\"keep_ms\": 900000, \"max_rows\": 900, \"rows\": []}, "
		"{\"step_ms\": 10000, \"keep_ms\": 21600000, \"max_rows\": "
		"2160, \"rows\": []}, {\"step_ms\": 60000, \"keep_ms\": 0, "
		"\"max_rows\": 2880, \"rows\": []}]}}", 0, NULL);

	ck_assert_ptr_nonnull(doc);
	ck_assert_int_eq(replay_open(&rp, doc, err, sizeof(err)), -EINVAL);
	ck_assert_str_eq(err, "it has no recorded samples to replay");
	ck_assert_int_eq(replay_open(&rp, json_object_get(doc, "schema"), err,
				     sizeof(err)), -EINVAL);
	ck_assert_uint_gt(strlen(err), 0);
	json_decref(doc);
}
END_TEST

/* A machine without cpufreq (the x86 VM's snapshot) replays too. */
START_TEST(no_clusters)
{
	struct replay rp;
	struct hwmodel hw;
	struct sample prev, cur;
	struct sample_rates r;

	open_fixture("snapshots/x86-vm.json", &rp);
	ck_assert_int_eq(replay_hwmodel(&rp, 0, &hw), 0);
	ck_assert_uint_eq(hw.clusters.n, 0);
	ck_assert_ptr_nonnull(hw.clusters.cpufreq_note);
	ck_assert_int_eq(replay_samples(&rp, 0, &prev, &cur, &r), 0);
	ck_assert_uint_gt(r.ncpus, 0);
	ck_assert_uint_gt(r.nirqs, 0);
	sample_rates_free(&r);
	sample_free(&prev);
	sample_free(&cur);
	hwmodel_fini(&hw);
	replay_fini(&rp);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("replay");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, rows_and_times);
	tcase_add_test(tc, rates_are_the_recorded_values);
	tcase_add_test(tc, bytes_only_file);
	tcase_add_test(tc, cpus_and_absent_devices);
	tcase_add_test(tc, hardware_model_from_the_facts);
	tcase_add_test(tc, no_rows_is_refused);
	tcase_add_test(tc, no_clusters);
	suite_add_tcase(s, tc);
	return testutil_run(s);
}
