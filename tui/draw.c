/* SPDX-License-Identifier: GPL-2.0-or-later */
/* draw: clipped text, sparklines and bars; colour when the terminal has it,
 * bold/reverse otherwise, ASCII when the locale is not UTF-8. */
#include "config.h"

#include "draw.h"

#include <ctype.h>
#include <curses.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>

#include "base/strclean.h"
#include "frame.h"

struct style_def {
	short fg, bg;
	attr_t color_extra;	/* added to the colour pair */
	attr_t mono;		/* used without colour */
};

/* Colours and their monochrome stand-ins, indexed by enum draw_style. */
static const struct style_def styles[STYLE_NSTYLES] = {
	[STYLE_NORMAL] = { -1, -1, A_NORMAL, A_NORMAL },
	[STYLE_HEADER] = { COLOR_BLACK, COLOR_CYAN, A_NORMAL, A_REVERSE },
	[STYLE_TITLE] = { COLOR_GREEN, -1, A_BOLD, A_BOLD },
	[STYLE_SELECTED] = { COLOR_BLACK, COLOR_YELLOW, A_NORMAL, A_REVERSE },
	[STYLE_GOOD] = { COLOR_GREEN, -1, A_NORMAL, A_NORMAL },
	[STYLE_WARN] = { COLOR_YELLOW, -1, A_BOLD, A_BOLD },
	[STYLE_BAD] = { COLOR_RED, -1, A_BOLD, A_BOLD | A_UNDERLINE },
	[STYLE_DIM] = { COLOR_BLUE, -1, A_BOLD, A_NORMAL },
};

void draw_init_styles(bool color)
{
	short i;

	if (!color)
		return;
	use_default_colors();
	for (i = 1; i < STYLE_NSTYLES; i++)
		init_pair(i, styles[i].fg, styles[i].bg);
}

static attr_t style_attr(bool color, enum draw_style style)
{
	if (color && style != STYLE_NORMAL)
		return COLOR_PAIR(style) | styles[style].color_extra;
	return styles[style].mono;
}

bool draw_row_kept(int y, const struct frame_key *k)
{
	return frame_row_kept(frame_active(), y, k);
}

void draw_row_keep(int y)
{
	frame_row_keep(frame_active(), y);
}

void draw_style(bool color, enum draw_style style)
{
	struct frame *f = frame_active();

	if (f)
		f->attr = style_attr(color, style);
}

void draw_restyle(int y, int x, int w, bool color, enum draw_style style)
{
	struct frame *f = frame_active();

	if (f)
		frame_restyle(f, y, x, w, color ? styles[style].color_extra :
			      styles[style].mono, color ? (short)style : 0);
}

int draw_width(const char *s)
{
	mbstate_t st;
	size_t left = strlen(s);
	int w = 0;

	memset(&st, 0, sizeof(st));
	while (left) {
		wchar_t wc;
		size_t n = mbrtowc(&wc, s, left, &st);
		int cw;

		if (n == (size_t)-1 || n == (size_t)-2 || n == 0)
			return w + (int)left;
		cw = wcwidth(wc);
		w += cw > 0 ? cw : 0;
		s += n;
		left -= n;
	}
	return w;
}

/* The next character of S (LEFT bytes): its bytes N, its columns, and
 * whether it is shown as '?' (a control, a bad sequence, a bidi or
 * format character: kernel and file text must not reorder the screen). */
static int next_char(const char *s, size_t left, mbstate_t *st, size_t *n,
		     bool *bad)
{
	unsigned char c = (unsigned char)*s;
	wchar_t wc;
	int cw;

	*n = 1;
	if (c < 0x80) {	/* a sequence is decoded whole or ST reset */
		*bad = c < 0x20 || c == 0x7f;
		return 1;
	}
	*n = mbrtowc(&wc, s, left, st);
	if (*n == (size_t)-1 || *n == (size_t)-2 || *n == 0) {
		*n = 1;
		memset(st, 0, sizeof(*st));
		*bad = true;
		return 1;
	}
	cw = wcwidth(wc);
	*bad = cw < 0 || strclean_is_format((unsigned)wc);
	return *bad ? 1 : cw;
}

/* Cleans S into the frame's row: one strlen for the whole string, the
 * bytes that fit copied as they are (the cleaned never outgrow S).  Text
 * the screen's right edge cuts ends after its last whole word with a ">"
 * (a text that starts with the word cut is only the ">"),
 * as the IRQ screen marks CPU columns it has no room for: a figure cut
 * short ("31" of 31.0 C, "USB 50" of 5000M) would read as another.  A
 * long word (a name) the edge cuts keeps what fits, and the ">". */
int draw_text(int y, int x, int maxw, const char *s)
{
	struct frame *f = frame_active();
	mbstate_t st;
	size_t left = strlen(s), o = 0, word_o = 0, edge_o = 0, part_o = 0;
	char *out = NULL;
	int used = 0, word_used = 0, edge_used = -1, part_used = -1;

	if (f && maxw > f->cols - x)
		maxw = f->cols - x;
	if (f && left && maxw > 0)
		out = frame_text_room(f, y, x, left);
	memset(&st, 0, sizeof(st));
	while (left && used < maxw) {
		size_t n;
		bool bad;
		int cw;

		/* printable ASCII: most of the screen */
		if ((unsigned char)*s >= 0x20 && (unsigned char)*s < 0x7f) {
			if (*s == ' ') {	/* ">" may stand here */
				word_o = o;
				word_used = used;
			} else if (strchr(".-_:/,", *s) && left > 1 &&
				   !isdigit((unsigned char)s[1])) {
				part_o = o;	/* or here, in a long word: */
				part_used = used;	/* "ff6d0000.dma>" */
			}
			if (used + 1 == maxw) {
				edge_o = o;	/* the last column, for ">" */
				edge_used = used;
			}
			if (out)
				out[o++] = *s;
			used++;
			s++;
			left--;
			continue;
		}
		cw = next_char(s, left, &st, &n, &bad);

		if (used + cw > maxw)
			break;
		if (used + cw > maxw - 1 && edge_used < 0) {
			edge_o = o;
			edge_used = used;
		}
		if (out && bad)
			out[o++] = '?';
		else if (out)
			memcpy(out + o, s, n), o += n;
		used += cw;
		s += n;
		left -= n;
	}
	if (out && left && x + maxw >= f->cols && strspn(s, " ") < left) {
		if (used - word_used <= 16) {
			o = word_o;	/* end before the word cut */
			used = word_used + 1;
		} else if (part_used > word_used) {
			o = part_o;	/* a long word: before its last part */
			used = part_used + 1;
		} else {
			o = edge_o;	/* a long word: what fits */
			used = edge_used + 1;
		}
		out[o++] = '>';
	}
	if (out)
		frame_text_done(f, y, o);
	return used;
}

int draw_fmt(int y, int x, int maxw, const char *fmt, ...)
{
	char line[1024];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(line, sizeof(line), fmt, ap);
	va_end(ap);
	return draw_text(y, x, maxw, line);
}

void draw_fill(int y, int x, int w)
{
	struct frame *f = frame_active();

	if (f && w > f->cols - x)
		w = f->cols - x;
	if (f && w > 0)
		frame_fill(f, y, x, w);
}

#define CELLS_MAX 512	/* a sparkline's or a bar's columns */

/* The W characters of a sparkline or a bar: wide (UTF-8) or single-byte. */
static void put_cells(int y, int x, const wchar_t *wide, const char *narrow,
		      int w)
{
	struct frame *f = frame_active();

	if (!f)
		return;
	if (w > f->cols - x)
		w = f->cols - x;
	if (w <= 0)
		return;
	if (wide)
		frame_wide(f, y, x, wide, (size_t)w);
	else
		frame_ascii(f, y, x, narrow, (size_t)w);
}

void draw_sparkline(int y, int x, int w, const double *v, size_t n,
		    bool utf8)
{
	static const wchar_t blocks[] = L" \u2581\u2582\u2583\u2584\u2585\u2586\u2587\u2588";
	static const char ascii[] = " ._-=+*#%";
	wchar_t wide[CELLS_MAX];
	char narrow[CELLS_MAX];
	double max = 0;
	size_t i, first;
	int k = 0;

	if (w > CELLS_MAX)
		w = CELLS_MAX;
	if (w <= 0)
		return;
	first = n > (size_t)w ? n - (size_t)w : 0;
	for (i = first; i < n; i++)
		if (v[i] > max)
			max = v[i];
	for (i = 0; i + (n - first) < (size_t)w; i++, k++)
		wide[k] = L' ', narrow[k] = ' ';
	for (i = first; i < n; i++, k++) {
		int lvl = max > 0 ? (int)(v[i] / max * 8.0 + 0.5) : 0;

		if (lvl == 0 && v[i] > 0)
			lvl = 1;
		wide[k] = blocks[lvl];
		narrow[k] = ascii[lvl];
	}
	put_cells(y, x, utf8 ? wide : NULL, narrow, k);
}

void draw_bar(int y, int x, int w, double pct, bool utf8)
{
	int fill = (int)(pct / 100.0 * w + 0.5), i;
	wchar_t wide[CELLS_MAX];
	char narrow[CELLS_MAX];

	if (w > CELLS_MAX)
		w = CELLS_MAX;
	if (fill > w)
		fill = w;
	for (i = 0; i < w; i++) {
		wide[i] = i < fill ? L'\u2588' : L'\u2591';
		narrow[i] = i < fill ? '|' : ' ';
	}
	if (w > 0)
		put_cells(y, x, utf8 ? wide : NULL, narrow, w);
}
