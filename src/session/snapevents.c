/* SPDX-License-Identifier: GPL-2.0-or-later */
/* snapevents: governor and IRQ affinity changes as events of the session
 * (doc/snapshot.md, "events"), found by comparing each tick with the one
 * before; a replay asks for the value at its cursor. */
#include "config.h"

#include "session/snapevents.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "base/strclean.h"

void snapevents_init(struct snapevents *e)
{
	e->list = json_array();
	e->last = json_object();
}

void snapevents_fini(struct snapevents *e)
{
	json_decref(e->list);
	json_decref(e->last);
	e->list = e->last = NULL;
}

/* VALUE of KIND for TARGET at T_MS: an event when it changed. */
static int note(struct snapevents *e, int64_t t_ms, const char *kind,
		const char *target, const char *value)
{
	char key[96], clean[64];
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

int snapevents_feed(struct snapevents *e, int64_t t_ms,
		    const struct sample *cur, const struct hwmodel *hw)
{
	char t[24], v[64];
	size_t i;
	int rc = e->list && e->last ? 0 : -ENOMEM;

	for (i = 0; hw && rc == 0 && i < hw->clusters.n; i++) {
		const struct cluster *c = &hw->clusters.v[i];

		snprintf(t, sizeof(t), "%u", c->policy);
		if (c->has_freq && c->freq.governor)
			rc = note(e, t_ms, "governor", t, c->freq.governor);
	}
	for (i = 0; cur && cur->aff && rc == 0 && i < cur->irqs.nrows; i++) {
		if (!cur->irqs.rows[i].numeric || !cur->aff[i].has_affinity)
			continue;
		cpulist_format(&cur->aff[i].affinity, v, sizeof(v));
		rc = note(e, t_ms, "affinity", cur->irqs.rows[i].key, v);
	}
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
