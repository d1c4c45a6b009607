/* SPDX-License-Identifier: GPL-2.0-or-later */
/* expo_usb: USB devices (bus/port, id, product, driver, negotiated and
 * capable speed, uas, bridge) and the chain of every disk and NIC. */
#ifndef BENCHTOP_EXPO_USB_H
#define BENCHTOP_EXPO_USB_H

#include "hw/chain.h"
#include "metrics/expo.h"

/* Write the benchtop_usb_device_* and benchtop_chain_info families of M
 * into E. */
void expo_usb_write(struct expo *e, const struct chain_model *m);

#endif
