/* SPDX-License-Identifier: GPL-2.0-or-later */
/* hints: the advice rules (one table) and the builder that gathers their
 * facts from the hardware model and the rates. */
#include "config.h"

#include "tune/hints.h"

#include <stdio.h>
#include <string.h>

#include "view/moment.h"

bool hints_irq_on_little(const struct hints_in *in)
{
	return in->has_irq && in->big_little && in->irq_on_little &&
	       !in->irq_fixed && in->irq_rate >= HINTS_IRQ_BUSY &&
	       in->big_busy_pct >= 0 && in->big_busy_pct < HINTS_BIG_IDLE;
}

bool hints_governor(const struct hints_in *in)
{
	return in->bench_running && in->governor[0] &&
	       strcmp(in->governor, "performance") != 0;
}

bool hints_uas_unused(const struct hints_in *in)
{
	return in->uas_dev[0] != '\0';
}

bool hints_slow_link(const struct hints_in *in)
{
	return in->slow_dev[0] != '\0';
}

static const struct {
	enum hints_id id;
	bool (*fires)(const struct hints_in *in);
} rules[] = {
	{ HINT_IRQ_ON_LITTLE, hints_irq_on_little },
	{ HINT_GOVERNOR, hints_governor },
	{ HINT_UAS_UNUSED, hints_uas_unused },
	{ HINT_SLOW_LINK, hints_slow_link },
};

size_t hints_eval(const struct hints_in *in, enum hints_id *ids, size_t max)
{
	size_t i, n = 0;

	for (i = 0; i < sizeof(rules) / sizeof(rules[0]) && n < max; i++)
		if (rules[i].fires(in))
			ids[n++] = rules[i].id;
	return n;
}

bool hints_io_irq(const char *action)
{
	static const char *const words[] = {
		"usb", "hcd", "xhci", "dwc", "eth", "enp", "eno", "ens",
		"wlan", "wlp", "gmac", "stmmac", "r8152", "r8169",
	};
	size_t i;

	for (i = 0; action && i < sizeof(words) / sizeof(words[0]); i++)
		if (strstr(action, words[i]))
			return true;
	return false;
}

/* ---- the builder -------------------------------------------------------- */

static void build_clusters(struct hints_in *in, const struct moment *m,
			   struct cpuset *little, struct cpuset *big)
{
	double sum = 0;
	size_t i, nbig = 0, nlittle = 0, nsum = 0;

	cpuset_clear(little);
	cpuset_clear(big);
	in->big_busy_pct = -1;
	for (i = 0; i < m->nclusters; i++) {
		const struct moment_cluster *k = &m->clusters[i];

		if (k->role == CLUSTER_ROLE_LITTLE) {
			nlittle++;
			for (size_t w = 0; w < CPUSET_MAX / 64; w++)
				little->bits[w] |= k->cpus.bits[w];
		} else if (k->role == CLUSTER_ROLE_BIG) {
			nbig++;
			for (size_t w = 0; w < CPUSET_MAX / 64; w++)
				big->bits[w] |= k->cpus.bits[w];
			if (k->util_pct >= 0) {
				sum += k->util_pct;
				nsum++;
			}
		}
		if (k->online && k->has_freq && k->governor[0] &&
		    strcmp(k->governor, "performance") && !in->governor[0]) {
			snprintf(in->governor, sizeof(in->governor), "%s",
				 k->governor);
			cpulist_format(&k->cpus, in->governor_cpus,
				       sizeof(in->governor_cpus));
		}
	}
	in->big_little = nbig && nlittle;
	if (nbig)
		cpulist_format(big, in->big_cpus, sizeof(in->big_cpus));
	if (nsum)
		in->big_busy_pct = sum / (double)nsum;
}

/* Whether SET is not empty and every CPU of it is in OF. */
static bool inside(const struct cpuset *set, const struct cpuset *of)
{
	bool any = false;

	for (size_t w = 0; w < CPUSET_MAX / 64; w++) {
		if (set->bits[w] & ~of->bits[w])
			return false;
		any = any || set->bits[w];
	}
	return any;
}

/* The measured busy share of CPU, or -1. */
static double cpu_busy(const struct moment *m, int cpu)
{
	for (size_t i = 0; i < m->ncpus; i++)
		if (m->cpus[i].id == cpu && m->cpus[i].valid)
			return m->cpus[i].busy;
	return -1;
}

static void build_irq(struct hints_in *in, const struct moment *m,
		      const struct cpuset *little, const struct cpuset *big)
{
	const struct moment_irq *best = NULL;
	size_t i, top = 0;

	for (i = 0; i < m->nirqs; i++) {
		const struct moment_irq *q = &m->irqs[i];

		/* the rate first: the 14 words only for a new leader */
		if (q->valid && q->numeric &&
		    (!best || q->total_per_s > best->total_per_s) &&
		    hints_io_irq(q->action))
			best = q;
	}
	if (!best)
		return;
	in->has_irq = true;
	in->irq = best->irq;
	in->irq_rate = best->total_per_s;
	snprintf(in->irq_name, sizeof(in->irq_name), "%s", best->action);
	for (i = 1; i < best->ncounts && i < m->nirq_cpus; i++)
		if (moment_irq_cpu(best, i) > moment_irq_cpu(best, top))
			top = i;
	in->irq_cpu = top < m->nirq_cpus ? (int)m->irq_cpus[top] : -1;
	in->irq_on_little = in->irq_cpu >= 0 &&
			    cpuset_has(little, (unsigned)in->irq_cpu);
	in->irq_cpu_busy_pct = cpu_busy(m, in->irq_cpu);
	in->irq_pinned_big = best->aff && best->aff->has_affinity &&
			     inside(&best->aff->affinity, big);
}

static void build_usb(struct hints_in *in, const struct usbdev_list *l)
{
	char buf[64];
	const char *label;
	size_t i;

	for (i = 0; i < l->n; i++) {
		const struct usbdev *d = &l->v[i];

		label = usbdev_label(d, buf, sizeof(buf));
		if (!in->uas_dev[0] && d->has_uas && d->storage_bound &&
		    !d->uas_bound) {
			snprintf(in->uas_dev, sizeof(in->uas_dev), "%s",
				 d->name);
			snprintf(in->uas_label, sizeof(in->uas_label), "%s",
				 label);
		}
		if (!in->slow_dev[0] && d->capable_kbps >= 5000000 &&
		    d->speed_kbps && d->speed_kbps <= 480000) {
			snprintf(in->slow_dev, sizeof(in->slow_dev), "%s",
				 d->name);
			snprintf(in->slow_label, sizeof(in->slow_label), "%s",
				 label);
		}
	}
}

void hints_build(struct hints_in *in, const struct moment *m,
		 bool (*fixed)(unsigned irq, const void *ctx),
		 const void *ctx)
{
	struct cpuset little, big;

	memset(in, 0, sizeof(*in));
	in->irq_cpu = -1;
	in->big_busy_pct = -1;
	in->irq_cpu_busy_pct = -1;
	build_clusters(in, m, &little, &big);
	if (m->have_rates)
		build_irq(in, m, &little, &big);
	if (in->has_irq && fixed)
		in->irq_fixed = fixed(in->irq, ctx);
	if (m->usb)
		build_usb(in, m->usb);
}
