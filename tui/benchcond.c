/* SPDX-License-Identifier: GPL-2.0-or-later */
/* benchcond: the conditions a run was measured under, in words, from its
 * result object; what the CLI prints after a run, for the monitor's
 * results screen. */
#include "config.h"

#include "benchcond.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "base/i18n.h"

#define S(o, k) (json_is_string(json_object_get(o, k)) ? \
		 json_string_value(json_object_get(o, k)) : "-")
#define I(o, k) ((long long)json_integer_value(json_object_get(o, k)))

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
static void chain_lines(struct lines *o, const char *what, json_t *c)
{
	json_t *u = json_object_get(c, "usb"), *q;
	char cpu[16];
	size_t i;

	if (json_is_object(u))
		add(o, _("  %s USB %s %s, %s"), what, S(u, "speed"),
		    S(u, "driver"), json_is_string(json_object_get(u,
		    "bridge")) ? S(u, "bridge") : S(u, "product"));
	json_array_foreach(json_object_get(c, "irqs"), i, q) {
		if (json_is_integer(json_object_get(q, "top_cpu")))
			snprintf(cpu, sizeof(cpu), "%lld", I(q, "top_cpu"));
		else
			snprintf(cpu, sizeof(cpu), "-");
		add(o, _("  %s IRQ %lld %s on CPU %s (affinity %s)"), what,
		    I(q, "irq"), S(q, "action"), cpu, S(q, "affinity"));
	}
}

/* How much was written and read, and how. */
static void settings_line(struct lines *o, json_t *res)
{
	json_t *s = json_object_get(res, "settings");
	json_t *b = json_object_get(s, strcmp(S(res, "kind"), "iozone") ?
				    "size_bytes" : "file_bytes");

	if (json_is_integer(b))
		add(o, _("  size %.0f MiB, %s"), (double)json_integer_value(b) /
		    (1024.0 * 1024.0), S(s, "io"));
}

static void cluster_lines(struct lines *o, json_t *c)
{
	json_t *s = json_object_get(c, "clusters_start"), *x, *y;
	json_t *e = json_object_get(c, "clusters_end");
	size_t i;

	json_array_foreach(s, i, x) {
		y = json_array_get(e, i);
		add(o, _("  CPUs %s: %s, %lld -> %lld MHz%s"), S(x, "cpus"),
		    S(x, "governor"), I(x, "cur_khz") / 1000,
		    I(y ? y : x, "cur_khz") / 1000,
		    json_is_true(json_object_get(y ? y : x, "throttled")) ?
		    _(", throttled") : "");
	}
}

int benchcond_lines(json_t *res, char (*l)[BENCHCOND_W], int max)
{
	json_t *c = json_object_get(res, "conditions");
	json_t *t = json_object_get(c, "target"), *n;
	struct lines o = { l, 0, max };
	size_t i;

	if (!json_is_object(c))
		return 0;
	add(&o, _("Conditions: kernel %s, %s, %.1f s"), S(c, "kernel"),
	    S(c, "time_start"), json_number_value(json_object_get(c,
	    "duration_s")));
	if (json_object_get(t, "fstype"))
		add(&o, _("  target %s on %s (%s, disk %s)"), S(t, "path"),
		    S(t, "mountpoint"), S(t, "fstype"), S(t, "disk"));
	else if (json_object_get(t, "device_path"))
		add(&o, _("  target %s (disk %s)"), S(t, "device_path"),
		    S(t, "disk"));
	else if (json_object_get(t, "host"))
		add(&o, _("  server %s"), S(t, "host"));
	settings_line(&o, res);
	chain_lines(&o, S(t, "disk"), t);
	json_array_foreach(json_object_get(t, "interfaces"), i, n)
		chain_lines(&o, S(n, "name"), n);
	cluster_lines(&o, c);
	if (json_is_number(json_object_get(c, "temperature_min_c")))
		add(&o, _("  temperature %.1f-%.1f C"), json_number_value(
		    json_object_get(c, "temperature_min_c")), json_number_value(
		    json_object_get(c, "temperature_max_c")));
	add(&o, "  %s", json_is_true(json_object_get(c, "throttled")) ?
	    _("a cluster was throttled during the run") :
	    _("no cluster was seen throttled"));
	return o.n;
}
