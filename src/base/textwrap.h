/* SPDX-License-Identifier: GPL-2.0-or-later */
/* textwrap: put a sentence on a terminal of a given width, broken at
 * spaces under the column it belongs to. */
#ifndef BENCHTOP_TEXTWRAP_H
#define BENCHTOP_TEXTWRAP_H

#include <stddef.h>
#include <stdio.h>

/* The columns S takes on a terminal: its UTF-8 characters (a byte that
 * continues a sequence takes none). */
size_t textwrap_cols(const char *s);

/*
 * Write S to F, the cursor being at column COL, and end the line: words
 * go on while they fit in WIDTH columns, each further line starts with
 * INDENT spaces; a word longer than a line (a path) goes whole on a line
 * of its own, never cut.  When even the first word does not fit after
 * COL, S starts on a new line.  Runs of spaces between words become
 * one.  Returns the lines written.
 */
size_t textwrap_put(FILE *f, size_t col, size_t indent, size_t width,
		    const char *s);

/*
 * Write the sentence S (one line; a last newline is dropped) to F and end
 * the line: as it is when it fits WIDTH columns, else broken before PATH,
 * which goes whole on a line of its own, two spaces in - a path is never
 * cut (the terminal wraps it, and it copies whole).
 */
void textwrap_put_path(FILE *f, size_t width, const char *s,
		       const char *path);

#endif
