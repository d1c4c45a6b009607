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

int numparse_seconds(const char *s, const char *e, double *out)
{
	uint64_t m = 0, pow10 = 1;
	bool dot = false, digits = false;

	for (; s < e; s++) {
		unsigned d = (unsigned)(unsigned char)*s - '0';

		if (*s == '.' && !dot) {
			dot = true;
			continue;
		}
		if (d > 9)
			return -EINVAL;
		digits = true;
		if (m > (UINT64_MAX - 9) / 10 || pow10 > UINT64_MAX / 10) {
			if (!dot)
				return -ERANGE;	/* > 10^18 s */
			continue;	/* more decimals change nothing */
		}
		m = m * 10 + d;
		if (dot)
			pow10 *= 10;
	}
	if (!digits)
		return -EINVAL;
	*out = (double)m / (double)pow10;
	return 0;
}
