/* SPDX-License-Identifier: GPL-2.0-or-later */
/* expo_hw: the CPU side of the hardware model as metrics - board, CPUs
 * and clusters, thermal zones and cooling devices. */
#ifndef BENCHTOP_EXPO_HW_H
#define BENCHTOP_EXPO_HW_H

#include "hw/hwmodel.h"
#include "metrics/expo.h"

/* Write the benchtop_board_*, benchtop_cpu_*, benchtop_cluster_*,
 * benchtop_thermal_*, benchtop_cooling_* families of HW into E. */
void expo_hw_write(struct expo *e, const struct hwmodel *hw);

#endif
