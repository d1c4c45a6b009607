/* SPDX-License-Identifier: GPL-2.0-or-later */
/* loadavg: /proc/loadavg and /proc/uptime for the monitor's header. */
#ifndef BENCHTOP_LOADAVG_H
#define BENCHTOP_LOADAVG_H

#include <stddef.h>

struct loadavg {
	double load[3];		/* 1, 5, 15 minutes */
	unsigned running, total;	/* runnable / all scheduling entities */
};

/* Parse "0.42 0.30 0.25 2/171 1234"; 0 or -EINVAL. */
int loadavg_parse(const char *buf, size_t len, struct loadavg *out);

/* Parse /proc/uptime ("12345.67 23456.78") into *UPTIME_S; 0 or -EINVAL. */
int loadavg_parse_uptime(const char *buf, size_t len, double *uptime_s);

/* Format an uptime as "3d 2h", "5h 12m" or "7m" into DST. */
void loadavg_format_uptime(double uptime_s, char *dst, size_t size);

#endif
