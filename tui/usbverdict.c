/* SPDX-License-Identifier: GPL-2.0-or-later */
/* usbverdict: the verdict sentences of src/hw/usbdesc.c, matched in
 * English and drawn in the user's language. */
#include "config.h"

#include "usbverdict.h"

#include <stdio.h>
#include <string.h>

#include "base/i18n.h"

/* The fixed sentences, as usbdesc_verdicts() writes them. */
static const char *const fixed[] = {
	N_("UAS-capable but running usb-storage"),
	N_("UAS-capable but running usb-storage (quirk u: IGNORE_UAS)"),
	N_("UAS disabled by quirk u (IGNORE_UAS)"),
};

/* "<family> device negotiated at <speed>": the family and speed in their
 * buffers, or false. */
static int negotiated(const char *en, char fam[32], char sp[16])
{
	int end = -1;

	return sscanf(en, "%31[A-Za-z-] device negotiated at %15[0-9.M]%n",
		      fam, sp, &end) == 2 && end >= 0 && en[end] == '\0';
}

const char *usbverdict_text(const char *en, char *dst, size_t size)
{
	char fam[32], sp[16];
	size_t i;

	for (i = 0; i < sizeof(fixed) / sizeof(fixed[0]); i++)
		if (strcmp(en, fixed[i]) == 0) {
			snprintf(dst, size, "%s", _(fixed[i]));
			return dst;
		}
	if (negotiated(en, fam, sp))
		/* TRANSLATORS: "SuperSpeed device negotiated at 480M": the
		 * speed it can do by its own account, and the link's */
		snprintf(dst, size, _("%s device negotiated at %s"), fam, sp);
	else
		snprintf(dst, size, "%s", en);
	return dst;
}
