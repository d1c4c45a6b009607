/* SPDX-License-Identifier: GPL-2.0-or-later */
/* mdcell: one cell of a Markdown table, for the report, the compare and
 * the benchmark tables alike. */
#ifndef BENCHTOP_MDCELL_H
#define BENCHTOP_MDCELL_H

#include <stdio.h>

/* A Markdown table cell " S |" to F; a '|' in S, which would end the
 * cell, is escaped. */
void mdcell_put(FILE *f, const char *s);

#endif
