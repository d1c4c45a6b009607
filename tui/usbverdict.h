/* SPDX-License-Identifier: GPL-2.0-or-later */
/* usbverdict: a USB device's verdict sentence in the user's language.  The
 * library and snapshots keep the sentences in English (they are JSON
 * values); the screens draw them through here. */
#ifndef BENCHTOP_TUI_USBVERDICT_H
#define BENCHTOP_TUI_USBVERDICT_H

#include <stddef.h>

/* EN (one of src/hw/usbdesc.c's sentences) translated into DST; a sentence
 * it does not know is copied as it is.  Returns DST. */
const char *usbverdict_text(const char *en, char *dst, size_t size);

#endif
