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

struct usbdev_list;

#define BOSCACHE_DIR "/run/benchtop-bos"
#define BOSCACHE_ENV "BENCHTOP_BOS_CACHE"	/* moves it (tests) */

/* The folder: $BENCHTOP_BOS_CACHE, else BOSCACHE_DIR. */
void boscache_dir(char *dst, size_t size);

/* The BOS cached for the device at BUSNUM/DEVNUM with VID:PID (a device
 * plugged in since has another DEVNUM: its file is not read) into B; 0
 * or -errno (-ENOENT: none). */
int boscache_read(unsigned busnum, unsigned devnum, uint16_t vid,
		  uint16_t pid, struct buf *b);

/* Replace DIR's files with the BOS of each device of L that libusb read
 * from the device (sysfs has none for it): the count into *N; 0, or
 * -errno with one sentence in ERR. */
int boscache_save(const struct usbdev_list *l, const char *dir, size_t *n,
		  char *err, size_t errsize);

#endif
