/* SPDX-License-Identifier: GPL-2.0-or-later */
/* hints: short advice where the data shows a known problem, from rules in
 * one table; each rule is a pure function over struct hints_in. */
#ifndef BENCHTOP_HINTS_H
#define BENCHTOP_HINTS_H

#include <stdbool.h>
#include <stddef.h>

struct moment;

#define HINTS_IRQ_BUSY 1000.0	/* interrupts a second that count as busy */
#define HINTS_BIG_IDLE 50.0	/* big cores below this busy share idle */

enum hints_id {
	HINT_IRQ_ON_LITTLE,	/* busy USB/network IRQ on a LITTLE core */
	HINT_GOVERNOR,		/* not performance while a benchmark runs */
	HINT_UAS_UNUSED,	/* UAS-capable bridge on usb-storage */
	HINT_SLOW_LINK,		/* SuperSpeed device at 480M */
	HINT_NIDS
};

/* The facts the rules look at; the builder fills it from the model. */
struct hints_in {
	/* the busiest USB or network IRQ */
	bool has_irq;
	unsigned irq;
	char irq_name[64];	/* its action: "xhci-hcd:usb5" */
	double irq_rate;	/* per second */
	int irq_cpu;		/* the CPU that took most, -1 unknown */
	bool irq_on_little;	/* that CPU is a LITTLE core */
	bool irq_fixed;		/* the kernel will not move it */
	bool big_little;	/* the board has big and LITTLE clusters */
	double big_busy_pct;	/* mean busy share of the big cores, < 0 ? */
	double irq_cpu_busy_pct;	/* busy share of irq_cpu, < 0 unknown */
	char big_cpus[32];	/* the big cores: "4-7", "" none */
	bool irq_pinned_big;	/* its affinity already lies inside the big
				 * cores (pinning again would change nothing) */
	/* governors */
	bool bench_running;
	char governor[32];	/* a cluster's governor that is not
				 * performance, "" when all are */
	char governor_cpus[32];	/* that cluster's CPUs */
	/* USB verdicts */
	char uas_dev[32];	/* UAS offered, usb-storage bound: "4-1" */
	char uas_label[64];
	char slow_dev[32];	/* SuperSpeed-capable at 480M */
	char slow_label[64];
};

/* Each rule: whether it fires for IN. */
bool hints_irq_on_little(const struct hints_in *in);
bool hints_governor(const struct hints_in *in);
bool hints_uas_unused(const struct hints_in *in);
bool hints_slow_link(const struct hints_in *in);

/* The rules that fire for IN, in table order, into IDS (at most MAX);
 * returns how many. */
size_t hints_eval(const struct hints_in *in, enum hints_id *ids, size_t max);

/* Whether an IRQ's action names a USB host controller or a network
 * device ("xhci-hcd:usb5", "ehci_hcd:usb1", "eth0", "enp1s0"). */
bool hints_io_irq(const char *action);

/* Fill IN from the moment M (its clusters, IRQs and USB tree, as the
 * screen shows them); FIXED(irq, ctx) tells unmovable IRQs (may be NULL). */
void hints_build(struct hints_in *in, const struct moment *m,
		 bool (*fixed)(unsigned irq, const void *ctx),
		 const void *ctx);

#endif
