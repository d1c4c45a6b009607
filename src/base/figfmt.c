/* SPDX-License-Identifier: GPL-2.0-or-later */
/* figfmt: the shared formatters of figures every view prints. */
#include "config.h"

#include "base/figfmt.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "base/i18n.h"

uint64_t figfmt_mhz_n(uint64_t khz)
{
	return khz / 1000 + (khz % 1000 >= 500);
}

const char *figfmt_mhz(char *dst, size_t size, uint64_t khz)
{
	snprintf(dst, size, "%llu", (unsigned long long)figfmt_mhz_n(khz));
	return dst;
}

const char *figfmt_mhz_range(char *dst, size_t size, uint64_t min_khz,
			     uint64_t max_khz)
{
	char lo[24], hi[24];

	snprintf(dst, size, "%s-%s", figfmt_mhz(lo, sizeof(lo), min_khz),
		 figfmt_mhz(hi, sizeof(hi), max_khz));
	return dst;
}

const char *figfmt_irq_cpu(char *dst, size_t size, int cpu)
{
	if (cpu >= 0)
		snprintf(dst, size, "%d", cpu);
	else
		snprintf(dst, size, "-");
	return dst;
}

const char *figfmt_cpus(char *dst, size_t size, const char *list)
{
	bool one = *list && strspn(list, "0123456789") == strlen(list);

	snprintf(dst, size, one ? _("CPU %s") : _("CPUs %s"), list);
	return dst;
}

const char *figfmt_driver(const char *driver)
{
	return driver && *driver ? driver : _("no driver");
}
