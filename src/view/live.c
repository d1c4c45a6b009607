/* SPDX-License-Identifier: GPL-2.0-or-later */
/* live: one reading a tick of the running kernel, kept as two samples,
 * their rates and the hardware model (see live.h). */
#include "config.h"

#include "view/live.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "base/cpulist.h"
#include "base/monoclock.h"
#include "base/stamp.h"

/* A clock is due a little before its period ends: readings come on the
 * caller's ticks, and "at least PERIOD since" would fall a tick late
 * whenever a reading starts a hair before the one it counts from. */
#define LIVE_EARLY 0.95

void live_init(struct live *l, const struct live_opts *o)
{
	memset(l, 0, sizeof(*l));
	l->o = *o;
	l->aff_due = true;
}

void live_fini(struct live *l)
{
	if (l->have_rates)
		sample_rates_free(&l->rates);
	sample_free(&l->samples[0]);
	sample_free(&l->samples[1]);
	if (l->have_hw)
		hwmodel_fini(&l->hw);
	buf_free(&l->scratch);
	memset(l, 0, sizeof(*l));
}

const char *live_file(enum live_source k)
{
	static const enum sample_source src[LIVE_NSRC] = {
		[LIVE_STAT] = SAMPLE_STAT, [LIVE_DISKS] = SAMPLE_DISKSTATS,
		[LIVE_NETS] = SAMPLE_NETDEV, [LIVE_IRQS] = SAMPLE_INTERRUPTS,
	};

	return sample_file(src[k]);
}

/* True when PERIOD has (nearly) passed from SINCE to NOW, or the clock
 * went back. */
static bool due(double now, double since, double period)
{
	return now - since >= period * LIVE_EARLY || now < since;
}

/* The devices that are there (USB, block, network), as a stamp of their
 * folders' names: a hotplug without a hotplug socket. */
static uint64_t device_stamp(void)
{
	static const char *const dirs[] = {
		"bus/usb/devices", "class/block", "class/net",
	};
	char path[PATH_MAX];
	uint64_t h = STAMP_START;
	size_t i;

	for (i = 0; i < sizeof(dirs) / sizeof(dirs[0]); i++) {
		snprintf(path, sizeof(path), "%s/%s", sample_live_roots.sys,
			 dirs[i]);
		h = stamp_names(h, path);
	}
	return h;
}

static int load_hw(struct live *l, const struct irq_table *irqs, double now)
{
	int rc;

	if (l->have_hw)
		hwmodel_fini(&l->hw);
	l->have_hw = false;
	if (l->o.watch_devices)
		l->devices = device_stamp();
	l->irq_rows_known = irqs != NULL;
	if (irqs)
		l->irq_rows = irqs->names;
	if ((rc = hwmodel_load_irqs(&l->hw, l->o.hw_flags, irqs)) != 0)
		return rc;
	l->have_hw = true;
	l->hw_due = false;
	l->hw_read_s = l->policy_read_s = now;
	l->hw_loads++;
	return 0;
}

int live_load_hw(struct live *l, uint64_t tuning)
{
	l->tuning = tuning;
	return load_hw(l, NULL, monoclock_s());
}

/* SWAP for the tables and rates a failed source keeps. */
#define SWAP(x, y) do { __typeof__(x) t_ = (x); (x) = (y); (y) = t_; } \
	while (0)

static int status_of(const struct sample *s, enum live_source k)
{
	const int v[LIVE_NSRC] = { s->status.stat, s->status.diskstats,
				   s->status.netdev, s->status.interrupts };

	return v[k];
}

/* Swap source K's table (and the IRQ affinities) between P and Q. */
static void swap_table(struct sample *p, struct sample *q,
		       enum live_source k)
{
	if (k == LIVE_STAT) {
		SWAP(p->stat, q->stat);
	} else if (k == LIVE_DISKS) {
		SWAP(p->disks, q->disks);
	} else if (k == LIVE_NETS) {
		SWAP(p->nets, q->nets);
	} else {
		SWAP(p->irqs, q->irqs);
		SWAP(p->aff, q->aff);
	}
}

/* Before the rates: for each source NEXT failed, PREV's good table moves
 * into NEXT (PREV gets the failed one). */
static void carry_tables(struct live *l, struct sample *prev,
			 struct sample *next)
{
	struct live_carry *st = &l->carry;
	enum live_source k;

	for (k = 0; k < LIVE_NSRC; k++) {
		int rc = status_of(next, k), was = st->rc[k];
		bool had = l->o.carry && l->nsamples > 0 &&
			   (status_of(prev, k) == 0 || st->carried[k]);

		st->recovered[k] = rc == 0 && st->carried[k];
		st->failed[k] = rc != 0 && was == 0;
		st->back[k] = rc == 0 && was != 0;
		st->rc[k] = rc;
		if (rc == 0) {
			st->carried[k] = false;
			st->good_at[k] = time(NULL);
			continue;
		}
		st->carried[k] = had;
		if (had)
			swap_table(prev, next, k);
	}
}

/* After the rates: a carried source keeps OLD's rates (they point into
 * the carried table) in place of NEW's; a recovered one has no rate this
 * tick (its baseline is older than the interval). */
static void carry_rates(const struct live_carry *st, struct sample_rates *old,
			struct sample_rates *new)
{
	size_t i;

	if (old && st->carried[LIVE_STAT]) {
		SWAP(old->total, new->total);
		SWAP(old->cpus, new->cpus);
		SWAP(old->cpu_ids, new->cpu_ids);
		SWAP(old->cpu_online, new->cpu_online);
		SWAP(old->ncpus, new->ncpus);
	}
	if (old && st->carried[LIVE_DISKS]) {
		SWAP(old->disks, new->disks);
		SWAP(old->ndisks, new->ndisks);
	}
	if (old && st->carried[LIVE_NETS]) {
		SWAP(old->nets, new->nets);
		SWAP(old->nnets, new->nnets);
	}
	if (old && st->carried[LIVE_IRQS]) {
		SWAP(old->irqs, new->irqs);
		SWAP(old->nirqs, new->nirqs);
	}
	for (i = 0; st->recovered[LIVE_DISKS] && i < new->ndisks; i++)
		new->disks[i].valid = false;
	for (i = 0; st->recovered[LIVE_NETS] && i < new->nnets; i++)
		new->nets[i].valid = false;
	for (i = 0; st->recovered[LIVE_IRQS] && i < new->nirqs; i++)
		new->irqs[i].valid = false;
}

/* The rates from the newest sample to NEXT. */
static void take_rates(struct live *l, int next)
{
	struct sample_rates old = l->rates;
	bool had = l->have_rates;

	/* the last IRQ rates go before the new ones come, unless they are
	 * carried: 4 MB of per-CPU rates with 256 CPUs */
	if (had && !l->carry.carried[LIVE_IRQS]) {
		interrupts_rates_free(old.irqs, old.nirqs);
		old.irqs = NULL;
		old.nirqs = 0;
	}
	l->have_rates = sample_rates(&l->samples[l->cur], &l->samples[next],
				     &l->rates) == 0;
	if (l->have_rates)
		carry_rates(&l->carry, had ? &old : NULL, &l->rates);
	if (had)
		sample_rates_free(&old);
}

/* A new reading into NEXT; the IRQ affinities of the newest are kept for
 * aff_keep_s unless a tuning was written (TUNED) or a device came. */
static int take_sample(struct live *l, int next, bool tuned)
{
	struct sample *prev = NULL;
	bool keep;

	if (l->nsamples && next != l->cur)
		prev = &l->samples[l->cur];
	keep = prev && !tuned && !l->aff_due &&
	       !due(monoclock_s(), l->aff_read_s, l->o.aff_keep_s);
	if (sample_take_since(&l->samples[next], &sample_live_roots,
			      &l->scratch, prev, keep))
		return -ENOMEM;
	if (!keep) {
		l->aff_read_s = l->samples[next].time_s;
		l->aff_due = false;
	}
	return 0;
}

/* The model read whole when a device came or went, a tuning was written
 * (TUNED) or hw_keep_s passed; else governors and topology every
 * HWMODEL_REFRESH_S and the moving values each tick. */
static int refresh_hw(struct live *l, bool tuned)
{
	const struct sample *s = &l->samples[l->cur];
	double now = s->time_s;
	bool irqs = s->status.interrupts == 0;
	/* the IRQ rows' names, as the reader stamps them: a chain finds its
	 * IRQ by them, and a row that comes (a NIC asks for its IRQ when its
	 * link goes up), goes or is named anew sends no hotplug message */
	uint64_t rows = irqs ? s->irqs.names : 0;
	int rc;

	if (irqs && !l->irq_rows_known) {	/* the model came before it */
		l->irq_rows = rows;
		l->irq_rows_known = true;
	}
	if (!l->have_hw || l->hw_due || tuned ||
	    (irqs && rows != l->irq_rows) ||
	    (l->o.watch_devices && device_stamp() != l->devices) ||
	    (l->o.hw_keep_s > 0 && due(now, l->hw_read_s, l->o.hw_keep_s)))
		return load_hw(l, s->status.interrupts ? NULL : &s->irqs, now);
	if (due(now, l->policy_read_s, HWMODEL_REFRESH_S)) {
		rc = hwmodel_refresh(&l->hw);
		l->policy_read_s = now;
	} else {
		rc = hwmodel_refresh_values(&l->hw);
	}
	if (rc == 0 && s->status.interrupts == 0)
		chain_list_count_irqs(&l->hw.chain.chains, &s->irqs);
	return rc;
}

/* Give the model each CPU's busy share, for the throttle rule ("busy
 * under ondemand"). */
static void feed_busy(struct live *l)
{
	const struct sample_rates *r = &l->rates;
	double busy[CPUSET_MAX];
	size_t i;

	for (i = 0; i < r->ncpus && i < CPUSET_MAX; i++)
		busy[i] = r->cpu_online[i] && r->cpus[i].valid ?
			  r->cpus[i].busy : -1;
	hwmodel_set_util(&l->hw, r->cpu_ids, busy, i);
}

int live_tick(struct live *l, uint64_t tuning)
{
	int next = l->nsamples ? !l->cur : l->cur;
	bool tuned = tuning != l->tuning;
	int rc;

	if ((rc = take_sample(l, next, tuned)) != 0)
		return rc;
	l->ticks++;
	carry_tables(l, &l->samples[l->cur], &l->samples[next]);
	if (l->nsamples > 0)
		take_rates(l, next);
	l->cur = next;
	if (l->nsamples < 2)
		l->nsamples++;
	rc = refresh_hw(l, tuned);
	l->tuning = tuning;
	if (l->have_hw && l->have_rates) {
		feed_busy(l);
		/* the CPU that takes each chain's IRQ, as every view names it
		 * (interrupts_taker) */
		hwmodel_take_irqs(&l->hw, &l->samples[l->cur], &l->rates);
	}
	return rc;
}

void live_hw_due(struct live *l)
{
	l->hw_due = true;
	l->aff_due = true;
}

int live_reread_affinity(struct live *l)
{
	int rc;

	if (!l->nsamples)
		return -ENOENT;
	rc = sample_reread_affinity(&l->samples[l->cur],
				    sample_live_roots.proc);
	l->aff_read_s = l->samples[l->cur].time_s;
	return rc;
}
