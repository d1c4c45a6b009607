/* SPDX-License-Identifier: GPL-2.0-or-later */
/* tunecheck: whether a tuning value is one the kernel offers - a governor
 * or scheduler of its list, a frequency inside the CPUs' range - and the
 * frequency step a limit between steps becomes (pure, over buffers). */
#ifndef BENCHTOP_TUNECHECK_H
#define BENCHTOP_TUNECHECK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define TUNECHECK_STEPS 64

/* Whether WORD is one of the blank-separated words of LIST (LEN bytes);
 * brackets around a word ("[mq-deadline]") are not part of it. */
bool tunecheck_in_list(const char *list, size_t len, const char *word);

/* LIST's words, brackets dropped, one blank between them, into DST. */
void tunecheck_words(const char *list, size_t len, char *dst, size_t size);

/* The kHz numbers of a scaling_available_frequencies file into OUT (at
 * most MAX, in the file's order); returns how many, or -EINVAL. */
int tunecheck_parse_steps(const char *buf, size_t len, uint64_t *out,
			  size_t max);

/*
 * Check limit V (kHz; IS_MAX: a maximum) against the CPUs' range LO..HI
 * (0: unknown) and round it to the step the kernel resolves it to when
 * the N STEPS are listed: a maximum to the highest step at or below it, a
 * minimum to the lowest at or above it.  The value to write goes to OUT;
 * returns 0, or -EDOM when V is outside LO..HI.
 */
int tunecheck_khz(uint64_t v, bool is_max, uint64_t lo, uint64_t hi,
		  const uint64_t *steps, size_t n, uint64_t *out);

#endif
