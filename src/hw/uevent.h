/* SPDX-License-Identifier: GPL-2.0-or-later */
/* uevent: the kernel's hotplug messages (a NETLINK_KOBJECT_UEVENT socket),
 * so the hardware model is read again when a device comes or goes, not on
 * a timer.  uevent_parse is pure: the kernel's "add@/devpath" form and
 * libudev's (umockdev sends that one). */
#ifndef BENCHTOP_UEVENT_H
#define BENCHTOP_UEVENT_H

#include <stdbool.h>
#include <stddef.h>

struct uevent {
	char action[16];	/* "add", "remove", "change", "bind"... */
	char devpath[256];	/* "/devices/.../usb4/4-1" */
	char subsystem[32];	/* "usb", "block", "net", "thermal"... */
	char devtype[32];	/* "usb_device", "disk", ... or "" */
	char devname[64];	/* DEVNAME ("sda", "bus/usb/004/002") or "" */
	char interface[32];	/* INTERFACE: a NIC's name ("eth0") or "" */
	/* what a person calls it: a disk's DEVNAME, a NIC's INTERFACE,
	 * else the devpath's last part ("4-1", "0000:01:00.0") */
	char name[64];
};

/* Parse one message of LEN bytes (NUL-separated KEY=VALUE strings after
 * a header).  0, or -EINVAL when it has no ACTION or DEVPATH. */
int uevent_parse(const char *buf, size_t len, struct uevent *ev);

/* True when EV changes what the hardware model shows: CPUs, thermal
 * zones and cooling devices (come or gone: a zone's "change" is a trip
 * crossed), USB, PCI, block devices, NICs. */
bool uevent_is_hw(const struct uevent *ev);

/* A non-blocking socket on the kernel's uevent group: the fd, or -errno
 * (no netlink in a container, a seccomp filter...). */
int uevent_open(void);

/* The next message waiting on FD into EV: 1, 0 when none is left, or
 * -errno.  A message that does not parse is skipped. */
int uevent_read(int fd, struct uevent *ev);

#endif
