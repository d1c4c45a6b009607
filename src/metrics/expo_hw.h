/* SPDX-License-Identifier: GPL-2.0-or-later */
/* expo_hw: the CPU side of the hardware model as metrics - board, CPUs
 * and clusters, thermal zones and cooling devices. */
#ifndef BENCHTOP_EXPO_HW_H
#define BENCHTOP_EXPO_HW_H

#include "hw/hwmodel.h"
#include "metrics/expo.h"

/* The groups of series expo_hw_write writes besides the board and CPUs. */
enum expo_hw_groups {
	EXPO_HW_CPUFREQ = 1,	/* clusters: info, governor, throttling */
	EXPO_HW_THERMAL = 2,	/* thermal zones' trip points */
	/* with the groups above, what node_exporter's default collectors
	 * (cpufreq, thermal_zone) export too: frequencies and limits,
	 * temperatures, cooling device states */
	EXPO_HW_NODE = 4,
};

/* Write the benchtop_board_*, benchtop_cpu_* families of HW into E, and
 * of the GROUPS (enum expo_hw_groups) benchtop_cluster_*,
 * benchtop_thermal_*, benchtop_cooling_*. */
void expo_hw_write(struct expo *e, const struct hwmodel *hw, unsigned groups);

#endif
