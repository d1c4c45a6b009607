/* SPDX-License-Identifier: GPL-2.0-or-later */
/* strclean: USB product names, IRQ action names and other kernel strings
 * never reach the terminal raw; escape sequences, bidi and other format
 * characters become '?'. */
#include "config.h"

#include "base/strclean.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

/* Unicode's format characters and line/paragraph separators (categories
 * Cf, Zl, Zp; Unicode 15): bidi overrides and isolates (U+202A..U+202E,
 * U+2066..U+2069), marks (U+200E/F, U+061C), U+2028/2029, zero-width
 * characters.  A device string holding them could reorder or break what
 * the screen shows. */
static const struct { unsigned lo, hi; } format_chars[] = {
	{ 0x00ad, 0x00ad }, { 0x0600, 0x0605 }, { 0x061c, 0x061c },
	{ 0x06dd, 0x06dd }, { 0x070f, 0x070f }, { 0x0890, 0x0891 },
	{ 0x08e2, 0x08e2 }, { 0x180e, 0x180e }, { 0x200b, 0x200f },
	{ 0x2028, 0x202e }, { 0x2060, 0x2064 }, { 0x2066, 0x206f },
	{ 0xfeff, 0xfeff }, { 0xfff9, 0xfffb }, { 0x110bd, 0x110bd },
	{ 0x110cd, 0x110cd }, { 0x13430, 0x1343f }, { 0x1bca0, 0x1bca3 },
	{ 0x1d173, 0x1d17a }, { 0xe0001, 0xe0001 }, { 0xe0020, 0xe007f },
};

bool strclean_is_format(unsigned cp)
{
	size_t i;

	for (i = 0; i < sizeof(format_chars) / sizeof(format_chars[0]); i++)
		if (cp >= format_chars[i].lo && cp <= format_chars[i].hi)
			return true;
	return false;
}

/* Length of a valid UTF-8 sequence at S (at most AVAIL bytes), or 0;
 * *FORMAT tells whether it is a format character (is_format). */
size_t strclean_utf8_len(const unsigned char *s, size_t avail, bool *format)
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
	*format = strclean_is_format(cp);
	return n;
}

size_t strclean_copy(char *dst, size_t size, const char *src, size_t len)
{
	const unsigned char *s = (const unsigned char *)src;
	size_t i = 0, o = 0;

	if (size == 0)
		return 0;
	while (i < len && s[i] && o + 1 < size) {
		bool format = false;
		size_t n = strclean_utf8_len(s + i, len - i, &format);
		bool ctrl = n == 1 && (s[i] < 0x20 || s[i] == 0x7f);

		if (n == 0 || ctrl || format) {
			dst[o++] = '?';
			i += format ? n : 1;
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
