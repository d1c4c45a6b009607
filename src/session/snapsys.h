/* SPDX-License-Identifier: GPL-2.0-or-later */
/* snapsys: the "system" part of a snapshot (struct snapdoc_sys, in
 * session/snapdoc.h) loaded with every key's type checked. */
#ifndef BENCHTOP_SNAPSYS_H
#define BENCHTOP_SNAPSYS_H

#include <jansson.h>

#include "base/jsonload.h"
#include "session/snapdoc.h"

/* SYS (the "system" object) into S through L. */
void snapsys_load(struct jsonload *l, struct snapdoc_sys *s,
		  const json_t *sys);

void snapsys_fini(struct snapdoc_sys *s);

#endif
