/* SPDX-License-Identifier: GPL-2.0-or-later */
/* vec: growing arrays of any element type. */
#ifndef BENCHTOP_VEC_H
#define BENCHTOP_VEC_H

#include <stddef.h>

/*
 * Make room in the array *PV (of *CAP elements of ELSIZE bytes) for at
 * least NEED elements, doubling from 16.  PV is a pointer to the array
 * pointer.  Returns 0, or -ENOMEM with the array untouched.
 */
int vec_reserve(void *pv, size_t *cap, size_t need, size_t elsize);

#endif
