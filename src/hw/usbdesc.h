/* SPDX-License-Identifier: GPL-2.0-or-later */
/* usbdesc: pure parsers for what the kernel says about a USB device: raw
 * descriptors and BOS, the sysfs speed text, usb-storage quirks, and the
 * verdicts a user wants from them (UAS or not, link slower than capable). */
#ifndef BENCHTOP_USBDESC_H
#define BENCHTOP_USBDESC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Mass storage: bInterfaceClass 08, SCSI subclass 06, and the protocol. */
#define USBDESC_CLASS_STORAGE	0x08
#define USBDESC_SUBCLASS_SCSI	0x06
#define USBDESC_PROTO_BOT	0x50
#define USBDESC_PROTO_UAS	0x62

/* One interface alternate setting of one configuration. */
struct usbdesc_alt {
	uint8_t config;		/* bConfigurationValue */
	uint8_t iface;		/* bInterfaceNumber */
	uint8_t alt;		/* bAlternateSetting */
	uint8_t cls, subcls, proto;
	uint8_t nendpoints;
};

struct usbdesc {
	uint16_t bcd_usb, vid, pid, bcd_device;
	uint8_t dev_class, dev_subclass, dev_proto;
	uint8_t nconfigs;		/* bNumConfigurations */
	size_t nconfigs_seen;		/* configuration descriptors found */
	struct usbdesc_alt *alts;	/* malloc'd, in file order */
	size_t nalts;
	bool truncated;			/* a descriptor ran past the end */
};

struct usbdesc_bos {
	bool usb2_ext;		/* USB 2.0 Extension capability */
	bool lpm;		/* ... with Link Power Management */
	bool ss;		/* SuperSpeed USB capability (5 Gb/s) */
	bool ssp;		/* SuperSpeedPlus capability */
	uint32_t ssp_lane_kbps;	/* fastest sublink speed attribute */
	unsigned ssp_min_lanes;	/* max of min Rx/Tx lane count (>= 1) */
};

/*
 * Parse a sysfs `descriptors` blob (device descriptor, then every
 * configuration in full) into OUT, which the caller frees with
 * usbdesc_free.  Returns the number of alternate settings, -EINVAL when
 * there is no valid device descriptor or a descriptor has a zero length,
 * -ENOMEM.  A blob cut short keeps what came before and sets truncated.
 */
int usbdesc_parse(const void *buf, size_t len, struct usbdesc *out);

void usbdesc_free(struct usbdesc *d);

/*
 * Parse a BOS descriptor set (sysfs `bos_descriptors`, or what the device
 * returned to GET_DESCRIPTOR(BOS)) into OUT.  Returns the number of device
 * capabilities read, or -EINVAL for a malformed or short header.
 */
int usbdesc_parse_bos(const void *buf, size_t len, struct usbdesc_bos *out);

/*
 * The speed in kbit/s the device can reach by its own account: BOS
 * SuperSpeedPlus -> lane speed x lanes (10 or 20 Gb/s), SuperSpeed -> 5 Gb/s
 * (a USB 3 device attached at high speed still reports this in its BOS,
 * with bcdUSB 2.10), without a BOS bcdUSB >= 3.00 -> 5 Gb/s; otherwise
 * 480 Mb/s for USB 2 devices that run at high speed.  BOS may be NULL.
 * Returns 0 when the descriptors cannot tell (a bcdUSB 2.x device running
 * at full speed may or may not do high speed).
 */
uint32_t usbdesc_capable_kbps(uint16_t bcd_usb, const struct usbdesc_bos *bos,
			      uint32_t negotiated_kbps);

/* True when D (limited to CONFIG unless 0) offers the protocol PROTO
 * (USBDESC_PROTO_BOT / _UAS) on a mass-storage SCSI interface. */
bool usbdesc_has_storage(const struct usbdesc_alt *alts, size_t n,
			 uint8_t config, uint8_t proto);

/*
 * Parse the sysfs `speed` text ("1.5", "12", "480", "5000", "10000",
 * "20000", newline optional) into kbit/s.  Returns 0, or -EINVAL for an
 * empty file or anything else.
 */
int usbdesc_parse_speed(const char *buf, size_t len, uint32_t *kbps);

/* Format KBPS the way lsusb -t does: "1.5M", "480M", "5000M"; "?" for 0.
 * Returns the length it needed (like snprintf). */
size_t usbdesc_format_speed(uint32_t kbps, char *dst, size_t size);

/*
 * Look VID:PID up in usb-storage's quirks parameter ("vid:pid:flags,..."
 * as in /sys/module/usb_storage/parameters/quirks) and copy its flag
 * letters into FLAGS.  Returns 1 when found, 0 when not, -EINVAL when an
 * entry is malformed (entries before it are still searched).
 */
int usbdesc_quirks_lookup(const char *buf, size_t len, uint16_t vid,
			  uint16_t pid, char *flags, size_t size);

/* Kernel name of a usb-storage quirk letter ('u' -> "IGNORE_UAS"), or
 * NULL for a letter the kernel ignores. */
const char *usbdesc_quirk_name(char letter);

/* What the verdicts are computed from. */
struct usbdesc_state {
	uint32_t speed_kbps;	/* negotiated, 0 unknown */
	uint32_t capable_kbps;	/* usbdesc_capable_kbps, 0 unknown */
	bool has_uas;		/* a UAS alternate setting is offered */
	bool uas_bound;		/* the uas driver is bound */
	bool storage_bound;	/* usb-storage is bound */
	const char *quirks;	/* usb-storage quirk letters, or NULL */
};

#define USBDESC_VERDICT_MAX 96
#define USBDESC_VERDICTS 4

/* Write the verdict sentences for S into OUT (at most USBDESC_VERDICTS),
 * e.g. "UAS-capable but running usb-storage", "SuperSpeed device
 * negotiated at 480M"; returns how many. */
size_t usbdesc_verdicts(const struct usbdesc_state *s,
			char out[USBDESC_VERDICTS][USBDESC_VERDICT_MAX]);

#endif
