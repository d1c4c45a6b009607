/* SPDX-License-Identifier: GPL-2.0-or-later */
/* irqrows: which IRQs the IRQ screen lists and in what order: the / filter
 * over the key, the description and the action, the S order by number,
 * rate or name; the selected IRQ stays selected across a rebuild. */
#include "config.h"

#include "irqrows.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app.h"
#include "listfilter.h"

/* Numbered IRQs by number, then the named ones (NMI, LOC) as listed. */
static int cmp_number(const struct moment_irq *p, const struct moment_irq *q)
{
	if (p->numeric != q->numeric)
		return p->numeric ? -1 : 1;
	if (p->numeric && p->irq != q->irq)
		return p->irq < q->irq ? -1 : 1;
	return (p > q) - (p < q);
}

/* Busiest first. */
static int cmp_rate(const struct moment_irq *p, const struct moment_irq *q)
{
	double a = p->valid ? p->total_per_s : 0;
	double b = q->valid ? q->total_per_s : 0;

	if (a != b)
		return a > b ? -1 : 1;
	return cmp_number(p, q);
}

/* By the action (what a person looks for: eth0, xhci-hcd:usb3), or the
 * description when the kernel gave none. */
static int cmp_name(const struct moment_irq *p, const struct moment_irq *q)
{
	const char *x = *p->action ? p->action : p->desc;
	const char *y = *q->action ? q->action : q->desc;
	int c = strcasecmp(x, y);

	return c ? c : cmp_number(p, q);
}

struct order {
	const struct moment_irq *irqs;
	enum listfilter_sort by;
};

static int cmp(const void *x, const void *y, void *ctx)
{
	const struct order *o = ctx;
	const struct moment_irq *p = &o->irqs[*(const size_t *)x];
	const struct moment_irq *q = &o->irqs[*(const size_t *)y];

	if (o->by == LISTSORT_RATE)
		return cmp_rate(p, q);
	if (o->by == LISTSORT_NAME)
		return cmp_name(p, q);
	return cmp_number(p, q);
}

static double irq_rate(const void *ctx, size_t i)
{
	const struct moment_irq *q = &((const struct moment *)ctx)->irqs[i];

	return q->valid ? q->total_per_s : 0;
}

static const char *irq_key(const void *ctx, size_t i)
{
	return ((const struct moment *)ctx)->irqs[i].key;
}

/* By rate, a row keeps its place unless another overtakes it clearly
 * (view/order.h); a new S order starts from the plain one. */
static void hold(struct irqrows *o, const struct moment *r,
		 enum listfilter_sort by)
{
	struct order_items it = { r, r->nirqs, irq_rate, irq_key,
				  ORDER_LEAD_IRQS };

	if (by != LISTSORT_RATE || o->order_by != (int)by)
		order_forget(&o->order);
	o->order_by = (int)by;
	if (by != LISTSORT_RATE)
		return;
	order_hold(&o->order, o->v, o->n, &it);
	order_note(&o->order, o->v, o->n, &it);
}

static bool grow(struct irqrows *o, size_t n)
{
	size_t *v;
	char (*k)[IRQROWS_KEY];

	if (n <= o->cap)
		return true;
	v = realloc(o->v, n * sizeof(*v));
	if (v)
		o->v = v;
	k = realloc(o->keys, n * sizeof(*k));
	if (k)
		o->keys = k;
	if (!v || !k)
		return false;
	o->cap = n;
	return true;
}

/* The row that has KEY, or N when none has. */
static size_t find_key(const struct irqrows *o, const char *key)
{
	size_t i;

	for (i = 0; key[0] && i < o->n; i++)
		if (strcmp(o->keys[i], key) == 0)
			return i;
	return o->n;
}

static void build(struct app *a, struct irqrows *o)
{
	const struct moment *r = app_moment(a);
	struct order ord = { r->irqs, a->filter.sort[PANEL_IRQ] };
	size_t i;

	o->n = 0;
	if (!r->have_rates || !grow(o, r->nirqs))
		return;
	for (i = 0; i < r->nirqs; i++) {
		const struct moment_irq *q = &r->irqs[i];
		const char *names[] = { q->key, q->desc, q->action };

		if (listfilter_match(a, PANEL_IRQ, names, 3))
			o->v[o->n++] = i;
	}
	qsort_r(o->v, o->n, sizeof(o->v[0]), cmp, &ord);
	hold(o, r, ord.by);
	for (i = 0; i < o->n; i++)
		snprintf(o->keys[i], IRQROWS_KEY, "%.*s", IRQROWS_KEY - 1,
			 r->irqs[o->v[i]].key);
}

const struct irqrows *irqrows_get(struct app *a)
{
	struct irqrows *o = &a->irqrows;
	struct view *v = &a->views[PANEL_IRQ];
	char sel[IRQROWS_KEY] = "";
	size_t at;

	if (o->built && o->gen == a->data_gen)
		return o;
	if (o->built && v->sel < o->n)
		memcpy(sel, o->keys[v->sel], sizeof(sel));
	build(a, o);
	o->gen = a->data_gen;
	o->built = true;
	at = find_key(o, sel);
	if (at < o->n)
		v->sel = at;
	else if (sel[0])	/* filtered out or gone: the top */
		v->sel = 0;
	return o;
}

long irqrows_selected(struct app *a)
{
	const struct irqrows *o = irqrows_get(a);
	size_t sel = a->views[PANEL_IRQ].sel;

	return sel < o->n ? (long)o->v[sel] : -1;
}

void irqrows_select(struct app *a, size_t index)
{
	const struct irqrows *o = irqrows_get(a);
	size_t i;

	for (i = 0; i < o->n && o->v[i] != index; i++)
		;
	if (i == o->n && a->filter.text[PANEL_IRQ][0]) {
		a->filter.text[PANEL_IRQ][0] = '\0';
		app_data_changed(a);
		o = irqrows_get(a);
		for (i = 0; i < o->n && o->v[i] != index; i++)
			;
	}
	a->views[PANEL_IRQ].sel = i < o->n ? i : 0;
}

void irqrows_fini(struct irqrows *o)
{
	free(o->v);
	free(o->keys);
	order_fini(&o->order);
	memset(o, 0, sizeof(*o));
}
