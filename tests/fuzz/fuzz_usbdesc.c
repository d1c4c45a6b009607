/* SPDX-License-Identifier: GPL-2.0-or-later */
/* libFuzzer target: USB descriptors, BOS, speed text, usb-storage quirks. */
#include "config.h"

#include <stddef.h>
#include <stdint.h>

#include "hw/usbdesc.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char v[USBDESC_VERDICTS][USBDESC_VERDICT_MAX], flags[8], sp[16];
	struct usbdesc_state st = { 0 };
	struct usbdesc d;
	struct usbdesc_bos b;
	uint32_t kbps = 0;
	uint16_t bcd;
	int bos;

	if (usbdesc_parse(data, size, &d) >= 0) {
		st.has_uas = usbdesc_has_storage(d.alts, d.nalts, 1,
						 USBDESC_PROTO_UAS);
		usbdesc_free(&d);
	}
	bos = usbdesc_parse_bos(data, size, &b);
	usbdesc_parse_speed((const char *)data, size, &kbps);
	usbdesc_format_speed(kbps, sp, sizeof(sp));
	st.speed_kbps = kbps;
	bcd = size > 1 ? (uint16_t)(data[0] << 8 | data[1]) : 0;
	st.capable_kbps = usbdesc_capable_kbps(bcd, bos >= 0 ? &b : NULL, kbps);
	if (usbdesc_quirks_lookup((const char *)data, size, 0x174c, 0x55aa,
				  flags, sizeof(flags)) == 1)
		st.quirks = flags;
	st.storage_bound = size & 1;
	usbdesc_verdicts(&st, v);
	if (size)
		usbdesc_quirk_name((char)data[0]);
	return 0;
}
