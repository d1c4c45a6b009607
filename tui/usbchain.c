/* SPDX-License-Identifier: GPL-2.0-or-later */
/* usbchain: a USB device's own chain (device -> host controller -> IRQ ->
 * CPU) for the chain view, when no disk or interface sits on it. */
#include "config.h"

#include "usbchain.h"

#include <stdio.h>

#include "app.h"
#include "cells.h"
#include "draw.h"
#include "base/figfmt.h"
#include "base/i18n.h"
#include "usbrows.h"
#include "usbverdict.h"

#define USBCHAIN_IRQS MOMENT_BUS_IRQS

/* IRQ K of the moment: its rate, the CPU that takes it and where it may
 * go, as the chain of a disk shows its IRQs. */
static void irq_line(struct app *a, int y, int w, size_t k)
{
	const struct moment_irq *q = &app_moment(a)->irqs[k];
	char rate[16] = "-", aff[32] = "-", cpu[16];

	cells_count(rate, sizeof(rate), q->total_per_s, q->valid);
	if (q->aff->has_affinity)
		cpulist_format(&q->aff->affinity, aff, sizeof(aff));
	figfmt_irq_cpu(cpu, sizeof(cpu), moment_irq_on_cpu(q));
	draw_fmt(y, 0, w, _("  -> IRQ %s %s  %s/s  on CPU %s (affinity %s)"),
		 q->key, q->action, rate, cpu, aff);
}

int usbchain_verdicts(struct app *a, int y, int h, int w, const char *name)
{
	const struct usbdev_list *l = app_moment(a)->usb;
	const struct usbdev *d = l ? usbdev_find(l, name) : NULL;
	char text[2 * USBDESC_VERDICT_MAX];
	int n = 0;

	draw_style(a->color, STYLE_WARN);
	for (; d && (size_t)n < d->nverdicts && n < h; n++)
		draw_fmt(y + n, 0, w, "       ! %s",
			 usbverdict_text(d->verdicts[n], text, sizeof(text)));
	draw_style(a->color, STYLE_NORMAL);
	return n;
}

bool usbchain_draw(struct app *a, int y, int h, int w)
{
	const struct usbdev_list *l = app_moment(a)->usb;
	const struct usbdev *d = l ? usbdev_find(l, a->chain_dev) : NULL;
	const struct usbdev_bus *b;
	char lb[96], sp[16];
	size_t idx[USBCHAIN_IRQS], n, i;
	int end = y + h;

	if (!d)
		return false;
	b = usbdev_bus(l, d->busnum);
	usbdesc_format_speed(d->speed_kbps, sp, sizeof(sp));
	draw_fmt(y++, 0, w, _("%s  %s %s %s  (no disk or interface on it)"),
		 d->name, usbdev_label(d, lb, sizeof(lb)),
		 figfmt_driver(usbdev_driver(d)), sp);
	y += usbchain_verdicts(a, y, end - y, w, d->name);
	if (b && b->controller && y < end)
		draw_fmt(y++, 0, w, _("  -> host controller %s"),
			 b->controller);
	n = usbrows_irqs(a, d->busnum, idx, USBCHAIN_IRQS);
	for (i = 0; i < n && y < end; i++)
		irq_line(a, y++, w, idx[i]);
	if (!n && y < end)
		draw_text(y, 0, w, _("  -> no IRQ of its own"));
	return true;
}
