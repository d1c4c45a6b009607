/* SPDX-License-Identifier: GPL-2.0-or-later */
/* journalfile: the tuning journal kept between runs of `benchtop set`, so
 * that `set --undo` and `set --restore` can take a headless change back. */
#ifndef BENCHTOP_JOURNALFILE_H
#define BENCHTOP_JOURNALFILE_H

#include <stddef.h>

#include "tune/journal.h"

/* The journal file's path: $BENCHTOP_RUNTIME_DIR/journal.json when that
 * is set, else /run/benchtop/journal.json for root, else
 * $XDG_RUNTIME_DIR/benchtop/journal.json.  0, or -ENOENT when there is
 * no such folder to use (not root and XDG_RUNTIME_DIR unset). */
int journalfile_path(char *dst, size_t size);

/* The file's kind in its header ("format": "benchtop.journalfile",
 * doc/schema/journalfile.json); a bare array, as written before the
 * header, is read too. */
#define JOURNALFILE_KIND "journalfile"

/* The largest journal file read: about 20,000 entries. */
#define JOURNALFILE_MAX (8u << 20)

/* Append the entries of the journal file PATH to J.  A missing file is an
 * empty journal.  Only a regular file of at most JOURNALFILE_MAX bytes is
 * read (a FIFO or a device in its place is refused, never waited on).
 * 0, -EINVAL (not a journal: not JSON, an entry without its keys, or not
 * a regular file), -EOVERFLOW (too large), or -errno. */
int journalfile_load(struct journal *j, const char *path);

/* Append the entries of the journal text TEXT (LEN bytes) to J; 0,
 * -EINVAL or -ENOMEM (J as it was). */
int journalfile_parse(struct journal *j, const char *text, size_t len);

/* Take the lock of the journal PATH (flock on its folder, made when
 * missing), waiting for another benchtop that holds it: every change of
 * the file is a read-modify-write under it.  A descriptor, or -errno. */
int journalfile_lock(const char *path);

/* Give the lock back (FD from journalfile_lock; -1: nothing). */
void journalfile_unlock(int fd);

/* Write J to PATH atomically (a temporary file beside it, renamed over
 * it), mode 0600, creating its folder (mode 0700).  0 or -errno. */
int journalfile_save(const struct journal *j, const char *path);

/* Entry E from its JSON form (journal_entry_json); 0 or -EINVAL. */
int journalfile_entry(json_t *o, struct journal_entry *e);

#endif
