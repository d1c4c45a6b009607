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

/* Append the entries of the journal file PATH to J.  A missing file is an
 * empty journal.  0, -EINVAL (not a journal: not JSON, or an entry
 * without its keys), or -errno. */
int journalfile_load(struct journal *j, const char *path);

/* Write J to PATH atomically (a temporary file beside it, renamed over
 * it), mode 0600, creating its folder (mode 0700).  0 or -errno. */
int journalfile_save(const struct journal *j, const char *path);

/* Entry E from its JSON form (journal_entry_json); 0 or -EINVAL. */
int journalfile_entry(json_t *o, struct journal_entry *e);

#endif
