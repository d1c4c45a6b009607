/* SPDX-License-Identifier: GPL-2.0-or-later */
/* wrap: word wrapping by terminal columns for the live screen's hints and
 * messages (wcwidth per character, a word longer than the width is cut
 * inside). */
#include "config.h"

#include "wrap.h"

#include <string.h>
#include <wchar.h>

#include "draw.h"

size_t wrap_line(const char *s, int w, size_t *next)
{
	size_t len = strlen(s), i = 0, brk = 0;
	mbstate_t st;
	int used = 0;

	memset(&st, 0, sizeof(st));
	while (i < len) {
		wchar_t wc;
		size_t n = mbrtowc(&wc, s + i, len - i, &st);
		int cw;

		if (n == (size_t)-1 || n == (size_t)-2 || n == 0) {
			n = 1;
			cw = 1;
			memset(&st, 0, sizeof(st));
		} else {
			cw = wcwidth(wc) < 0 ? 1 : wcwidth(wc);
		}
		if (s[i] == ' ')
			brk = i;
		if (used + cw > w && i > 0) {
			if (s[i] == ' ' || brk == 0)
				brk = i;
			break;
		}
		used += cw;
		i += n;
	}
	if (i >= len)
		brk = len;
	*next = brk;
	while (s[*next] == ' ')
		(*next)++;
	return brk;
}

int wrap_count(const char *s, int w)
{
	size_t next;
	int n = 0;

	while (*s) {
		wrap_line(s, w, &next);
		s += next ? next : 1;
		n++;
	}
	return n;
}

int wrap_draw(int y, int x, int w, int maxlines, const char *s)
{
	char line[512];
	size_t len, next;
	int n = 0;

	while (*s && n < maxlines) {
		len = wrap_line(s, w, &next);
		if (len >= sizeof(line))
			len = sizeof(line) - 1;
		memcpy(line, s, len);
		line[len] = '\0';
		draw_text(y + n, x, w, line);
		s += next ? next : 1;
		n++;
	}
	return n;
}
