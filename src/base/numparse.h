/* SPDX-License-Identifier: GPL-2.0-or-later */
/* numparse: strict numbers in kernel text, configuration values and
 * command-line words, the same in every locale. */
#ifndef BENCHTOP_NUMPARSE_H
#define BENCHTOP_NUMPARSE_H

#include <stdbool.h>
#include <stdint.h>

/* The decimal digits [S, E) as *V: at least one digit, nothing else (no
 * sign, no blank), at most 2^64-1.  Returns 0 or -EINVAL.  (strtoull
 * cannot be used on a buffer without a terminating NUL.) */
int numparse_u64(const char *s, const char *e, uint64_t *v);

/* The whole number S (a C string, digits only) as *V when it is at most
 * MAX; 0 or -EINVAL. */
int numparse_uint(const char *s, uint64_t max, uint64_t *v);

/* A plain decimal at the start of [S, E): digits with at most one '.'
 * ("2", "0.5", ".25", "10."); no sign, blank, exponent, hex, inf or nan,
 * and '.' in every locale (strtod would take LC_NUMERIC's comma). *V the
 * value, *END just past it.  Returns 0, or -EINVAL when no digit. */
int numparse_decimal_prefix(const char *s, const char *e, double *v,
			    const char **end);

/* The same over all of [S, E): nothing may follow.  0 or -EINVAL. */
int numparse_decimal(const char *s, const char *e, double *v);

/* A plain decimal with an optional exponent ("251.3e6", "1E-3") over all
 * of [S, E), as printf's %g writes it; still no sign, hex, inf or nan.
 * 0 or -EINVAL. */
int numparse_real(const char *s, const char *e, double *v);

/* The value of hex digit C (0-9, a-f, A-F), or -1. */
int numparse_hexdigit(char c);

#endif
