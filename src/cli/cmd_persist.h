/* SPDX-License-Identifier: GPL-2.0-or-later */
/* cmd_persist: `benchtop set --persist` and `--unpersist`: show the
 * systemd unit and udev rule for the tunings of a journal, write them,
 * name irqbalance when it would undo a pin at boot; remove them. */
#ifndef BENCHTOP_CMD_PERSIST_H
#define BENCHTOP_CMD_PERSIST_H

#include <stdbool.h>
#include <stdio.h>

#include "tune/journal.h"

/* Show (on OUT) and write the files for J's tunings (CHANGED_ONLY: only
 * what differs from the originals).  Returns 0, or 1 after one sentence
 * on stderr. */
int cmd_persist_write(FILE *out, const struct journal *j, bool changed_only);

/* Remove the unit and the rule; says what was removed on OUT.  0 or 1. */
int cmd_persist_remove(FILE *out);

#endif
