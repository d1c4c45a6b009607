/* SPDX-License-Identifier: GPL-2.0-or-later */
/* fuzz_diskstats: libFuzzer target for diskstats_parse and the rates over
 * two samples (the first half of the input as the earlier sample). */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>

#include "collect/diskstats.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *buf = (const char *)data;
	struct disk_table prev, cur;
	struct disk_rate *r;
	double dt = size ? data[0] / 16.0 : 1.0;
	int n;

	diskstats_parse(buf, size / 2, &prev);
	if (diskstats_parse(buf, size, &cur) >= 0) {
		n = diskstats_rates(&prev, &cur, dt, &r);
		for (int i = 0; i < n; i++)
			if (r[i].util_pct > 100.0 || r[i].rd_bytes_per_s < 0 ||
			    diskstats_kind_name(r[i].row->kind)[0] == '\0')
				abort();
		free(r);
		n = diskstats_rates(NULL, &cur, dt, &r);
		free(r);
	}
	diskstats_free(&prev);
	diskstats_free(&cur);
	return 0;
}
