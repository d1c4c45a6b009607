/* SPDX-License-Identifier: GPL-2.0-or-later */
/* wrap: where a line of text breaks to fit a width (UTF-8 aware), so a
 * hint or a sentence wraps instead of being cut. */
#ifndef BENCHTOP_WRAP_H
#define BENCHTOP_WRAP_H

#include <stddef.h>

/* The bytes of S that fit in W columns as one line, broken at the last
 * blank that fits (or inside a word longer than W); *NEXT gets where the
 * next line starts (blanks skipped). */
size_t wrap_line(const char *s, int w, size_t *next);

/* How many lines S takes wrapped at W columns. */
int wrap_count(const char *s, int w);

/* Draw S wrapped at W columns from row Y, column X, at most MAXLINES
 * lines; returns the lines drawn. */
int wrap_draw(int y, int x, int w, int maxlines, const char *s);

#endif
