/* SPDX-License-Identifier: GPL-2.0-or-later */
/* fixfmt: "%.0f" and "%.1f" of a figure without printf's cost, the same
 * characters as snprintf (the screens format a few dozen per frame). */
#ifndef BENCHTOP_FIXFMT_H
#define BENCHTOP_FIXFMT_H

#include <stdbool.h>
#include <stddef.h>

/* As snprintf(DST, SIZE, "%.*f", DECIMALS, V): the same text (cut to
 * SIZE - 1 bytes) and the same return value.  Done here for DECIMALS 0
 * and 1 and 0 <= V < 1e14; anything else is handed to snprintf. */
size_t fixfmt(char *dst, size_t size, double v, int decimals);

/* DST (SIZE bytes, holding a string of LEN bytes; LEN may exceed what
 * fit, as snprintf's count) with S appended as snprintf "%s%s" would;
 * the new length. */
size_t fixfmt_cat(char *dst, size_t size, size_t len, const char *s);

/* DST with S appended as snprintf "%-W.Ps" (LEFT) or "%W.Ps" would:
 * at most PREC bytes of S (PREC < 0: all), blanks to WIDTH bytes; the
 * new length, as fixfmt_cat. */
size_t fixfmt_pad(char *dst, size_t size, size_t len, const char *s,
		  int width, int prec, bool left);

#endif
