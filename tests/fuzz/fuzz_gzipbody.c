/* SPDX-License-Identifier: GPL-2.0-or-later */
/* fuzz_gzipbody: libFuzzer target for gzipbody_wanted (an Accept-Encoding
 * value); its answer must not depend on case, and a refusal of gzip
 * appended to any value must make it no. */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "metrics/gzipbody.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define REFUSE ", GZip ; q=0.000"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *v, *up;
	size_t i;
	bool yes;

	if (!(v = malloc(size + sizeof(REFUSE))) || !(up = malloc(size + 1)))
		abort();
	memcpy(v, data, size);
	v[size] = '\0';		/* a NUL inside ends the value, as in C */
	for (i = 0; i <= size; i++)
		up[i] = v[i] >= 'a' && v[i] <= 'z' ? (char)(v[i] - 32) : v[i];
	yes = gzipbody_wanted(v);
	if (gzipbody_wanted(up) != yes)
		abort();
	strcat(v, REFUSE);
	if (gzipbody_wanted(v))
		abort();
	free(up);
	free(v);
	return 0;
}
