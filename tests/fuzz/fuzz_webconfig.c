/* SPDX-License-Identifier: GPL-2.0-or-later */
/* libFuzzer target: the web config parser of metrics --web-config; a
 * refusal names a line of the input (or 0: the whole file) and a
 * reason, an acceptance holds bcrypt hashes only. */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "metrics/webconfig.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static struct webconfig w;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *why;
	unsigned line, lines = 1;
	size_t i;

	for (i = 0; i < size; i++)
		lines += data[i] == '\n';
	if (webconfig_parse((const char *)data, size, &w, &line, &why)) {
		if (!why || line > lines)
			abort();
		return 0;
	}
	for (i = 0; i < w.nusers; i++)
		if (strlen(w.users[i].hash) != 60 ||
		    strncmp(w.users[i].hash, "$2", 2) != 0)
			abort();
	return 0;
}
