/* numparse: decimal numbers in kernel text that is not NUL-terminated. */
#ifndef BENCHTOP_NUMPARSE_H
#define BENCHTOP_NUMPARSE_H

#include <stdbool.h>
#include <stdint.h>

/* The decimal digits [S, E) as *V: at least one digit, nothing else (no
 * sign, no blank), at most 2^64-1.  Returns 0 or -EINVAL.  (strtoull
 * cannot be used on a buffer without a terminating NUL.) */
int numparse_u64(const char *s, const char *e, uint64_t *v);

/* Plain decimal seconds [S, E) ("2", "0.5", ".25", "10.") as *OUT: no
 * sign, exponent, hex, inf or nan, and no locale-dependent decimal comma
 * as strtod has; the command line and the configuration both use it.
 * Returns 0, -EINVAL or -ERANGE (past 10^18). */
int numparse_seconds(const char *s, const char *e, double *out);

#endif
