/* SPDX-License-Identifier: GPL-2.0-or-later */
/* stale: the last good table and rates of a kernel file that failed to
 * read, kept and marked, and the sentence saying so. */
#include "config.h"

#include "stale.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "app.h"
#include "base/i18n.h"

/* The kernel file of source K (the enums share their order). */
static const char *file_of(enum stale_source k)
{
	static const enum sample_source src[STALE_N] = {
		[STALE_STAT] = SAMPLE_STAT, [STALE_DISKS] = SAMPLE_DISKSTATS,
		[STALE_NETS] = SAMPLE_NETDEV, [STALE_IRQS] = SAMPLE_INTERRUPTS,
	};

	return sample_file(src[k]);
}

static int status_of(const struct sample *s, enum stale_source k)
{
	const int v[STALE_N] = { s->status.stat, s->status.diskstats,
				 s->status.netdev, s->status.interrupts };

	return v[k];
}

#define SWAP(x, y) do { __typeof__(x) t_ = (x); (x) = (y); (y) = t_; } \
	while (0)

/* Swap source K's table (and the IRQ affinities) between P and Q. */
static void swap_table(struct sample *p, struct sample *q,
		       enum stale_source k)
{
	if (k == STALE_STAT) {
		SWAP(p->stat, q->stat);
	} else if (k == STALE_DISKS) {
		SWAP(p->disks, q->disks);
	} else if (k == STALE_NETS) {
		SWAP(p->nets, q->nets);
	} else {
		SWAP(p->irqs, q->irqs);
		SWAP(p->aff, q->aff);
	}
}

static void say(struct app *a, enum stale_source k)
{
	char s[160];

	if (stale_sentence(a, k, s, sizeof(s)))
		snprintf(a->message, sizeof(a->message), "%s", s);
}

void stale_carry(struct app *a, struct sample *prev, struct sample *next)
{
	struct stale *st = &a->stale;
	enum stale_source k;

	for (k = 0; k < STALE_N; k++) {
		int rc = status_of(next, k), was = st->rc[k];
		bool had = a->nsamples > 0 && (status_of(prev, k) == 0 ||
					       st->carried[k]);

		st->recovered[k] = rc == 0 && st->carried[k];
		st->rc[k] = rc;
		if (rc == 0) {
			st->carried[k] = false;
			st->good_at[k] = time(NULL);
			if (was)
				snprintf(a->message, sizeof(a->message),
					 _("%s reads again"), file_of(k));
			continue;
		}
		st->carried[k] = had;
		if (had)
			swap_table(prev, next, k);
		if (!was)
			say(a, k);
	}
}

void stale_rates(struct app *a, struct sample_rates *old,
		 struct sample_rates *new)
{
	const struct stale *st = &a->stale;
	size_t i;

	if (old && st->carried[STALE_STAT]) {
		SWAP(old->total, new->total);
		SWAP(old->cpus, new->cpus);
		SWAP(old->cpu_ids, new->cpu_ids);
		SWAP(old->cpu_online, new->cpu_online);
		SWAP(old->ncpus, new->ncpus);
	}
	if (old && st->carried[STALE_DISKS]) {
		SWAP(old->disks, new->disks);
		SWAP(old->ndisks, new->ndisks);
	}
	if (old && st->carried[STALE_NETS]) {
		SWAP(old->nets, new->nets);
		SWAP(old->nnets, new->nnets);
	}
	if (old && st->carried[STALE_IRQS]) {
		SWAP(old->irqs, new->irqs);
		SWAP(old->nirqs, new->nirqs);
	}
	for (i = 0; st->recovered[STALE_DISKS] && i < new->ndisks; i++)
		new->disks[i].valid = false;
	for (i = 0; st->recovered[STALE_NETS] && i < new->nnets; i++)
		new->nets[i].valid = false;
	for (i = 0; st->recovered[STALE_IRQS] && i < new->nirqs; i++)
		new->irqs[i].valid = false;
}

const char *stale_sentence(const struct app *a, enum stale_source k,
			   char *dst, size_t size)
{
	const struct stale *st = &a->stale;
	char why[120], when[16];

	if (!st->rc[k])
		return NULL;
	/* Short enough for 80 columns with the stale mark. */
	if (st->rc[k] == -EINVAL)
		snprintf(why, sizeof(why), _("%s cannot be understood"),
			 file_of(k));
	else
		snprintf(why, sizeof(why), "%s: %s", file_of(k),
			 _(sample_error(st->rc[k])));
	if (!st->carried[k]) {
		snprintf(dst, size, "%s", why);
		return dst;
	}
	strftime(when, sizeof(when), "%H:%M:%S",
		 localtime(&st->good_at[k]));
	snprintf(dst, size, _("%s; values from %s (stale)"), why, when);
	return dst;
}
