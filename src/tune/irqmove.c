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
		unsigned irq, struct irqmove_id *out)
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
		out->total = r->total;
		snprintf(out->chip, sizeof(out->chip), "%s",
			 r->chip ? r->chip : "");
		snprintf(out->action, sizeof(out->action), "%s",
			 r->action ? r->action : "");
	}
	interrupts_free(&own);
	return r ? 0 : -ENOENT;
}

int irqmove_named(const char *proc_root, const char *name, unsigned *irq,
		  unsigned *other)
{
	struct irq_table t = { 0 };
	struct buf b = { 0 };
	size_t n;
	int rc = sample_read_interrupts(proc_root, NULL, &b, &t);

	buf_free(&b);
	if (rc < 0)
		return rc;
	n = interrupts_by_action(&t, name, irq, other);
	interrupts_free(&t);
	return n == 1 ? 0 : n ? -EEXIST : -ENOENT;
}
