/* SPDX-License-Identifier: GPL-2.0-or-later */
/* cputopo: a CPU's topology cluster (cpuN/topology/cluster_cpus_list).
 * Without cpufreq a cluster is the only word the kernel has for CPUs that
 * go together: QEMU's arm64 virt board (-smp 8,clusters=2) has two
 * clusters of Cortex-A53s and no cpufreq driver (found by the VM lab,
 * tests/vm/arm64_mixed.sh). */
#include "config.h"

#include "hw/cputopo.h"

#include <limits.h>
#include <stdio.h>

#define TOPO_DIR "/sys/devices/system/cpu/cpu%u/topology/%s"

bool cputopo_multicore(const struct cpuset *cluster,
		       const struct cpuset *core)
{
	int cpu = cpuset_first(core);

	return cpu >= 0 && cpuset_has(cluster, (unsigned)cpu) &&
	       cpuset_count(cluster) > cpuset_count(core);
}

/* cpuN/topology/NAME as a CPU list into *OUT; 0 or -errno. */
static int read_list(struct buf *b, unsigned cpu, const char *name,
		     struct cpuset *out)
{
	char path[PATH_MAX];
	int rc;

	snprintf(path, sizeof(path), TOPO_DIR, cpu, name);
	rc = buf_read_file(b, path);
	if (rc == 0)
		rc = cpulist_parse(b->data, b->len, out);
	return rc < 0 ? rc : 0;
}

void cputopo_cluster(unsigned cpu, struct buf *b, struct cpuset *out)
{
	struct cpuset core;

	if (read_list(b, cpu, "thread_siblings_list", &core) != 0 ||
	    !cpuset_has(&core, cpu)) {
		cpuset_clear(&core);
		cpuset_add(&core, cpu);
	}
	if (read_list(b, cpu, "cluster_cpus_list", out) != 0 ||
	    !cputopo_multicore(out, &core))
		cpuset_clear(out);
}
