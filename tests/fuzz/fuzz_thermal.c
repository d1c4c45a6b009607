/* SPDX-License-Identifier: GPL-2.0-or-later */
/* fuzz_thermal: libFuzzer target for thermal's parsers: the input is split
 * at its first NUL into a trip point's temp and type files. */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "hw/thermal.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *buf = (const char *)data;
	const char *nul = memchr(buf, '\0', size);
	size_t tlen = nul ? (size_t)(nul - buf) : size;
	const char *type = nul ? nul + 1 : "";
	size_t ylen = nul ? size - tlen - 1 : 0;
	struct thermal_trip tr;
	int64_t mc;
	unsigned n;
	char *s;

	thermal_parse_millic(buf, size, &mc);
	if (thermal_parse_trip(buf, tlen, type, ylen, &tr) == 0 &&
	    strlen(tr.type) >= sizeof(tr.type))
		abort();
	s = malloc(size + 1);
	if (!s)
		return 0;
	memcpy(s, buf, size);
	s[size] = '\0';
	thermal_cooling_target(s, &n);
	free(s);
	return 0;
}
