/* SPDX-License-Identifier: GPL-2.0-or-later */
/* redact: a kernel command line fit to paste into a forum post - the
 * values of parameters that look like secrets or serial numbers left out. */
#ifndef BENCHTOP_REDACT_H
#define BENCHTOP_REDACT_H

#include <stddef.h>

/* The mark that stands for a value left out. */
#define REDACT_MARK "<redacted>"

/*
 * Copy the command line IN (words separated by blanks, as /proc/cmdline)
 * into DST of SIZE bytes, each word kept but for the value of one whose
 * name says secret or serial (password, passwd, pass, pwd, secret, token,
 * key, auth, cred, serial, serialno, ethaddr, macaddr, mac; in any case,
 * as the last dotted part of the name: "androidboot.serialno") and for a
 * value (after its last "=": root=PARTUUID=...), or a word without "=",
 * that looks like a key or a serial number (16 characters or more, of
 * letters and digits both, hex or base64):
 * REDACT_MARK stands in their place.  Returns how many were left out;
 * DST is cut at SIZE - 1 bytes as snprintf does.
 */
size_t redact_cmdline(const char *in, char *dst, size_t size);

#endif
