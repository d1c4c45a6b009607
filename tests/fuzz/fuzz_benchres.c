/* SPDX-License-Identifier: GPL-2.0-or-later */
/* fuzz_benchres: libFuzzer target for the results loader of `benchtop
 * metrics --results`: the input, cut at its first NUL byte, is two files
 * of one folder (results or snapshots) added to one benchres, written as
 * an exposition, and freed (two snapshots with an experiment each once
 * freed one experiment twice). */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "metrics/benchres.h"
#include "metrics/expo.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *d = (const char *)data, *nul = memchr(d, '\0', size);
	size_t first = nul ? (size_t)(nul - d) : size;
	struct benchres r;
	struct buf out = { 0 };
	struct expo e;

	memset(&r, 0, sizeof(r));
	if (benchres_add(&r, d, first, "dir/a.json", 1.0e9) == 0 && nul)
		(void)benchres_add(&r, nul + 1, size - first - 1, "dir/b.json",
				   1.0e9);
	expo_init(&e, &out, size & 1);
	benchres_write(&e, &r);
	(void)expo_finish(&e);
	if (r.nfiles + r.nbad > 2)
		abort();
	benchres_free(&r);
	buf_free(&out);
	return 0;
}
