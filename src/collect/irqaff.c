/* SPDX-License-Identifier: GPL-2.0-or-later */
/* irqaff: which CPUs an IRQ may run on (smp_affinity_list) and, where the
 * kernel exports it (4.13+), where it runs now (effective_affinity_list). */
#include "config.h"

#include "collect/irqaff.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "base/buf.h"

/* Read and parse PROC_ROOT/irq/IRQ/NAME into *SET; 0 or -errno. */
static int read_list(const char *proc_root, unsigned irq, const char *name,
		     struct buf *b, struct cpuset *set)
{
	char path[4096];
	int n, rc;

	n = snprintf(path, sizeof(path), "%s/irq/%u/%s", proc_root, irq, name);
	if (n < 0 || (size_t)n >= sizeof(path))
		return -ENAMETOOLONG;
	rc = buf_read_file(b, path);
	if (rc)
		return rc;
	rc = cpulist_parse(b->data, b->len, set);
	return rc < 0 ? rc : 0;
}

/* 0 when PROC_ROOT/irq/IRQ is a directory, else -errno (-ENOENT). */
static int irq_dir(const char *proc_root, unsigned irq)
{
	char path[4096];
	struct stat st;
	int n = snprintf(path, sizeof(path), "%s/irq/%u", proc_root, irq);

	if (n < 0 || (size_t)n >= sizeof(path))
		return -ENAMETOOLONG;
	if (stat(path, &st))
		return -errno;
	return S_ISDIR(st.st_mode) ? 0 : -ENOTDIR;
}

int irqaff_read(const char *proc_root, unsigned irq, struct irq_affinity *out)
{
	struct buf b = { 0 };
	int rc;

	memset(out, 0, sizeof(*out));
	rc = read_list(proc_root, irq, "smp_affinity_list", &b, &out->affinity);
	/* Uniprocessor kernels (no CONFIG_SMP) have the directory only. */
	if (rc == -ENOENT)
		rc = irq_dir(proc_root, irq);
	else if (!rc)
		out->has_affinity = true;
	if (!rc) {
		/* Missing before 4.13: not an error, nor is a garbled one. */
		out->has_effective = read_list(proc_root, irq,
					       "effective_affinity_list", &b,
					       &out->effective) == 0;
	}
	buf_free(&b);
	if (rc)
		memset(out, 0, sizeof(*out));
	return rc;
}
