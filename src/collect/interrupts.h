/* SPDX-License-Identifier: GPL-2.0-or-later */
/* interrupts: /proc/interrupts rows, per-CPU counts and rates. */
#ifndef BENCHTOP_INTERRUPTS_H
#define BENCHTOP_INTERRUPTS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/cpulist.h"
#include "collect/irqaff.h"

struct irq_row {
	char *key;		/* "105", "IPI0", "LOC", "Err" (no colon) */
	bool numeric;		/* true for numbered IRQs */
	unsigned irq;		/* the number when numeric */
	uint32_t *counts;	/* one per column of the table's cpus[]; the
				 * kernel's are unsigned int, and wrap */
	size_t ncounts;		/* may be < ncpus (ERR, MIS rows) */
	uint64_t total;
	size_t top;		/* the column with the most since boot (the
				 * first of equals; 0 when all are 0), or
				 * SIZE_MAX: read interrupts_row_top */
	uint64_t text_hash;	/* irqcounts_hash of the row's line, when
				 * HASHED */
	bool hashed;		/* false: the line was not digested (its
				 * row had moved the reading before: a busy
				 * line, read whole again) */
	bool moved;		/* read afresh, and its counts are not the
				 * last reading's (the next line is not
				 * digested) */
	/* interrupts_parse_since: the row's rises from the last reading's
	 * row with its key (UP_BASE its counts, UP_BASE_TOTAL its total),
	 * read with the counts; UP when that row had as many counts and
	 * none went down.  interrupts_rates_lazy takes them for PREV's row
	 * whose counts are UP_BASE (PREV must be that table, alive). */
	bool up;
	uint64_t up_sum;	/* when UP: the rises' sum */
	const uint32_t *up_base;
	uint64_t up_base_total;
	char *desc;		/* everything after the counts, verbatim but
				 * trimmed: "GICv2 105 Edge xhci-hcd:usb5" */
	/* Best-effort split of desc for numbered rows; each may be "". */
	char *chip;		/* "GICv2", "BRCM STB PCIe MSI", "IR-PCI-MSI" */
	char *hwirq;		/* "105", "524288", "5" */
	char *trigger;		/* "Edge", "Level", "edge", "level", or an
				 * x86 flow name ("fasteoi" of "9-fasteoi") */
	char *action;		/* "xhci-hcd:usb5", "mmc1, mmc0" */
};

/* A table's memory is four blocks (rows, cpus, every row's counts, every
 * row's strings) that belong to it: release them only with
 * interrupts_free. */
struct irq_table {
	unsigned *cpus;		/* CPU id of each column, from the header
				 * (strictly increasing; 0..n-1 without one) */
	size_t ncpus;
	struct irq_row *rows;
	size_t nrows;
	unsigned nskipped;	/* rows not understood, left out */
	unsigned skip_line;	/* 1-based line of the first of them */
	uint32_t *count_block;	/* the block of the rows' counts */
	char *strings;		/* the block of the rows' strings */
	size_t rows_cap, count_cap, str_cap;	/* the blocks' sizes (in
				 * items), for a reading to reuse them */
	uint64_t names;		/* interrupts_names_stamp: the last
				 * reading's when every row took its key and
				 * description from the same row of it */
};

/*
 * Parse /proc/interrupts text in BUF into OUT (which is zeroed first, not
 * freed: interrupts_free a table before parsing into it again).  Without a
 * "CPU0 CPU1 ..." header line (a pasted excerpt) the CPUs are numbered
 * 0..n-1, n being the number of leading counts of the first row.  Returns
 * the number of rows, or -EINVAL for empty input or a garbled header (OUT
 * is left empty), -ENOMEM.  A malformed row is left out and counted in
 * nskipped; the other rows stand.
 */
int interrupts_parse(const char *buf, size_t len, struct irq_table *out);

/*
 * interrupts_parse, with PREV (may be NULL) the table of the last reading:
 * a row whose line has not changed since (same key, same CPUs, same text)
 * takes PREV's counts and strings instead of being read again.  The
 * result is the table interrupts_parse would make of BUF.
 */
int interrupts_parse_since(const char *buf, size_t len,
			   const struct irq_table *prev,
			   struct irq_table *out);

void interrupts_free(struct irq_table *t);

/* A stamp of T's rows' keys and descriptions, in order (a row that came,
 * went or was named anew changes it). */
uint64_t interrupts_names_stamp(const struct irq_table *t);

/* Row with KEY, or NULL. */
const struct irq_row *interrupts_find(const struct irq_table *t,
				      const char *key);

/* The numbered rows of T whose action is NAME, whole ("xhci-hcd:usb5",
 * "mmc1, mmc0"): how many, the first's number in *IRQ (the second's in
 * *OTHER when there are more). */
size_t interrupts_by_action(const struct irq_table *t, const char *name,
			    unsigned *irq, unsigned *other);

struct irq_rate {
	const struct irq_row *row;	/* row in CUR */
	bool valid;		/* false: new row or counter reset */
	double total_per_s;
	double *per_cpu;	/* per column of CUR's cpus[], NULL if !valid */
	size_t top;		/* the column with the highest rate (the first
				 * of equals; 0 when none moved), or
				 * SIZE_MAX: read interrupts_rate_top */
	/* interrupts_rates_lazy: per_cpu is NULL for a row that moved;
	 * interrupts_rate_cpu reads its rates from the row's counts and
	 * these (the rates' own copy of PREV's) */
	const uint32_t *base;	/* the row's counts in PREV */
	size_t nbase;
	const size_t *map;	/* CUR's columns in BASE (SIZE_MAX: none) */
	double dt;
};

/*
 * Rates from PREV to CUR over DT seconds, one per row of CUR, into a new
 * array *OUT (free with interrupts_rates_free).  Rows are matched by key
 * and columns by CPU id; a CPU absent from PREV (back online) reads 0 for
 * this tick.  PREV may be NULL (first tick: every row invalid), and so is
 * every row when DT is not a positive number.  Returns the count (*OUT
 * NULL when 0) or -ENOMEM.
 */
int interrupts_rates(const struct irq_table *prev, const struct irq_table *cur,
		     double dt, struct irq_rate **out);

/*
 * interrupts_rates, but a row that moved keeps a copy of its counts in
 * PREV instead of its per-CPU rates (per_cpu NULL): a busy 256-CPU
 * machine has 2000 rows that move, and a screen shows a dozen.  Totals,
 * top columns and validity are those of interrupts_rates; read the
 * per-CPU rates with interrupts_rate_cpu, which gives what
 * interrupts_rates would have put in per_cpu.
 */
int interrupts_rates_lazy(const struct irq_table *prev,
			  const struct irq_table *cur, double dt,
			  struct irq_rate **out);

/* The rate of column I (< the table's ncpus) of R, either kind: 0 when R
 * is not valid. */
double interrupts_rate_cpu(const struct irq_rate *r, size_t i);

void interrupts_rates_free(struct irq_rate *r, size_t n);

/* R's top column (row->top, found now when not yet). */
size_t interrupts_row_top(const struct irq_row *r);

/* Q's top column (q->top, found now from the counts when not yet). */
size_t interrupts_rate_top(const struct irq_rate *q);

/* The CPU that takes row R of T (Q its rate, A its affinity files; either
 * may be NULL): the one with the highest rate while it fires; an idle IRQ
 * that fired before names where it goes next - the one CPU its effective
 * affinity names, else the one with the most since boot; -1 when it never
 * fired.  Every view (the monitor's screens, --once) names this one. */
int interrupts_taker(const struct irq_row *r, const struct irq_rate *q,
		     const struct irq_table *t, const struct irq_affinity *a);

#endif
