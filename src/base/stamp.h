/* SPDX-License-Identifier: GPL-2.0-or-later */
/* stamp: a cheap fingerprint of files and folders (names, inodes, sizes,
 * times; nothing is opened but folders), so that what was read from them
 * is kept until the fingerprint changes. */
#ifndef BENCHTOP_STAMP_H
#define BENCHTOP_STAMP_H

#include <stddef.h>
#include <stdint.h>

#define STAMP_START 0xcbf29ce484222325ull	/* FNV-1a's offset basis */

/* H mixed with N bytes at P (FNV-1a). */
uint64_t stamp_bytes(uint64_t h, const void *p, size_t n);

/* H mixed with PATH's name and what lstat says of it: kind, inode and
 * device, and for a file its size and modification and change times (a
 * folder's change with any file made in it: left out); errno when it is
 * not there. */
uint64_t stamp_path(uint64_t h, const char *path);

/* H mixed with the names in folder DIR, in any order (readdir's order
 * is not a change); "?" when it cannot be read. */
uint64_t stamp_names(uint64_t h, const char *dir);

#endif
