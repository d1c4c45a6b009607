/* SPDX-License-Identifier: GPL-2.0-or-later */
/* snapupgrade: version 1 snapshots mapped to the keys, units and times of
 * version 2 (doc/json.md lists the decisions; this file is their table). */
#include "config.h"

#include "session/snapupgrade.h"

#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "base/jsondoc.h"

/* What version 2 renamed: a key (or a series channel's metric) and the
 * factor from the old unit to the new one. */
struct rename {
	const char *old, *new;
	double scale;
};

static const struct rename channel_renames[] = {
	{ ":util_permille", ":util_pct", 0.1 },	/* shares: percent */
	{ ":freq_mhz", ":freq_khz", 1000.0 },	/* frequencies: kHz */
};

static const struct rename cluster_renames[] = {	/* conditions */
	{ "cur_mhz", "cur_khz", 1000.0 },
	{ "max_mhz", "max_khz", 1000.0 },
};

#define NELEM(a) (sizeof(a) / sizeof((a)[0]))

static json_t *scaled(const json_t *v, double scale)
{
	double w = round(json_number_value(v) * scale * 10.0) / 10.0;

	if (w == floor(w) && fabs(w) < 9e15)
		return json_integer((json_int_t)w);
	return json_real(w);
}

static int rename_keys(json_t *o, const struct rename *t, size_t n)
{
	size_t i;

	for (i = 0; json_is_object(o) && i < n; i++) {
		json_t *v = json_object_get(o, t[i].old);

		if (!v || json_object_get(o, t[i].new))
			continue;
		if (json_object_set_new(o, t[i].new, json_is_number(v) ?
					scaled(v, t[i].scale) :
					json_incref(v)) ||
		    json_object_del(o, t[i].old))
			return -ENOMEM;
	}
	return 0;
}

/* An RFC 3339 UTC string for the epoch seconds or old local time in V. */
static json_t *utc_of(const json_t *v)
{
	char when[40];
	int64_t ms;

	if (json_is_integer(v))
		ms = (int64_t)json_integer_value(v) * 1000;
	else if (!json_is_string(v) ||
		 jsondoc_parse_time(json_string_value(v), &ms))
		return NULL;
	jsondoc_time(when, sizeof(when), (time_t)(ms / 1000));
	return json_string(when);
}

static int set_utc(json_t *o, const char *key)
{
	json_t *u = utc_of(json_object_get(o, key));

	return u ? json_object_set_new(o, key, u) : 0;
}

/* The scale of channel NAME's unit change, renaming it; 0 for none. */
static double channel_upgrade(json_t *names, size_t i)
{
	const char *n = json_string_value(json_array_get(names, i));
	size_t k, len, ol;
	char *to;

	for (k = 0; n && k < NELEM(channel_renames); k++) {
		len = strlen(n);
		ol = strlen(channel_renames[k].old);
		if (len < ol || strcmp(n + len - ol, channel_renames[k].old))
			continue;
		to = malloc(len - ol + strlen(channel_renames[k].new) + 1);
		if (!to)
			return -1;
		memcpy(to, n, len - ol);
		strcpy(to + len - ol, channel_renames[k].new);
		json_array_set_new(names, i, json_string(to));
		free(to);
		return channel_renames[k].scale;
	}
	return 0;
}

static void scale_column(json_t *tiers, size_t col, double scale)
{
	json_t *t, *row, *v;
	size_t i, j;

	json_array_foreach(tiers, i, t)
		json_array_foreach(json_object_get(t, "rows"), j, row)
			if (json_is_number(v = json_array_get(row, col + 2)))
				json_array_set_new(row, col + 2,
						   scaled(v, scale));
}

/* The newest row's time: version 1 did not record the series' start. */
static json_int_t newest_ms(const json_t *tiers)
{
	const json_t *rows = json_object_get(json_array_get(tiers, 0), "rows");
	const json_t *last = json_array_get(rows, json_array_size(rows) - 1);
	const json_t *t = json_array_get(last, 0);

	return json_is_integer(t) ? json_integer_value(t) : 0;
}

static int series_upgrade(json_t *s, const json_t *time)
{
	json_t *names = json_object_get(s, "channels");
	json_t *tiers = json_object_get(s, "tiers");
	char start[40];
	int64_t ms;
	size_t i;

	if (!json_is_object(s) || json_object_get(s, "start"))
		return 0;
	for (i = 0; i < json_array_size(names); i++) {
		double k = channel_upgrade(names, i);

		if (k < 0)
			return -ENOMEM;
		if (k > 0)
			scale_column(tiers, i, k);
	}
	/* Saved within one interval of the newest row: the start is that
	 * exact, which is all a version 1 file can tell. */
	if (!json_is_string(time) ||
	    jsondoc_parse_time(json_string_value(time), &ms))
		return json_object_set_new(s, "start", json_null());
	jsondoc_time_ms(start, sizeof(start), ms - newest_ms(tiers));
	return json_object_set_new(s, "start", json_string(start));
}

/* /proc/interrupts rows: "irq" was the row's key; now "key" is and
 * "irq" is the number (null for named rows). */
static int irqs_upgrade(json_t *irqs)
{
	json_t *q, *k;
	size_t i;

	json_array_foreach(irqs, i, q) {
		const char *s, *end;
		long n;

		if (!json_is_string(k = json_object_get(q, "irq")) ||
		    json_object_get(q, "key"))
			continue;
		s = json_string_value(k);
		n = strtol(s, (char **)&end, 10);
		if (json_object_set(q, "key", k) ||
		    json_object_set_new(q, "irq", *s && !*end && n >= 0 ?
					json_integer(n) : json_null()))
			return -ENOMEM;
	}
	return 0;
}

static int conditions_upgrade(json_t *c)
{
	static const char *const lists[] = { "clusters_start",
					     "clusters_end" };
	json_t *e;
	size_t i, k;
	int rc = set_utc(c, "time_start") || set_utc(c, "time_end");

	for (k = 0; !rc && k < NELEM(lists); k++)
		json_array_foreach(json_object_get(c, lists[k]), i, e)
			if ((rc = rename_keys(e, cluster_renames,
					      NELEM(cluster_renames))) != 0)
				break;
	return rc ? -ENOMEM : 0;
}

static int lists_upgrade(json_t *doc)
{
	json_t *e;
	size_t i;
	int rc = 0;

	json_array_foreach(json_object_get(doc, "journal"), i, e)
		if (json_is_object(e) && set_utc(e, "time"))
			return -ENOMEM;
	json_array_foreach(json_object_get(doc, "results"), i, e) {
		json_t *c = json_object_get(e, "conditions");

		if (json_is_object(c) && (rc = conditions_upgrade(c)) != 0)
			return rc;
	}
	return 0;
}

int snapupgrade(json_t *doc)
{
	json_t *sys = json_object_get(doc, "system");
	json_t *t;

	if (json_object_get(doc, "format") || !json_object_get(doc, "schema"))
		return 0;
	t = json_object_get(doc, "saved_at");
	if (json_object_set_new(doc, "format",
				json_string("benchtop.snapshot")) ||
	    json_object_set_new(doc, "version",
				json_integer(JSONDOC_VERSION)) ||
	    (t && json_object_set(doc, "time", t)) ||
	    irqs_upgrade(json_object_get(sys, "irqs")) ||
	    series_upgrade(json_object_get(doc, "series"),
			   json_object_get(doc, "time")) ||
	    lists_upgrade(doc))
		return -ENOMEM;
	json_object_del(doc, "schema");
	json_object_del(doc, "saved_at");
	return 0;
}
