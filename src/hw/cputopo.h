/* SPDX-License-Identifier: GPL-2.0-or-later */
/* cputopo: the topology cluster a CPU belongs to, where the kernel's
 * topology says it groups more than one core. */
#ifndef BENCHTOP_CPUTOPO_H
#define BENCHTOP_CPUTOPO_H

#include <stdbool.h>

#include "base/buf.h"
#include "base/cpulist.h"

/* Whether CLUSTER (a CPU's cluster_cpus_list) holds more than the core
 * CORE (its thread_siblings_list) it contains: a cluster of cores, not an
 * x86 core whose L2 the kernel calls a cluster. */
bool cputopo_multicore(const struct cpuset *cluster,
		       const struct cpuset *core);

/* CPU's topology cluster (cpuN/topology/cluster_cpus_list, Linux 5.16+)
 * into *OUT when it groups more than one core; else *OUT is empty (no such
 * file, a one-core cluster, or a list that does not hold CPU). B is the
 * caller's read buffer. */
void cputopo_cluster(unsigned cpu, struct buf *b, struct cpuset *out);

#endif
