/* SPDX-License-Identifier: GPL-2.0-or-later */
/* report_json: the `benchtop --once --json` document (keys in doc/json.md). */
#ifndef BENCHTOP_REPORT_JSON_H
#define BENCHTOP_REPORT_JSON_H

#include <jansson.h>

#include "collect/sample.h"

/* A JSON object with the rates from PREV to CUR; NULL when out of memory. */
json_t *report_json_rates(const struct sample *prev, const struct sample *cur,
			  const struct sample_rates *r);

#endif
