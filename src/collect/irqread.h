/* SPDX-License-Identifier: GPL-2.0-or-later */
/* irqread: /proc/interrupts read line by line into an irq_table, from
 * pieces of the file as they are read (no copy of the whole file). */
#ifndef BENCHTOP_IRQREAD_H
#define BENCHTOP_IRQREAD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "collect/interrupts.h"

/* A table being read; its arrays grow as lines come. */
struct irqread {
	struct irq_table t;		/* rows and cpus so far */
	const struct irq_table *prev;	/* rows to take over, or NULL */
	size_t hint;			/* where in PREV the next key is */
	size_t cap_rows;
	uint32_t *counts;		/* every row's counts, one array */
	size_t ncounts, cap_counts;
	char *str;			/* every row's strings, one array */
	size_t nstr, cap_str;
	size_t *off;			/* per row: IRQREAD_NOFF offsets */
	size_t len;			/* bytes fed */
	unsigned line;			/* lines seen */
	size_t same_names;		/* rows whose key and description
					 * are those of PREV's row of the
					 * same place */
	bool started;			/* the header or first row seen */
	int rc;				/* the first error; it sticks */
};

/* Start reading into R; PREV (may be NULL) the table of the last reading,
 * whose rows an unchanged line takes over. */
void irqread_begin(struct irqread *r, const struct irq_table *prev);

/* Give OLD's memory (a spent table: OLD is left empty) to R, to read the
 * next table into without allocating: call before any irqread_feed. */
void irqread_reuse(struct irqread *r, struct irq_table *old);

/*
 * Read the whole lines of BUF (LEN bytes); with LAST, the rest too (the
 * end of the file).  Returns how many bytes were read: the rest of BUF,
 * an unfinished line, must come again at the start of the next piece.
 */
size_t irqread_feed(struct irqread *r, const char *buf, size_t len,
		    bool last);

/*
 * The table read into OUT (R is then spent); the count of rows, or
 * -EINVAL (empty, a garbled header, no row understood), -ENOMEM, with
 * OUT empty.  As interrupts_parse_since over the whole file.
 */
int irqread_end(struct irqread *r, struct irq_table *out);

#endif
