/* SPDX-License-Identifier: GPL-2.0-or-later */
/* strclean: make kernel and device strings safe to print on a terminal. */
#ifndef BENCHTOP_STRCLEAN_H
#define BENCHTOP_STRCLEAN_H

#include <stdbool.h>
#include <stddef.h>

/*
 * Copy at most LEN bytes of SRC (stopping at a NUL) into DST of SIZE bytes,
 * always NUL-terminated, with every control character (C0, DEL, C1), every
 * format or separator character (Unicode Cf, Zl, Zp: bidi overrides and
 * isolates, U+2028/2029, zero-width marks) and every byte of invalid UTF-8
 * replaced by '?'.  Returns the length written.
 */
size_t strclean_copy(char *dst, size_t size, const char *src, size_t len);

/* Whether code point CP is a format or separator character (Unicode Cf,
 * Zl, Zp), which strclean_copy replaces: for code drawing wide chars. */
bool strclean_is_format(unsigned cp);

/* The length of the valid UTF-8 sequence at S (AVAIL bytes left): 1 for
 * ASCII, 0 for a byte that starts no valid sequence or for a C1 control;
 * *FORMAT tells whether it is a format or separator character (bidi
 * overrides, U+2028), which strclean_copy replaces too. */
size_t strclean_utf8_len(const unsigned char *s, size_t avail, bool *format);

/* The same into malloc'd memory; NULL when out of memory. */
char *strclean_dup(const char *src, size_t len);

#endif
