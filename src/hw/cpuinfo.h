/* SPDX-License-Identifier: GPL-2.0-or-later */
/* cpuinfo: what /proc/cpuinfo says about each processor (Arm "CPU part"
 * and "CPU implementer", x86 "model name") and the board lines. */
#ifndef BENCHTOP_CPUINFO_H
#define BENCHTOP_CPUINFO_H

#include <stdbool.h>
#include <stddef.h>

struct cpuinfo_cpu {
	int id;			/* "processor" number; -1 for the common part */
	int implementer;	/* "CPU implementer", -1 when absent */
	int part;		/* "CPU part", -1 when absent */
	char *model_name;	/* "model name" (or old Arm "Processor"),
				 * control characters replaced; NULL */
};

struct cpuinfo {
	struct cpuinfo_cpu *cpus;	/* in file order */
	size_t ncpus;
	/* Values outside any "processor" block: 32-bit Arm kernels before
	 * 3.8 print "CPU part" once, after the last block. */
	struct cpuinfo_cpu common;
	char *hardware;		/* "Hardware" (Arm SoC or board), or NULL */
	char *model;		/* "Model" (Raspberry Pi kernels), or NULL */
	unsigned err_line;	/* 1-based line of a parse error, else 0 */
};

/*
 * Parse /proc/cpuinfo from BUF into OUT (which it resets).  Returns the
 * number of processor blocks, or -EINVAL (a line without ':', a bad
 * number, a processor listed twice; OUT->err_line says where), -ERANGE (a
 * processor number of CPUSET_MAX or more) or -ENOMEM.
 */
int cpuinfo_parse(const char *buf, size_t len, struct cpuinfo *out);

void cpuinfo_free(struct cpuinfo *ci);

/* The values for processor ID into OUT, each field taken from its own
 * block or else from the common part.  The strings stay owned by CI.
 * Returns false when nothing at all is known for ID. */
bool cpuinfo_get(const struct cpuinfo *ci, int id, struct cpuinfo_cpu *out);

#endif
