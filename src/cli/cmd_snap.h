/* SPDX-License-Identifier: GPL-2.0-or-later */
/* cmd_snap: what `benchtop report` and `benchtop compare` share: their
 * option tables, --help, reading a snapshot with one sentence on failure. */
#ifndef BENCHTOP_CMD_SNAP_H
#define BENCHTOP_CMD_SNAP_H

#include <getopt.h>
#include <jansson.h>
#include <stdbool.h>
#include <stdio.h>

#include "hw/hwmodel.h"
#include "collect/sample.h"
#include "session/snapdoc.h"

struct cmd_snap_opt {
	struct option lo;	/* ends with a NULL name */
	const char *arg;	/* NULL for a flag */
	const char *help;
};

struct cmd_snap_args {
	const char *const *formats;	/* NULL-ended; the first is default */
	int format;			/* index into FORMATS */
	bool help;
	bool all_pairs;			/* -a, --all-pairs (compare) */
	char **files;
};

/* Parse ARGV (ARGV[0] the command) with OPTS, wanting NFILES file names.
 * Returns -1 to go on, or the exit status (2 after one sentence on
 * stderr for a bad command line). */
int cmd_snap_parse(int argc, char **argv, const struct cmd_snap_opt *opts,
		   struct cmd_snap_args *a, int nfiles);

/* Print the --help text: "Usage: benchtop SYNOPSIS", WHAT, the options. */
void cmd_snap_usage(FILE *f, const char *synopsis, const char *what,
		    const struct cmd_snap_opt *opts);

/* Read and check the snapshot PATH into *DOC; 0, or 2 after printing
 * "benchtop: PATH: <why>" on stderr. */
int cmd_snap_load(const char *path, json_t **doc);

/* The same into struct D (snapdoc_fini releases it), a document with a
 * key of the wrong type refused with the sentence that names it. */
int cmd_snap_load_doc(const char *path, struct snapdoc *d);

/* Flush stdout; the exit status for RC (0 or -errno of the output). */
int cmd_snap_flush(int rc);

/* `benchtop --once --snapshot PATH [--force]`: save the reading (PREV to
 * CUR, R, HW) to PATH (a folder: the default name in it) and say where it
 * went on stderr; 0, or -errno after printing the sentence why not. */
int cmd_snap_once(const char *path, bool force, const struct sample *prev,
		  const struct sample *cur, const struct sample_rates *r,
		  const struct hwmodel *hw);

#endif
