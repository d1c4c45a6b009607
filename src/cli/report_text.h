/* SPDX-License-Identifier: GPL-2.0-or-later */
/* report_text: the readable `benchtop --once` tables. */
#ifndef BENCHTOP_REPORT_TEXT_H
#define BENCHTOP_REPORT_TEXT_H

#include <stdbool.h>
#include <stdio.h>

#include "collect/sample.h"

struct report_text_opts {
	bool all;		/* also idle loop/ram/zram devices */
};

/* Print the CPU, disk, network and IRQ tables for R to F. */
void report_text_rates(FILE *f, const struct sample *cur,
		       const struct sample_rates *r,
		       const struct report_text_opts *o);

/* Format BYTES_PER_S as "12.3 MB/s" (SI units) into DST. */
void report_text_bytes(char *dst, size_t size, double bytes_per_s);

/* Format BYTES_PER_S as "933.8 Mbit/s" into DST. */
void report_text_bits(char *dst, size_t size, double bytes_per_s);

#endif
