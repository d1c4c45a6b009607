/* SPDX-License-Identifier: GPL-2.0-or-later */
/* snapfile: files the user keeps, written atomically and safely: a
 * temporary file in the same folder, fsync, rename without replacing (or
 * replacing when forced), never through a symbolic link. */
#ifndef BENCHTOP_SNAPFILE_H
#define BENCHTOP_SNAPFILE_H

#include <stdbool.h>
#include <stddef.h>
#include <time.h>

/*
 * Write LEN bytes of DATA to PATH.  An existing PATH is kept unless FORCE
 * (a symbolic link there is never followed nor replaced); the file is
 * mode 0600 when the caller is root.  On failure nothing is left behind
 * and ERR (SIZE bytes) holds one sentence.  Returns 0 or -errno.
 */
int snapfile_write(const char *path, const char *data, size_t len, bool force,
		   char *err, size_t size);

/* Whether PATH could be written by snapfile_write() (FORCE: replacing
 * a file), checked before the work whose result it keeps: its folder
 * opens and takes a new file (one is made and removed), no link is at
 * PATH, and no file unless FORCE.  0, or -errno with one sentence in
 * ERR, as snapfile_write() says it. */
int snapfile_check(const char *path, bool force, char *err, size_t size);

/*
 * The default file name "benchtop-HOST-YYYYmmdd-HHMMSS.json" (local time
 * WHEN; HOST cleaned to letters, digits, '-', '_' and '.') in DIR (NULL or
 * "" for the current folder; a leading "~/" is $HOME), into DST.  Returns
 * 0, or -ENAMETOOLONG, or -ENOENT when "~/" is used without $HOME.
 */
int snapfile_default_path(char *dst, size_t size, const char *dir,
			  const char *host, time_t when);

#endif
