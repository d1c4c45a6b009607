/* SPDX-License-Identifier: GPL-2.0-or-later */
/* tunecheck: the allowed values of a tunable (the kernel's own lists and
 * ranges) and the rounding of a frequency limit to a listed step. */
#include "config.h"

#include "tune/tunecheck.h"

#include <errno.h>
#include <string.h>

#include "base/numparse.h"

static bool blank(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

/* The next word of S..END after *POS without brackets: its start, its
 * length in *WLEN; NULL at the end. */
static const char *next_word(const char *s, size_t len, size_t *pos,
			     size_t *wlen)
{
	size_t i = *pos, b;

	while (i < len && (blank(s[i]) || s[i] == '['))
		i++;
	if (i >= len)
		return NULL;
	b = i;
	while (i < len && !blank(s[i]) && s[i] != ']')
		i++;
	*wlen = i - b;
	while (i < len && s[i] == ']')
		i++;
	*pos = i;
	return s + b;
}

bool tunecheck_in_list(const char *list, size_t len, const char *word)
{
	size_t pos = 0, n, wl = strlen(word);
	const char *w;

	while ((w = next_word(list, len, &pos, &n)))
		if (n == wl && memcmp(w, word, n) == 0)
			return true;
	return false;
}

void tunecheck_words(const char *list, size_t len, char *dst, size_t size)
{
	size_t pos = 0, n, used = 0;
	const char *w;

	if (size)
		dst[0] = '\0';
	while ((w = next_word(list, len, &pos, &n)) &&
	       used + (used ? 1 : 0) + n < size) {
		if (used)
			dst[used++] = ' ';
		memcpy(dst + used, w, n);
		used += n;
		dst[used] = '\0';
	}
}

int tunecheck_parse_steps(const char *buf, size_t len, uint64_t *out,
			  size_t max)
{
	size_t pos = 0, n, count = 0;
	const char *w;

	while ((w = next_word(buf, len, &pos, &n))) {
		if (count == max)
			return -EINVAL;
		if (numparse_u64(w, w + n, &out[count]) || out[count] == 0)
			return -EINVAL;
		count++;
	}
	return (int)count;
}

int tunecheck_khz(uint64_t v, bool is_max, uint64_t lo, uint64_t hi,
		  const uint64_t *steps, size_t n, uint64_t *out)
{
	uint64_t best = 0;
	size_t i;

	if ((lo && v < lo) || (hi && v > hi))
		return -EDOM;
	for (i = 0; i < n; i++) {
		if (is_max ? steps[i] > v : steps[i] < v)
			continue;
		if (!best || (is_max ? steps[i] > best : steps[i] < best))
			best = steps[i];
	}
	*out = best ? best : v;
	return 0;
}
