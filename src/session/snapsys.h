/* SPDX-License-Identifier: GPL-2.0-or-later */
/* snapsys: the "system" part of a snapshot (struct snapdoc_sys, in
 * session/snapdoc.h) loaded with every key's type checked. */
#ifndef BENCHTOP_SNAPSYS_H
#define BENCHTOP_SNAPSYS_H

#include <jansson.h>

#include "base/jsonload.h"
#include "session/snapdoc.h"

/* Fills one element EL of a list from object V. */
typedef void (*snapsys_elem_fn)(struct jsonload *l, void *el,
				const json_t *v);

/* The objects of list A (NULL: none) as *N elements of ELSIZE bytes,
 * each filled by FN with L->at set to AT; a new array, or NULL. */
void *snapsys_list(struct jsonload *l, const json_t *a, const char *at,
		   size_t elsize, size_t *n, snapsys_elem_fn fn);

/* SYS (the "system" object) into S through L. */
void snapsys_load(struct jsonload *l, struct snapdoc_sys *s,
		  const json_t *sys);

void snapsys_fini(struct snapdoc_sys *s);

#endif
