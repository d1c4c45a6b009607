/* SPDX-License-Identifier: GPL-2.0-or-later */
/* libFuzzer target for the /proc/stat parser and utilisation. */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "collect/procstat.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct procstat a = { 0 };
	struct cpu_util u;
	size_t i;

	if (procstat_parse((const char *)data, size, &a) >= 0) {
		procstat_util(&a.total, &a.total, &u);
		for (i = 0; i + 1 < a.ncpus; i++)
			procstat_util(&a.cpus[i], &a.cpus[i + 1], &u);
	}
	procstat_free(&a);
	return 0;
}
