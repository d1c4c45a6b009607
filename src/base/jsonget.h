/* SPDX-License-Identifier: GPL-2.0-or-later */
/* jsonget: typed lookups in a loaded JSON document, with a default when
 * the key is missing or of another type (reports, compare, replay and the
 * results screen read documents through these). */
#ifndef BENCHTOP_JSONGET_H
#define BENCHTOP_JSONGET_H

#include <stddef.h>

#include <jansson.h>

/* The string KEY of O, or DFLT (O may be NULL or not an object). */
const char *jsonget_str(const json_t *o, const char *key, const char *dflt);

/* The number (integer or real) KEY of O, or DFLT. */
double jsonget_num(const json_t *o, const char *key, double dflt);

/* The value at PATH, keys joined by '.' ("host.kernel"), or NULL. */
const json_t *jsonget_path(const json_t *o, const char *path);

/* O's KEY1, then that value's KEY2 when KEY2 is not NULL; or NULL. */
const json_t *jsonget_at(const json_t *o, const char *key1,
			 const char *key2);

/* A scalar as text into DST: strings as they are, integers in full,
 * reals with two decimals ('.' in every locale), yes/no; NONE for
 * anything else or an empty string.  Returns DST. */
const char *jsonget_text(const json_t *v, char *dst, size_t size,
			 const char *none);

#endif
