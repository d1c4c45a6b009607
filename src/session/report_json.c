/* SPDX-License-Identifier: GPL-2.0-or-later */
/* report_json: turns a pair of samples and their rates into JSON with the
 * unit in every key name (bytes_per_s, pct, ms). */
#include "config.h"

#include "session/report_json.h"

#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "base/strclean.h"
#include "view/figures.h"

/* A rate as a JSON number rounded to 3 decimals, or null when unknown. */
static json_t *num(double v, bool valid)
{
	if (!valid || !isfinite(v))
		return json_null();
	return json_real(round(v * 1000.0) / 1000.0);
}

static json_t *clean_str(const char *s)
{
	char tmp[512];

	if (!s)
		return json_string("");
	strclean_copy(tmp, sizeof(tmp), s, strlen(s));
	return json_string(tmp);
}

static json_t *cpu_json(const struct cpu_util *u, bool online)
{
	bool v = online && u->valid;

	return json_pack("{s:b s:o s:o s:o s:o s:o s:o s:o s:o s:o}",
			 "online", online,
			 "user_pct", num(u->user, v), "nice_pct", num(u->nice, v),
			 "system_pct", num(u->system, v),
			 "iowait_pct", num(u->iowait, v),
			 "irq_pct", num(u->irq, v),
			 "softirq_pct", num(u->softirq, v),
			 "steal_pct", num(u->steal, v),
			 "idle_pct", num(u->idle, v), "busy_pct", num(u->busy, v));
}

static json_t *cpus_json(const struct sample_rates *r)
{
	json_t *a = json_array();
	size_t i;

	for (i = 0; a && i < r->ncpus; i++) {
		json_t *c = cpu_json(&r->cpus[i], r->cpu_online[i]);

		if (c)
			json_object_set_new(c, "id", json_integer(r->cpu_ids[i]));
		json_array_append_new(a, c);
	}
	return a;
}

/* Figure F of a device as JSON: a row's count as an integer, a rate
 * rounded, null when unknown. */
static json_t *figure_json(const struct figure *f, const void *row,
			   double v, bool known)
{
	if (f->src == FIG_ROW)
		return json_integer((json_int_t)figures_row_u64(f, row));
	return num(v, known);
}

static json_t *disk_json(const struct disk_rate *d, double dt)
{
	const struct disk_row *row = d->row;
	json_t *o = json_pack("{s:o s:i s:i s:s}",
		"name", clean_str(row->name), "major", (json_int_t)row->major,
		"minor", (json_int_t)row->minor,
		"kind", diskstats_kind_name(row->kind));
	const struct figure *f;
	double v;
	bool known;

	for (f = figures_disk.v; o && f < figures_disk.v + figures_disk.n;
	     f++) {
		if (!f->json)
			continue;
		known = figures_disk_value(f, d, dt, &v);
		json_object_set_new(o, f->json, figure_json(f, row, v, known));
	}
	return o;
}

static json_t *net_json(const struct net_rate *n)
{
	json_t *o = json_pack("{s:o}", "name", clean_str(n->row->name));
	const struct figure *f;
	double v;
	bool known;

	for (f = figures_net.v; o && f < figures_net.v + figures_net.n; f++) {
		if (!f->json)
			continue;
		known = figures_net_value(f, n, &v);
		json_object_set_new(o, f->json,
				    figure_json(f, n->row, v, known));
	}
	return o;
}

static json_t *cpuset_json(const struct cpuset *s, bool have)
{
	char tmp[4096];

	if (!have)
		return json_null();
	cpulist_format(s, tmp, sizeof(tmp));
	return json_string(tmp);
}

static json_t *irq_per_cpu(const struct irq_table *t, const struct irq_rate *q)
{
	json_t *o = json_object();
	size_t i;

	for (i = 0; o && i < q->row->ncounts && i < t->ncpus; i++) {
		char key[16];

		snprintf(key, sizeof(key), "%u", t->cpus[i]);
		json_object_set_new(o, key, num(interrupts_rate_cpu(q, i),
						q->valid));
	}
	return o;
}

/* The row's counts since boot, one per column of the table's irq_cpus
 * (fewer for ERR, MIS): what interrupts_taker reads of an idle IRQ. */
static json_t *irq_counts(const struct irq_table *t, const struct irq_row *row)
{
	json_t *a = json_array();
	size_t i;

	for (i = 0; a && i < row->ncounts && i < t->ncpus; i++)
		json_array_append_new(a, json_integer((json_int_t)
						      row->counts[i]));
	return a;
}

/* The IRQ number of a numbered row ("105"), null for "LOC", "IPI0". */
static json_t *irq_number(const struct irq_row *row)
{
	return row->numeric ? json_integer((json_int_t)row->irq) : json_null();
}

static json_t *irq_json(const struct sample *cur, size_t i,
			const struct irq_rate *q)
{
	const struct irq_row *row = q->row;
	const struct irq_affinity *a = &cur->aff[row - cur->irqs.rows];

	return json_pack("{s:o s:o s:b s:o s:o s:o s:o s:o s:I s:o s:o s:o"
		" s:o s:o}", "key", clean_str(row->key), "irq", irq_number(row),
		"numeric", row->numeric,
		"desc", clean_str(row->desc), "chip", clean_str(row->chip),
		"hwirq", clean_str(row->hwirq),
		"trigger", clean_str(row->trigger),
		"action", clean_str(row->action),
		"count", (json_int_t)row->total,
		"rate_per_s", num(q->total_per_s, q->valid),
		"per_cpu_per_s", irq_per_cpu(&cur->irqs, q),
		"per_cpu_count", irq_counts(&cur->irqs, row),
		"affinity", cpuset_json(&a->affinity, a->has_affinity),
		"effective_affinity", cpuset_json(&a->effective,
						  a->has_effective));
}

static json_t *array_of(size_t n, json_t *(*one)(const void *, size_t,
						 const void *),
			const void *ctx, const void *items)
{
	json_t *a = json_array();
	size_t i;

	for (i = 0; a && i < n; i++)
		json_array_append_new(a, one(ctx, i, items));
	return a;
}

static json_t *one_disk(const void *ctx, size_t i, const void *items)
{
	return disk_json(&((const struct disk_rate *)items)[i],
			 ((const struct sample_rates *)ctx)->dt);
}

static json_t *one_net(const void *ctx, size_t i, const void *items)
{
	return net_json(&((const struct net_rate *)items)[i]);
}

static json_t *one_irq(const void *ctx, size_t i, const void *items)
{
	return irq_json(ctx, i, &((const struct irq_rate *)items)[i]);
}

static json_t *irq_cpus_json(const struct irq_table *t)
{
	json_t *a = json_array();
	size_t i;

	for (i = 0; a && i < t->ncpus; i++)
		json_array_append_new(a, json_integer(t->cpus[i]));
	return a;
}

/* "1 line of /proc/diskstats not understood (line 3)" for each source
 * that left lines out, into A. */
static void skips_json(json_t *a, const struct sample *s)
{
	struct sample_skip k[SAMPLE_NSKIP];
	size_t n = sample_skips(s, k);
	char msg[128];

	for (size_t i = 0; a && i < n; i++) {
		snprintf(msg, sizeof(msg), "%u line%s of %s not understood "
			 "(line %u)", k[i].n, k[i].n == 1 ? "" : "s",
			 k[i].source, k[i].line);
		json_array_append_new(a, json_pack("{s:s s:s}", "source",
						   k[i].source, "error", msg));
	}
}

static json_t *errors_json(const struct sample_status *st)
{
	static const struct { const char *source; size_t off; } src[] = {
		{ "/proc/stat", offsetof(struct sample_status, stat) },
		{ "/proc/diskstats", offsetof(struct sample_status, diskstats) },
		{ "/proc/net/dev", offsetof(struct sample_status, netdev) },
		{ "/proc/interrupts", offsetof(struct sample_status, interrupts) },
		{ "/sys/devices/system/cpu/present",
		  offsetof(struct sample_status, present) },
	};
	json_t *a = json_array();
	size_t i;

	for (i = 0; a && i < sizeof(src) / sizeof(src[0]); i++) {
		int rc = *(const int *)((const char *)st + src[i].off);

		if (rc)
			json_array_append_new(a, json_pack("{s:s s:s}",
				"source", src[i].source,
				"error", sample_error(rc)));
	}
	return a;
}

json_t *report_json_rates(const struct sample *prev, const struct sample *cur,
			  const struct sample_rates *r)
{
	json_t *o = json_object();

	if (!o)
		return NULL;
	json_object_set_new(o, "interval_s", json_real(r->dt));
	json_object_set_new(o, "cpu_total",
			    cpu_json(&r->total, cur->status.stat == 0));
	json_object_set_new(o, "cpus", cpus_json(r));
	json_object_set_new(o, "disks", array_of(r->ndisks, one_disk, r,
						 r->disks));
	json_object_set_new(o, "net", array_of(r->nnets, one_net, r, r->nets));
	json_object_set_new(o, "irq_cpus", irq_cpus_json(&cur->irqs));
	json_object_set_new(o, "irqs", array_of(r->nirqs, one_irq, cur,
						r->irqs));
	json_object_set_new(o, "errors", errors_json(&cur->status));
	skips_json(json_object_get(o, "errors"), cur);
	(void)prev;
	return o;
}
