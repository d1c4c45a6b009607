/* SPDX-License-Identifier: GPL-2.0-or-later */
/* moment: the plain view of one moment the panels draw from - its storage,
 * the parts both builders share (cluster temperatures, each USB bus's
 * IRQs) and the lookups by name. */
#include "config.h"

#include "view/moment.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "hw/zonemap.h"

void moment_init(struct moment *m)
{
	memset(m, 0, sizeof(*m));
}

void moment_fini(struct moment *m)
{
	free(m->clusters);
	free(m->cores);
	free(m->cpus);
	free(m->disks);
	free(m->nets);
	free(m->irq_cpus);
	free(m->cells);
	free(m->irqs);
	free(m->affs);
	free(m->buses);
	if (m->own) {
		chain_model_fini(m->own);
		free(m->own);
	}
	moment_init(m);
}

static void *zalloc(size_t n, size_t size)
{
	return calloc(n ? n : 1, size);
}

/* What an IRQ whose affinity files were not read points at. */
static const struct irq_affinity no_affinity;

int moment_alloc(struct moment *m, const struct moment_sizes *n)
{
	size_t i, ncols = n->ncols ? n->ncols : 1;

	moment_fini(m);
	m->clusters = zalloc(n->nclusters, sizeof(*m->clusters));
	m->cores = zalloc(n->ncores, sizeof(*m->cores));
	m->cpus = zalloc(n->ncpus, sizeof(*m->cpus));
	m->disks = zalloc(n->ndisks, sizeof(*m->disks));
	m->nets = zalloc(n->nnets, sizeof(*m->nets));
	m->irq_cpus = zalloc(n->ncols, sizeof(*m->irq_cpus));
	m->irqs = zalloc(n->nirqs, sizeof(*m->irqs));
	m->cells = zalloc(n->borrow_cells ? ncols : n->nirqs * ncols,
			  sizeof(*m->cells));
	if (n->own_affs)
		m->affs = zalloc(n->nirqs, sizeof(*m->affs));
	if (!m->clusters || !m->cores || !m->cpus || !m->disks || !m->nets ||
	    !m->irq_cpus || !m->irqs || !m->cells ||
	    (n->own_affs && !m->affs)) {
		moment_fini(m);
		return -ENOMEM;
	}
	for (i = 0; i < n->nirqs; i++) {
		m->irqs[i].per_cpu = m->cells +
				     (n->borrow_cells ? 0 : i * ncols);
		m->irqs[i].aff = m->affs ? &m->affs[i] : &no_affinity;
	}
	return 0;
}

void moment_temps(struct moment *m, const struct thermal *t,
		  const struct clusters *c)
{
	size_t i;

	for (i = 0; i < m->nclusters && i < c->n; i++)
		m->clusters[i].has_temp = zonemap_cluster_temp(t, c, i,
						&m->clusters[i].temp_mc);
	m->has_hottest = false;
	for (i = 0; i < t->nzones; i++)
		if (t->zones[i].has_temp && (!m->has_hottest ||
		    t->zones[i].temp_mc > m->hottest_mc)) {
			m->hottest_mc = t->zones[i].temp_mc;
			m->has_hottest = true;
		}
}

/* M's IRQs as irq_rows (the strings borrowed), for chain_match_irqs. */
static struct irq_row *as_rows(const struct moment *m)
{
	struct irq_row *r = zalloc(m->nirqs, sizeof(*r));
	size_t i;

	for (i = 0; r && i < m->nirqs; i++) {
		const struct moment_irq *q = &m->irqs[i];

		r[i].key = (char *)q->key;	/* read only */
		r[i].numeric = q->numeric;
		r[i].irq = q->irq;
		r[i].desc = (char *)q->desc;
		r[i].chip = (char *)q->chip;
		r[i].hwirq = (char *)q->hwirq;
		r[i].trigger = (char *)q->trigger;
		r[i].action = (char *)q->action;
	}
	return r;
}

/* Bus B's IRQs: the USB 2 and USB 3 root hubs of one xHCI share its
 * interrupt, which the kernel names after the first: "xhci-hcd:usb3". */
static void bus_irqs(const struct usbdev_list *l, const struct usbdev_bus *b,
		     const struct irq_table *t, struct moment_bus *out)
{
	unsigned buses[16];
	struct chain_target tgt = { .controller = b->controller,
				    .buses = buses };
	size_t i;

	for (i = 0; i < l->nbuses && tgt.nbuses < 16; i++)
		if (l->buses[i].busnum == b->busnum ||
		    (b->controller && l->buses[i].controller &&
		     strcmp(b->controller, l->buses[i].controller) == 0))
			buses[tgt.nbuses++] = l->buses[i].busnum;
	out->busnum = b->busnum;
	out->nirqs = chain_match_irqs(t, &tgt, out->irq, MOMENT_BUS_IRQS);
}

int moment_link_buses(struct moment *m)
{
	struct irq_table t = { 0 };
	size_t i;

	free(m->buses);
	m->buses = NULL;
	m->nbuses = 0;
	if (!m->usb)
		return 0;
	m->buses = zalloc(m->usb->nbuses, sizeof(*m->buses));
	t.rows = as_rows(m);
	t.nrows = m->nirqs;
	if (!m->buses || !t.rows) {
		free(t.rows);
		return -ENOMEM;
	}
	for (i = 0; i < m->usb->nbuses; i++)
		bus_irqs(m->usb, &m->usb->buses[i], &t, &m->buses[m->nbuses++]);
	free(t.rows);
	return 0;
}

const struct moment_disk *moment_disk(const struct moment *m,
				      const char *name)
{
	size_t i;

	for (i = 0; i < m->ndisks; i++)
		if (strcmp(m->disks[i].name, name) == 0)
			return &m->disks[i];
	return NULL;
}

const struct moment_net *moment_net(const struct moment *m, const char *name)
{
	size_t i;

	for (i = 0; i < m->nnets; i++)
		if (strcmp(m->nets[i].name, name) == 0)
			return &m->nets[i];
	return NULL;
}

const struct moment_irq *moment_irq_number(const struct moment *m,
					   unsigned irq)
{
	size_t i;

	for (i = 0; i < m->nirqs; i++)
		if (m->irqs[i].numeric && m->irqs[i].irq == irq)
			return &m->irqs[i];
	return NULL;
}

int moment_irq_on_cpu(const struct moment_irq *q)
{
	if (!q->row)
		return q->on_cpu;
	return interrupts_taker(q->row, q->rate, q->table, q->aff);
}

double moment_irq_cpu(const struct moment_irq *q, size_t c)
{
	if (!q->valid)
		return 0;
	return q->rate ? interrupts_rate_cpu(q->rate, c) : q->per_cpu[c];
}

const struct moment_bus *moment_bus(const struct moment *m, unsigned busnum)
{
	size_t i;

	for (i = 0; i < m->nbuses; i++)
		if (m->buses[i].busnum == busnum)
			return &m->buses[i];
	return NULL;
}

const struct chain *moment_chain(const struct moment *m, const char *dev)
{
	size_t i;

	for (i = 0; m->chains && i < m->chains->n; i++)
		if (m->chains->v[i].dev && strcmp(m->chains->v[i].dev, dev) == 0)
			return &m->chains->v[i];
	return NULL;
}
