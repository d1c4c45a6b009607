/* SPDX-License-Identifier: GPL-2.0-or-later */
/* irqmove: a pending IRQ move told from a refused one. */
#include "config.h"

#include "tune/irqmove.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/buf.h"
#include "base/cpulist.h"
#include "collect/sample.h"
#include "tune/tune.h"

bool irqmove_defers(const char *chip)
{
	static const char *const prefix[] = { "IO-APIC", "PCI-MSI", "IR-",
					       "HPET", "DMAR", "AMD-IR" };
	size_t i;

	for (i = 0; chip && i < sizeof(prefix) / sizeof(*prefix); i++)
		if (strncmp(chip, prefix[i], strlen(prefix[i])) == 0)
			return true;
	return false;
}

bool irqmove_inside(const char *affinity, const char *effective)
{
	struct cpuset aff, eff;
	int c;

	if (cpulist_parse(affinity, strlen(affinity), &aff) < 0 ||
	    cpulist_parse(effective, strlen(effective), &eff) <= 0)
		return true;
	for (c = cpuset_first(&eff); c >= 0;
	     c = cpuset_next(&eff, (unsigned)c))
		if (!cpuset_has(&aff, (unsigned)c))
			return false;
	return true;
}

int irqmove_row(const char *proc_root, const struct irq_table *t,
		unsigned irq, uint64_t *total, char *chip, size_t size)
{
	struct irq_table own = { 0 };
	const struct irq_row *r;
	struct buf b = { 0 };
	char key[16];
	int rc = 0;

	if (!t) {
		rc = sample_read_interrupts(proc_root, NULL, &b, &own);
		buf_free(&b);
		if (rc < 0)
			return rc;
		t = &own;
	}
	snprintf(key, sizeof(key), "%u", irq);
	r = interrupts_find(t, key);
	if (r) {
		*total = r->total;
		snprintf(chip, size, "%s", r->chip ? r->chip : "");
	}
	interrupts_free(&own);
	return r ? 0 : -ENOENT;
}

int tune_irq_recheck(struct tune *tu, size_t k, const struct irq_table *t)
{
	struct journal_entry *e;
	char chip[64];
	uint64_t now;
	unsigned irq;

	if (k >= tu->journal.n)
		return 0;
	e = &tu->journal.v[k];
	if (e->kind != JOURNAL_IRQ || e->move != JOURNAL_MOVE_PENDING)
		return 0;
	irq = (unsigned)strtoul(e->target, NULL, 10);
	if (irqmove_row(tu->proc_root, t, irq, &now, chip, sizeof(chip)) ||
	    now == e->count0)
		return 0;
	/* It fired: the move is made as that interrupt ends (x86 moves it
	 * in the handler's acknowledgement, after the count went up), so
	 * one more count is a refusal, one is not yet. */
	tune_read_effective(tu, irq, e->effective, sizeof(e->effective));
	if (irqmove_inside(e->readback, e->effective))
		e->move = JOURNAL_MOVE_LATER;
	else if (now - e->count0 >= 2)
		e->move = JOURNAL_MOVE_KEPT;
	else
		return 0;
	return 1;
}
