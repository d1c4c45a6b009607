/* SPDX-License-Identifier: GPL-2.0-or-later */
/* irqbalance: finds the daemon by the comm of every process under /proc,
 * as pgrep does; the comm text is judged by a pure function. */
#include "config.h"

#include "tune/irqbalance.h"

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/buf.h"
#include "base/numparse.h"

#define NAME "irqbalance"

bool irqbalance_comm_is(const char *buf, size_t len)
{
	/* comm ends in a newline; the kernel cuts it to 15 bytes, which
	 * "irqbalance" fits. */
	if (len && buf[len - 1] == '\n')
		len--;
	return len == strlen(NAME) && memcmp(buf, NAME, len) == 0;
}

/* The pid DIRNAME spells, or 0 when it is not a number. */
static int pid_of(const char *name)
{
	uint64_t v;

	if (*name < '1' || *name > '9' || numparse_uint(name, INT_MAX, &v))
		return 0;
	return (int)v;
}

bool irqbalance_still(const char *proc_root, int pid)
{
	char path[PATH_MAX];
	struct buf b = { 0 };
	bool is;

	snprintf(path, sizeof(path), "%s/%d/comm", proc_root, pid);
	is = pid > 0 && buf_read_file(&b, path) == 0 &&
	     irqbalance_comm_is(b.data, b.len);
	buf_free(&b);
	return is;
}

int irqbalance_find(const char *proc_root)
{
	struct buf b = { 0 };
	struct dirent *de;
	char path[PATH_MAX];
	int found = 0;
	DIR *d = opendir(proc_root);

	if (!d)
		return -errno;
	while (!found && (de = readdir(d))) {
		int pid = pid_of(de->d_name);

		if (!pid)
			continue;
		snprintf(path, sizeof(path), "%s/%d/comm", proc_root, pid);
		if (buf_read_file(&b, path) == 0 &&
		    irqbalance_comm_is(b.data, b.len))
			found = pid;
	}
	closedir(d);
	buf_free(&b);
	return found;
}
