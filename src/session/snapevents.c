/* SPDX-License-Identifier: GPL-2.0-or-later */
/* snapevents: governor and IRQ affinity changes as events of the session
 * (doc/snapshot.md, "events"), found by comparing each tick with the one
 * before; a replay asks for the value at its cursor. */
#include "config.h"

#include "session/snapevents.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/strclean.h"

void snapevents_init(struct snapevents *e)
{
	e->list = json_array();
	e->last = json_object();
	e->aff = NULL;
	e->naff = 0;
}

void snapevents_fini(struct snapevents *e)
{
	json_decref(e->list);
	json_decref(e->last);
	e->list = e->last = NULL;
	free(e->aff);
	e->aff = NULL;
	e->naff = 0;
}

/* VALUE of KIND for TARGET at T_MS: an event when it changed. */
static int note(struct snapevents *e, int64_t t_ms, const char *kind,
		const char *target, const char *value)
{
	char key[96], clean[SNAPEVENTS_VALUE];
	const char *was;

	strclean_copy(clean, sizeof(clean), value, strlen(value));
	snprintf(key, sizeof(key), "%s:%s", kind, target);
	was = json_string_value(json_object_get(e->last, key));
	if (was && strcmp(was, clean) &&
	    json_array_append_new(e->list, json_pack("{s:I s:s s:s s:s s:s}",
		"t_ms", (json_int_t)t_ms, "kind", kind, "target", target,
		"old", was, "new", clean)))
		return -ENOMEM;
	if (!was || strcmp(was, clean))
		return json_object_set_new(e->last, key, json_string(clean)) ?
		       -ENOMEM : 0;
	return 0;
}

/* Room in E's affinity cache for N rows, new ones empty; 0 or -ENOMEM. */
static int aff_cache(struct snapevents *e, size_t n)
{
	struct snapevents_aff *a;

	if (n <= e->naff)
		return 0;
	a = realloc(e->aff, n * sizeof(*a));
	if (!a)
		return -ENOMEM;
	for (size_t i = e->naff; i < n; i++)
		a[i].irq = UINT_MAX;
	e->aff = a;
	e->naff = n;
	return 0;
}

/* Whether the cache's words hold all of S (no CPU above 255). */
static bool kept_whole(const struct cpuset *s)
{
	size_t k;

	for (k = SNAPEVENTS_AFF_WORDS; k < CPUSET_MAX / 64; k++)
		if (s->bits[k])
			return false;
	return true;
}

/* Row I's affinity: noted when it is not the one noted last (a tick reads
 * the affinities every 10 s only: most ticks format none). */
static int feed_affinity(struct snapevents *e, int64_t t_ms,
			 const struct sample *cur, size_t i)
{
	const struct irq_row *r = &cur->irqs.rows[i];
	const struct cpuset *set = &cur->aff[i].affinity;
	struct snapevents_aff *c = &e->aff[i];
	char v[SNAPEVENTS_VALUE];
	int rc;

	if (!r->numeric || !cur->aff[i].has_affinity) {
		c->irq = UINT_MAX;
		return 0;
	}
	if (c->irq == r->irq && !memcmp(c->bits, set->bits, sizeof(c->bits)))
		return 0;
	cpulist_format(set, v, sizeof(v));
	rc = note(e, t_ms, "affinity", r->key, v);
	c->irq = rc || !kept_whole(set) ? UINT_MAX : r->irq;
	memcpy(c->bits, set->bits, sizeof(c->bits));
	return rc;
}

int snapevents_feed(struct snapevents *e, int64_t t_ms,
		    const struct sample *cur, const struct hwmodel *hw)
{
	char t[24];
	size_t i;
	int rc = e->list && e->last ? 0 : -ENOMEM;

	for (i = 0; hw && rc == 0 && i < hw->clusters.n; i++) {
		const struct cluster *c = &hw->clusters.v[i];

		snprintf(t, sizeof(t), "%u", c->policy);
		if (c->has_freq && c->freq.governor)
			rc = note(e, t_ms, "governor", t, c->freq.governor);
	}
	if (rc == 0 && cur && cur->aff)
		rc = aff_cache(e, cur->irqs.nrows);
	for (i = 0; cur && cur->aff && rc == 0 && i < cur->irqs.nrows; i++)
		rc = feed_affinity(e, t_ms, cur, i);
	return rc;
}

const char *snapevents_at(const json_t *list, const char *kind,
			  const char *target, int64_t t_ms)
{
	const json_t *ev;
	size_t i;

	json_array_foreach(list, i, ev) {
		const char *k = json_string_value(json_object_get(ev, "kind"));
		const char *g = json_string_value(json_object_get(ev,
								  "target"));

		if (k && g && !strcmp(k, kind) && !strcmp(g, target) &&
		    json_integer_value(json_object_get(ev, "t_ms")) > t_ms)
			return json_string_value(json_object_get(ev, "old"));
	}
	return NULL;
}
