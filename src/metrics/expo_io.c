/* SPDX-License-Identifier: GPL-2.0-or-later */
/* expo_io: /proc/interrupts rows (per CPU or in total), the affinity of
 * each numbered IRQ, and the disk and network counters of view/figures.c. */
#include "config.h"

#include "metrics/expo_io.h"

#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "view/figures.h"

#define L(n, v) { (n), (v) }

/* What names a row: its action, else (LOC, IPI0) its description. */
static const char *row_action(const struct irq_row *r)
{
	if (r->action && *r->action)
		return r->action;
	return r->numeric ? "" : r->desc;
}

static void irq_counts(struct expo *e, const struct irq_table *t,
		       bool per_cpu)
{
	static const char *const name = "benchtop_irq_interrupts_total";
	char cpu[16];
	size_t i, k;

	expo_family(e, name, EXPO_COUNTER, NULL, per_cpu ?
		    "Interrupts of each /proc/interrupts row on each CPU "
		    "(rows without per-CPU counts: their total)." :
		    "Interrupts of each /proc/interrupts row, all CPUs.");
	for (i = 0; i < t->nrows; i++) {
		const struct irq_row *r = &t->rows[i];
		struct expo_label l[3] = {
			L("irq", r->key), L("action", row_action(r)),
			L("cpu", cpu),
		};

		if (!per_cpu || r->ncounts < t->ncpus) {
			expo_u64(e, name, l, 2, r->total);
			continue;
		}
		for (k = 0; k < t->ncpus; k++) {
			snprintf(cpu, sizeof(cpu), "%u", t->cpus[k]);
			expo_u64(e, name, l, 3, r->counts[k]);
		}
	}
}

static void irq_info(struct expo *e, const struct sample *s)
{
	const struct irq_table *t = &s->irqs;
	char aff[256], eff[256];
	size_t i;

	expo_family(e, "benchtop_irq_info", EXPO_INFO, NULL,
		    "Each numbered IRQ: interrupt chip, hardware number, "
		    "trigger, action, affinity (smp_affinity_list) and "
		    "effective affinity (empty when the kernel has none).");
	for (i = 0; i < t->nrows; i++) {
		const struct irq_row *r = &t->rows[i];
		const struct irq_affinity *a = s->aff ? &s->aff[i] : NULL;
		struct expo_label l[7] = {
			L("irq", r->key), L("action", row_action(r)),
			L("chip", r->chip), L("hwirq", r->hwirq),
			L("trigger", r->trigger), L("affinity", aff),
			L("effective_affinity", eff),
		};

		if (!r->numeric)
			continue;
		aff[0] = eff[0] = '\0';
		if (a && a->has_affinity)
			cpulist_format(&a->affinity, aff, sizeof(aff));
		if (a && a->has_effective)
			cpulist_format(&a->effective, eff, sizeof(eff));
		expo_u64(e, "benchtop_irq_info", l, 7, 1);
	}
}

/* One series per CPU of each IRQ's affinity (EFFECTIVE: effective); none
 * for an affinity of every present CPU (the kernel's default, which would
 * cost CPUs x IRQs series and say nothing benchtop_irq_info does not). */
static void irq_cpus(struct expo *e, const struct sample *s, bool effective)
{
	const char *name = effective ? "benchtop_irq_effective_affinity_cpu" :
				       "benchtop_irq_affinity_cpu";
	const struct cpuset *set;
	char cpu[16];
	size_t i;
	int c;

	expo_family(e, name, EXPO_GAUGE, NULL, effective ?
		    "1 for each CPU in the IRQ's effective_affinity_list." :
		    "1 for each CPU in the IRQ's smp_affinity_list (none "
		    "when that is every CPU).");
	for (i = 0; s->aff && i < s->irqs.nrows; i++) {
		const struct irq_row *r = &s->irqs.rows[i];
		struct expo_label l[2] = { L("irq", r->key), L("cpu", cpu) };

		if (!r->numeric || !(effective ? s->aff[i].has_effective :
				     s->aff[i].has_affinity))
			continue;
		set = effective ? &s->aff[i].effective : &s->aff[i].affinity;
		if (!effective && cpuset_equal(set, &s->present))
			continue;
		for (c = cpuset_first(set); c >= 0;
		     c = cpuset_next(set, (unsigned)c)) {
			snprintf(cpu, sizeof(cpu), "%d", c);
			expo_u64(e, name, l, 2, 1);
		}
	}
}

void expo_io_irqs(struct expo *e, const struct sample *s, bool per_cpu)
{
	if (s->status.interrupts)
		return;
	irq_counts(e, &s->irqs, per_cpu);
	irq_info(e, s);
	if (per_cpu) {
		irq_cpus(e, s, false);
		irq_cpus(e, s, true);
	}
}

static void put_figure(struct expo *e, const struct figure *f,
		       const void *row, const char *dev)
{
	struct expo_label l[1] = { L("device", dev) };
	uint64_t v = figures_row_u64(f, row);

	if (f->div == 1)
		expo_u64(e, f->prom, l, 1, v);
	else
		expo_double(e, f->prom, l, 1, (double)v / f->div);
}

static bool disk_counted(const struct disk_row *r)
{
	return r->kind == DISK_WHOLE || r->kind == DISK_MD ||
	       r->kind == DISK_DM;
}

/* A Prometheus family of figures.h: what the kernel's row holds. */
static bool exported(const struct figure *f)
{
	return f->prom && f->src == FIG_ROW;
}

static void family(struct expo *e, const struct figure *f)
{
	expo_family(e, f->prom, f->prom_gauge ? EXPO_GAUGE : EXPO_COUNTER,
		    f->prom_unit, f->prom_help);
}

void expo_io_write(struct expo *e, const struct sample *s)
{
	const struct figure *f;
	size_t i;

	for (f = figures_disk.v; !s->status.diskstats &&
	     f < figures_disk.v + figures_disk.n; f++) {
		if (!exported(f))
			continue;
		family(e, f);
		for (i = 0; i < s->disks.nrows; i++)
			if (disk_counted(&s->disks.rows[i]))
				put_figure(e, f, &s->disks.rows[i],
					   s->disks.rows[i].name);
	}
	for (f = figures_net.v; !s->status.netdev &&
	     f < figures_net.v + figures_net.n; f++) {
		if (!exported(f))
			continue;
		family(e, f);
		for (i = 0; i < s->nets.nrows; i++)
			if (strcmp(s->nets.rows[i].name, "lo") != 0)
				put_figure(e, f, &s->nets.rows[i],
					   s->nets.rows[i].name);
	}
}
