/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Fuzz target: the experiment's --vary parser (tune/tunespec.c). */
#include "config.h"

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "tune/tunespec.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct tunespec s;
	char err[200], label[128];
	size_t i;

	if (tunespec_parse((const char *)data, size, &s, err,
			   sizeof(err)) == 0)
		for (i = 0; i < s.nvalues; i++)
			tunespec_label(&s, i, label, sizeof(label));
	return 0;
}
