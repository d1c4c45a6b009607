/* SPDX-License-Identifier: GPL-2.0-or-later */
/* usbrows: the USB screen's lines and device rows in the order drawn, the
 * disks and interfaces on each device (from the device chains), and the
 * IRQs of each bus's host controller with the CPU that takes them. */
#include "config.h"

#include "usbrows.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app.h"
#include "cells.h"

static const struct usbdev_list *usb_of(struct app *a)
{
	return app_moment(a)->usb;
}

/* Port paths in the order of their numbers: "6-2" before "6-10", "4-1"
 * before "4-1.1" (as lsusb -t lists them). */
static int cmp_port(const char *x, const char *y)
{
	while (*x && *y) {
		char *ex, *ey;
		unsigned long nx = strtoul(x, &ex, 10), ny = strtoul(y, &ey, 10);

		if (ex == x || ey == y)
			return strcmp(x, y);
		if (nx != ny)
			return nx < ny ? -1 : 1;
		x = *ex ? ex + 1 : ex;
		y = *ey ? ey + 1 : ey;
	}
	return *x ? 1 : *y ? -1 : 0;
}

/* The devices of bus B in port order into IDX (l->n at most); the count. */
static size_t bus_devices(const struct usbdev_list *l, size_t b, size_t *idx)
{
	size_t i, k, n = 0;

	for (i = 0; i < l->n; i++) {
		if (l->v[i].busnum != l->buses[b].busnum)
			continue;
		for (k = n++; k > 0 && cmp_port(l->v[idx[k - 1]].name,
						 l->v[i].name) > 0; k--)
			idx[k] = idx[k - 1];
		idx[k] = i;
	}
	return n;
}

/* Visit the lines in order: each bus, its devices, their verdicts; into
 * OUT when it is not NULL, device row ROW's device into *AT. Returns the
 * count of lines. */
static size_t walk(const struct usbdev_list *l, struct usbrows_line *out,
		   size_t want, const struct usbdev **at)
{
	size_t b, i, k, m, n = 0, row = 0;
	size_t *idx = l && l->n ? calloc(l->n, sizeof(*idx)) : NULL;

	for (b = 0; idx && b < l->nbuses; b++) {
		if (out)
			out[n] = (struct usbrows_line){ USBROWS_BUS,
							&l->buses[b], NULL,
							0, 0 };
		n++;
		m = bus_devices(l, b, idx);
		for (i = 0; i < m; i++, row++) {
			const struct usbdev *d = &l->v[idx[i]];

			if (at && row == want)
				*at = d;
			for (k = 0; k <= d->nverdicts; k++, n++)
				if (out)
					out[n] = (struct usbrows_line){
						k ? USBROWS_VERDICT :
						USBROWS_DEV, &l->buses[b], d,
						k ? k - 1 : 0, row };
		}
	}
	if (!idx && l)
		n = l->nbuses;	/* buses only (or no memory: no devices) */
	for (b = 0; !idx && out && l && b < l->nbuses; b++)
		out[b] = (struct usbrows_line){ USBROWS_BUS, &l->buses[b],
						NULL, 0, 0 };
	free(idx);
	return n;
}

struct usbrows_line *usbrows_lines(struct app *a, size_t *n)
{
	struct usbrows_line *v;

	*n = walk(usb_of(a), NULL, 0, NULL);
	v = *n ? calloc(*n, sizeof(*v)) : NULL;
	if (!v)
		*n = 0;
	else
		walk(usb_of(a), v, 0, NULL);
	return v;
}

size_t usbrows_count(struct app *a)
{
	const struct usbdev_list *l = usb_of(a);
	size_t b, i, n = 0;

	for (b = 0; l && b < l->nbuses; b++)
		for (i = 0; i < l->n; i++)
			n += l->v[i].busnum == l->buses[b].busnum;
	return n;
}

const struct usbdev *usbrows_dev(struct app *a, size_t row)
{
	const struct usbdev *d = NULL;

	walk(usb_of(a), NULL, row, &d);
	return d;
}

const char *usbrows_names(struct app *a, const struct usbdev *d,
			  char *dst, size_t size)
{
	const struct chain_list *c = app_moment(a)->chains;
	const char *first = NULL;
	size_t i, o = 0;

	dst[0] = '\0';
	for (i = 0; c && i < c->n; i++) {
		if (!c->v[i].dev || strcmp(c->v[i].path.usb_dev, d->name))
			continue;
		if (o < size)
			o += (size_t)snprintf(dst + o, size - o, "%s%s",
					      first ? "," : "", c->v[i].dev);
		if (!first)
			first = c->v[i].dev;
	}
	return first;
}

size_t usbrows_irqs(struct app *a, unsigned busnum, size_t *idx,
		    size_t max)
{
	const struct moment_bus *b = moment_bus(app_moment(a), busnum);
	size_t i, n = b ? b->nirqs : 0;

	for (i = 0; i < n && i < max; i++)
		idx[i] = b->irq[i];
	return i;
}

int usbrows_cpu(struct app *a, unsigned busnum)
{
	const struct moment *m = app_moment(a);
	size_t idx[MOMENT_BUS_IRQS], n, i;

	n = usbrows_irqs(a, busnum, idx, MOMENT_BUS_IRQS);
	for (i = 0; i < n; i++) {
		int cpu = moment_irq_on_cpu(&m->irqs[idx[i]]);

		if (cpu >= 0)
			return cpu;
	}
	return -1;
}

long usbrows_irq_of(struct app *a, const char *name)
{
	const struct usbdev_list *l = usb_of(a);
	const struct usbdev *d = l ? usbdev_find(l, name) : NULL;
	const struct moment *m = app_moment(a);
	size_t idx[MOMENT_BUS_IRQS], n, i;

	n = d ? usbrows_irqs(a, d->busnum, idx, MOMENT_BUS_IRQS) : 0;
	for (i = 0; i < n; i++)
		if (m->irqs[idx[i]].numeric)
			return (long)m->irqs[idx[i]].irq;
	return -1;
}

const struct usbdev *usbrows_selected(struct app *a)
{
	return usbrows_dev(a, a->views[PANEL_USB].sel);
}

void usbrows_open(struct app *a)
{
	const struct usbdev *d = usbrows_selected(a);
	char names[64];
	const char *dev;

	if (!d)
		return;
	dev = usbrows_names(a, d, names, sizeof(names));
	snprintf(a->chain_dev, sizeof(a->chain_dev), "%s",
		 dev ? dev : d->name);
	app_show(a, PANEL_CHAIN);
}
