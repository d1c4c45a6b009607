/* SPDX-License-Identifier: GPL-2.0-or-later */
/* irqbalance: whether the irqbalance daemon runs (it moves IRQs back after
 * they are pinned by hand). */
#ifndef BENCHTOP_IRQBALANCE_H
#define BENCHTOP_IRQBALANCE_H

#include <stdbool.h>
#include <stddef.h>

/* Whether BUF (LEN bytes, the text of a /proc/PID/comm file) names the
 * irqbalance daemon. */
bool irqbalance_comm_is(const char *buf, size_t len);

/* The pid of a running irqbalance found under PROC_ROOT ("/proc"), 0 when
 * none runs, or -errno when PROC_ROOT cannot be listed. */
int irqbalance_find(const char *proc_root);

/* Whether PID, found before, is still the irqbalance daemon (one file
 * read, not a scan of every process). */
bool irqbalance_still(const char *proc_root, int pid);

#endif
