/* SPDX-License-Identifier: GPL-2.0-or-later */
/* coretype: names of CPU cores from the "CPU implementer" and "CPU part"
 * numbers of /proc/cpuinfo ("0xc07" is a Cortex-A7). */
#ifndef BENCHTOP_CORETYPE_H
#define BENCHTOP_CORETYPE_H

#include <stddef.h>

#define CORETYPE_ARM 0x41	/* "CPU implementer" of Arm Ltd */

/* The core name for IMPLEMENTER and PART ("Cortex-A15"), or NULL when the
 * table does not know it.  A negative IMPLEMENTER (line absent, as in
 * some old 32-bit kernels) is taken as Arm. */
const char *coretype_name(int implementer, unsigned part);

/* The name, or "0xabc" for a part the table does not know, into DST.
 * Returns the length it needed (like snprintf). */
size_t coretype_format(int implementer, unsigned part, char *dst,
		       size_t size);

#endif
