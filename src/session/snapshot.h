/* SPDX-License-Identifier: GPL-2.0-or-later */
/* snapshot: a whole session as one JSON document ("schema": 1, keys in
 * doc/snapshot.md): the system facts, the time series, the tuning journal
 * and the benchmark results; built from the live state, or read back from
 * a file that may be truncated, corrupt, hostile or newer. */
#ifndef BENCHTOP_SNAPSHOT_H
#define BENCHTOP_SNAPSHOT_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>
#include <time.h>

#include "hw/hwmodel.h"
#include "collect/sample.h"
#include "session/series.h"

#define SNAPSHOT_SCHEMA 1
#define SNAPSHOT_MAX_BYTES (64u << 20)	/* larger files are refused */
#define SNAPSHOT_MAX_DEPTH 64		/* deeper nesting is refused */

/* What a snapshot is made of; any pointer may be NULL (left out, or an
 * empty list for JOURNAL and RESULTS, which are JSON arrays of objects
 * copied verbatim). */
struct snapshot_input {
	const struct sample *prev, *cur;
	const struct sample_rates *rates;	/* needs PREV and CUR */
	const struct hwmodel *hw;
	const struct series *series;
	json_t *journal;
	json_t *results;
	time_t saved_at;
};

/* The document for IN; the host's name, kernel and /proc/cmdline are read
 * here.  NULL when out of memory. */
json_t *snapshot_build(const struct snapshot_input *in);

/* Record one tick in S: whole-CPU and per-cluster utilisation and
 * frequency, per-disk read/write, per-interface rx/tx and per-IRQ rates,
 * at CUR's time.  HW may be NULL.  0 or -errno. */
int snapshot_feed(struct series *s, const struct sample *cur,
		  const struct sample_rates *r, const struct hwmodel *hw);

/*
 * Parse and check BUF (LEN bytes) as a snapshot into *DOC (json_decref()
 * it).  Strings and keys with control characters are cleaned in place.
 * Returns 0, or -EINVAL (or -ENOMEM) with one sentence in ERR such as
 * "written by a newer benchtop (schema 2); this one reads schema 1".
 */
int snapshot_load(const char *buf, size_t len, json_t **doc, char *err,
		  size_t size);

/* Read the file PATH and snapshot_load() it; -errno with ERR set. */
int snapshot_read(const char *path, json_t **doc, char *err, size_t size);

/* The document as saved: sorted keys, compact, 15 significant digits,
 * ending in a newline (malloc'd; NULL when out of memory).  Loading and
 * dumping it again gives the same bytes. */
char *snapshot_dumps(const json_t *doc);

/*
 * Build IN's document and write it atomically to PATH, or when PATH is
 * NULL to the default "benchtop-HOST-YYYYmmdd-HHMMSS.json" in DIR (NULL:
 * the current folder; "~/" expanded).  The path used goes to WHERE.
 * Returns 0, or -errno with one sentence in ERR (see snapfile_write()).
 */
int snapshot_save(const struct snapshot_input *in, const char *path,
		  const char *dir, bool force, char *where, size_t wsize,
		  char *err, size_t esize);

#endif
