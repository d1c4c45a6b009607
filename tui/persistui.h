/* SPDX-License-Identifier: GPL-2.0-or-later */
/* persistui: K on the journal screen - the systemd unit and udev rule that
 * would keep the tunings in force across reboots, shown, then written on
 * y (as `benchtop set --persist` does). */
#ifndef BENCHTOP_PERSISTUI_H
#define BENCHTOP_PERSISTUI_H

#include <stdbool.h>

struct app;

extern const struct panel_ops panel_persist_ops;

/* Build the files from the journal and show them; true. */
bool persistui_open(struct app *a);

#endif
