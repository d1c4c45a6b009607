/* SPDX-License-Identifier: GPL-2.0-or-later */
/* jsondoc: the header every benchtop JSON document carries ("format":
 * "benchtop.KIND", "version", "time") and the one time format, RFC 3339
 * in UTC (doc/json.md, "The contract"). */
#ifndef BENCHTOP_JSONDOC_H
#define BENCHTOP_JSONDOC_H

#include <jansson.h>
#include <stddef.h>
#include <stdint.h>
#include <time.h>

/* The contract's version: every kind carries it; version 1 was the
 * documents without a header (snapshots had "schema": 1). */
#define JSONDOC_VERSION 2

/* T as "2026-12-01T09:00:00Z" into OUT; "" when T cannot be shown. */
void jsondoc_time(char *out, size_t size, time_t t);

/* EPOCH_MS as "2026-12-01T09:00:00.250Z" (milliseconds always shown). */
void jsondoc_time_ms(char *out, size_t size, int64_t epoch_ms);

/* Parse an RFC 3339 time ("Z" or "+hh:mm", "+hhmm" as benchtop 0.x wrote,
 * optional fraction) into milliseconds since the epoch: 0 or -EINVAL. */
int jsondoc_parse_time(const char *s, int64_t *epoch_ms);

/* The current wall-clock time in milliseconds since the epoch. */
int64_t jsondoc_now_ms(void);

/* S as a JSON string, or JSON null when S is NULL. */
json_t *jsondoc_str(const char *s);

/* A new object holding DOC's keys after "format" ("benchtop." KIND),
 * "version" and "time" (T); DOC is consumed.  NULL when out of memory. */
json_t *jsondoc_wrap(const char *kind, time_t t, json_t *doc);

#endif
