/* SPDX-License-Identifier: GPL-2.0-or-later */
/* jsonload: the checked lookups a document loader turns JSON into structs
 * with: a key that is missing or null gives the default, a key of another
 * type gives one sentence naming it, and the first such sentence wins. */
#ifndef BENCHTOP_JSONLOAD_H
#define BENCHTOP_JSONLOAD_H

#include <stdbool.h>
#include <stddef.h>

#include <jansson.h>

struct jsonload {
	char *err;		/* the sentence, when rc is not 0 */
	size_t errsize;
	int rc;			/* 0, -EINVAL or -ENOMEM */
	const char *doc;	/* "result", "snapshot": said in the sentence */
	const char *at;		/* the keys above, "conditions.target." */
};

/* A loader over a document called DOC, its sentence into ERR. */
void jsonload_init(struct jsonload *l, const char *doc, char *err,
		   size_t errsize);

/* "The result's "KEY" is a string, not WANT." (V's type); false. */
bool jsonload_bad(struct jsonload *l, const char *key, const json_t *v,
		  const char *want);

/* SENTENCE as the error (the first one wins). */
void jsonload_say(struct jsonload *l, const char *sentence);

/* O's string KEY; NULL when O or KEY is missing or KEY is null. */
const char *jsonload_str(struct jsonload *l, const json_t *o,
			 const char *key);

/* O's number KEY; NAN when missing or null. */
double jsonload_num(struct jsonload *l, const json_t *o, const char *key);

/* O's integer KEY; DFLT when missing or null. */
long long jsonload_int(struct jsonload *l, const json_t *o, const char *key,
		       long long dflt);

/* O's boolean KEY: 1, 0, or -1 when missing or null. */
int jsonload_bool(struct jsonload *l, const json_t *o, const char *key);

/* O's scalar KEY as text into DST: a string is pointed to (*STR), a
 * number or boolean written to DST ("37", "31.50" with '.' in every
 * locale, "yes"/"no"), "" with *STR NULL for none; an object or list is
 * an error. */
void jsonload_text(struct jsonload *l, const json_t *o, const char *key,
		   const char **str, char *dst, size_t size);

/* O's object or array KEY; NULL when missing or null. */
const json_t *jsonload_obj(struct jsonload *l, const json_t *o,
			   const char *key);
const json_t *jsonload_arr(struct jsonload *l, const json_t *o,
			   const char *key);

/* Whether V (an element called WHAT) is an object, array or string;
 * when not, the sentence says so. */
bool jsonload_is_obj(struct jsonload *l, const json_t *v, const char *what);
bool jsonload_is_arr(struct jsonload *l, const json_t *v, const char *what);
bool jsonload_is_str(struct jsonload *l, const json_t *v, const char *what);

/* Fills one element EL of a list from object V. */
typedef void (*jsonload_elem_fn)(struct jsonload *l, void *el,
				 const json_t *v);

/* The objects of list A (NULL: none) as *N elements of ELSIZE bytes,
 * each filled by FN with L->at set to AT ("figures[].", ending in '.');
 * a new array, or NULL. */
void *jsonload_list(struct jsonload *l, const json_t *a, const char *at,
		    size_t elsize, size_t *n, jsonload_elem_fn fn);

/* calloc(N, SIZE) for an array of N elements: NULL (not an error) when N
 * is 0, NULL with rc -ENOMEM when memory ran out. */
void *jsonload_calloc(struct jsonload *l, size_t n, size_t size);

#endif
