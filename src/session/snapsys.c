/* SPDX-License-Identifier: GPL-2.0-or-later */
/* snapsys: a snapshot's "system" object into struct snapdoc_sys, each
 * list through one loop (jsonload_list) and each element's keys checked. */
#include "config.h"

#include "session/snapsys.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TEXT(l, o, k, t) \
	jsonload_text(l, o, k, &(t)->s, (t)->num, sizeof((t)->num))

static void core(struct jsonload *l, void *el, const json_t *v)
{
	struct snapdoc_core *c = el;

	c->cpus = jsonload_str(l, v, "cpus");
	c->core = jsonload_str(l, v, "core");
}

static void cluster(struct jsonload *l, void *el, const json_t *v)
{
	struct snapdoc_cluster *c = el;

	TEXT(l, v, "policy", &c->policy);
	c->policy_n = json_is_integer(json_object_get(v, "policy")) ?
		      (long long)json_integer_value(json_object_get(v,
		      "policy")) : -1;
	c->cpus = jsonload_str(l, v, "cpus");
	c->core = jsonload_str(l, v, "core");
	c->role = jsonload_str(l, v, "role");
	c->governor = jsonload_str(l, v, "governor");
	c->min_khz = jsonload_int(l, v, "min_khz", -1);
	c->max_khz = jsonload_int(l, v, "max_khz", -1);
	c->hw_min_khz = jsonload_int(l, v, "hw_min_khz", -1);
	c->hw_max_khz = jsonload_int(l, v, "hw_max_khz", -1);
}

static void zone(struct jsonload *l, void *el, const json_t *v)
{
	struct snapdoc_zone *z = el;

	z->name = jsonload_str(l, v, "name");
	z->type = jsonload_str(l, v, "type");
	TEXT(l, v, "temp_c", &z->temp_c);
}

static void link(struct jsonload *l, void *el, const json_t *v)
{
	struct snapdoc_link *k = el;

	k->dev = jsonload_str(l, v, "dev");
	k->text = jsonload_str(l, v, "text");
}

static void disk(struct jsonload *l, void *el, const json_t *v)
{
	struct snapdoc_disk *d = el;

	d->name = jsonload_str(l, v, "name");
	d->model = jsonload_str(l, v, "model");
	d->scheduler = jsonload_str(l, v, "scheduler");
	TEXT(l, v, "size_bytes", &d->size_bytes);
}

static void net(struct jsonload *l, void *el, const json_t *v)
{
	*(const char **)el = jsonload_str(l, v, "name");
}

static void usb(struct jsonload *l, void *el, const json_t *v)
{
	struct snapdoc_usb *u = el;

	u->name = jsonload_str(l, v, "name");
	u->id = jsonload_str(l, v, "id");
	u->product = jsonload_str(l, v, "product");
	u->speed = jsonload_str(l, v, "speed");
	u->capable_speed = jsonload_str(l, v, "capable_speed");
	u->driver = jsonload_str(l, v, "driver");
}

static void irq(struct jsonload *l, void *el, const json_t *v)
{
	struct snapdoc_irq *q = el;

	TEXT(l, v, "irq", &q->irq);
	TEXT(l, v, "count", &q->count);
	q->key = jsonload_str(l, v, "key");
	q->action = jsonload_str(l, v, "action");
	q->affinity = jsonload_str(l, v, "affinity");
	q->effective = jsonload_str(l, v, "effective_affinity");
	q->numeric = jsonload_bool(l, v, "numeric") == 1;
}

static void host(struct jsonload *l, struct snapdoc_host *h,
		 const json_t *sys)
{
	const json_t *o = jsonload_obj(l, sys, "host");
	const json_t *t = jsonload_obj(l, sys, "cpu_topology");

	h->board = jsonload_str(l, sys, "board");
	h->cpufreq = jsonload_str(l, sys, "cpufreq");
	l->at = "system.host.";
	h->hostname = jsonload_str(l, o, "hostname");
	h->kernel = jsonload_str(l, o, "kernel");
	h->machine = jsonload_str(l, o, "machine");
	h->cmdline = jsonload_str(l, o, "cmdline");
	l->at = "system.cpu_topology.";
	h->cpus_present = jsonload_str(l, t, "present");
	h->cpus_online = jsonload_str(l, t, "online");
	l->at = "system.";
}

/* SYS's object KEY's list LIST; AT names the object ("system.usb."). */
static const json_t *inner(struct jsonload *l, const json_t *sys,
			   const char *key, const char *list, const char *at)
{
	const json_t *o = jsonload_obj(l, sys, key), *a;
	const char *up = l->at;

	l->at = at;
	a = jsonload_arr(l, o, list);
	l->at = up;
	return a;
}

void snapsys_load(struct jsonload *l, struct snapdoc_sys *s,
		  const json_t *sys)
{
	l->at = "system.";
	host(l, &s->host, sys);
	s->cores = jsonload_list(l, inner(l, sys, "cpu_topology", "cores",
		   "system.cpu_topology."), "system.cpu_topology.cores[].",
		   sizeof(*s->cores), &s->ncores, core);
	s->clusters = jsonload_list(l, jsonload_arr(l, sys, "clusters"),
		      "system.clusters[].", sizeof(*s->clusters),
		      &s->nclusters, cluster);
	s->zones = jsonload_list(l, inner(l, sys, "thermal", "zones",
		   "system.thermal."),
		   "system.thermal.zones[].", sizeof(*s->zones), &s->nzones,
		   zone);
	s->chain = jsonload_list(l, jsonload_arr(l, sys, "chain"),
		   "system.chain[].", sizeof(*s->chain), &s->nchain, link);
	s->disks = jsonload_list(l, inner(l, sys, "block", "devices",
		   "system.block."),
		   "system.block.devices[].", sizeof(*s->disks), &s->ndisks,
		   disk);
	s->nets = jsonload_list(l, jsonload_arr(l, sys, "net"), "system.net[].",
		  sizeof(*s->nets), &s->nnets, net);
	s->usb = jsonload_list(l, inner(l, sys, "usb", "devices",
		 "system.usb."),
		 "system.usb.devices[].", sizeof(*s->usb), &s->nusb, usb);
	s->irqs = jsonload_list(l, jsonload_arr(l, sys, "irqs"),
		  "system.irqs[].", sizeof(*s->irqs), &s->nirqs, irq);
	l->at = "";
}

void snapsys_fini(struct snapdoc_sys *s)
{
	free(s->cores);
	free(s->clusters);
	free(s->zones);
	free(s->chain);
	free(s->disks);
	free(s->nets);
	free(s->usb);
	free(s->irqs);
	memset(s, 0, sizeof(*s));
}

const char *snapdoc_link(const struct snapdoc_sys *s, const char *dev)
{
	size_t i;

	for (i = 0; i < s->nchain; i++)
		if (s->chain[i].dev && !strcmp(s->chain[i].dev, dev))
			return s->chain[i].text;
	return NULL;
}
