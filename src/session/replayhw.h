/* SPDX-License-Identifier: GPL-2.0-or-later */
/* replayhw: a snapshot's saved USB tree and device chains as a chain
 * model, for a replayed moment. */
#ifndef BENCHTOP_REPLAYHW_H
#define BENCHTOP_REPLAYHW_H

#include <jansson.h>

#include "hw/chain.h"

/* The "usb" devices and buses and the "chain" list of the system facts
 * SYS into OUT (reset first; chain_model_fini() it); device bridges point
 * into SYS, which must outlive OUT.  0 or -ENOMEM. */
int replayhw_usb(const json_t *sys, struct chain_model *out);

#endif
