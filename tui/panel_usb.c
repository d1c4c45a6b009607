/* SPDX-License-Identifier: GPL-2.0-or-later */
/* panel_usb: the USB devices as a tree by bus and port, with negotiated
 * and capable speed, driver, the UAS/usb-storage verdict, and the host
 * controller with its IRQ. */
#include "config.h"

#include <curses.h>
#include <stdio.h>
#include <string.h>

#include "app.h"
#include "cells.h"
#include "draw.h"
#include "hotplugui.h"
#include "base/i18n.h"
#include "panel.h"

static void speed_text(char *dst, size_t size, uint32_t kbps)
{
	if (kbps == 0)
		snprintf(dst, size, "?");
	else if (kbps >= 1000000 || kbps % 1000 == 0)
		snprintf(dst, size, "%uM", kbps / 1000);
	else
		snprintf(dst, size, "%.1fM", kbps / 1000.0);
}

/* Depth of a bus-port path: "4-1" 1, "4-1.2" 2. */
static int depth(const char *name)
{
	int d = 1;

	for (; *name; name++)
		d += *name == '.';
	return d;
}

/* "IRQ 151 on CPU 7 (affinity 4-7)": where bus B's host controller's
 * interrupts are taken, not only where they may go. */
static void bus_irqs(const struct app *a, const struct usbdev_bus *b,
		     char *dst, size_t size)
{
	const struct sample *s = app_cur(a);
	const struct usbdev_list *l = &a->hw.chain.usb;
	unsigned buses[16];
	struct chain_target tgt = { .controller = b->controller,
				    .buses = buses };
	size_t idx[4], n, i, o = 0;

	/* The USB 2 and USB 3 root hubs of one xHCI share its interrupt,
	 * which the kernel names after the first: "xhci-hcd:usb3". */
	for (i = 0; i < l->nbuses && tgt.nbuses < 16; i++)
		if (l->buses[i].busnum == b->busnum ||
		    (b->controller && l->buses[i].controller &&
		     strcmp(b->controller, l->buses[i].controller) == 0))
			buses[tgt.nbuses++] = l->buses[i].busnum;
	dst[0] = '\0';
	n = chain_match_irqs(&s->irqs, &tgt, idx, 4);
	for (i = 0; i < n && o < size; i++) {
		const struct irq_affinity *af = &s->aff[idx[i]];
		char aff[32] = "?";
		int cpu = cells_irq_taker(a, idx[i]);

		if (af->has_affinity)
			cpulist_format(&af->affinity, aff, sizeof(aff));
		if (cpu >= 0)
			o += (size_t)snprintf(dst + o, size - o, _("%sIRQ %s on "
				"CPU %d (affinity %s)"), i ? ", " : "",
				s->irqs.rows[idx[i]].key, cpu, aff);
		else
			o += (size_t)snprintf(dst + o, size - o, _("%sIRQ %s: "
				"none yet (affinity %s)"), i ? ", " : "",
				s->irqs.rows[idx[i]].key, aff);
	}
}

static int draw_bus(struct app *a, int y, int w, const struct usbdev_bus *b)
{
	char sp[16], irqs[128];

	speed_text(sp, sizeof(sp), b->speed_kbps);
	bus_irqs(a, b, irqs, sizeof(irqs));
	draw_style(a->color, STYLE_TITLE);
	draw_fmt(y, 0, w, _("Bus %u  %s  %s (%s)  %s"), b->busnum, sp,
		 b->controller ? b->controller : "?",
		 b->driver ? b->driver : "?", irqs);
	draw_style(a->color, STYLE_NORMAL);
	return 1;
}

static void draw_dev(struct app *a, int y, int w, const struct usbdev *d)
{
	char sp[16], cap[16], lb[96];
	const char *drv = usbdev_driver(d), *label;
	int ind = 2 * depth(d->name);

	speed_text(sp, sizeof(sp), d->speed_kbps);
	speed_text(cap, sizeof(cap), d->capable_kbps);
	label = usbdev_label(d, lb, sizeof(lb));
	draw_fmt(y, ind, w - ind, "%-7s %04x:%04x %6s/%-6s %-12s %s",
		 d->name, d->vid, d->pid, sp, cap, drv ? drv : "-",
		 label ? label : "");
}

static void draw_verdicts(struct app *a, int y, int w, const struct usbdev *d,
			  size_t i)
{
	draw_style(a->color, STYLE_WARN);
	draw_fmt(y, 2 * depth(d->name) + 8, w, "! %s", d->verdicts[i]);
	draw_style(a->color, STYLE_NORMAL);
}

static void usb_draw(struct app *a, int top, int height, int width)
{
	const struct usbdev_list *l = &a->hw.chain.usb;
	int y = top, end = top + height;
	size_t b, i, k;

	draw_style(a->color, STYLE_TITLE);
	draw_text(y++, 0, width, _("USB  PORT    VID:PID   SPEED/CAPABLE  "
				   "DRIVER       DEVICE"));
	draw_style(a->color, STYLE_NORMAL);
	hotplugui_draw_note(a, end - 1, width);	/* the last row */
	if (!a->have_hw || (l->n == 0 && l->nbuses == 0)) {
		draw_text(y, 0, width, l->error ? l->error :
			  _("no USB devices"));
		return;
	}
	if (a->uevent_err)
		end--;
	for (b = 0; b < l->nbuses && y < end; b++) {
		y += draw_bus(a, y, width, &l->buses[b]);
		for (i = 0; i < l->n && y < end; i++) {
			if (l->v[i].busnum != l->buses[b].busnum)
				continue;
			draw_dev(a, y++, width, &l->v[i]);
			for (k = 0; k < l->v[i].nverdicts && y < end; k++)
				draw_verdicts(a, y++, width, &l->v[i], k);
		}
	}
}

const struct panel_ops panel_usb_ops = {
	.name = "usb",
	.draw = usb_draw,
	.key = NULL,
};
