/* SPDX-License-Identifier: GPL-2.0-or-later */
/* numparse: strict decimal parsing shared by the collectors' parsers. */
#include "config.h"

#include "base/numparse.h"

#include <errno.h>

int numparse_u64(const char *s, const char *e, uint64_t *v)
{
	uint64_t x = 0;

	if (s >= e)
		return -EINVAL;
	for (; s < e; s++) {
		unsigned d = (unsigned)(unsigned char)*s - '0';

		if (d > 9 || x > (UINT64_MAX - d) / 10)
			return -EINVAL;
		x = x * 10 + d;
	}
	*v = x;
	return 0;
}
