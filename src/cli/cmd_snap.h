/* SPDX-License-Identifier: GPL-2.0-or-later */
/* cmd_snap: what `benchtop report` and `benchtop compare` share: --format,
 * the file names, reading a snapshot with one sentence on failure. */
#ifndef BENCHTOP_CMD_SNAP_H
#define BENCHTOP_CMD_SNAP_H

#include <jansson.h>
#include <stdbool.h>
#include <stdio.h>

#include "hw/hwmodel.h"
#include "collect/sample.h"
#include "session/snapdoc.h"

struct command;

struct cmd_snap_args {
	const char *cmd;		/* the command's word */
	const char *const *formats;	/* NULL-ended; the first is default */
	int format;			/* index into FORMATS */
	bool all_pairs;			/* -a, --all-pairs (compare) */
	bool redact;			/* --redact (report) */
	char **files;
	int nfiles;			/* how many FILES */
};

/* --format's row: the value one of A's FORMATS, or 2 after a sentence. */
int cmd_snap_format(void *a, const char *value);

/* Parse ARGV (ARGV[0] the command) by CMD's table, wanting NFILES file
 * names or more (at most SNAPMULTI_MAX).  Returns -1 to go on, or the
 * exit status (0 after --help, 2 after one sentence on stderr for a bad
 * command line). */
int cmd_snap_parse(int argc, char **argv, const struct command *cmd,
		   struct cmd_snap_args *a, int nfiles);

/* Read and check the snapshot PATH into *DOC; 0, or 2 after printing
 * "benchtop: PATH: <why>" on stderr. */
int cmd_snap_load(const char *path, json_t **doc);

/* The same into struct D (snapdoc_fini releases it), a document with a
 * key of the wrong type refused with the sentence that names it. */
int cmd_snap_load_doc(const char *path, struct snapdoc *d);

/* `compare A B C ...`, `report A B ...`: the N sessions FILES in one
 * table (session/snapmulti.h), Markdown when MD, JSON when JSON; the exit
 * status. */
int cmd_snap_multi(char **files, int n, bool md, bool json);

/* Flush stdout; the exit status for RC (0 or -errno of the output). */
int cmd_snap_flush(int rc);

/* `benchtop --once --snapshot PATH [--force]`: save the reading (PREV to
 * CUR, R, HW) to PATH (a folder: the default name in it) and say where it
 * went on stderr; 0, or -errno after printing the sentence why not. */
int cmd_snap_once(const char *path, bool force, const struct sample *prev,
		  const struct sample *cur, const struct sample_rates *r,
		  const struct hwmodel *hw);

#endif
