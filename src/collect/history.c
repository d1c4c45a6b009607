/* SPDX-License-Identifier: GPL-2.0-or-later */
/* history: a fixed ring of recent values per device, keyed by name; the
 * live screen draws them as sparklines. */
#include "config.h"

#include "collect/history.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#define HISTORY_STALE_TICKS 60

static struct history_series *find(const struct history *h, const char *key)
{
	size_t i;

	for (i = 0; i < h->n; i++)
		if (strcmp(h->s[i].key, key) == 0)
			return &h->s[i];
	return NULL;
}

void history_tick(struct history *h)
{
	size_t i = 0;

	h->tick++;
	while (i < h->n) {
		if (h->tick - h->s[i].seen > HISTORY_STALE_TICKS)
			h->s[i] = h->s[--h->n];
		else
			i++;
	}
}

int history_push(struct history *h, const char *key, double v)
{
	struct history_series *s = find(h, key);

	if (!s) {
		s = realloc(h->s, (h->n + 1) * sizeof(*s));
		if (!s)
			return -ENOMEM;
		h->s = s;
		s = &h->s[h->n++];
		memset(s, 0, sizeof(*s));
		strncpy(s->key, key, sizeof(s->key) - 1);
	}
	s->v[s->head] = v;
	s->head = (s->head + 1) % HISTORY_LEN;
	if (s->count < HISTORY_LEN)
		s->count++;
	s->seen = h->tick;
	return 0;
}

size_t history_get(const struct history *h, const char *key, double *out,
		   size_t max)
{
	const struct history_series *s = find(h, key);
	size_t n, i, start;

	if (!s)
		return 0;
	n = s->count < max ? s->count : max;
	start = (s->head + HISTORY_LEN - n) % HISTORY_LEN;
	for (i = 0; i < n; i++)
		out[i] = s->v[(start + i) % HISTORY_LEN];
	return n;
}

void history_free(struct history *h)
{
	free(h->s);
	memset(h, 0, sizeof(*h));
}
