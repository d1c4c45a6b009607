/* SPDX-License-Identifier: GPL-2.0-or-later */
/* datadir: the folder of benchtop's data files (presets.conf,
 * usb-bridges.conf): $BENCHTOP_DATADIR, the source tree of an uninstalled
 * build, or the installed PKGDATADIR. */
#ifndef BENCHTOP_DATADIR_H
#define BENCHTOP_DATADIR_H

#include <stddef.h>

/* The name of the file `make` writes beside an uninstalled binary: one line,
 * the absolute path of the source tree's data/ folder. */
#define DATADIR_MARKER "benchtop.datadir"

/*
 * The data folder into DST (SIZE bytes): $BENCHTOP_DATADIR when set and
 * not empty; else the folder named by DATADIR_MARKER beside the running
 * binary (a build tree, wherever it is); else PKGDATADIR.  Returns DST, or
 * NULL when the path does not fit.
 */
const char *datadir_find(char *dst, size_t size);

/* DIR/NAME of datadir_find() into DST; DST or NULL when it does not fit. */
const char *datadir_file(char *dst, size_t size, const char *name);

#endif
