/* SPDX-License-Identifier: GPL-2.0-or-later */
/* fuzz_interrupts: libFuzzer target for interrupts_parse, find and rates
 * (the input parsed whole and cut in two, as two samples), and for
 * interrupts_parse_since (the whole after the half: as read afresh, its
 * rows' names stamp too). */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "collect/interrupts.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void rates(const struct irq_table *prev, const struct irq_table *cur)
{
	struct irq_rate *r;
	int n = interrupts_rates(prev, cur, 1.0, &r);

	if (n < 0)
		return;
	for (int i = 0; i < n; i++) {
		if (r[i].valid && (r[i].total_per_s < 0 || !r[i].per_cpu))
			abort();
		for (size_t c = 0; r[i].valid && c < cur->ncpus; c++)
			if (r[i].per_cpu[c] < 0)
				abort();
	}
	interrupts_rates_free(r, (size_t)n);
}

/* The whole read after the half must be the whole read alone. */
static void since(const char *buf, size_t size, const struct irq_table *half,
		  const struct irq_table *whole, int n)
{
	struct irq_table t;

	if (interrupts_parse_since(buf, size, half, &t) != n ||
	    (n >= 0 && t.names != whole->names))
		abort();
	for (size_t i = 0; n >= 0 && i < t.nrows; i++)
		if (strcmp(t.rows[i].key, whole->rows[i].key) ||
		    strcmp(t.rows[i].desc, whole->rows[i].desc) ||
		    t.rows[i].total != whole->rows[i].total ||
		    t.rows[i].ncounts != whole->rows[i].ncounts ||
		    interrupts_row_top(&t.rows[i]) !=
		    interrupts_row_top(&whole->rows[i]) ||
		    memcmp(t.rows[i].counts, whole->rows[i].counts,
			   t.rows[i].ncounts * sizeof(*t.rows[i].counts)))
			abort();
	interrupts_free(&t);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *buf = (const char *)data;
	struct irq_table whole, half;
	int n = interrupts_parse(buf, size, &whole);
	int h = interrupts_parse(buf, size / 2, &half);

	if (n >= 0) {
		for (size_t i = 0; i < whole.nrows; i++) {
			const struct irq_row *r = &whole.rows[i];

			if (interrupts_find(&whole, r->key) == NULL ||
			    strlen(r->chip) > strlen(r->desc) ||
			    r->ncounts == 0 || r->ncounts > whole.ncpus)
				abort();
		}
		rates(&whole, &whole);
		rates(NULL, &whole);
		if (h >= 0)
			rates(&half, &whole);
	}
	if (h >= 0 && n >= 0)
		rates(&whole, &half);
	if (h >= 0)
		since(buf, size, &half, &whole, n);
	interrupts_free(&whole);
	interrupts_free(&half);
	return 0;
}
