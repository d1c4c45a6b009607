/* SPDX-License-Identifier: GPL-2.0-or-later */
/* fuzz_settings: libFuzzer target for settings_parse, then the hide
 * patterns against device names and the colour decision on its output. */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "base/settings.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const names[] = { "sda", "mmcblk0p1", "loop7",
					     "eth0", "veth1a2b3c4", "" };
	struct settings s;
	struct settings_error err;
	int rc;

	settings_defaults(&s);
	rc = settings_parse((const char *)data, size, &s, &err);
	if (rc < 0 && (err.count == 0 || err.line == 0 || !err.msg[0] ||
		       strlen(err.msg) >= sizeof(err.msg)))
		abort();
	if (rc >= 0 && err.count != 0)
		abort();
	/* The message goes to a terminal: printable ASCII only. */
	for (const char *m = err.msg; *m; m++)
		if (*m < ' ' || *m > '~')
			abort();
	if (!(s.interval_s >= SETTINGS_INTERVAL_MIN &&
	      s.interval_s <= SETTINGS_INTERVAL_MAX))
		abort();
	for (size_t i = 0; i < s.nhide; i++)
		if (!s.hide[i][0])
			abort();
	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		settings_hidden(&s, names[i]);
	if (settings_color_on(&s, false, NULL) ||
	    (s.color == SETTINGS_COLOR_NO && settings_color_on(&s, true, NULL)))
		abort();
	settings_fini(&s);
	return 0;
}
