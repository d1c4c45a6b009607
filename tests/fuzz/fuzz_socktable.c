/* SPDX-License-Identifier: GPL-2.0-or-later */
/* fuzz_socktable: libFuzzer target for socktable_count and
 * socktable_fd_inode: a socket table counts at most its rows, an inode
 * read from a link is the number in it. */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "collect/socktable.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *text = (const char *)data;
	const uint64_t inodes[] = { 41201, 41305, 1, 0 };
	char link[64];
	unsigned any, est;
	size_t rows = 0, i;
	uint64_t v;

	for (i = 0; i < size; i++)
		rows += text[i] == '\n';
	any = socktable_count(text, size, inodes, 4, SOCKTABLE_ANY);
	est = socktable_count(text, size, inodes, 4, SOCKTABLE_ESTABLISHED);
	if (est > any || any > rows + 1)
		abort();
	if (size < sizeof(link)) {
		memcpy(link, data, size);
		link[size] = '\0';
		v = socktable_fd_inode(link);
		if (v && strncmp(link, "socket:[", 8) != 0)
			abort();
	}
	return 0;
}
