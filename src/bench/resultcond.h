/* SPDX-License-Identifier: GPL-2.0-or-later */
/* resultcond: a result's "conditions" object (doc/bench.md) into struct
 * benchresult_cond: target, USB link, IRQ affinity, governors and
 * frequencies at start and end, temperature range, throttling. */
#ifndef BENCHTOP_RESULTCOND_H
#define BENCHTOP_RESULTCOND_H

#include <jansson.h>

#include "base/jsonload.h"
#include "bench/benchresult.h"

/* Load C (NULL: no conditions) into OUT through L (its rc and sentence
 * say what was wrong); OUT owns its arrays either way. */
void resultcond_load(struct jsonload *l, struct benchresult_cond *out,
		     const json_t *c);

void resultcond_fini(struct benchresult_cond *c);

#endif
