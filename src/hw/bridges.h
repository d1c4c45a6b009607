/* SPDX-License-Identifier: GPL-2.0-or-later */
/* bridges: names of USB bridge chips (USB-SATA, USB-Ethernet) by VID:PID,
 * from the data file usb-bridges.conf rather than from code. */
#ifndef BENCHTOP_BRIDGES_H
#define BENCHTOP_BRIDGES_H

#include <stddef.h>
#include <stdint.h>

struct bridge {
	uint16_t vid, pid;
	char *name;		/* "ASMedia ASM1051E/ASM1053E/ASM1153E" */
};

struct bridges {
	struct bridge *v;
	size_t n;
};

/*
 * Parse usb-bridges.conf text ("vvvv:pppp  Name" lines, '#' comments,
 * blank lines) into OUT (reset first).  Returns the number of entries,
 * -EINVAL with *LINE set to the first bad line (OUT left empty), -ENOMEM.
 */
int bridges_parse(const char *buf, size_t len, struct bridges *out,
		  size_t *line);

/*
 * Load usb-bridges.conf from the folder of datadir_find()
 * ($BENCHTOP_DATADIR, an uninstalled build's source tree, or PKGDATADIR).
 * Returns the count or -errno (-EINVAL for a malformed file).
 */
int bridges_load(struct bridges *out);

/* Chip name for VID:PID, or NULL. */
const char *bridges_lookup(const struct bridges *b, uint16_t vid,
			   uint16_t pid);

/*
 * The chip first, then its vendor, for a screen's narrow column: NAME
 * "ASMedia ASM1051E/ASM1053E/ASM1153E" with PRODUCT "ASMT1153e" (the
 * device's own string, may be NULL) gives "ASM1153E ASMedia" (the last
 * word is the model, or several joined by /): of several
 * models the one whose number the product names, else all of them.  A
 * NAME of one word is copied.  Returns DST.
 */
char *bridges_short(const char *name, const char *product, char *dst,
		    size_t size);

void bridges_free(struct bridges *b);

#endif
