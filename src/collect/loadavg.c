/* SPDX-License-Identifier: GPL-2.0-or-later */
/* loadavg: pure parsers for /proc/loadavg and /proc/uptime. */
#include "config.h"

#include "collect/loadavg.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Copy at most SIZE-1 bytes of BUF into DST as a C string. */
static void terminate(char *dst, size_t size, const char *buf, size_t len)
{
	size_t n = len < size - 1 ? len : size - 1;

	memcpy(dst, buf, n);
	dst[n] = '\0';
}

static int parse_double(const char **p, double *v)
{
	char *end;

	*v = strtod(*p, &end);
	if (end == *p || !isfinite(*v) || *v < 0)
		return -EINVAL;
	*p = end;
	return 0;
}

int loadavg_parse(const char *buf, size_t len, struct loadavg *out)
{
	char tmp[128], *end;
	const char *p = tmp;
	unsigned long r, t;
	int i;

	terminate(tmp, sizeof(tmp), buf, len);
	for (i = 0; i < 3; i++)
		if (parse_double(&p, &out->load[i]))
			return -EINVAL;
	r = strtoul(p, &end, 10);
	if (end == p || *end != '/')
		return -EINVAL;
	p = end + 1;
	t = strtoul(p, &end, 10);
	if (end == p || r > t || t > 1u << 30)
		return -EINVAL;
	out->running = (unsigned)r;
	out->total = (unsigned)t;
	return 0;
}

int loadavg_parse_uptime(const char *buf, size_t len, double *uptime_s)
{
	char tmp[128];
	const char *p = tmp;

	terminate(tmp, sizeof(tmp), buf, len);
	return parse_double(&p, uptime_s);
}

void loadavg_format_uptime(double s, char *dst, size_t size)
{
	unsigned long m = (unsigned long)(s / 60.0);

	if (m >= 24 * 60)
		snprintf(dst, size, "%lud %luh", m / (24 * 60), m / 60 % 24);
	else if (m >= 60)
		snprintf(dst, size, "%luh %lum", m / 60, m % 60);
	else
		snprintf(dst, size, "%lum", m);
}
