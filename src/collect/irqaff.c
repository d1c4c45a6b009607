/* SPDX-License-Identifier: GPL-2.0-or-later */
/* irqaff: which CPUs an IRQ may run on (smp_affinity_list) and, where the
 * kernel exports it (4.13+), where it runs now (effective_affinity_list). */
#include "config.h"

#include "collect/irqaff.h"

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "base/buf.h"

/* ROOT/irq/IRQ/NAME into PATH (4096 bytes) without printf (2000 IRQs,
 * two files each, every 10 s); false when too long. */
static bool irq_path(char *path, const char *root, unsigned irq,
		     const char *name)
{
	char num[16];
	size_t nr = strlen(root), nn = strlen(name), nd = 0;

	do
		num[sizeof(num) - ++nd] = (char)('0' + irq % 10);
	while ((irq /= 10) != 0);
	if (nr + nd + nn + 7 > 4096)
		return false;
	memcpy(path, root, nr);
	memcpy(path + nr, "/irq/", 5);
	memcpy(path + nr + 5, num + sizeof(num) - nd, nd);
	path[nr + 5 + nd] = '/';
	memcpy(path + nr + 6 + nd, name, nn + 1);
	return true;
}

/* Read and parse PROC_ROOT/irq/IRQ/NAME into *SET; 0 or -errno. */
static int read_list(const char *proc_root, unsigned irq, const char *name,
		     struct buf *b, struct cpuset *set)
{
	char path[4096];
	int rc;

	if (!irq_path(path, proc_root, irq, name))
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
