/* SPDX-License-Identifier: GPL-2.0-or-later */
/* tunespec: one tunable and the values an experiment gives it, as the
 * command line writes it ("irq:150=0-3,4-7", "governor:policy4=ondemand,
 * performance", "scheduler:sda=mq-deadline,bfq,none"), parsed purely. */
#ifndef BENCHTOP_TUNESPEC_H
#define BENCHTOP_TUNESPEC_H

#include <stdbool.h>
#include <stddef.h>

#define TUNESPEC_VALUES_MAX 8
#define TUNESPEC_VALUE_MAX 48
#define TUNESPEC_TARGET_MAX 32

enum tunespec_kind {
	TUNESPEC_IRQ,		/* irq:150 or irq:sda (the device's IRQ) */
	TUNESPEC_GOVERNOR,	/* governor:policy4 */
	TUNESPEC_MAXFREQ,	/* maxfreq:policy4 */
	TUNESPEC_MINFREQ,	/* minfreq:policy4 */
	TUNESPEC_SCHEDULER,	/* scheduler:sda */
	TUNESPEC_HOOK,		/* hook:NAME, a test's script (see tunevary.h) */
	TUNESPEC_NKINDS
};

struct tunespec {
	enum tunespec_kind kind;
	char target[TUNESPEC_TARGET_MAX];	/* "150", "sda", "policy4" */
	char values[TUNESPEC_VALUES_MAX][TUNESPEC_VALUE_MAX];
	size_t nvalues;
};

/*
 * Parse "KIND:TARGET=V1,V2[,...]" from BUF (LEN bytes) into OUT: two to
 * TUNESPEC_VALUES_MAX distinct values; an IRQ's CPU list that holds
 * commas is written with '+' ("0+2+4"), which becomes ','.  Frequencies
 * are kept as kHz ("1400MHz" -> "1400000").  Returns 0, or -EINVAL with
 * one sentence in ERR.  Pure.
 */
int tunespec_parse(const char *buf, size_t len, struct tunespec *out,
		   char *err, size_t errsize);

/* "irq", "governor", "maxfreq", "minfreq", "scheduler", "hook". */
const char *tunespec_kind_name(enum tunespec_kind k);

/* "irq:150=4-7" for value I of S into DST; returns DST. */
const char *tunespec_label(const struct tunespec *s, size_t i, char *dst,
			   size_t size);

#endif
