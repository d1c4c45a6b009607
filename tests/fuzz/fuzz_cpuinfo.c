/* SPDX-License-Identifier: GPL-2.0-or-later */
/* fuzz_cpuinfo: libFuzzer target for cpuinfo_parse; every processor it
 * returns is looked up and its core named, as clusters_load does. */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "hw/coretype.h"
#include "hw/cpuinfo.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct cpuinfo ci;
	struct cpuinfo_cpu c;
	char name[32];
	size_t i;
	int n = cpuinfo_parse((const char *)data, size, &ci);

	if (n < 0) {
		if (ci.ncpus || ci.cpus || ci.hardware || ci.err_line == 0)
			abort();
		return 0;
	}
	if ((size_t)n != ci.ncpus)
		abort();
	for (i = 0; i < ci.ncpus; i++) {
		if (!cpuinfo_get(&ci, ci.cpus[i].id, &c) &&
		    ci.cpus[i].part >= 0)
			abort();
		if (c.part >= 0)
			coretype_format(c.implementer, (unsigned)c.part, name,
					sizeof(name));
		if (c.model_name && strlen(c.model_name) > size)
			abort();
	}
	cpuinfo_get(&ci, 0, &c);
	cpuinfo_free(&ci);
	return 0;
}
