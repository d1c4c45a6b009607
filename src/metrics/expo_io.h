/* SPDX-License-Identifier: GPL-2.0-or-later */
/* expo_io: the counters of one sample - interrupts per IRQ and CPU with
 * affinity, disks, network interfaces - as Prometheus families. */
#ifndef BENCHTOP_EXPO_IO_H
#define BENCHTOP_EXPO_IO_H

#include <stdbool.h>

#include "collect/sample.h"
#include "metrics/expo.h"

/* Write benchtop_irq_* of S into E; PER_CPU adds the cpu label and the
 * affinity series (one per CPU), else one total per IRQ. */
void expo_io_irqs(struct expo *e, const struct sample *s, bool per_cpu);

/* Write benchtop_disk_* and benchtop_network_* counters of S into E. */
void expo_io_write(struct expo *e, const struct sample *s);

#endif
