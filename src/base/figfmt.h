/* SPDX-License-Identifier: GPL-2.0-or-later */
/* figfmt: one way to print each figure that several views show (the
 * monitor, --once, the report, compare, the bench notes): a frequency in
 * MHz, a frequency range, the CPU that takes an IRQ, a driver's name.  A
 * figure printed here reads the same in every view. */
#ifndef BENCHTOP_BASE_FIGFMT_H
#define BENCHTOP_BASE_FIGFMT_H

#include <stddef.h>
#include <stdint.h>

/* KHZ in whole MHz, rounded to the nearest (1017600 kHz -> "1018"), into
 * DST; returns DST. */
const char *figfmt_mhz(char *dst, size_t size, uint64_t khz);

/* KHZ in whole MHz, rounded to the nearest, as a number. */
uint64_t figfmt_mhz_n(uint64_t khz);

/* "557-1018": the range MIN_KHZ-MAX_KHZ in MHz, each as figfmt_mhz. */
const char *figfmt_mhz_range(char *dst, size_t size, uint64_t min_khz,
			     uint64_t max_khz);

/* The CPU that takes an IRQ ("2"), or "-" when none is known (CPU < 0). */
const char *figfmt_irq_cpu(char *dst, size_t size, int cpu);

/* The CPUs of cluster LIST ("4-7", "7"): "CPUs 4-7", but "CPU 7" for a
 * cluster of one (translated), into DST; returns DST. */
const char *figfmt_cpus(char *dst, size_t size, const char *list);

/* A device's driver, or "no driver" (translated) when none is bound. */
const char *figfmt_driver(const char *driver);

#endif
