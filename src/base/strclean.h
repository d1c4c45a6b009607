/* SPDX-License-Identifier: GPL-2.0-or-later */
/* strclean: make kernel and device strings safe to print on a terminal. */
#ifndef BENCHTOP_STRCLEAN_H
#define BENCHTOP_STRCLEAN_H

#include <stddef.h>

/*
 * Copy at most LEN bytes of SRC (stopping at a NUL) into DST of SIZE bytes,
 * always NUL-terminated, with every control character (C0, DEL, C1) and
 * every byte of invalid UTF-8 replaced by '?'.  Returns the length written.
 */
size_t strclean_copy(char *dst, size_t size, const char *src, size_t len);

/* The same into malloc'd memory; NULL when out of memory. */
char *strclean_dup(const char *src, size_t len);

#endif
