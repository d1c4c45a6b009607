/* SPDX-License-Identifier: GPL-2.0-or-later */
/* snapupgrade: read snapshots of version 1 ("schema": 1) as version 2 -
 * the renames of the JSON contract (doc/json.md) in one table, applied to
 * the loaded document so every reader sees only the current keys. */
#ifndef BENCHTOP_SNAPUPGRADE_H
#define BENCHTOP_SNAPUPGRADE_H

#include <jansson.h>

/* Rewrite DOC (a checked top-level object) in place when it is of version
 * 1; a document of version 2 is left alone.  Values of the wrong type are
 * left as they are for the checks that follow.  0 or -ENOMEM. */
int snapupgrade(json_t *doc);

#endif
