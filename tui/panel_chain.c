/* SPDX-License-Identifier: GPL-2.0-or-later */
/* panel_chain: the way a disk's or interface's data travels, hop by hop
 * with live rates - the device, its USB device and link, the host
 * controller, each of its IRQs with its rate and the CPU that takes it -
 * opened with Enter on the overview; p pins its IRQ from here. */
#include "config.h"

#include <curses.h>
#include <stdio.h>
#include <string.h>

#include "app.h"
#include "cells.h"
#include "draw.h"
#include "base/figfmt.h"
#include "base/i18n.h"
#include "panel.h"
#include "usbchain.h"

static const struct chain *chain_of(struct app *a)
{
	return moment_chain(app_moment(a), a->chain_dev);
}

/* The device's own rates: read/write for a disk, rx/tx for an interface. */
static void device_line(const struct app *a, int y, int w)
{
	const struct moment_disk *d = moment_disk(&a->moment.m, a->chain_dev);
	const struct moment_net *n = moment_net(&a->moment.m, a->chain_dev);
	char r1[24] = "-", r2[24] = "-";

	if (d) {
		cells_bytes_rate(r1, sizeof(r1), d->rd_bytes_per_s, d->valid);
		cells_bytes_rate(r2, sizeof(r2), d->wr_bytes_per_s, d->valid);
		draw_fmt(y, 0, w, _("%s  read %s  write %s"), a->chain_dev,
			 r1, r2);
	} else if (n) {
		cells_bits_rate(r1, sizeof(r1), n->rx_bytes_per_s, n->valid);
		cells_bits_rate(r2, sizeof(r2), n->tx_bytes_per_s, n->valid);
		draw_fmt(y, 0, w, _("%s  rx %s  tx %s"), a->chain_dev, r1, r2);
	} else {
		draw_text(y, 0, w, a->chain_dev);
	}
}

/* One IRQ of the chain: its rate now and the CPU that takes it. */
static void irq_line(const struct app *a, int y, int w,
		     const struct chain_irq *q)
{
	const struct moment_irq *k = moment_irq_number(&a->moment.m, q->irq);
	char rate[16] = "-", aff[32] = "?", cpu[16];

	if (k)
		cells_count(rate, sizeof(rate), k->total_per_s, k->valid);
	if (k && k->aff->has_affinity)
		cpulist_format(&k->aff->affinity, aff, sizeof(aff));
	figfmt_irq_cpu(cpu, sizeof(cpu), k ? moment_irq_on_cpu(k) : -1);
	draw_fmt(y, 0, w, _("  -> IRQ %u %s  %s/s  on CPU %s (affinity %s)"),
		 q->irq, q->action ? q->action : "", rate, cpu, aff);
}

static void chain_draw(struct app *a, int top, int height, int width)
{
	const struct chain *c = chain_of(a);
	int y = top;
	size_t i;

	draw_style(a->color, STYLE_TITLE);
	draw_fill(y, 0, width);
	draw_fmt(y++, 0, width, _("CHAIN %s  (p pins its IRQ, Esc back)"),
		 a->chain_dev);
	draw_style(a->color, STYLE_NORMAL);
	if (!c && app_moment(a)->have_rates &&
	    usbchain_draw(a, y, top + height - y, width))
		return;		/* a USB device with no disk or NIC on it */
	if (!c || !app_moment(a)->have_rates) {
		draw_text(y, 0, width, c ? _("measuring... (first rates after "
			  "one interval)") : _("no device under it (virtual, "
			  "or not in sysfs): no chain, no IRQ to pin"));
		return;
	}
	device_line(a, y++, width);
	if (c->usb_label)
		draw_fmt(y++, 0, width, _("  -> USB %s  %s"), c->path.usb_dev,
			 c->usb_label);
	if (c->usb_label)	/* what is wrong with the link, if anything */
		y += usbchain_verdicts(a, y, top + height - y, width,
				       c->path.usb_dev);
	if (c->path.controller[0])
		draw_fmt(y++, 0, width, _("  -> host controller %s"),
			 c->path.controller);
	for (i = 0; i < c->nirqs && y < top + height; i++)
		irq_line(a, y++, width, &c->irqs[i]);
	if (!c->nirqs)
		draw_text(y, 0, width, _("  -> no IRQ of its own"));
}

static bool chain_key(struct app *a, int ch)
{
	(void)a;
	(void)ch;
	return false;
}

const struct panel_ops panel_chain_ops = {
	.name = "chain",
	.draw = chain_draw,
	.key = chain_key,
};
