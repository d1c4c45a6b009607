/* SPDX-License-Identifier: GPL-2.0-or-later */
/* textwrap: put a sentence on a terminal of a given width, broken at
 * spaces under the column it belongs to. */
#include "config.h"

#include "base/textwrap.h"

#include <string.h>

/* Whether byte C starts a character (is not 10xxxxxx). */
static int starts(unsigned char c)
{
	return (c & 0xc0) != 0x80;
}

size_t textwrap_cols(const char *s)
{
	size_t n = 0;

	for (; s && *s; s++)
		n += (size_t)starts((unsigned char)*s);
	return n;
}

/* A new line of INDENT spaces; the cursor's column. */
static size_t newline(FILE *f, size_t indent, size_t *lines)
{
	fprintf(f, "\n%*s", (int)indent, "");
	++*lines;
	return indent;
}

size_t textwrap_put(FILE *f, size_t col, size_t indent, size_t width,
		    const char *s)
{
	size_t lines = 1, len, cols;
	int first = 1;

	if (indent + 1 > width)
		width = indent + 1;	/* a column a line at least */
	while (s && *s) {
		s += strspn(s, " ");
		len = strcspn(s, " ");
		if (!len)
			break;
		cols = textwrap_cols(s) - textwrap_cols(s + len);
		if (!first && col + 1 + cols <= width)
			col += (size_t)fprintf(f, " ");
		else if (!first || (col + cols > width && col > indent))
			col = newline(f, indent, &lines);
		/* a word wider than a line (a path) goes whole on a line of
		 * its own: the terminal wraps it, and it copies whole */
		fwrite(s, 1, len, f);
		col += cols;
		s += len;
		first = 0;
	}
	fputc('\n', f);
	return lines;
}

void textwrap_put_path(FILE *f, size_t width, const char *s,
		       const char *path)
{
	size_t n = strlen(s), head;
	const char *p = NULL, *q;

	while (n && s[n - 1] == '\n')
		n--;
	for (q = s; path[0] && (q = strstr(q, path)) && q < s + n; q++)
		p = q;	/* the last time the path appears */
	/* (the dropped newlines count a column each in textwrap_cols) */
	if (!p || textwrap_cols(s) - (strlen(s) - n) <= width) {
		fprintf(f, "%.*s\n", (int)n, s);
		return;
	}
	for (head = (size_t)(p - s); head && s[head - 1] == ' '; head--)
		;
	if (!head) {	/* the path leads: no better place to break */
		fprintf(f, "%.*s\n", (int)n, s);
		return;
	}
	fprintf(f, "%.*s\n  %s", (int)head, s, path);
	q = p + strlen(path);
	fprintf(f, "%.*s\n", (int)(s + n - q), q);
}
