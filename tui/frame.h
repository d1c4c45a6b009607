/* SPDX-License-Identifier: GPL-2.0-or-later */
/* frame: a frame as each row's drawing calls; at the end only the rows
 * whose calls differ from the last frame's are handed to curses. */
#ifndef BENCHTOP_FRAME_H
#define BENCHTOP_FRAME_H

#include <stdbool.h>
#include <stddef.h>
#include <wchar.h>

#include "base/buf.h"

/* What a row is drawn from, as bytes (frame_row_kept). */
#define FRAME_KEY_MAX 1024
struct frame_key {
	size_t n;
	bool over;		/* did not fit: never equal */
	unsigned char b[FRAME_KEY_MAX];
};

struct frame_rowkey;

struct frame {
	struct buf *row;	/* 2 x rows: the calls of two frames */
	struct frame_rowkey *key;	/* 2 x rows: what each was drawn from */
	int rows, cols;		/* the size they were drawn at */
	int cur;		/* 0 or 1: the half being drawn */
	unsigned long attr;	/* the attributes set by draw_style */
	bool redraw;		/* every row handed to curses at the end */
};

/* Start a frame of the terminal's size (a new size: every row is drawn
 * again); the draw_ calls until frame_end go into it. */
void frame_begin(struct frame *f);

/* Hand the rows that changed to curses (the caller refreshes). */
void frame_end(struct frame *f);

/* Every row goes to curses at the next frame_end (a real redraw). */
void frame_redraw(struct frame *f);

void frame_free(struct frame *f);

/* An empty key; N bytes at P, a string S (its length and bytes) added. */
void frame_key_init(struct frame_key *k);
void frame_key_add(struct frame_key *k, const void *p, size_t n);
void frame_key_str(struct frame_key *k, const char *s);

/* Row Y is drawn from K: true when nothing is drawn on it yet in this
 * frame and the last frame drew it from the same K in the same style,
 * its calls and the style after them then taken from the last frame
 * (the caller draws nothing); else false, and
 * the caller draws it and then calls frame_row_keep, so that the calls
 * made since are what K gives next time. */
bool frame_row_kept(struct frame *f, int y, const struct frame_key *k);
void frame_row_keep(struct frame *f, int y);

/* The frame being drawn, or NULL (draw.c then calls curses at once). */
struct frame *frame_active(void);

/* The calls draw.c records (Y, X on screen, N columns or characters).
 * Text: room for MAX bytes of cleaned UTF-8 at (Y, X), or NULL when
 * (Y, X) is off the frame; then frame_text_done with the bytes used. */
char *frame_text_room(struct frame *f, int y, int x, size_t max);
void frame_text_done(struct frame *f, int y, size_t n);
void frame_fill(struct frame *f, int y, int x, int w);
void frame_wide(struct frame *f, int y, int x, const wchar_t *s, size_t n);
void frame_ascii(struct frame *f, int y, int x, const char *s, size_t n);
void frame_restyle(struct frame *f, int y, int x, int w,
		   unsigned long attr, short pair);

#endif
