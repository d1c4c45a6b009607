/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test_tune: the min/max write order (every crossing checked step by
 * step), frequency parsing, errno classes, and real writes, read-backs,
 * undo and restore in a temporary /proc and /sys tree. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/buf.h"
#include "tune/irqmove.h"
#include "tune/tune.h"
#include "tune/tunemsg.h"
#include "tune/tunevary.h"
#include "testutil.h"

/* The tree lives for the whole test case; the parent removes it even
 * when a test fails (unchecked fixture). */
static char root[64];
static char proc[128], sys[128];

static void put(const char *rel, const char *text)
{
	testutil_put(root, rel, text);
}

static const char *proc_path(const char *rel)
{
	static char path[512];

	snprintf(path, sizeof(path), "%s/%s", proc, rel);
	return path;
}

static char *get(const char *rel)
{
	static char text[256];
	char path[512];
	struct buf b = { 0 };

	snprintf(path, sizeof(path), "%s/%s", root, rel);
	ck_assert_int_eq(buf_read_file(&b, path), 0);
	snprintf(text, sizeof(text), "%s", b.data);
	buf_free(&b);
	return text;
}

#define GOV "sys/devices/system/cpu/cpu4/cpufreq/scaling_governor"
#define MIN "sys/devices/system/cpu/cpu4/cpufreq/scaling_min_freq"
#define MAX "sys/devices/system/cpu/cpu4/cpufreq/scaling_max_freq"
#define AFF "proc/irq/151/smp_affinity_list"

static void tree_up(void)
{
	strcpy(root, "/tmp/test_tune.XXXXXX");
	if (!mkdtemp(root))
		abort();
	snprintf(proc, sizeof(proc), "%s/proc", root);
	snprintf(sys, sizeof(sys), "%s/sys", root);
}

static int rm_one(const char *p, const struct stat *st, int flag,
		  struct FTW *f)
{
	(void)st; (void)flag; (void)f;
	return remove(p);
}

static void tree_down(void)
{
	nftw(root, rm_one, 16, FTW_DEPTH | FTW_PHYS);
}

/* Fresh files for each test (the tree is shared by the test case). */
static void files(void)
{
	put("sys/devices/system/cpu/online", "0-7\n");
	put(GOV, "ondemand\n");
	put(MIN, "200000\n");
	put(MAX, "2000000\n");
	put(AFF, "7\n");
	put("proc/irq/151/effective_affinity_list", "7\n");
	put("sys/block/sda/queue/scheduler", "[mq-deadline] kyber bfq none\n");
}

/* ---- the plan ------------------------------------------------------------- */

/* Apply the plan from (LO, HI) to (NMIN, NMAX) step by step. */
static void walk(uint64_t lo, uint64_t hi, uint64_t nmin, uint64_t nmax)
{
	struct tune_freq_step st[2];
	uint64_t wmin = nmin ? nmin : lo, wmax = nmax ? nmax : hi;
	int n = tune_freq_plan(lo, hi, nmin, nmax, st), i;

	if (wmin > wmax) {
		ck_assert_int_eq(n, -ERANGE);
		return;
	}
	ck_assert_int_ge(n, 0);
	for (i = 0; i < n; i++) {
		if (st[i].kind == JOURNAL_MIN_FREQ)
			lo = st[i].khz;
		else
			hi = st[i].khz;
		ck_assert_msg(lo <= hi, "step %d crosses: %" PRIu64 " > %"
			      PRIu64, i, lo, hi);
	}
	ck_assert_uint_eq(lo, wmin);
	ck_assert_uint_eq(hi, wmax);
}

START_TEST(plan_never_crosses)
{
	static const uint64_t f[] = { 0, 200000, 600000, 1000000, 1400000,
				      2000000 };
	size_t a, b, c, d, n = sizeof(f) / sizeof(f[0]);

	for (a = 1; a < n; a++)
		for (b = a; b < n; b++)
			for (c = 0; c < n; c++)
				for (d = 0; d < n; d++)
					walk(f[a], f[b], f[c], f[d]);
}
END_TEST

START_TEST(plan_orders)
{
	struct tune_freq_step st[2];

	/* raising both: max first */
	ck_assert_int_eq(tune_freq_plan(200000, 1000000, 1400000, 2000000,
					st), 2);
	ck_assert_int_eq(st[0].kind, JOURNAL_MAX_FREQ);
	ck_assert_uint_eq(st[0].khz, 2000000);
	ck_assert_int_eq(st[1].kind, JOURNAL_MIN_FREQ);
	/* lowering both: min first */
	ck_assert_int_eq(tune_freq_plan(1400000, 2000000, 200000, 600000,
					st), 2);
	ck_assert_int_eq(st[0].kind, JOURNAL_MIN_FREQ);
	ck_assert_int_eq(st[1].kind, JOURNAL_MAX_FREQ);
	/* unchanged bounds are not written */
	ck_assert_int_eq(tune_freq_plan(200000, 2000000, 200000, 2000000,
					st), 0);
	ck_assert_int_eq(tune_freq_plan(200000, 2000000, 0, 1400000, st), 1);
	/* wanted limits that cross */
	ck_assert_int_eq(tune_freq_plan(200000, 2000000, 1400000, 600000,
					st), -ERANGE);
	ck_assert_int_eq(tune_freq_plan(200000, 1000000, 1400000, 0, st),
			 -ERANGE);
}
END_TEST

START_TEST(parse_khz)
{
	uint64_t k;

	ck_assert_int_eq(tune_parse_khz("600000", &k), 0);
	ck_assert_uint_eq(k, 600000);
	ck_assert_int_eq(tune_parse_khz("600MHz", &k), 0);
	ck_assert_uint_eq(k, 600000);
	ck_assert_int_eq(tune_parse_khz("1.4GHz", &k), 0);
	ck_assert_uint_eq(k, 1400000);
	ck_assert_int_eq(tune_parse_khz("1400m", &k), 0);
	ck_assert_uint_eq(k, 1400000);
	ck_assert_int_eq(tune_parse_khz("2g", &k), 0);
	ck_assert_uint_eq(k, 2000000);
	ck_assert_int_eq(tune_parse_khz("fast", &k), -EINVAL);
	ck_assert_int_eq(tune_parse_khz("-5", &k), -EINVAL);
	ck_assert_int_eq(tune_parse_khz("5 MHz", &k), -EINVAL);
	ck_assert_int_eq(tune_parse_khz("1.4THz", &k), -EINVAL);
	ck_assert_int_eq(tune_parse_khz("", &k), -EINVAL);
}
END_TEST

START_TEST(classify)
{
	ck_assert_int_eq(tune_classify(JOURNAL_IRQ, EIO, true), TUNE_IRQ_FIXED);
	ck_assert_int_eq(tune_classify(JOURNAL_IRQ, EINVAL, true),
			 TUNE_IRQ_FIXED);
	ck_assert_int_eq(tune_classify(JOURNAL_IRQ, ENOSPC, true),
			 TUNE_NO_VECTORS);
	ck_assert_int_eq(tune_classify(JOURNAL_IRQ, EACCES, false),
			 TUNE_NOT_ROOT);
	ck_assert_int_eq(tune_classify(JOURNAL_GOVERNOR, EPERM, false),
			 TUNE_NOT_ROOT);
	ck_assert_int_eq(tune_classify(JOURNAL_GOVERNOR, EINVAL, true),
			 TUNE_REFUSED);
	ck_assert_int_eq(tune_classify(JOURNAL_GOVERNOR, EIO, true),
			 TUNE_FAILED);
	ck_assert_int_eq(tune_classify(JOURNAL_SCHEDULER, ENOENT, true),
			 TUNE_MISSING);
	ck_assert_int_eq(tune_classify(JOURNAL_MIN_FREQ, 0, false), TUNE_OK);
}
END_TEST

/* ---- writes in a temporary tree ------------------------------------------ */

static struct cpuset cpus(const char *list)
{
	struct cpuset s;

	ck_assert_int_gt(cpulist_parse(list, strlen(list), &s), 0);
	return s;
}

START_TEST(irq_pin_readback_undo)
{
	struct tune t;
	struct cpuset s = cpus("4-7");
	const struct journal_entry *e;
	size_t idx[4];
	long k, u;

	files();
	tune_init(&t, proc, sys);
	k = tune_irq(&t, 151, &s);
	ck_assert_int_eq(k, 0);
	e = &t.journal.v[k];
	ck_assert_int_eq(e->err, 0);
	ck_assert_str_eq(e->old, "7");
	ck_assert_str_eq(e->new, "4-7");
	ck_assert_str_eq(e->readback, "4-7");
	ck_assert_str_eq(e->effective, "7");
	ck_assert(e->matched);
	ck_assert_str_eq(get(AFF), "4-7");
	ck_assert_uint_eq(journal_in_force(&t.journal, idx, 4), 1);
	ck_assert_int_eq(journal_last_undoable(&t.journal), k);
	u = tune_undo(&t, (size_t)k);
	ck_assert_int_eq(u, 1);
	ck_assert_str_eq(get(AFF), "7");
	ck_assert_int_eq(t.journal.v[u].undo_of, k);
	ck_assert(t.journal.v[u].matched);
	ck_assert_uint_eq(journal_in_force(&t.journal, idx, 4), 0);
	ck_assert_int_eq(journal_last_undoable(&t.journal), -1);
	tune_fini(&t);
}
END_TEST

/* x86 (Debian's 6.1 under QEMU): an MSI's effective affinity moves at the
 * IRQ's next interrupt.  Until then the pin is pending, not refused. */
#define IRQS_HDR "           CPU0       CPU1       CPU2       CPU3\n"
#define IRQ24(n) " 24:          0 " n "          0          0  " \
		 "PCI-MSI 49152-edge      xhci_hcd\n"

static const char *outcome(struct tune *t, long k)
{
	static char msg[320];

	tunemsg_outcome(t, JOURNAL_IRQ, "IRQ 24", k, msg, sizeof(msg));
	return msg;
}

START_TEST(irq_move_pending_then_made)
{
	struct tune t;
	struct cpuset one = cpus("1"), three = cpus("3");
	long k;

	put("proc/irq/24/smp_affinity_list", "0-3\n");
	put("proc/irq/24/effective_affinity_list", "2\n");
	put("proc/interrupts", IRQS_HDR IRQ24("      100"));
	tune_init(&t, proc, sys);
	k = tune_irq(&t, 24, &one);
	ck_assert_int_eq(k, 0);
	ck_assert_int_eq(t.journal.v[k].move, JOURNAL_MOVE_PENDING);
	ck_assert_str_eq(outcome(&t, k), "IRQ 24: affinity 1, effective 2 "
			 "until its next interrupt: the kernel moves it then");
	/* no interrupt yet: still pending */
	ck_assert_int_eq(tune_irq_recheck(&t, (size_t)k, NULL), 0);
	/* it fires and the kernel moves it */
	put("proc/interrupts", IRQS_HDR IRQ24("      101"));
	put("proc/irq/24/effective_affinity_list", "1\n");
	ck_assert_int_eq(tune_irq_recheck(&t, (size_t)k, NULL), 1);
	ck_assert_int_eq(t.journal.v[k].move, JOURNAL_MOVE_LATER);
	ck_assert_str_eq(outcome(&t, k), "IRQ 24: affinity 1, effective 1 "
			 "(moved at its next interrupt)");
	ck_assert_int_eq(tune_irq_recheck(&t, (size_t)k, NULL), 0);
	/* a pin that the interrupts after it do not move is a refusal; one
	 * count more is not enough (the move is made as it ends) */
	k = tune_irq(&t, 24, &three);
	ck_assert_int_eq(t.journal.v[k].move, JOURNAL_MOVE_PENDING);
	put("proc/interrupts", IRQS_HDR IRQ24("      102"));
	ck_assert_int_eq(tune_irq_recheck(&t, (size_t)k, NULL), 0);
	ck_assert_int_eq(t.journal.v[k].move, JOURNAL_MOVE_PENDING);
	put("proc/interrupts", IRQS_HDR IRQ24("      150"));
	ck_assert_int_eq(tune_irq_recheck(&t, (size_t)k, NULL), 1);
	ck_assert_int_eq(t.journal.v[k].move, JOURNAL_MOVE_KEPT);
	ck_assert_str_eq(outcome(&t, k), "IRQ 24: affinity 3, but the "
			 "effective affinity stays 1");
	tune_fini(&t);
}
END_TEST

/* Undo and restore of an IRQ whose device went (QEMU device_del of a
 * virtio-net in the VM lab): a number that is gone is said, and one the
 * kernel gave to another device since is not written. */
#define IRQ29(name) " 29:          0         5          0          0  " \
		    "PCI-MSI 49152-edge      " name "\n"

START_TEST(irq_undo_after_its_device_went)
{
	struct tune t;
	struct cpuset one = cpus("1");
	char msg[320];
	long k;

	put("proc/irq/29/smp_affinity_list", "0-3\n");
	put("proc/irq/29/effective_affinity_list", "1\n");
	put("proc/interrupts", IRQS_HDR IRQ29("virtio0-config"));
	tune_init(&t, proc, sys);
	k = tune_irq(&t, 29, &one);
	ck_assert_int_eq(k, 0);
	ck_assert_str_eq(t.journal.v[k].held_by, "virtio0-config");
	/* the same number, now another device's: left alone */
	put("proc/interrupts", IRQS_HDR IRQ29("eth1-rx-0"));
	ck_assert_int_eq(tune_undo(&t, (size_t)k), TUNE_EREUSED);
	ck_assert_str_eq(get("proc/irq/29/smp_affinity_list"), "1");
	ck_assert_int_eq(tunemsg_outcome(&t, JOURNAL_IRQ, "IRQ 29",
					 TUNE_EREUSED, msg, sizeof(msg)), 1);
	ck_assert_str_eq(msg, "IRQ 29 now belongs to another device (it was "
			 "given out again after its own device went): left as "
			 "it is");
	/* gone: no row and no /proc/irq/29 */
	put("proc/interrupts", IRQS_HDR);
	remove(proc_path("irq/29/smp_affinity_list"));
	remove(proc_path("irq/29/effective_affinity_list"));
	remove(proc_path("irq/29"));
	ck_assert_int_eq(tune_restore_one(&t, (size_t)k), TUNE_EGONE);
	ck_assert_int_eq(tune_restore(&t), 0);	/* nothing left to fail */
	ck_assert_int_eq(tunemsg_outcome(&t, JOURNAL_IRQ, "IRQ 29",
					 TUNE_EGONE, msg, sizeof(msg)), 1);
	ck_assert_str_eq(msg, "IRQ 29 is gone: its device was removed after "
			 "the change, so nothing is left to put back");
	ck_assert_int_eq(t.journal.n, 1);	/* nothing was written */
	/* still the holder it had: undone as before */
	put("proc/irq/29/smp_affinity_list", "1\n");
	put("proc/interrupts", IRQS_HDR IRQ29("virtio0-config"));
	k = tune_undo(&t, 0);
	ck_assert_int_eq(k, 1);
	ck_assert_str_eq(get("proc/irq/29/smp_affinity_list"), "0-3");
	tune_fini(&t);
}
END_TEST

/* A GIC moves an interrupt at the write: an effective affinity outside
 * the new one is kept at once; no interrupts file: kept as well. */
START_TEST(irq_move_gic_kept)
{
	struct tune t;
	struct cpuset little = cpus("0-3");
	long k;

	files();
	put("proc/interrupts", "           CPU0       CPU1\n"
	    "151:          0       9  GICv2 105 Level     xhci-hcd:usb5\n");
	tune_init(&t, proc, sys);
	k = tune_irq(&t, 151, &little);
	ck_assert_int_eq(t.journal.v[k].move, JOURNAL_MOVE_KEPT);
	remove(proc_path("interrupts"));
	k = tune_irq(&t, 151, &little);
	ck_assert_int_eq(t.journal.v[k].move, JOURNAL_MOVE_KEPT);
	tune_fini(&t);
}
END_TEST

START_TEST(irq_move_chips)
{
	ck_assert(irqmove_defers("PCI-MSI"));
	ck_assert(irqmove_defers("PCI-MSIX-0000:00:03.0"));
	ck_assert(irqmove_defers("IR-PCI-MSI"));
	ck_assert(irqmove_defers("IO-APIC"));
	ck_assert(irqmove_defers("IR-IO-APIC"));
	ck_assert(!irqmove_defers("GICv2"));
	ck_assert(!irqmove_defers("ITS-MSI"));
	ck_assert(!irqmove_defers("GICv2m-PCI-MSI"));
	ck_assert(!irqmove_defers(""));
	ck_assert(!irqmove_defers(NULL));
	ck_assert(irqmove_inside("0-3", "2"));
	ck_assert(!irqmove_inside("1", "2"));
	ck_assert(!irqmove_inside("4-7", "3-4"));
	ck_assert(irqmove_inside("1", ""));	/* unreadable: no claim */
}
END_TEST

START_TEST(irq_refusals_leave_no_entry)
{
	struct tune t;
	struct cpuset off = cpus("9"), big = cpus("4-7");
	char path[512];

	files();
	tune_init(&t, proc, sys);
	ck_assert_int_eq(tune_irq(&t, 151, &off), -ERANGE);
	ck_assert_int_eq(tune_irq(&t, 999, &big), -ENOENT);
	/* a file that cannot be read (a directory): nothing is written */
	snprintf(path, sizeof(path), "%s/%s", root, AFF);
	ck_assert_int_eq(unlink(path), 0);
	ck_assert_int_eq(mkdir(path, 0755), 0);
	ck_assert_int_eq(tune_irq(&t, 151, &big), -EISDIR);
	ck_assert_uint_eq(t.journal.n, 0);
	rmdir(path);
	tune_fini(&t);
}
END_TEST

/* A write the kernel refuses: a read-only sysctl in place of the file
 * (root gets EACCES there too); the journal keeps the truth. */
START_TEST(irq_write_refused)
{
	struct tune t;
	struct cpuset s = cpus("0-1");
	const struct journal_entry *e;
	char path[512];
	size_t idx[4];
	long k;

	if (geteuid() != 0 || access("/proc/sys/kernel/cap_last_cap", R_OK))
		return;
	files();
	snprintf(path, sizeof(path), "%s/%s", root, AFF);
	unlink(path);
	ck_assert_int_eq(symlink("/proc/sys/kernel/cap_last_cap", path), 0);
	tune_init(&t, proc, sys);
	k = tune_irq(&t, 151, &s);
	ck_assert_int_ge(k, 0);
	e = &t.journal.v[k];
	ck_assert_int_eq(e->err, EACCES);
	ck_assert_int_eq(tune_classify(e->kind, e->err, true), TUNE_REFUSED);
	ck_assert_str_eq(e->new, "0-1");
	ck_assert_str_eq(e->readback, e->old);
	ck_assert(!e->matched);
	ck_assert_uint_eq(journal_in_force(&t.journal, idx, 4), 0);
	ck_assert_int_eq(journal_last_undoable(&t.journal), -1);
	unlink(path);
	tune_fini(&t);
}
END_TEST

START_TEST(governor_and_scheduler)
{
	struct tune t;
	long k;

	files();
	tune_init(&t, proc, sys);
	k = tune_governor(&t, 4, "performance");
	ck_assert_int_ge(k, 0);
	ck_assert_str_eq(get(GOV), "performance");
	ck_assert_str_eq(t.journal.v[k].old, "ondemand");
	ck_assert(t.journal.v[k].matched);
	ck_assert_int_eq(tune_governor(&t, 4, "perf ormance"), -EINVAL);
	ck_assert_int_eq(tune_governor(&t, 5, "performance"), -ENOENT);
	k = tune_scheduler(&t, "sda", "bfq");
	ck_assert_int_ge(k, 0);
	ck_assert_str_eq(t.journal.v[k].old, "mq-deadline");
	ck_assert_str_eq(t.journal.v[k].readback, "bfq");
	ck_assert_str_eq(get("sys/block/sda/queue/scheduler"), "bfq");
	ck_assert_int_eq(tune_scheduler(&t, "../sda", "bfq"), -EINVAL);
	/* undo a governor that is longer than the old one: no stale bytes */
	ck_assert_int_ge(tune_undo(&t, 0), 0);
	ck_assert_str_eq(get(GOV), "ondemand");
	tune_fini(&t);
}
END_TEST

/* An experiment's read-back: what each tunable holds now against what
 * its variant set.  The testbed's effective affinity stays 7, as on a
 * controller that ignores the pin; a governor file rewritten behind our
 * back is a driver that took another. */
static void vary_add(struct tunevary *tv, const char *text)
{
	struct tunespec s;
	char err[200];

	ck_assert_int_eq(tunespec_parse(text, strlen(text), &s, err,
					sizeof(err)), 0);
	ck_assert_int_eq(tunevary_add(tv, &s, NULL, err, sizeof(err)), 0);
}

START_TEST(vary_reads_back)
{
	struct tunevary tv;
	struct tune t;
	char got[128], msg[300];

	files();
	tune_init(&t, proc, sys);
	tunevary_init(&tv, &t, NULL, NULL);
	vary_add(&tv, "irq:151=6,7");
	vary_add(&tv, "governor:policy4=performance,powersave");
	ck_assert_int_eq(tunevary_apply(&tv, 0, 0, msg, sizeof(msg)), 0);
	ck_assert_int_eq(tunevary_readback(&tv, 0, 0, got, sizeof(got)), 0);
	ck_assert_str_eq(got, "7");
	ck_assert_int_eq(tunevary_apply(&tv, 0, 1, msg, sizeof(msg)), 0);
	ck_assert_int_eq(tunevary_readback(&tv, 0, 1, got, sizeof(got)), 1);
	ck_assert_int_eq(tunevary_apply(&tv, 1, 0, msg, sizeof(msg)), 0);
	ck_assert_int_eq(tunevary_readback(&tv, 1, 0, got, sizeof(got)), 1);
	ck_assert_str_eq(got, "performance");
	put(GOV, "ondemand\n");
	ck_assert_int_eq(tunevary_readback(&tv, 1, 0, got, sizeof(got)), 0);
	ck_assert_str_eq(got, "ondemand");
	/* no effective file (before Linux 4.13): smp_affinity_list says */
	remove(proc_path("irq/151/effective_affinity_list"));
	ck_assert_int_eq(tunevary_readback(&tv, 0, 1, got, sizeof(got)), 1);
	ck_assert_str_eq(got, "7");
	tune_fini(&t);
}
END_TEST

START_TEST(vary_reads_back_schedulers_and_limits)
{
	struct tunevary tv;
	struct tune t;
	char got[128], msg[300];

	files();
	tune_init(&t, proc, sys);
	tunevary_init(&tv, &t, NULL, NULL);
	vary_add(&tv, "scheduler:sda=bfq,none");
	vary_add(&tv, "maxfreq:policy4=1400000,2000000");
	ck_assert_int_eq(tunevary_apply(&tv, 0, 0, msg, sizeof(msg)), 0);
	ck_assert_int_eq(tunevary_readback(&tv, 0, 0, got, sizeof(got)), 1);
	put("sys/block/sda/queue/scheduler", "[mq-deadline] kyber bfq none\n");
	ck_assert_int_eq(tunevary_readback(&tv, 0, 0, got, sizeof(got)), 0);
	ck_assert_str_eq(got, "mq-deadline");
	ck_assert_int_eq(tunevary_apply(&tv, 1, 0, msg, sizeof(msg)), 0);
	ck_assert_int_eq(tunevary_readback(&tv, 1, 0, got, sizeof(got)), 1);
	ck_assert_str_eq(got, "1400000");
	put(MAX, "1800000\n");	/* thermal capped it: not the variant's */
	ck_assert_int_eq(tunevary_readback(&tv, 1, 0, got, sizeof(got)), 0);
	tune_fini(&t);
}
END_TEST

START_TEST(limits_in_order_and_restore)
{
	struct tune t;
	long idx[2];
	size_t f[8];

	files();
	tune_init(&t, proc, sys);
	ck_assert_int_eq(tune_freq(&t, 4, 1400000, 1600000, idx), 2);
	ck_assert_int_eq(t.journal.v[idx[0]].kind, JOURNAL_MAX_FREQ);
	ck_assert_int_eq(t.journal.v[idx[1]].kind, JOURNAL_MIN_FREQ);
	ck_assert_str_eq(get(MIN), "1400000");
	ck_assert_str_eq(get(MAX), "1600000");
	/* a max below the min is refused before anything is written */
	ck_assert_int_eq(tune_freq(&t, 4, 0, 600000, idx), -ERANGE);
	ck_assert_str_eq(get(MAX), "1600000");
	ck_assert_int_ge(tune_governor(&t, 4, "powersave"), 0);
	ck_assert_uint_eq(journal_in_force(&t.journal, f, 8), 3);
	/* undoing the max alone would cross nothing: 2000000 >= 1400000 */
	ck_assert_int_eq(tune_restore(&t), 0);
	ck_assert_str_eq(get(MIN), "200000");
	ck_assert_str_eq(get(MAX), "2000000");
	ck_assert_str_eq(get(GOV), "ondemand");
	ck_assert_uint_eq(journal_in_force(&t.journal, f, 8), 0);
	ck_assert(t.journal.v[t.journal.n - 1].restore);
	tune_fini(&t);
}
END_TEST

/* u takes back what one action wrote, as a whole: both limits of one
 * change (newest first, so undoing them crosses nothing), then the
 * action before; writes outside any action (0) stay alone. */
START_TEST(undo_by_action)
{
	struct tune t;
	struct cpuset s = cpus("4-7");
	long idx[2], k;
	size_t u[8];

	files();
	tune_init(&t, proc, sys);
	k = tune_governor(&t, 4, "powersave");		/* action 0: alone */
	tune_begin(&t);
	ck_assert_int_ge(tune_irq(&t, 151, &s), 0);
	tune_begin(&t);
	ck_assert_int_eq(tune_freq(&t, 4, 1400000, 1600000, idx), 2);
	ck_assert_uint_eq(journal_last_action(&t.journal, u, 8), 2);
	ck_assert_uint_eq(u[0], (size_t)idx[1]);	/* min, written last */
	ck_assert_uint_eq(u[1], (size_t)idx[0]);
	tune_begin(&t);
	ck_assert_int_ge(tune_undo(&t, u[0]), 0);
	ck_assert_int_ge(tune_undo(&t, u[1]), 0);
	ck_assert_str_eq(get(MIN), "200000");
	ck_assert_str_eq(get(MAX), "2000000");
	/* then the pin alone, then the governor alone */
	ck_assert_uint_eq(journal_last_action(&t.journal, u, 8), 1);
	ck_assert_int_eq(t.journal.v[u[0]].kind, JOURNAL_IRQ);
	ck_assert_int_ge(tune_undo(&t, u[0]), 0);
	ck_assert_uint_eq(journal_last_action(&t.journal, u, 8), 1);
	ck_assert_uint_eq(u[0], (size_t)k);
	ck_assert_int_ge(tune_undo(&t, u[0]), 0);
	ck_assert_uint_eq(journal_last_action(&t.journal, u, 8), 0);
	ck_assert_uint_eq(journal_max_action(&t.journal), 3);
	tune_fini(&t);
}
END_TEST

static Suite *tune_suite(void)
{
	Suite *s = suite_create("tune");
	TCase *pure = tcase_create("pure"), *io = tcase_create("files");

	tcase_add_test(pure, plan_never_crosses);
	tcase_add_test(pure, plan_orders);
	tcase_add_test(pure, parse_khz);
	tcase_add_test(pure, classify);
	tcase_add_test(pure, irq_move_chips);
	tcase_add_unchecked_fixture(io, tree_up, tree_down);
	tcase_add_test(io, irq_pin_readback_undo);
	tcase_add_test(io, irq_move_pending_then_made);
	tcase_add_test(io, irq_move_gic_kept);
	tcase_add_test(io, irq_undo_after_its_device_went);
	tcase_add_test(io, irq_refusals_leave_no_entry);
	tcase_add_test(io, irq_write_refused);
	tcase_add_test(io, governor_and_scheduler);
	tcase_add_test(io, limits_in_order_and_restore);
	tcase_add_test(io, vary_reads_back);
	tcase_add_test(io, vary_reads_back_schedulers_and_limits);
	tcase_add_test(io, undo_by_action);
	suite_add_tcase(s, pure);
	suite_add_tcase(s, io);
	return s;
}

int main(void)
{
	return testutil_run(tune_suite());
}
