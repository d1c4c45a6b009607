/* SPDX-License-Identifier: GPL-2.0-or-later */
/* benchcond: the conditions a run was measured under, in words, from its
 * result object; what the CLI prints after a run, for the monitor's
 * results screen. */
#include "config.h"

#include "benchcond.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "base/figfmt.h"
#include "base/i18n.h"

#define S(s) benchresult_or(s, "-")

struct lines {
	char (*l)[BENCHCOND_W];
	int n, max;
};

__attribute__((format(printf, 2, 3)))
static void add(struct lines *o, const char *fmt, ...)
{
	va_list ap;

	if (o->n >= o->max)
		return;
	va_start(ap, fmt);
	vsnprintf(o->l[o->n++], BENCHCOND_W, fmt, ap);
	va_end(ap);
}

/* The USB link and the IRQs of one chain (a disk, an interface). */
static void chain_lines(struct lines *o, const char *what,
			const struct benchresult_chain *c)
{
	const struct benchresult_usb *u = &c->usb;
	const struct benchresult_irq *q;
	char cpu[24];
	size_t i;

	if (u->present)
		add(o, _("  %s USB %s %s, %s"), what, S(u->speed),
		    S(u->driver), u->bridge ? u->bridge : S(u->product));
	for (i = 0; i < c->nirqs; i++) {
		q = &c->irqs[i];
		if (q->has_top_cpu)
			snprintf(cpu, sizeof(cpu), "%lld", q->top_cpu);
		else
			snprintf(cpu, sizeof(cpu), "-");
		add(o, _("  %s IRQ %lld %s on CPU %s (affinity %s)"), what,
		    q->irq, S(q->action), cpu, S(q->affinity));
	}
}

/* How much was written and read, and how. */
static void settings_line(struct lines *o, const struct benchresult *res)
{
	long long b = strcmp(S(res->kind), "iozone") ?
		      res->settings.size_bytes : res->settings.file_bytes;

	if (b >= 0)
		add(o, _("  size %.0f MiB, %s"), (double)b / (1024.0 * 1024.0),
		    S(res->settings.io));
}

/* The clusters' frequency in MHz, rounded as every view rounds it. */
static long long mhz(double khz)
{
	return isnan(khz) || khz <= 0 ? 0 :
	       (long long)figfmt_mhz_n((uint64_t)khz);
}

static void cluster_lines(struct lines *o, const struct benchresult_cond *c)
{
	const struct benchresult_cluster *x, *y;
	char label[80];
	size_t i;

	for (i = 0; i < c->nstart; i++) {
		x = &c->start[i];
		y = i < c->nend ? &c->end[i] : x;
		add(o, _("  %s: %s, %lld -> %lld MHz%s"),
		    figfmt_cpus(label, sizeof(label), S(x->cpus)),
		    S(x->governor), mhz(x->cur_khz), mhz(y->cur_khz),
		    y->throttled ? _(", throttled") : "");
	}
}

/* Where it ran: a folder, a device, a server; SERVED: a test the
 * screen's server (v) or benchtop serve answered, whose host is the
 * client. */
static void target_line(struct lines *o, const struct benchresult_target *t,
			bool served)
{
	if (t->where == BENCHRESULT_WHERE_FOLDER && !t->mountpoint)
		add(o, _("  target %s (disk %s)"), S(t->path),
		    S(t->disk.name));	/* its mount unseen (a chroot) */
	else if (t->where == BENCHRESULT_WHERE_FOLDER)
		add(o, _("  target %s on %s (%s, disk %s)"), S(t->path),
		    S(t->mountpoint), S(t->fstype), S(t->disk.name));
	else if (t->where == BENCHRESULT_WHERE_DEVICE)
		add(o, _("  target %s (disk %s)"), S(t->device_path),
		    S(t->disk.name));
	else if (t->where == BENCHRESULT_WHERE_HOST && served)
		add(o, _("  served client %s"), S(t->host));
	else if (t->where == BENCHRESULT_WHERE_HOST)
		add(o, _("  server %s"), S(t->host));
}

int benchcond_lines(const struct benchresult *res, char (*l)[BENCHCOND_W],
		    int max)
{
	const struct benchresult_cond *c = &res->cond;
	const struct benchresult_target *t = &c->target;
	struct lines o = { l, 0, max };
	size_t i;

	if (!c->present)
		return 0;
	add(&o, _("Conditions: kernel %s, %s, %.1f s"), S(c->kernel),
	    S(c->time_start), isnan(c->duration_s) ? 0 : c->duration_s);
	target_line(&o, t, !strcmp(S(res->preset), "serve"));
	settings_line(&o, res);
	chain_lines(&o, S(t->disk.name), &t->disk);
	for (i = 0; i < t->nifs; i++)
		chain_lines(&o, S(t->ifs[i].name), &t->ifs[i]);
	cluster_lines(&o, c);
	if (!isnan(c->temp_min_c))
		add(&o, _("  temperature %.1f-%.1f C"), c->temp_min_c,
		    isnan(c->temp_max_c) ? 0 : c->temp_max_c);
	add(&o, "  %s", c->throttled == 1 ?
	    _("a cluster was throttled during the run") :
	    _("no cluster was seen throttled"));
	return o.n;
}
