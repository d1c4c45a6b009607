/* SPDX-License-Identifier: GPL-2.0-or-later */
/* usbchain: the chain view of a USB device that has no disk or interface
 * of its own (a bridge with no disk in it, a hub, a keyboard): the device
 * and its link, its host controller, each IRQ with its live rate and the
 * CPU that takes it. */
#ifndef BENCHTOP_USBCHAIN_H
#define BENCHTOP_USBCHAIN_H

#include <stdbool.h>

struct app;

/* Draw the chain of the USB device a->chain_dev names ("4-1") in rows
 * Y..Y+H-1; false (nothing drawn) when it names no USB device. */
bool usbchain_draw(struct app *a, int y, int h, int w);

/* Under a chain's USB hop: what is wrong with the USB device NAME's link
 * ("! SuperSpeed device negotiated at 480M"), from row Y, at most H rows;
 * returns the rows drawn. */
int usbchain_verdicts(struct app *a, int y, int h, int w, const char *name);

#endif
