/* SPDX-License-Identifier: GPL-2.0-or-later */
/* tunefile: the tune module's side of the runtime journal file that every
 * benchtop shares: take its lock and read what the others wrote, save
 * each change ahead of the write and after it, give the lock back. */
#ifndef BENCHTOP_TUNEFILE_H
#define BENCHTOP_TUNEFILE_H

#include "tune/tune.h"

/* Hold the journal file (nested calls count): lock it and make
 * T->journal the file's entries.  0 with no file (memory only),
 * TUNE_ENOJOURNAL when the file cannot be used. */
int tunefile_begin(struct tune *t);

/* Write T->journal to the file (under the lock); 0, TUNE_ENOJOURNAL. */
int tunefile_save(struct tune *t);

/* The end of a tunefile_begin: the lock goes with the last one. */
void tunefile_end(struct tune *t);

#endif
