/* SPDX-License-Identifier: GPL-2.0-or-later */
/* stale: a kernel file that cannot be read or understood on a tick keeps
 * its section on the screen with the last good values, marked stale, and
 * a sentence saying what failed; the section recovers when it reads. */
#ifndef BENCHTOP_STALE_H
#define BENCHTOP_STALE_H

#include <stdbool.h>
#include <stddef.h>

#include "view/live.h"

struct app;

/* After a reading: a file that failed (or reads again) this tick, said
 * once on the status line. */
void stale_say(struct app *a);

/* The sentence for source S ("diskstats cannot be understood; values
 * from 12:03:11 (stale)", with the file's path) into DST, or NULL when S
 * read. */
const char *stale_sentence(const struct app *a, enum live_source s,
			   char *dst, size_t size);

#endif
