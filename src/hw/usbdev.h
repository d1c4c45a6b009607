/* SPDX-License-Identifier: GPL-2.0-or-later */
/* usbdev: every USB device with its speeds (negotiated and capable), bound
 * drivers, BOT/UAS, quirks, bridge chip and host controller; libusb and
 * sysfs together.  The only file that includes <libusb.h>. */
#ifndef BENCHTOP_USBDEV_H
#define BENCHTOP_USBDEV_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <jansson.h>

#include "hw/usbdesc.h"

struct bridges;

struct usbdev_iface {
	char *name;		/* "4-1:1.0" */
	unsigned number;	/* bInterfaceNumber */
	unsigned alt;		/* bAlternateSetting in use */
	uint8_t cls, subcls, proto;
	char *driver;		/* "uas", "usb-storage", "r8152"; NULL none */
};

struct usbdev {
	char *name;		/* bus-port path, "4-1.2" */
	unsigned busnum, devnum;
	uint16_t vid, pid, bcd_usb;
	char *manufacturer;	/* cleaned; NULL when the device has none */
	char *product;
	const char *bridge;	/* chip from usb-bridges.conf, or NULL */
	uint32_t speed_kbps;	/* negotiated (sysfs speed), 0 unknown */
	uint32_t libusb_kbps;	/* libusb_get_device_speed, 0 unknown */
	uint32_t capable_kbps;	/* from descriptors and BOS, 0 unknown */
	bool libusb_seen;	/* libusb listed the device */
	bool has_bos;
	struct usbdesc_bos bos;	/* valid when has_bos */
	const char *bos_from;	/* "sysfs" (Linux >= 6.7), "libusb" (as
				 * root) or "cache" (boscache, without) */
	unsigned char *bos_raw;	/* the BOS libusb read, for boscache_save;
				 * NULL otherwise */
	size_t bos_len;
	const char *capable_from;	/* "sysfs", "libusb", "usb_version";
					 * NULL when capable_kbps is 0 */
	char *capable_note;	/* why the capable speed may be understated
				 * ("needs root or Linux 6.7"), or NULL */
	unsigned config;	/* bConfigurationValue in use */
	struct usbdesc_alt *alts;	/* of the active configuration */
	size_t nalts;
	const char *alts_from;	/* "libusb" or "sysfs" */
	struct usbdev_iface *ifaces;
	size_t nifaces;
	bool has_bot, has_uas;	/* offered alternate settings */
	bool uas_bound, storage_bound;
	char *quirks;		/* usb-storage quirk letters for it, or NULL */
	char verdicts[USBDESC_VERDICTS][USBDESC_VERDICT_MAX];
	size_t nverdicts;
	char *syspath;		/* resolved sysfs directory */
	char *error;		/* sentences about what was unreadable */
};

/* A root hub usbN and the host controller it belongs to. */
struct usbdev_bus {
	unsigned busnum;
	uint32_t speed_kbps;
	char *controller;	/* "xhci-hcd.3.auto", "0000:01:00.0" */
	char *driver;		/* the controller's driver: "xhci-hcd" */
	char *syspath;
};

struct usbdev_list {
	struct usbdev *v;
	size_t n;
	struct usbdev_bus *buses;
	size_t nbuses;
	struct bridges *bridges;
	char *error;		/* libusb or data file trouble */
};

/*
 * Read every USB device of SYS_ROOT/bus/usb/devices ("/sys"; libusb reads
 * the real /sys, which umockdev redirects) and cross-check it with libusb.
 * Per-device problems land in that device's error.  Returns the number of
 * devices (root hubs are buses, not devices), or -ENOMEM.
 */
int usbdev_scan(const char *sys_root, struct usbdev_list *out);

/* What usbdev_scan() does as far as asking devices goes: AS_ROOT lets it
 * open a device whose kernel has no sysfs bos_descriptors (Linux < 6.7)
 * and ask it for its BOS descriptor; without, the BOS a root helper
 * cached (boscache) is read; usbdev_scan() passes geteuid() == 0. */
int usbdev_scan_as(const char *sys_root, bool as_root,
		   struct usbdev_list *out);

void usbdev_list_free(struct usbdev_list *l);

/* The device named NAME ("4-1"), or NULL. */
const struct usbdev *usbdev_find(const struct usbdev_list *l,
				 const char *name);

/* The bus with number BUSNUM, or NULL. */
const struct usbdev_bus *usbdev_bus(const struct usbdev_list *l,
				    unsigned busnum);

/* The driver bound to D's first interface that has one, or NULL. */
const char *usbdev_driver(const struct usbdev *d);

/* Short label for chains: the bridge name, else the product, else VID:PID
 * ("ASMedia ASM1051E/ASM1053E/ASM1153E"). */
const char *usbdev_label(const struct usbdev *d, char *buf, size_t size);

/* The label as the screens show it, the chip before its vendor
 * ("ASM1153E ASMedia", bridges_short), else as usbdev_label. */
const char *usbdev_screen_label(const struct usbdev *d, char *buf,
				size_t size);

/* JSON object {"buses": [...], "devices": [...]} (new reference). */
json_t *usbdev_json(const struct usbdev_list *l);

/* A readable "USB" section for benchtop --once ("no USB devices"). */
void usbdev_print(FILE *f, const struct usbdev_list *l);

#endif
