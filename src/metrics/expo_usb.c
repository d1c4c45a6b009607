/* SPDX-License-Identifier: GPL-2.0-or-later */
/* expo_usb: one info series per USB device and per disk or NIC chain
 * (one per IRQ of its host controller), and the link speeds as gauges. */
#include "config.h"

#include "metrics/expo_usb.h"

#include <stdio.h>
#include <string.h>

#include "hw/usbdesc.h"

#define L(n, v) { (n), (v) }

/* The labels of one USB device, with the room their values need. */
struct usb_labels {
	char bus[16], id[16], speed[16], capable[16];
	struct expo_label l[13];
};

static const char *yes_no(bool b)
{
	return b ? "yes" : "no";
}

static void usb_labels(struct usb_labels *u, const struct usbdev *d,
		       const struct usbdev_list *list)
{
	const struct usbdev_bus *bus = usbdev_bus(list, d->busnum);
	const char *port = strchr(d->name, '-');
	const char *drv = usbdev_driver(d);

	snprintf(u->bus, sizeof(u->bus), "%u", d->busnum);
	snprintf(u->id, sizeof(u->id), "%04x:%04x", d->vid, d->pid);
	usbdesc_format_speed(d->speed_kbps, u->speed, sizeof(u->speed));
	usbdesc_format_speed(d->capable_kbps, u->capable, sizeof(u->capable));
	u->l[0] = (struct expo_label)L("device", d->name);
	u->l[1] = (struct expo_label)L("bus", u->bus);
	u->l[2] = (struct expo_label)L("port", port ? port + 1 : "");
	u->l[3] = (struct expo_label)L("id", u->id);
	u->l[4] = (struct expo_label)L("manufacturer", d->manufacturer);
	u->l[5] = (struct expo_label)L("product", d->product);
	u->l[6] = (struct expo_label)L("driver", drv);
	u->l[7] = (struct expo_label)L("speed", d->speed_kbps ? u->speed : "");
	u->l[8] = (struct expo_label)L("capable_speed",
				       d->capable_kbps ? u->capable : "");
	u->l[9] = (struct expo_label)L("uas", yes_no(d->uas_bound));
	u->l[10] = (struct expo_label)L("uas_capable", yes_no(d->has_uas));
	u->l[11] = (struct expo_label)L("bridge", d->bridge);
	u->l[12] = (struct expo_label)L("controller",
					bus ? bus->controller : NULL);
}

static void usb_info(struct expo *e, const struct usbdev_list *l)
{
	struct usb_labels u;
	size_t i;

	expo_family(e, "benchtop_usb_device_info", EXPO_INFO, NULL,
		    "Each USB device: bus and port, vendor:product id, "
		    "strings, bound driver, negotiated and capable speed, "
		    "uas bound and offered, bridge chip, host controller.");
	for (i = 0; i < l->n; i++) {
		usb_labels(&u, &l->v[i], l);
		expo_u64(e, "benchtop_usb_device_info", u.l, 13, 1);
	}
}

static void usb_speeds(struct expo *e, const struct usbdev_list *l)
{
	static const char *const names[2] = {
		"benchtop_usb_device_speed_bytes_per_second",
		"benchtop_usb_device_capable_speed_bytes_per_second",
	};
	uint32_t kbps;
	size_t i, k;

	for (k = 0; k < 2; k++) {
		expo_family(e, names[k], EXPO_GAUGE, "bytes_per_second", k ?
			    "Highest signalling rate the device's descriptors "
			    "offer (5000M = 625000000)." :
			    "Signalling rate the device negotiated "
			    "(sysfs speed; 480M = 60000000).");
		for (i = 0; i < l->n; i++) {
			struct expo_label lb[1] = { L("device", l->v[i].name) };

			kbps = k ? l->v[i].capable_kbps : l->v[i].speed_kbps;
			if (kbps)
				expo_u64(e, names[k], lb, 1,
					 (uint64_t)kbps * 1000 / 8);
		}
	}
}

/* The labels of chain C through its K-th IRQ (or none): each bounded,
 * none moving with the load (the CPU that takes the IRQ is a gauge). */
struct chain_labels {
	char irq[16], speed[16];
	struct expo_label l[9];
};

static void chain_labels(struct chain_labels *o, const struct chain *c,
			 const struct chain_irq *irq,
			 const struct chain_model *m)
{
	const struct usbdev *d = c->path.usb_dev[0] ?
		usbdev_find(&m->usb, c->path.usb_dev) : NULL;

	o->irq[0] = '\0';
	if (irq)
		snprintf(o->irq, sizeof(o->irq), "%u", irq->irq);
	o->speed[0] = '\0';
	if (d && d->speed_kbps)
		usbdesc_format_speed(d->speed_kbps, o->speed, sizeof(o->speed));
	o->l[0] = (struct expo_label)L("device", c->dev);
	o->l[1] = (struct expo_label)L("kind", c->kind);
	o->l[2] = (struct expo_label)L("usb_device", c->path.usb_dev);
	o->l[3] = (struct expo_label)L("usb_driver", d ? usbdev_driver(d) : "");
	o->l[4] = (struct expo_label)L("usb_speed", o->speed);
	o->l[5] = (struct expo_label)L("bridge", d ? d->bridge : "");
	o->l[6] = (struct expo_label)L("controller", c->path.controller);
	o->l[7] = (struct expo_label)L("irq", o->irq);
	o->l[8] = (struct expo_label)L("action", irq ? irq->action : "");
}

static void chains(struct expo *e, const struct chain_model *m)
{
	const struct chain_list *cl = &m->chains;
	struct chain_labels o;
	size_t i, k;

	expo_family(e, "benchtop_chain_info", EXPO_INFO, NULL,
		    "The way of each disk and network interface: USB device, "
		    "its driver and speed, bridge, host controller and IRQ "
		    "(one series per IRQ of the controller).");
	for (i = 0; i < cl->n; i++) {
		for (k = 0; k < cl->v[i].nirqs || k == 0; k++) {
			chain_labels(&o, &cl->v[i], cl->v[i].nirqs ?
				     &cl->v[i].irqs[k] : NULL, m);
			expo_u64(e, "benchtop_chain_info", o.l, 9, 1);
		}
	}
	expo_family(e, "benchtop_chain_irq_cpu", EXPO_GAUGE, NULL,
		    "The CPU that takes each IRQ of a disk's or network "
		    "interface's chain, as every view names it: the one with "
		    "the highest rate while it fires, else where it goes "
		    "next (none before its first interrupt).");
	for (i = 0; i < cl->n; i++) {
		for (k = 0; k < cl->v[i].nirqs; k++) {
			const struct chain_irq *q = &cl->v[i].irqs[k];
			struct expo_label l[2];
			char irq[16];

			if (q->top_cpu < 0)
				continue;
			snprintf(irq, sizeof(irq), "%u", q->irq);
			l[0] = (struct expo_label)L("device", cl->v[i].dev);
			l[1] = (struct expo_label)L("irq", irq);
			expo_u64(e, "benchtop_chain_irq_cpu", l, 2,
				 (uint64_t)q->top_cpu);
		}
	}
}

void expo_usb_write(struct expo *e, const struct chain_model *m)
{
	usb_info(e, &m->usb);
	usb_speeds(e, &m->usb);
	chains(e, m);
}
