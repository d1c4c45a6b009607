/* SPDX-License-Identifier: GPL-2.0-or-later */
/* cpulist: CPU sets as the kernel writes them, "0-3,5" lists and
 * comma-grouped hex masks ("ffffffff,00000001" on hosts with > 32 CPUs). */
#ifndef BENCHTOP_CPULIST_H
#define BENCHTOP_CPULIST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define CPUSET_MAX 1024		/* CPU ids 0..CPUSET_MAX-1 */

struct cpuset {
	uint64_t bits[CPUSET_MAX / 64];
};

void cpuset_clear(struct cpuset *s);
void cpuset_add(struct cpuset *s, unsigned cpu);
bool cpuset_has(const struct cpuset *s, unsigned cpu);
unsigned cpuset_count(const struct cpuset *s);
bool cpuset_equal(const struct cpuset *a, const struct cpuset *b);
/* Lowest CPU in S, or -1 when empty. */
int cpuset_first(const struct cpuset *s);
/* Next CPU after CPU in S, or -1. */
int cpuset_next(const struct cpuset *s, unsigned cpu);

/*
 * Parse a list such as "0-3,5,8-15:2" (leading/trailing white space and a
 * trailing newline allowed; an empty list is an empty set).  Besides the
 * kernel's "a-b:used/group" ("0-7:1/2" = 0,2,4,6) it takes "a-b:stride"
 * ("0-7:2", the same set), which the kernel does not.  Blanks may surround
 * commas; empty items ("1,,2", "1,") are errors.  Returns the number of
 * CPUs in the set, or -EINVAL (syntax) / -ERANGE (id too large).
 */
int cpulist_parse(const char *s, size_t len, struct cpuset *out);

/* Parse a hex mask "ff" or "00000000,000000ff" (zero groups past
 * CPUSET_MAX are fine, set bits there give -ERANGE); same returns. */
int cpumask_parse(const char *s, size_t len, struct cpuset *out);

/* Format S as a compact list ("0-3,5") into DST; "" for an empty set.
 * Returns the length it needed (like snprintf). */
size_t cpulist_format(const struct cpuset *s, char *dst, size_t size);

/* Format S as a kernel-style hex mask with 32-bit comma groups, at least
 * NBITS wide. Returns the length it needed. */
size_t cpumask_format(const struct cpuset *s, unsigned nbits, char *dst,
		      size_t size);

#endif
