/* SPDX-License-Identifier: GPL-2.0-or-later */
/* replayhw: the USB tree and the devices' chains of a snapshot's system
 * facts, as the hardware model holds them, for a replayed moment. */
#include "config.h"

#include "session/replayhw.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/cpulist.h"
#include "base/jsonget.h"
#include "base/numparse.h"

#define str(o, key) jsonget_str(o, key, NULL)
#define num(o, k, dflt) jsonget_num(o, k, dflt)

static char *dup_of(const json_t *o, const char *k)
{
	return str(o, k) ? strdup(str(o, k)) : NULL;
}

/* "5000M", "1.5M" in kbit/s; 0 when unknown. */
static uint32_t speed_of(const json_t *o, const char *k)
{
	const char *s = str(o, k), *end;
	double v;

	if (!s || numparse_decimal_prefix(s, s + strlen(s), &v, &end))
		return 0;
	return *end == 'M' && v > 0 && v < 1e6 ?
	       (uint32_t)llround(v * 1000) : 0;
}

static void fill_ifaces(const json_t *o, struct usbdev *d)
{
	const json_t *ifs = json_object_get(o, "interfaces"), *f;
	size_t k;

	d->ifaces = calloc(json_array_size(ifs) + 1, sizeof(*d->ifaces));
	json_array_foreach(ifs, k, f) {
		if (!d->ifaces)
			return;
		d->ifaces[d->nifaces].name = dup_of(f, "name");
		d->ifaces[d->nifaces].number = (unsigned)num(f, "number", 0);
		d->ifaces[d->nifaces].alt = (unsigned)num(f, "alt", 0);
		d->ifaces[d->nifaces++].driver = dup_of(f, "driver");
	}
}

/* Device O of the saved USB tree into D; BRIDGE points into the document
 * (kept by the replay), the rest is D's own. */
static void fill_usbdev(const json_t *o, struct usbdev *d)
{
	const json_t *v;
	unsigned vid = 0, pid = 0;
	size_t k;

	d->name = strdup(str(o, "name") ? str(o, "name") : "?");
	d->busnum = (unsigned)num(o, "bus", 0);
	d->devnum = (unsigned)num(o, "devnum", 0);
	if (str(o, "id") && sscanf(str(o, "id"), "%4x:%4x", &vid, &pid) == 2) {
		d->vid = (uint16_t)vid;
		d->pid = (uint16_t)pid;
	}
	d->manufacturer = dup_of(o, "manufacturer");
	d->product = dup_of(o, "product");
	d->bridge = str(o, "bridge");
	d->speed_kbps = speed_of(o, "speed");
	d->capable_kbps = speed_of(o, "capable_speed");
	fill_ifaces(o, d);
	json_array_foreach(json_object_get(o, "verdicts"), k, v)
		if (json_is_string(v) && d->nverdicts < USBDESC_VERDICTS)
			snprintf(d->verdicts[d->nverdicts++],
				 USBDESC_VERDICT_MAX, "%s",
				 json_string_value(v));
}

static int fill_usb(const json_t *sys, struct usbdev_list *l)
{
	const json_t *usb = json_object_get(sys, "usb"), *o;
	const json_t *devs = json_object_get(usb, "devices");
	const json_t *buses = json_object_get(usb, "buses");
	size_t k;

	l->v = calloc(json_array_size(devs) + 1, sizeof(*l->v));
	l->buses = calloc(json_array_size(buses) + 1, sizeof(*l->buses));
	if (!l->v || !l->buses)
		return -ENOMEM;
	json_array_foreach(devs, k, o)
		if (json_is_object(o))
			fill_usbdev(o, &l->v[l->n++]);
	json_array_foreach(buses, k, o) {
		struct usbdev_bus *b = &l->buses[l->nbuses++];

		b->busnum = (unsigned)num(o, "bus", 0);
		b->speed_kbps = speed_of(o, "speed");
		b->controller = dup_of(o, "controller");
		b->driver = dup_of(o, "driver");
	}
	if (str(usb, "error"))
		l->error = strdup(str(usb, "error"));
	return 0;
}

static void copy_name(char *dst, const json_t *o, const char *k)
{
	snprintf(dst, CHAIN_NAME_MAX, "%s", str(o, k) ? str(o, k) : "");
}

/* The saved IRQs of chain O into C (what its view looks up in the
 * replayed moment: the rate and the CPU that takes them). */
static void fill_chain_irqs(const json_t *o, struct chain *c)
{
	const json_t *irqs = json_object_get(o, "irqs"), *q;
	const char *aff;
	size_t k;

	c->irqs = calloc(json_array_size(irqs) + 1, sizeof(*c->irqs));
	json_array_foreach(irqs, k, q) {
		struct chain_irq *x;
		double n = num(q, "irq", -1);

		if (!c->irqs)
			return;
		if (!json_is_integer(json_object_get(q, "irq")) || n < 0 ||
		    n > 1e9)
			continue;
		x = &c->irqs[c->nirqs++];
		x->irq = (unsigned)n;
		x->hwirq = dup_of(q, "hwirq");
		x->action = dup_of(q, "action");
		x->top_cpu = json_is_integer(json_object_get(q, "cpu")) ?
			     (int)num(q, "cpu", -1) : -1;
		aff = str(q, "affinity");
		x->has_affinity = aff && cpulist_parse(aff, strlen(aff),
						       &x->affinity) >= 0;
	}
}

static int fill_chains(const json_t *sys, const struct usbdev_list *usb,
		       struct chain_list *l)
{
	const json_t *chains = json_object_get(sys, "chain"), *o;
	const struct usbdev *d;
	size_t k;

	l->v = calloc(json_array_size(chains) + 1, sizeof(*l->v));
	if (!l->v)
		return -ENOMEM;
	json_array_foreach(chains, k, o) {
		struct chain *c = &l->v[l->n];

		if (!str(o, "dev"))
			continue;
		l->n++;
		c->dev = dup_of(o, "dev");
		c->kind = str(o, "kind") && !strcmp(str(o, "kind"), "net") ?
			  "net" : "block";
		copy_name(c->path.usb_dev, o, "usb_device");
		copy_name(c->path.usb_iface, o, "usb_interface");
		copy_name(c->path.controller, o, "controller");
		copy_name(c->path.pci, o, "pci");
		d = usbdev_find(usb, c->path.usb_dev);
		c->path.usb_bus = d ? d->busnum : 0;
		c->usb_label = dup_of(o, "usb");
		fill_chain_irqs(o, c);
	}
	return 0;
}

int replayhw_usb(const json_t *sys, struct chain_model *out)
{
	int rc;

	memset(out, 0, sizeof(*out));
	rc = fill_usb(sys, &out->usb);
	if (rc == 0)
		rc = fill_chains(sys, &out->usb, &out->chains);
	if (rc) {
		chain_model_fini(out);
		memset(out, 0, sizeof(*out));
	}
	return rc;
}
