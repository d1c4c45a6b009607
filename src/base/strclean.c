/* SPDX-License-Identifier: GPL-2.0-or-later */
/* strclean: USB product names, IRQ action names and other kernel strings
 * never reach the terminal raw; escape sequences become '?'. */
#include "config.h"

#include "base/strclean.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

/* Length of a valid UTF-8 sequence at S (at most AVAIL bytes), or 0. */
static size_t utf8_len(const unsigned char *s, size_t avail)
{
	size_t n, i;
	unsigned cp;

	if (s[0] < 0x80)
		return 1;
	if (s[0] >= 0xc2 && s[0] <= 0xdf)
		n = 2, cp = s[0] & 0x1f;
	else if (s[0] >= 0xe0 && s[0] <= 0xef)
		n = 3, cp = s[0] & 0x0f;
	else if (s[0] >= 0xf0 && s[0] <= 0xf4)
		n = 4, cp = s[0] & 0x07;
	else
		return 0;
	if (n > avail)
		return 0;
	for (i = 1; i < n; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		cp = (cp << 6) | (s[i] & 0x3f);
	}
	if ((n == 3 && cp < 0x800) || (n == 4 && cp < 0x10000) ||
	    cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
		return 0;
	/* C1 controls (U+0080..U+009F) act like ESC on some terminals. */
	if (cp >= 0x80 && cp <= 0x9f)
		return 0;
	return n;
}

size_t strclean_copy(char *dst, size_t size, const char *src, size_t len)
{
	const unsigned char *s = (const unsigned char *)src;
	size_t i = 0, o = 0;

	if (size == 0)
		return 0;
	while (i < len && s[i] && o + 1 < size) {
		size_t n = utf8_len(s + i, len - i);
		bool ctrl = n == 1 && (s[i] < 0x20 || s[i] == 0x7f);

		if (n == 0 || ctrl) {
			dst[o++] = '?';
			i++;
			continue;
		}
		if (o + n >= size)
			break;
		memcpy(dst + o, s + i, n);
		o += n;
		i += n;
	}
	dst[o] = '\0';
	return o;
}

char *strclean_dup(const char *src, size_t len)
{
	size_t n = strnlen(src, len);
	char *d = malloc(n + 1);

	if (d)
		strclean_copy(d, n + 1, src, n);
	return d;
}
