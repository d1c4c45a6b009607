/* SPDX-License-Identifier: GPL-2.0-or-later */
/* numparse: decimal numbers in kernel text that is not NUL-terminated. */
#ifndef BENCHTOP_NUMPARSE_H
#define BENCHTOP_NUMPARSE_H

#include <stdint.h>

/* The decimal digits [S, E) as *V: at least one digit, nothing else (no
 * sign, no blank), at most 2^64-1.  Returns 0 or -EINVAL.  (strtoull
 * cannot be used on a buffer without a terminating NUL.) */
int numparse_u64(const char *s, const char *e, uint64_t *v);

#endif
