/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Tests for replay: a recorded row turned into the moment the panels draw,
 * so they show the recorded values (the replay-xu4
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
	ck_assert(isnan(replay_value(&rp, 12, "cpu:all:util_pct")));
	replay_fini(&rp);
}
END_TEST

static const struct moment_irq *irq(const struct moment *m, const char *key)
{
	for (size_t i = 0; i < m->nirqs; i++)
		if (strcmp(m->irqs[i].key, key) == 0)
			return &m->irqs[i];
	return NULL;
}

/* Disks, interfaces and IRQs are the recorded rates, exactly. */
START_TEST(rates_are_the_recorded_values)
{
	struct replay rp;
	struct moment m;
	const struct moment_disk *d;
	const struct moment_net *n;
	const struct moment_irq *q;

	moment_init(&m);
	open_fixture("snapshots/replay-xu4.json", &rp);
	ck_assert_int_eq(replay_moment(&rp, 5, &m), 0);
	ck_assert(m.have_rates && m.have_hw);
	d = moment_disk(&m, "sda");
	ck_assert_ptr_nonnull(d);
	ck_assert(d->valid);
	ck_assert_double_eq(d->wr_bytes_per_s, 5e6);
	ck_assert_double_eq(d->rd_bytes_per_s, 5000);
	/* IOPS and busy share as recorded (5 reads, 500 writes, 400 permille) */
	ck_assert(!d->ops_unknown);
	ck_assert_double_eq(d->rd_iops, 5);
	ck_assert_double_eq(d->wr_iops, 500);
	ck_assert_double_eq_tol(d->util_pct, 40.0, 1e-9);
	n = moment_net(&m, "eth0");
	ck_assert_ptr_nonnull(n);
	ck_assert_double_eq(n->rx_bytes_per_s, 625000);
	ck_assert_double_eq(n->tx_bytes_per_s, 12500);
	q = irq(&m, "150");
	ck_assert_ptr_nonnull(q);
	ck_assert(q->valid && q->numeric && q->irq == 150);
	ck_assert_double_eq(q->total_per_s, 500);
	/* Spread on its affinity at the save: CPU 2 took them all. */
	ck_assert_uint_eq(m.nirq_cpus, 8);
	ck_assert_double_eq(q->per_cpu[2], 500);
	ck_assert_double_eq(q->per_cpu[3], 0);
	ck_assert_int_eq(moment_irq_on_cpu(q), 2);
	ck_assert_double_gt(q->total, 0);
	ck_assert_str_eq(q->action, "xhci-hcd:usb3");
	/* The affinity as saved. */
	ck_assert(q->aff->has_affinity);
	ck_assert(cpuset_has(&q->aff->affinity, 2));
	ck_assert_double_eq(irq(&m, "151")->total_per_s, 1005);
	moment_fini(&m);
	replay_fini(&rp);
}
END_TEST

/* A file saved before the disks' IOPS and busy share were recorded: the
 * bytes read back, the rest is marked unknown (the screen shows "-"), not
 * made 0. */
START_TEST(bytes_only_file)
{
	struct replay rp;
	struct moment m;
	const struct moment_disk *d;

	moment_init(&m);
	open_fixture("snapshots/replay-xu4-bytes-only.json", &rp);
	ck_assert_int_eq(replay_moment(&rp, 5, &m), 0);
	d = moment_disk(&m, "sda");
	ck_assert_ptr_nonnull(d);
	ck_assert(d->valid);
	ck_assert(d->ops_unknown);
	ck_assert_double_eq(d->wr_bytes_per_s, 5e6);
	moment_fini(&m);
	replay_fini(&rp);
}
END_TEST

/* CPUs are as busy as their cluster; sda has no value (NaN) in the first
 * rows and appears only later; past the end is refused. */
START_TEST(cpus_and_absent_devices)
{
	struct replay rp;
	struct moment m;
	size_t i;

	moment_init(&m);
	open_fixture("snapshots/replay-xu4.json", &rp);
	ck_assert_int_eq(replay_moment(&rp, 4, &m), 0);
	ck_assert_uint_eq(m.ncpus, 8);
	ck_assert(m.cpus[0].valid && m.cpus[0].online);
	ck_assert_double_eq_tol(m.cpus[0].busy, 24.0, 1e-9); /* 240 ‰ */
	ck_assert_double_eq_tol(m.cpus[7].busy, 20.0, 1e-9); /* 200 ‰ */
	ck_assert(isnan(replay_value(&rp, 0, "disk:sda:write_bytes_per_s")));
	ck_assert_int_eq(replay_moment(&rp, 0, &m), 0);	/* reused */
	ck_assert_ptr_null(moment_disk(&m, "sda"));
	ck_assert_ptr_nonnull(moment_disk(&m, "mmcblk0"));
	for (i = 0; i < rp.n && isnan(replay_value(&rp, i,
			"disk:sda:write_bytes_per_s")); i++)
		;
	ck_assert_uint_gt(i, 0);
	ck_assert_uint_lt(i, rp.n);
	ck_assert_int_eq(replay_moment(&rp, i, &m), 0);
	ck_assert_ptr_nonnull(moment_disk(&m, "sda"));
	ck_assert_int_eq(moment_disk(&m, "sda")->kind, DISK_WHOLE);
	ck_assert_int_eq(replay_moment(&rp, 12, &m), -EINVAL);
	ck_assert_uint_eq(m.ndisks, 0);	/* left empty */
	moment_fini(&m);
	replay_fini(&rp);
}
END_TEST

START_TEST(hardware_from_the_facts)
{
	struct replay rp;
	struct moment m;
	const struct usbdev *d;
	const struct moment_bus *b;

	moment_init(&m);
	open_fixture("snapshots/replay-xu4.json", &rp);
	ck_assert_int_eq(replay_moment(&rp, 6, &m), 0);
	ck_assert_str_eq(m.board, "Hardkernel Odroid XU4");
	ck_assert_uint_eq(m.nclusters, 2);
	ck_assert_str_eq(m.clusters[0].core, "Cortex-A7");
	ck_assert_int_eq(m.clusters[0].role, CLUSTER_ROLE_LITTLE);
	ck_assert_str_eq(m.clusters[1].core, "Cortex-A15");
	ck_assert_int_eq(m.clusters[1].role, CLUSTER_ROLE_BIG);
	ck_assert_str_eq(m.clusters[1].governor, "ondemand");
	ck_assert_uint_eq(m.clusters[1].cur_khz, 1700000);
	ck_assert_uint_eq(m.clusters[1].max_khz, 2000000);
	ck_assert_double_eq_tol(m.clusters[1].util_pct, 30.0, 1e-9);
	ck_assert(cpuset_has(&m.clusters[1].cpus, 7));
	ck_assert(m.clusters[1].has_temp);	/* cpuN-thermal: the A15s */
	ck_assert(m.has_hottest);
	d = usbdev_find(m.usb, "4-1");
	ck_assert_ptr_nonnull(d);
	ck_assert_str_eq(usbdev_driver(d), "uas");
	ck_assert_uint_eq(d->speed_kbps, 5000000);
	ck_assert_uint_eq(d->vid, 0x174c);
	ck_assert_uint_eq(m.usb->nbuses, 6);
	ck_assert_str_eq(m.usb->buses[3].controller, "xhci-hcd.2.auto");
	ck_assert_uint_eq(m.chains->n, 2);
	ck_assert_ptr_nonnull(moment_chain(&m, "sda"));
	ck_assert_str_eq(moment_chain(&m, "sda")->path.usb_dev, "4-1");
	ck_assert_uint_eq(moment_chain(&m, "sda")->path.usb_bus, 4);
	/* bus 4 shares its xHCI with bus 3: IRQ 150, "xhci-hcd:usb3" */
	b = moment_bus(&m, 4);
	ck_assert_ptr_nonnull(b);
	ck_assert_uint_ge(b->nirqs, 1);
	ck_assert_str_eq(m.irqs[b->irq[0]].key, "150");
	moment_fini(&m);
	replay_fini(&rp);
}
END_TEST

/* A hand-made file without system facts: a value missing (null, NaN) in
 * a row reads 0 where the device has another value there, and a device
 * with no value at all in a row is not in that row's moment. */
START_TEST(missing_values)
{
	struct replay rp;
	struct moment m;
	char err[200] = "";
	json_t *doc = json_loads("{\"schema\": 1, \"series\": {\"interval_s\": "
		"1.0, \"channels\": [\"disk:sdz:read_bytes_per_s\", "
		"\"disk:sdz:write_bytes_per_s\", \"net:eth9:rx_bytes_per_s\", "
		"\"net:eth9:tx_bytes_per_s\"], \"tiers\": [{\"step_ms\": 0, "
		"\"keep_ms\": 900000, \"max_rows\": 900, \"rows\": [[0, 1, null, "
		"null, null, 5], [1000, 1, 100, null, 7, null]]}, {\"step_ms\": "
		"10000, \"keep_ms\": 21600000, \"max_rows\": 2160, \"rows\": "
		"[]}, {\"step_ms\": 60000, \"keep_ms\": 0, \"max_rows\": 2880, "
		"\"rows\": []}]}}", 0, NULL);

	ck_assert_ptr_nonnull(doc);
	moment_init(&m);
	ck_assert_msg(replay_open(&rp, doc, err, sizeof(err)) == 0, "%s", err);
	ck_assert_uint_eq(rp.n, 2);
	ck_assert_int_eq(replay_moment(&rp, 0, &m), 0);
	ck_assert_ptr_null(moment_disk(&m, "sdz"));	/* not there yet */
	ck_assert_ptr_nonnull(moment_net(&m, "eth9"));
	ck_assert_double_eq(moment_net(&m, "eth9")->rx_bytes_per_s, 0);
	ck_assert_double_eq(moment_net(&m, "eth9")->tx_bytes_per_s, 5);
	ck_assert_uint_eq(m.nirqs, 0);
	ck_assert_uint_eq(m.ncpus, 0);
	ck_assert_uint_eq(m.nclusters, 0);
	ck_assert_int_eq(replay_moment(&rp, 1, &m), 0);
	ck_assert_ptr_nonnull(moment_disk(&m, "sdz"));	/* appears later */
	ck_assert_double_eq(moment_disk(&m, "sdz")->rd_bytes_per_s, 100);
	ck_assert_double_eq(moment_disk(&m, "sdz")->wr_bytes_per_s, 0);
	ck_assert(moment_disk(&m, "sdz")->ops_unknown);	/* no IOPS kept */
	ck_assert_double_eq(moment_net(&m, "eth9")->rx_bytes_per_s, 7);
	moment_fini(&m);
	replay_fini(&rp);
	json_decref(doc);
}
END_TEST

/* The CPU an idle IRQ is on is the live views' (interrupts_taker), from
 * the counts the file saved (per_cpu_count): IRQ 80 of the XU4, with no
 * affinity files, took most of its 1519 on CPU 5; with an effective
 * affinity of one CPU, that one. A file saved without the counts names the
 * column its weights favour, as before (CPU 0: spread evenly). */
static int idle_irq_cpu(const char *counts, const char *effective)
{
	size_t len;
	char *text = testutil_load("snapshots/replay-xu4.json", &len);
	char err[400];
	json_t *doc, *q, *k;
	struct replay rp;
	struct moment m;
	const struct moment_irq *o;
	size_t i;
	int cpu;

	ck_assert_int_eq(snapshot_load(text, len, &doc, err, sizeof(err)), 0);
	free(text);
	json_array_foreach(json_object_get(json_object_get(doc, "system"),
					   "irqs"), i, q) {
		k = json_object_get(q, "key");
		if (!k || strcmp(json_string_value(k), "80"))
			continue;
		if (counts)
			json_object_set_new(q, "per_cpu_count",
					    json_loads(counts, 0, NULL));
		if (effective)
			json_object_set_new(q, "effective_affinity",
					    json_string(effective));
	}
	ck_assert_int_eq(replay_open(&rp, doc, err, sizeof(err)), 0);
	json_decref(doc);
	moment_init(&m);
	ck_assert_int_eq(replay_moment(&rp, 0, &m), 0);
	o = irq(&m, "80");
	ck_assert_ptr_nonnull(o);
	ck_assert_double_eq(o->total_per_s, 0);
	cpu = moment_irq_on_cpu(o);
	moment_fini(&m);
	replay_fini(&rp);
	return cpu;
}

START_TEST(idle_irq_on_the_cpu_with_the_most)
{
	ck_assert_int_eq(idle_irq_cpu("[0, 1, 0, 0, 0, 1500, 18, 0]", NULL), 5);
	ck_assert_int_eq(idle_irq_cpu("[0, 1, 0, 0, 0, 1500, 18, 0]", "6"), 6);
	ck_assert_int_eq(idle_irq_cpu("[0, 0, 0, 0, 0, 0, 0, 0]", NULL), -1);
	/* Err and MIS rows have fewer columns */
	ck_assert_int_eq(idle_irq_cpu("[0, 7]", NULL), 1);
	/* saved before per_cpu_count, or garbled: the old reading */
	ck_assert_int_eq(idle_irq_cpu(NULL, NULL), 0);
	ck_assert_int_eq(idle_irq_cpu("[0, -1, 0, 0, 0, 9, 0, 0]", NULL), 0);
	ck_assert_int_eq(idle_irq_cpu("[0, 0, 0, 0, 0, 9, 0, 0, 4]", NULL), 0);
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
	struct moment m;

	moment_init(&m);
	open_fixture("snapshots/x86-vm.json", &rp);
	ck_assert_int_eq(replay_moment(&rp, 0, &m), 0);
	ck_assert_uint_eq(m.nclusters, 0);
	ck_assert_ptr_nonnull(m.cpufreq_note);
	ck_assert_uint_gt(m.ncores, 0);
	ck_assert_uint_gt(m.ncpus, 0);
	ck_assert_uint_gt(m.nirqs, 0);
	moment_fini(&m);
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
	tcase_add_test(tc, hardware_from_the_facts);
	tcase_add_test(tc, no_rows_is_refused);
	tcase_add_test(tc, no_clusters);
	tcase_add_test(tc, missing_values);
	tcase_add_test(tc, idle_irq_on_the_cpu_with_the_most);
	suite_add_tcase(s, tc);
	return testutil_run(s);
}
