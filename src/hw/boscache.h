/* SPDX-License-Identifier: GPL-2.0-or-later */
/* boscache: the USB BOS descriptors a root helper read from the devices,
 * kept for a service that runs without root.  Linux < 6.7 has no sysfs
 * bos_descriptors and only root may ask a device for it, so the
 * DynamicUser metrics service reads what its root ExecStartPre= wrote. */
#ifndef BENCHTOP_BOSCACHE_H
#define BENCHTOP_BOSCACHE_H

#include <stddef.h>
#include <stdint.h>

#include "base/buf.h"

#define BOSCACHE_DIR "/run/benchtop-bos"
#define BOSCACHE_ENV "BENCHTOP_BOS_CACHE"	/* moves it (tests) */

/* The folder: $BENCHTOP_BOS_CACHE, else BOSCACHE_DIR. */
void boscache_dir(char *dst, size_t size);

/* The BOS cached for the device at BUSNUM/DEVNUM with VID:PID (a device
 * plugged in since has another DEVNUM: its file is not read) into B; 0
 * or -errno (-ENOENT: none). */
int boscache_read(unsigned busnum, unsigned devnum, uint16_t vid,
		  uint16_t pid, struct buf *b);

/* DIR made (0755) or emptied of an earlier run's files; 0 or -errno. */
int boscache_begin(const char *dir);

/* The BOS DATA (LEN bytes) of the device at BUSNUM/DEVNUM with VID:PID
 * into DIR; 0 or -errno. */
int boscache_write(const char *dir, unsigned busnum, unsigned devnum,
		   uint16_t vid, uint16_t pid, const void *data, size_t len);

#endif
