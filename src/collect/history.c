/* SPDX-License-Identifier: GPL-2.0-or-later */
/* history: a fixed ring of recent values per device, keyed by name; the
 * live screen draws them as sparklines. */
#include "config.h"

#include "collect/history.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#define HISTORY_STALE_TICKS 60

#define NO_SLOT ((size_t)-1)

static size_t hash_key(const char *k)
{
	size_t x = 2166136261u;		/* FNV-1a */

	while (*k)
		x = (x ^ (unsigned char)*k++) * 16777619u;
	return x;
}

static void put(struct history *h, size_t i)
{
	size_t j = hash_key(h->s[i].key) & (h->cap - 1);

	while (h->idx[j] != NO_SLOT)
		j = (j + 1) & (h->cap - 1);
	h->idx[j] = i;
}

/* Index every series again, growing the index first when it is over half
 * full; 0 or -ENOMEM (then the old index is kept). */
static int reindex(struct history *h)
{
	size_t cap = h->cap ? h->cap : 16, i;

	while (cap < 2 * h->n)
		cap *= 2;
	if (cap != h->cap) {
		size_t *idx = malloc(cap * sizeof(*idx));

		if (!idx)
			return -ENOMEM;
		free(h->idx);
		h->idx = idx;
		h->cap = cap;
	}
	for (i = 0; i < h->cap; i++)
		h->idx[i] = NO_SLOT;
	for (i = 0; i < h->n; i++)
		put(h, i);
	return 0;
}

/* A hash look-up: one per device per tick, not a pass over them all. */
static struct history_series *find(const struct history *h, const char *key)
{
	size_t j;

	if (!h->cap)
		return NULL;
	for (j = hash_key(key) & (h->cap - 1); h->idx[j] != NO_SLOT;
	     j = (j + 1) & (h->cap - 1))
		if (strcmp(h->s[h->idx[j]].key, key) == 0)
			return &h->s[h->idx[j]];
	return NULL;
}

void history_tick(struct history *h)
{
	size_t i = 0, n = h->n;

	h->tick++;
	while (i < h->n) {
		if (h->tick - h->s[i].seen > HISTORY_STALE_TICKS)
			h->s[i] = h->s[--h->n];
		else
			i++;
	}
	if (h->n != n)
		reindex(h);	/* the index only shrinks: no allocation */
}

static struct history_series *add(struct history *h, const char *key)
{
	struct history_series *s = realloc(h->s, (h->n + 1) * sizeof(*s));

	if (!s)
		return NULL;
	h->s = s;
	s = &h->s[h->n++];
	memset(s, 0, sizeof(*s));
	strncpy(s->key, key, sizeof(s->key) - 1);
	if (2 * h->n > h->cap) {
		if (reindex(h)) {
			h->n--;
			return NULL;
		}
	} else {
		put(h, h->n - 1);
	}
	return s;
}

int history_push(struct history *h, const char *key, double v)
{
	struct history_series *s = find(h, key);

	if (!s && !(s = add(h, key)))
		return -ENOMEM;
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
	free(h->idx);
	memset(h, 0, sizeof(*h));
}
