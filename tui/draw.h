/* SPDX-License-Identifier: GPL-2.0-or-later */
/* draw: small drawing helpers shared by the panels (ncursesw).  They draw
 * into the frame of frame.h between frame_begin and frame_end (screen.c's
 * screen_draw), and nowhere outside it. */
#ifndef BENCHTOP_DRAW_H
#define BENCHTOP_DRAW_H

#include <stdbool.h>
#include <stddef.h>

enum draw_style {
	STYLE_NORMAL,
	STYLE_HEADER,		/* the top line and the key bar */
	STYLE_TITLE,		/* a section's column titles */
	STYLE_SELECTED,
	STYLE_GOOD,
	STYLE_WARN,
	STYLE_BAD,
	STYLE_DIM,
	STYLE_NSTYLES
};

/* Set up colour pairs (when COLOR) or monochrome attributes. */
void draw_init_styles(bool color);

/* Turn STYLE on for what follows (COLOR: whether colours are in use). */
void draw_style(bool color, enum draw_style style);

struct frame_key;

/* Row Y is drawn from K as in the last frame: true, and its calls are
 * taken from there (frame.h: frame_row_kept); false: draw it, then
 * draw_row_keep(Y). */
bool draw_row_kept(int y, const struct frame_key *k);
void draw_row_keep(int y);

/* Give columns X to X+W-1 of row Y STYLE's attributes (the text kept). */
void draw_restyle(int y, int x, int w, bool color, enum draw_style style);

/* Print S at (Y, X), cut to MAXW terminal columns (UTF-8 aware); returns
 * the columns used. */
int draw_text(int y, int x, int maxw, const char *s);

/* printf-style draw_text. */
int draw_fmt(int y, int x, int maxw, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

/* Fill row Y from X to X+W-1 with blanks in the current style. */
void draw_fill(int y, int x, int w);

/* A sparkline of the N values V (oldest first) in W columns, scaled to
 * the largest; block characters in UTF-8, ".:-=+*#" otherwise. */
void draw_sparkline(int y, int x, int w, const double *v, size_t n,
		    bool utf8);

/* A bar of W columns filled to PCT percent. */
void draw_bar(int y, int x, int w, double pct, bool utf8);

/* Terminal columns S takes (UTF-8). */
int draw_width(const char *s);

#endif
