/* SPDX-License-Identifier: GPL-2.0-or-later */
/* irqcounts: the per-CPU count columns of a /proc/interrupts row, read in
 * one pass (eight digits at a time where the kernel's layout allows,
 * sixteen fields at a time with SSE2). */
#ifndef BENCHTOP_IRQCOUNTS_H
#define BENCHTOP_IRQCOUNTS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/*
 * Read up to MAX blank-separated decimal counts from *P (before END) into
 * DST (may be NULL: only counted) and their saturating sum into *TOTAL
 * (may be NULL); *N is how many.  The counts end at the first token that
 * is not all digits (the description) or at END; *P is left after the
 * last count.  Returns 0, or -EINVAL for a count past 32 bits (the kernel
 * prints each CPU's count of an IRQ as an unsigned int: a wider one is
 * not a count of /proc/interrupts).
 */
int irqcounts_read(const char **p, const char *end, size_t max,
		   uint32_t *dst, size_t *n, uint64_t *total);

/* A row's counts as irqcounts_row reads them. */
struct irqcounts {
	uint32_t *dst;		/* where they go (NULL: only counted) */
	size_t n;		/* how many */
	uint64_t total;		/* their saturating sum */
	size_t top;		/* the first of the largest (0 when all are 0
				 * or DST is NULL; SIZE_MAX with BASE: not
				 * looked for, irqcounts_top finds it) */
	/* With BASE (the row's counts of the last reading, NBASE of them;
	 * DST needed), the rises from it over the first min(N, NBASE)
	 * columns, read in the same pass instead of the top column: what
	 * the lazy rates would compute again from both readings' counts
	 * for every row (the top columns are wanted for few). */
	const uint32_t *base;
	size_t nbase;
	bool up;		/* none of those columns went down */
	uint64_t up_sum;	/* when UP: their rises' sum */
};

/*
 * irqcounts_read into OUT (its dst set by the caller), with the row's top
 * column found in the same pass.  The same returns.
 */
int irqcounts_row(const char **p, const char *end, size_t max,
		  struct irqcounts *out);

/* The first of the largest of the N counts C (0 when all are 0). */
size_t irqcounts_top(const uint32_t *c, size_t n);

/*
 * A 64-bit digest of the text [P, END): a row line whose digest is the one
 * of the last reading has not changed (a change of one 8-byte word always
 * changes it; of several, with odds of about 2^-64).
 */
uint64_t irqcounts_hash(const char *p, const char *end);

#endif
