/* SPDX-License-Identifier: GPL-2.0-or-later */
/* draw: clipped text, sparklines and bars; colour when the terminal has it,
 * bold/reverse otherwise, ASCII when the locale is not UTF-8. */
#include "config.h"

#include "draw.h"

#include <curses.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>

#include "base/strclean.h"

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

void draw_style(bool color, enum draw_style style)
{
	if (color && style != STYLE_NORMAL)
		attrset(COLOR_PAIR(style) | styles[style].color_extra);
	else
		attrset(styles[style].mono);
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

#define RUN_MAX 128

/* Append WC to RUN, adding the run to the screen when it is full. */
static void run_push(wchar_t *run, int *k, wchar_t wc)
{
	run[(*k)++] = wc;
	if (*k == RUN_MAX) {
		addnwstr(run, *k);
		*k = 0;
	}
}

/* Decodes S into runs of wide characters and adds each run at once: one
 * strlen for the whole string, one curses call per run. */
int draw_text(int y, int x, int maxw, const char *s)
{
	mbstate_t st;
	wchar_t run[RUN_MAX];
	size_t left = strlen(s);
	int used = 0, k = 0;

	memset(&st, 0, sizeof(st));
	move(y, x);
	while (left && used < maxw) {
		unsigned char c = (unsigned char)*s;
		wchar_t wc;
		size_t n;
		int cw;

		if (c < 0x80 && mbsinit(&st)) {
			/* ASCII, most of the screen: a control is '?' as
			 * wcwidth's -1 makes it below */
			run_push(run, &k, c >= 0x20 && c != 0x7f ? (wchar_t)c :
				 L'?');
			used++;
			s++;
			left--;
			continue;
		}
		n = mbrtowc(&wc, s, left, &st);
		if (n == (size_t)-1 || n == (size_t)-2 || n == 0) {
			wc = L'?';
			n = 1;
			memset(&st, 0, sizeof(st));
		}
		cw = wcwidth(wc);
		/* Kernel and file text: bidi and format characters (zero
		 * width to wcwidth) would reorder the screen. */
		if (cw < 0 || strclean_is_format((unsigned)wc))
			wc = L'?', cw = 1;
		if (used + cw > maxw)
			break;
		run_push(run, &k, wc);
		used += cw;
		s += n;
		left -= n;
	}
	if (k)
		addnwstr(run, k);
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
	if (w > 0)
		mvhline(y, x, ' ', w);
}

void draw_sparkline(int y, int x, int w, const double *v, size_t n,
		    bool utf8)
{
	static const wchar_t blocks[] = L" \u2581\u2582\u2583\u2584\u2585\u2586\u2587\u2588";
	static const char ascii[] = " ._-=+*#%";
	double max = 0;
	size_t i, first = n > (size_t)w ? n - (size_t)w : 0;

	for (i = first; i < n; i++)
		if (v[i] > max)
			max = v[i];
	move(y, x);
	for (i = 0; i + (n - first) < (size_t)w; i++)
		addch(' ');
	for (i = first; i < n; i++) {
		int lvl = max > 0 ? (int)(v[i] / max * 8.0 + 0.5) : 0;

		if (lvl == 0 && v[i] > 0)
			lvl = 1;
		if (utf8)
			addnwstr(&blocks[lvl], 1);
		else
			addch((chtype)(unsigned char)ascii[lvl]);
	}
}

void draw_bar(int y, int x, int w, double pct, bool utf8)
{
	int fill = (int)(pct / 100.0 * w + 0.5), i;
	static const wchar_t full = L'\u2588', light = L'\u2591';

	if (fill > w)
		fill = w;
	move(y, x);
	for (i = 0; i < w; i++) {
		if (utf8)
			addnwstr(i < fill ? &full : &light, 1);
		else
			addch(i < fill ? '|' : ' ');
	}
}
