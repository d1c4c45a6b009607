/* SPDX-License-Identifier: GPL-2.0-or-later */
/* textfile: DIR/benchtop.prom for node_exporter's textfile collector,
 * replaced atomically (temp file in DIR, fsync, rename). */
#ifndef BENCHTOP_TEXTFILE_H
#define BENCHTOP_TEXTFILE_H

#include <stddef.h>

#define TEXTFILE_NAME "benchtop.prom"

/*
 * Write LEN bytes of DATA as DIR/benchtop.prom, mode 0644 (node_exporter
 * runs as another user and must read it): a hidden temporary file in DIR
 * (the collector reads only *.prom), fsync, rename over the old file,
 * fsync of DIR.  On failure nothing is left behind and ERR holds one
 * sentence.  Returns 0 or -errno.
 */
int textfile_write(const char *dir, const char *data, size_t len, char *err,
		   size_t size);

#endif
