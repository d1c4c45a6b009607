/* SPDX-License-Identifier: GPL-2.0-or-later */
/* zonemap: which CPU cluster a thermal zone measures, from the zone's
 * type (little/big/core names, cpuN-thermal, SoC-wide cpu/soc/package
 * zones), so each cluster's row can show its own temperature. */
#ifndef BENCHTOP_ZONEMAP_H
#define BENCHTOP_ZONEMAP_H

#include <stdbool.h>
#include <stdint.h>

#include "hw/clusters.h"
#include "hw/thermal.h"

/* Whether zone type TYPE measures cluster K of C (index into c->v). */
bool zonemap_covers(const char *type, const struct clusters *c, size_t k);

/* The hottest zone that measures cluster K of T's zones, in *MC
 * (millidegrees); false when no zone with a temperature does. */
bool zonemap_cluster_temp(const struct thermal *t, const struct clusters *c,
			  size_t k, int64_t *mc);

#endif
