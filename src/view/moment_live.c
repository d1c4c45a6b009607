/* SPDX-License-Identifier: GPL-2.0-or-later */
/* moment_live: the moment of the live screen, from the newest sample, the
 * rates since the one before and the hardware model. */
#include "config.h"

#include "view/moment.h"

#include <errno.h>
#include <string.h>

#include "view/figures.h"

static const char *nz(const char *s)
{
	return s ? s : "";
}

/* SRC into DST of SIZE bytes, cut as snprintf "%s" would. */
static void copy(char *dst, size_t size, const char *src)
{
	size_t n = 0;

	while (n + 1 < size && src[n])
		n++;
	memcpy(dst, src, n);
	dst[n] = '\0';
}

static void live_cluster(struct moment_cluster *o, const struct cluster *c)
{
	o->policy = c->policy;
	o->cpus = c->cpus;
	o->online = c->online;
	o->role = c->role;
	copy(o->core, sizeof(o->core), nz(c->core));
	o->has_freq = c->has_freq;
	copy(o->governor, sizeof(o->governor), nz(c->freq.governor));
	o->cur_khz = c->freq.cur_khz;
	o->min_khz = c->freq.min_khz;
	o->max_khz = c->freq.max_khz;
	o->capped = clusters_capped(c->freq.max_khz, c->freq.hw_max_khz);
	o->util_pct = c->util_pct;
	o->throttled = c->throttled;
}

static void live_hw(struct moment *m, const struct hwmodel *hw)
{
	const struct clusters *c = &hw->clusters;
	size_t i;

	m->nclusters = c->n;
	for (i = 0; i < c->n; i++)
		live_cluster(&m->clusters[i], &c->v[i]);
	m->ncores = c->ncores;
	for (i = 0; i < c->ncores; i++) {
		m->cores[i].cpus = c->cores[i].cpus;
		copy(m->cores[i].model, sizeof(m->cores[i].model),
		     nz(c->cores[i].core));
	}
	m->cpufreq_note = c->cpufreq_note;
	m->board = hw->board;
	moment_temps(m, &hw->thermal, c);
	m->usb = &hw->chain.usb;
	m->chains = &hw->chain.chains;
}

/* The figures of disk D that the moment holds (figures.h) into O. */
static void live_disk_figures(struct moment_disk *o, const struct disk_rate *d)
{
	const struct figure *f;
	double v;

	for (f = figures_disk.v; f < figures_disk.v + figures_disk.n; f++)
		if (f->moment_off != FIG_NONE) {
			figures_disk_value(f, d, 0, &v);
			memcpy((char *)o + f->moment_off, &v, sizeof(v));
		}
}

/* The figures of interface N in the moment (figures.c). */
static void live_net_figures(struct moment_net *o, const struct net_rate *n)
{
	const struct figure *f;
	double v;

	for (f = figures_net.v; f < figures_net.v + figures_net.n; f++)
		if (f->moment_off != FIG_NONE) {
			figures_net_value(f, n, &v);
			memcpy((char *)o + f->moment_off, &v, sizeof(v));
		}
}

static void live_rates(struct moment *m, const struct sample_rates *r)
{
	size_t i;

	m->ncpus = r->ncpus;
	for (i = 0; i < r->ncpus; i++)
		m->cpus[i] = (struct moment_cpu){ r->cpu_ids[i],
			r->cpu_online[i], r->cpus[i].valid, r->cpus[i].busy };
	m->ndisks = r->ndisks;
	for (i = 0; i < r->ndisks; i++) {
		const struct disk_rate *d = &r->disks[i];
		struct moment_disk *o = &m->disks[i];

		copy(o->name, sizeof(o->name), d->row->name);
		o->kind = d->row->kind;
		o->valid = d->valid;
		o->ops_unknown = d->ops_unknown;
		live_disk_figures(o, d);
	}
	m->nnets = r->nnets;
	for (i = 0; i < r->nnets; i++) {
		const struct net_rate *n = &r->nets[i];

		m->nets[i] = (struct moment_net){ .valid = n->valid,
			.counts_known = true,
			.rx_known = netdev_known(n, NET_RX_BYTES),
			.tx_known = netdev_known(n, NET_TX_BYTES) };
		copy(m->nets[i].name, MOMENT_NAME, n->row->name);
		live_net_figures(&m->nets[i], n);
	}
}

/* IRQ K of S into O; its per-CPU rates are Q's own array (the rates
 * outlive the moment, as the sample does), not a copy: 2000 IRQs over
 * 256 CPUs are 4 MB of them. */
static void live_irq(struct moment_irq *o, const struct sample *s, size_t k,
		     const struct irq_rate *q)
{
	const struct irq_row *r = &s->irqs.rows[k];

	copy(o->key, sizeof(o->key), nz(r->key));
	o->desc = nz(r->desc);
	o->action = nz(r->action);
	o->chip = nz(r->chip);
	o->hwirq = nz(r->hwirq);
	o->trigger = nz(r->trigger);
	o->numeric = r->numeric;
	o->irq = r->irq;
	o->total = (double)r->total;
	o->valid = q && q->valid;
	o->total_per_s = q ? q->total_per_s : 0;
	o->ncounts = r->ncounts;
	if (o->valid)
		o->rate = q;
	o->row = r;	/* on_cpu: moment_irq_on_cpu, when asked */
	o->table = &s->irqs;
	if (s->aff)
		o->aff = &s->aff[k];
}

static void live_irqs(struct moment *m, const struct sample *s,
		      const struct sample_rates *r)
{
	size_t k;

	m->nirq_cpus = s->irqs.ncpus;
	if (s->irqs.ncpus)
		memcpy(m->irq_cpus, s->irqs.cpus,
		       s->irqs.ncpus * sizeof(*m->irq_cpus));
	m->nirqs = s->irqs.nrows;
	for (k = 0; k < s->irqs.nrows; k++)
		live_irq(&m->irqs[k], s, k, r && k < r->nirqs &&
			 r->irqs[k].row == &s->irqs.rows[k] ? &r->irqs[k] :
			 NULL);
}

int moment_from_live(struct moment *m, const struct moment_live *in)
{
	const struct hwmodel *hw = in->hw;
	const struct sample_rates *r = in->rates;
	const struct sample *s = in->cur;
	struct moment_sizes n = {
		.nclusters = hw ? hw->clusters.n : 0,
		.ncores = hw ? hw->clusters.ncores : 0,
		.ncpus = r ? r->ncpus : 0,
		.ndisks = r ? r->ndisks : 0,
		.nnets = r ? r->nnets : 0,
		.nirqs = s ? s->irqs.nrows : 0,
		.ncols = s ? s->irqs.ncpus : 0,
		.borrow_cells = true,
	};

	if (moment_alloc(m, &n))
		return -ENOMEM;
	m->have_rates = r != NULL;
	m->have_hw = hw != NULL;
	if (hw)
		live_hw(m, hw);
	if (r)
		live_rates(m, r);
	if (s) {
		memcpy(m->load, s->load.load, sizeof(m->load));
		m->has_uptime = s->status.uptime == 0;
		m->uptime_s = s->uptime_s;
		live_irqs(m, s, r);
	}
	if (moment_link_buses(m)) {
		moment_fini(m);
		return -ENOMEM;
	}
	return 0;
}
