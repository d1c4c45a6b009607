/* SPDX-License-Identifier: GPL-2.0-or-later */
/* resultcond: the conditions of a result, each key's type checked. */
#include "config.h"

#include "bench/resultcond.h"
#include "base/i18n.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static void usb(struct jsonload *l, struct benchresult_usb *u,
		const json_t *o, const char *usb_at)
{
	const char *at = l->at;

	u->present = o != NULL;
	l->at = usb_at;
	u->device = jsonload_str(l, o, "device");
	u->speed = jsonload_str(l, o, "speed");
	u->driver = jsonload_str(l, o, "driver");
	u->bridge = jsonload_str(l, o, "bridge");
	u->product = jsonload_str(l, o, "product");
	u->uas = jsonload_bool(l, o, "uas");
	l->at = at;
}

static void irqs(struct jsonload *l, struct benchresult_chain *ch,
		 const json_t *a, const char *irq_at)
{
	const char *at = l->at;
	const json_t *q;
	size_t i;

	ch->irqs = jsonload_calloc(l, json_array_size(a), sizeof(*ch->irqs));
	json_array_foreach(a, i, q) {
		struct benchresult_irq *x = &ch->irqs[ch->nirqs];

		if (!ch->irqs || !jsonload_is_obj(l, q, "irqs[]"))
			break;
		l->at = irq_at;
		x->irq = jsonload_int(l, q, "irq", 0);
		x->action = jsonload_str(l, q, "action");
		x->affinity = jsonload_str(l, q, "affinity");
		x->top_cpu = jsonload_int(l, q, "top_cpu", -1);
		x->has_top_cpu = json_is_integer(json_object_get(q,
								 "top_cpu"));
		ch->nirqs++;
		l->at = at;
	}
	l->at = at;
}

/* A disk (the target) or an interface (IFACE): its name KEY, "usb" and
 * "irqs". */
static void chain(struct jsonload *l, struct benchresult_chain *ch,
		  const json_t *o, const char *key, bool iface)
{
	ch->name = jsonload_str(l, o, key);
	usb(l, &ch->usb, jsonload_obj(l, o, "usb"), iface ?
	    "conditions.target.interfaces[].usb." : "conditions.target.usb.");
	irqs(l, ch, jsonload_arr(l, o, "irqs"), iface ?
	     "conditions.target.interfaces[].irqs[]." :
	     "conditions.target.irqs[].");
}

static void interfaces(struct jsonload *l, struct benchresult_target *t,
		       const json_t *a)
{
	const json_t *n;
	size_t i;

	t->ifs = jsonload_calloc(l, json_array_size(a), sizeof(*t->ifs));
	json_array_foreach(a, i, n) {
		if (!t->ifs || !jsonload_is_obj(l, n, "interfaces[]"))
			return;
		l->at = "conditions.target.interfaces[].";
		chain(l, &t->ifs[t->nifs++], n, "name", true);
		l->at = "conditions.target.";
	}
}

static enum benchresult_where where_of(const json_t *t)
{
	/* a folder: its path, and its mount where the process saw it */
	if (json_object_get(t, "fstype") || json_object_get(t, "path"))
		return BENCHRESULT_WHERE_FOLDER;
	if (json_object_get(t, "device_path"))
		return BENCHRESULT_WHERE_DEVICE;
	if (json_object_get(t, "host"))
		return BENCHRESULT_WHERE_HOST;
	return BENCHRESULT_WHERE_NONE;
}

static void target(struct jsonload *l, struct benchresult_target *t,
		   const json_t *o)
{
	l->at = "conditions.target.";
	t->where = where_of(o);
	t->path = jsonload_str(l, o, "path");
	t->mountpoint = jsonload_str(l, o, "mountpoint");
	t->fstype = jsonload_str(l, o, "fstype");
	t->source = jsonload_str(l, o, "source");
	t->device_path = jsonload_str(l, o, "device_path");
	t->host = jsonload_str(l, o, "host");
	chain(l, &t->disk, o, "disk", false);
	interfaces(l, t, jsonload_arr(l, o, "interfaces"));
	l->at = "conditions.";
}

/* "clusters_start" or "clusters_end" (KEY) of C into *OUT, *N. */
static void clusters(struct jsonload *l, const json_t *c, const char *key,
		     struct benchresult_cluster **out, size_t *n)
{
	const json_t *a = jsonload_arr(l, c, key), *x;
	size_t i;

	*out = jsonload_calloc(l, json_array_size(a), sizeof(**out));
	json_array_foreach(a, i, x) {
		struct benchresult_cluster *k = &(*out)[*n];

		if (!*out || !jsonload_is_obj(l, x, !strcmp(key,
				"clusters_end") ? "clusters_end[]" :
				"clusters_start[]"))
			return;
		l->at = !strcmp(key, "clusters_end") ?
			"conditions.clusters_end[]." :
			"conditions.clusters_start[].";
		k->policy = jsonload_int(l, x, "policy", -1);
		k->cpus = jsonload_str(l, x, "cpus");
		k->governor = jsonload_str(l, x, "governor");
		k->cur_khz = jsonload_num(l, x, "cur_khz");
		k->max_khz = jsonload_num(l, x, "max_khz");
		k->throttled = jsonload_bool(l, x, "throttled") == 1;
		++*n;
		l->at = "conditions.";
	}
}

static void policies(struct jsonload *l, struct benchresult_cond *out,
		     const json_t *a)
{
	const json_t *v;
	size_t i;

	out->throttled_policies = jsonload_calloc(l, json_array_size(a),
					sizeof(*out->throttled_policies));
	json_array_foreach(a, i, v) {
		if (!out->throttled_policies)
			return;
		if (!json_is_integer(v)) {
			jsonload_bad(l, "throttled_policies[]", v,
				     N_("a whole number"));
			return;
		}
		out->throttled_policies[out->nthrottled_policies++] =
			(long long)json_integer_value(v);
	}
}

void resultcond_load(struct jsonload *l, struct benchresult_cond *out,
		     const json_t *c)
{
	const char *at = l->at;

	out->present = c != NULL;
	l->at = "conditions.";
	out->time_start = jsonload_str(l, c, "time_start");
	out->time_end = jsonload_str(l, c, "time_end");
	out->kernel = jsonload_str(l, c, "kernel");
	out->machine = jsonload_str(l, c, "machine");
	out->hostname = jsonload_str(l, c, "hostname");
	out->board = jsonload_str(l, c, "board");
	out->duration_s = jsonload_num(l, c, "duration_s");
	target(l, &out->target, jsonload_obj(l, c, "target"));
	clusters(l, c, "clusters_start", &out->start, &out->nstart);
	clusters(l, c, "clusters_end", &out->end, &out->nend);
	out->temp_min_c = jsonload_num(l, c, "temperature_min_c");
	out->temp_max_c = jsonload_num(l, c, "temperature_max_c");
	out->throttled = jsonload_bool(l, c, "throttled");
	policies(l, out, jsonload_arr(l, c, "throttled_policies"));
	l->at = at;
}

static void chain_fini(struct benchresult_chain *ch)
{
	free(ch->irqs);
}

void resultcond_fini(struct benchresult_cond *c)
{
	size_t i;

	chain_fini(&c->target.disk);
	for (i = 0; i < c->target.nifs; i++)
		chain_fini(&c->target.ifs[i]);
	free(c->target.ifs);
	free(c->start);
	free(c->end);
	free(c->throttled_policies);
}
