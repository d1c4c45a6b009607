/* SPDX-License-Identifier: GPL-2.0-or-later */
/* vec: one growth rule for the parsers' tables instead of one per file. */
#include "config.h"

#include "base/vec.h"

#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int vec_reserve(void *pv, size_t *cap, size_t need, size_t elsize)
{
	size_t ncap = *cap ? *cap : 16;
	void *p;

	if (need <= *cap)
		return 0;
	while (ncap < need) {
		if (ncap > SIZE_MAX / 2)
			return -ENOMEM;
		ncap *= 2;
	}
	if (ncap > INT_MAX || ncap > SIZE_MAX / elsize)
		return -ENOMEM;
	memcpy(&p, pv, sizeof(p));
	p = realloc(p, ncap * elsize);
	if (!p)
		return -ENOMEM;
	memcpy(pv, &p, sizeof(p));
	*cap = ncap;
	return 0;
}
