/* SPDX-License-Identifier: GPL-2.0-or-later */
/* panel_usb: the USB devices as a tree by bus and port, with negotiated
 * and capable speed, driver, the UAS/usb-storage verdict, and the host
 * controller with its IRQ. */
#include "config.h"

#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app.h"
#include "cells.h"
#include "draw.h"
#include "hotplugui.h"
#include "base/figfmt.h"
#include "base/i18n.h"
#include "panel.h"
#include "usbrows.h"
#include "usbverdict.h"

static void speed_text(char *dst, size_t size, uint32_t kbps)
{
	if (kbps == 0)
		snprintf(dst, size, "-");	/* unknown */
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
	const struct moment *m = &a->moment.m;	/* this frame's */
	const struct moment_bus *mb = moment_bus(m, b->busnum);
	size_t n = mb ? mb->nirqs : 0, i, o = 0;

	dst[0] = '\0';
	for (i = 0; i < n && o < size; i++) {
		const struct moment_irq *q = &m->irqs[mb->irq[i]];
		char aff[32] = "-";
		int cpu = moment_irq_on_cpu(q);

		if (q->aff->has_affinity)
			cpulist_format(&q->aff->affinity, aff, sizeof(aff));
		if (cpu >= 0)
			o += (size_t)snprintf(dst + o, size - o, _("%sIRQ %s on "
				"CPU %d (affinity %s)"), i ? ", " : "",
				q->key, cpu, aff);
		else
			o += (size_t)snprintf(dst + o, size - o, _("%sIRQ %s: "
				"none yet (affinity %s)"), i ? ", " : "",
				q->key, aff);
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
		 figfmt_driver(b->driver), irqs);
	draw_style(a->color, STYLE_NORMAL);
	return 1;
}

/* A device row: port, IDs, speeds, driver, the disks or interfaces on it,
 * the CPU that takes its controller's interrupts, what it is. */
static void draw_dev(struct app *a, int y, int w, const struct usbdev *d)
{
	char port[40], sp[16], cap[16], lb[96], on[64], cpu[16] = "-";
	const char *drv = usbdev_driver(d), *label;
	int c = usbrows_cpu(a, d->busnum);

	snprintf(port, sizeof(port), "%*s%s", 2 * depth(d->name), "",
		 d->name);
	speed_text(sp, sizeof(sp), d->speed_kbps);
	speed_text(cap, sizeof(cap), d->capable_kbps);
	label = usbdev_screen_label(d, lb, sizeof(lb));
	if (!usbrows_names(a, d, on, sizeof(on)))
		snprintf(on, sizeof(on), "-");
	if (c >= 0)
		snprintf(cpu, sizeof(cpu), "%d", c);
	draw_fmt(y, 0, w, "%-9s %04x:%04x %6s/%-6s %-11s %-8s %3s  %s",
		 port, d->vid, d->pid, sp, cap, drv ? drv : "-", on, cpu,
		 label ? label : "");
}

static void draw_verdicts(struct app *a, int y, int w, const struct usbdev *d,
			  size_t i)
{
	int x = 2 * depth(d->name) + 8;
	char text[2 * USBDESC_VERDICT_MAX];

	draw_style(a->color, STYLE_WARN);
	draw_fmt(y, x, w - x, "! %s",
		 usbverdict_text(d->verdicts[i], text, sizeof(text)));
	draw_style(a->color, STYLE_NORMAL);
}

static void draw_line(struct app *a, int y, int w,
		      const struct usbrows_line *ln, size_t sel)
{
	draw_style(a->color, ln->kind != USBROWS_BUS && ln->row == sel ?
		   STYLE_SELECTED : STYLE_NORMAL);
	draw_fill(y, 0, w);
	if (ln->kind == USBROWS_BUS)
		draw_bus(a, y, w, ln->bus);
	else if (ln->kind == USBROWS_DEV)
		draw_dev(a, y, w, ln->dev);
	else
		draw_verdicts(a, y, w, ln->dev, ln->verdict);
	draw_style(a->color, STYLE_NORMAL);
	if (ln->kind != USBROWS_BUS)
		mouse_row(a, y, ln->row);
}

/* The selected device in words, on the panel's last line. */
static void draw_selected(struct app *a, int y, int w)
{
	const struct usbdev *d = usbrows_selected(a);
	char on[64];
	long irq;

	if (!d)
		return;
	irq = usbrows_irq_of(a, d->name);
	draw_style(a->color, STYLE_DIM);
	if (usbrows_names(a, d, on, sizeof(on)))
		draw_fmt(y, 0, w, irq >= 0 ? _("%s (%s): Enter shows its "
			 "chain, p pins IRQ %ld") : _("%s (%s): Enter shows "
			 "its chain"), d->name, on, irq);
	else
		draw_fmt(y, 0, w, irq >= 0 ? _("%s: Enter shows its chain, "
			 "p pins IRQ %ld") : _("%s: Enter shows its chain"),
			 d->name, irq);
	draw_style(a->color, STYLE_NORMAL);
}

static void usb_draw(struct app *a, int top, int height, int width)
{
	const struct usbdev_list *l = app_moment(a)->usb;
	struct view *v = &a->views[PANEL_USB];
	int y = top, rows, end;
	struct usbrows_line *ln;
	size_t n, i, at = 0;

	draw_style(a->color, STYLE_TITLE);
	draw_text(y++, 0, width, _("  PORT    VID:PID   SPEED/CAPABLE "
				   "DRIVER      DISK/NET CPU  DEVICE"));
	draw_style(a->color, STYLE_NORMAL);
	end = top + height - (a->hotplug.err ? 1 : 0);
	hotplugui_draw_note(a, top + height - 1, width);	/* the last row */
	rows = end - top - 2;
	if (!l || (l->n == 0 && l->nbuses == 0)) {
		draw_text(y, 0, width, l && l->error ? l->error :
			  _("no USB devices"));
		return;
	}
	v->nrows = usbrows_count(a);
	if (v->sel >= v->nrows)
		v->sel = v->nrows ? v->nrows - 1 : 0;
	ln = usbrows_lines(a, &n);
	for (i = 0; i < n; i++)	/* the selected device's first line */
		if (ln[i].kind == USBROWS_DEV && ln[i].row == v->sel)
			at = i;
	if (at < v->top || v->sel == 0)	/* with its bus line; the */
		v->top = at && v->sel ? at - 1 : 0;	/* first from the top */
	if (rows > 0 && at >= v->top + (size_t)rows)
		v->top = at - (size_t)rows + 1;
	if (v->top >= n)
		v->top = 0;
	for (i = v->top; i < n && y < top + 1 + rows; i++)
		draw_line(a, y++, width, &ln[i], v->sel);
	free(ln);
	draw_selected(a, end - 1, width);
}

static bool usb_key(struct app *a, int ch)
{
	/* the rows as now, not as last drawn: d End, typed fast, is the
	 * last device */
	a->views[PANEL_USB].nrows = usbrows_count(a);
	if (view_key(&a->views[PANEL_USB], ch))
		return true;
	if (ch == '\n' || ch == '\r' || ch == KEY_ENTER) {
		usbrows_open(a);
		return true;
	}
	return false;
}

const struct panel_ops panel_usb_ops = {
	.name = "usb",
	.draw = usb_draw,
	.key = usb_key,
};
