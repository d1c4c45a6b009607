/* SPDX-License-Identifier: GPL-2.0-or-later */
/* replay: a snapshot's recorded moment turned back into what the panels
 * draw from: the row's values and the system facts go straight into the
 * moment's fields (no kernel text, no parser, no made-up interval). */
#include "config.h"

#include "session/replay.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/i18n.h"
#include "base/jsonget.h"
#include "session/replayhw.h"
#include "session/snapevents.h"
#include "view/figures.h"
#include "collect/interrupts.h"

/* The string KEY of O, or NULL; the number K of O, or DFLT (jsonget). */
#define str(o, key) jsonget_str(o, key, NULL)
#define num(o, k, dflt) jsonget_num(o, k, dflt)

static const json_t *sys_of(const struct replay *rp)
{
	return json_object_get(rp->doc, "system");
}

int replay_open(struct replay *rp, json_t *doc, char *err, size_t size)
{
	int rc;

	memset(rp, 0, sizeof(*rp));
	series_init(&rp->series);
	rc = series_from_json(&rp->series, json_object_get(doc, "series"),
			      err, size);
	if (rc == 0 && (rp->n = series_nrows(&rp->series)) == 0) {
		/* TRANSLATORS: follows "benchtop: FILE: cannot be
		 * replayed: ". */
		snprintf(err, size, "%s",
			 _("it has no recorded samples to replay"));
		rc = -EINVAL;
	}
	if (rc) {
		series_free(&rp->series);
		return rc;
	}
	rp->doc = json_incref(doc);
	return 0;
}

void replay_fini(struct replay *rp)
{
	series_free(&rp->series);
	json_decref(rp->doc);
	memset(rp, 0, sizeof(*rp));
}

int64_t replay_time_ms(const struct replay *rp, size_t i)
{
	const struct series_row *row = series_row(&rp->series, i);

	return row ? row->t_ms : 0;
}

double replay_value(const struct replay *rp, size_t i, const char *channel)
{
	const struct series_row *row = series_row(&rp->series, i);
	long ch = series_find(&rp->series, channel);

	if (!row || ch < 0 || (size_t)ch >= row->nv)
		return NAN;
	return row->v[ch];
}

/* Row I's CHANNEL made of three parts, as a count >= 0; -1 when missing. */
static double value3(const struct replay *rp, size_t i, const char *kind,
		     const char *name, const char *metric)
{
	char ch[SERIES_NAME_MAX + 64];
	double v;

	snprintf(ch, sizeof(ch), "%s:%s:%s", kind, name, metric);
	v = replay_value(rp, i, ch);
	return isnan(v) ? -1 : v < 0 ? 0 : v;
}

/* A recorded share ("util_pct") in permille, as the kernel's ticks
 * below are counted; -1 where not recorded. */
static double permille3(const struct replay *rp, size_t i, const char *kind,
			const char *name)
{
	double v = value3(rp, i, kind, name, "util_pct");

	return v < 0 ? -1 : v * 10.0;
}

/* A name that reads back the same from kernel text: no blanks, no ':'. */
static bool plain_name(const char *s, size_t max)
{
	size_t n = 0;

	for (; s[n]; n++)
		if (!(isalnum((unsigned char)s[n]) || strchr("._-@+", s[n])))
			return false;
	return n > 0 && n < max;
}

/* The NAME of channel C when it is "KIND:NAME:METRIC", into DST. */
static bool channel_name(const char *c, const char *kind, const char *metric,
			 char *dst, size_t size)
{
	size_t k = strlen(kind), m = strlen(metric), n = strlen(c);

	if (n <= k + m + 2 || strncmp(c, kind, k) || c[k] != ':' ||
	    strcmp(c + n - m, metric) || c[n - m - 1] != ':' ||
	    n - k - m - 2 >= size)
		return false;
	snprintf(dst, size, "%.*s", (int)(n - k - m - 2), c + k + 1);
	return true;
}

/* ---- CPUs ------------------------------------------------------------- */

static const json_t *cluster_of(const json_t *sys, unsigned cpu)
{
	const json_t *c;
	struct cpuset set;
	size_t i;

	json_array_foreach(json_object_get(sys, "clusters"), i, c) {
		const char *l = str(c, "cpus");

		if (l && cpulist_parse(l, strlen(l), &set) >= 0 &&
		    cpuset_has(&set, cpu))
			return c;
	}
	return NULL;
}

/* Busy share of CPU in permille at row I: its cluster's, else all CPUs'. */
static double cpu_busy(const struct replay *rp, size_t i, unsigned cpu)
{
	const json_t *c = cluster_of(sys_of(rp), cpu);
	double v = -1;
	char pol[24];

	if (c && json_is_integer(json_object_get(c, "policy"))) {
		snprintf(pol, sizeof(pol), "%" JSON_INTEGER_FORMAT,
			 json_integer_value(json_object_get(c, "policy")));
		v = permille3(rp, i, "cluster", pol);
	}
	if (v < 0)
		v = permille3(rp, i, "cpu", "all");
	return v < 0 ? 0 : v > 1000 ? 1000 : v;
}

/* CPUs in the snapshot: present (cpu_topology), online ones in ONLINE. */
static void cpu_sets(const json_t *sys, struct cpuset *present,
		     struct cpuset *online)
{
	const json_t *t = json_object_get(sys, "cpu_topology"), *c;
	const char *p = str(t, "present"), *o = str(t, "online");
	size_t i;

	cpuset_clear(present);
	cpuset_clear(online);
	json_array_foreach(json_object_get(sys, "cpus"), i, c) {
		long id = (long)num(c, "id", -1);

		if (id < 0 || id >= CPUSET_MAX)
			continue;
		cpuset_add(present, (unsigned)id);
		if (!json_is_false(json_object_get(c, "online")))
			cpuset_add(online, (unsigned)id);
	}
	if (p && cpuset_count(present) == 0)
		cpulist_parse(p, strlen(p), present);
	if (o && cpuset_count(online) == 0)
		cpulist_parse(o, strlen(o), online);
	if (cpuset_count(online) == 0)
		*online = *present;
}

/* ---- IRQs ------------------------------------------------------------- */

/* The CPU columns: irq_cpus of the facts, else the online CPUs. */
static size_t irq_columns(const json_t *sys, const struct cpuset *online,
			  unsigned *cols, size_t max)
{
	const json_t *v;
	size_t i, n = 0;
	int id;

	json_array_foreach(json_object_get(sys, "irq_cpus"), i, v)
		if (json_is_integer(v) && n < max && json_integer_value(v) >= 0
		    && json_integer_value(v) < CPUSET_MAX &&
		    (!n || json_integer_value(v) > (json_int_t)cols[n - 1]))
			cols[n++] = (unsigned)json_integer_value(v);
	for (id = cpuset_first(online); !n && id >= 0 && n < max;
	     id = cpuset_next(online, (unsigned)id))
		cols[n++] = (unsigned)id;
	return n;
}

/* How the counts of IRQ row Q spread over the columns: as its per-CPU
 * rates at the save, else on its effective affinity, else its affinity,
 * else evenly.  W sums to 1. */
static void irq_weights(const json_t *q, const unsigned *cols, size_t n,
			double *w)
{
	const json_t *pc = json_object_get(q, "per_cpu_per_s");
	const char *lists[2] = { str(q, "effective_affinity"),
				 str(q, "affinity") };
	double sum = 0;
	struct cpuset set;
	size_t c, k;
	char id[16];

	for (c = 0; c < n; c++) {
		snprintf(id, sizeof(id), "%u", cols[c]);
		sum += w[c] = num(pc, id, 0) > 0 ? num(pc, id, 0) : 0;
	}
	for (k = 0; k < 2 && sum == 0; k++)
		if (lists[k] && cpulist_parse(lists[k], strlen(lists[k]),
					      &set) >= 0)
			for (c = 0; c < n; c++)
				sum += w[c] = cpuset_has(&set, cols[c]);
	for (c = 0; c < n && sum == 0; c++)
		w[c] = 1;
	sum = sum ? sum : (double)n;
	for (c = 0; c < n; c++)
		w[c] /= sum;
}

/* Whether KEY is a row of the system facts' irqs. */
static bool known_irq(const json_t *sys, const char *key)
{
	const json_t *q;
	size_t i;

	json_array_foreach(json_object_get(sys, "irqs"), i, q)
		if (str(q, "key") && strcmp(str(q, "key"), key) == 0)
			return true;
	return false;
}

/* ---- IRQ rows ----------------------------------------------------------- */

/* KEY's affinities as saved (Q), or as the events say they were at T_MS. */
static void irq_affinity(const struct replay *rp, size_t i, const json_t *q,
			 const struct moment_irq *o, struct irq_affinity *to)
{
	const char *a = str(q, "affinity"), *e = str(q, "effective_affinity");
	const char *then = snapevents_at(json_object_get(rp->doc, "events"),
					 "affinity", o->key,
					 replay_time_ms(rp, i));

	if (then) {	/* changed later in the session */
		a = then;
		e = NULL;
	}
	to->has_affinity = a && cpulist_parse(a, strlen(a), &to->affinity) >= 0;
	to->has_effective = e && cpulist_parse(e, strlen(e),
					       &to->effective) >= 0;
}

static const char *facts_str(const json_t *q, const char *k, bool numeric)
{
	return numeric && str(q, k) ? str(q, k) : "";
}

/* Row Q's counts since boot at the save ("per_cpu_count", one per column
 * of the facts' irq_cpus) into CNT, when they are there and the columns
 * are the facts' own: how many, else 0 (a file saved before they were
 * recorded, or a garbled one). */
static size_t irq_counts(const json_t *sys, const json_t *q,
			 const unsigned *cols, size_t n, uint32_t *cnt)
{
	const json_t *pc = json_object_get(q, "per_cpu_count");
	const json_t *ids = json_object_get(sys, "irq_cpus"), *v;
	size_t k;

	if (!json_is_array(pc) || json_array_size(ids) != n ||
	    json_array_size(pc) > n)
		return 0;
	json_array_foreach(ids, k, v)
		if (!json_is_integer(v) ||
		    json_integer_value(v) != (json_int_t)cols[k])
			return 0;
	json_array_foreach(pc, k, v) {
		if (!json_is_integer(v) || json_integer_value(v) < 0 ||
		    json_integer_value(v) > (json_int_t)UINT32_MAX)
			return 0;
		cnt[k] = (uint32_t)json_integer_value(v);
	}
	return json_array_size(pc);
}

/* The CPU that takes row O: as the live views name it (interrupts_taker),
 * from the counts at the save (CNT, NCNT of them) and the affinities at
 * that moment (A); TOP the column the recorded rate goes to. */
static int irq_taker(const struct moment *m, const struct moment_irq *o,
		     uint32_t *cnt, size_t ncnt, size_t top,
		     const struct irq_affinity *a)
{
	struct irq_table t = { .cpus = m->irq_cpus, .ncpus = m->nirq_cpus };
	struct irq_row r = { .counts = cnt, .ncounts = ncnt };
	struct irq_rate q = { .row = &r, .valid = true,
			      .total_per_s = o->total_per_s, .top = top };
	size_t c;

	for (c = 0; c < ncnt; c++)
		r.top = cnt[c] > cnt[r.top] ? c : r.top;
	return interrupts_taker(&r, &q, &t, a);
}

/* Row I's IRQ KEY (Q its system facts, NULL when only the series has it):
 * the recorded rate spread over the columns as at the save (W); CNT room
 * for its counts. */
static void row_irq(struct moment *m, const struct replay *rp, size_t i,
		    const char *key, const json_t *q, double *w, uint32_t *cnt)
{
	struct moment_irq *o = &m->irqs[m->nirqs++];
	double rate = value3(rp, i, "irq", key, "per_s");
	double base = num(q, "count", 0);
	const char *desc = str(q, "desc");
	size_t c, top = 0, ncnt;

	snprintf(o->key, sizeof(o->key), "%s", key);
	o->numeric = strspn(key, "0123456789") == strlen(key);
	o->irq = o->numeric ? (unsigned)strtoul(key, NULL, 10) : 0;
	o->desc = desc && !isdigit((unsigned char)desc[0]) ? desc : "";
	o->action = facts_str(q, "action", o->numeric);
	o->chip = facts_str(q, "chip", o->numeric);
	o->hwirq = facts_str(q, "hwirq", o->numeric);
	o->trigger = facts_str(q, "trigger", o->numeric);
	if (base < 0 || base > 1e15)
		base = 0;
	o->valid = true;
	o->total_per_s = rate > 0 ? rate : 0;
	o->total = base + o->total_per_s;
	o->ncounts = m->nirq_cpus;
	irq_weights(q, m->irq_cpus, m->nirq_cpus, w);
	for (c = 0; c < m->nirq_cpus; c++) {
		o->per_cpu[c] = o->total_per_s * w[c];
		top = w[c] > w[top] ? c : top;
	}
	irq_affinity(rp, i, q, o, &m->affs[o - m->irqs]);
	ncnt = irq_counts(sys_of(rp), q, m->irq_cpus, m->nirq_cpus, cnt);
	if (ncnt)
		o->on_cpu = irq_taker(m, o, cnt, ncnt, top,
				      &m->affs[o - m->irqs]);
	else	/* saved without them: the column the weights favour */
		o->on_cpu = m->nirq_cpus && (o->total_per_s > 0 ||
			    base * w[top] >= 1) ? (int)m->irq_cpus[top] : -1;
}

/* The IRQs of the system facts, then those only the series has (with a
 * value at row I), in M's columns. */
static int row_irqs(struct moment *m, const struct replay *rp, size_t i)
{
	const json_t *sys = sys_of(rp), *q;
	double *w = calloc(m->nirq_cpus + 1, sizeof(*w));
	uint32_t *cnt = calloc(m->nirq_cpus + 1, sizeof(*cnt));
	char key[SERIES_NAME_MAX];
	size_t k;

	if (!w || !cnt) {
		free(w);
		free(cnt);
		return -ENOMEM;
	}
	json_array_foreach(json_object_get(sys, "irqs"), k, q)
		if (str(q, "key") && plain_name(str(q, "key"), 24) &&
		    !strchr(str(q, "key"), '.'))
			row_irq(m, rp, i, str(q, "key"), q, w, cnt);
	for (k = 0; k < rp->series.nch; k++)
		if (channel_name(rp->series.names[k], "irq", "per_s", key,
				 sizeof(key)) && plain_name(key, 24) &&
		    !strchr(key, '.') && !known_irq(sys, key) &&
		    value3(rp, i, "irq", key, "per_s") >= 0)
			row_irq(m, rp, i, key, NULL, w, cnt);
	free(w);
	free(cnt);
	return 0;
}

/* ---- disks, interfaces, CPUs ---------------------------------------------- */

static double at_least0(double v)
{
	return v > 0 ? v : 0;
}

/* The recorded figures of table T of device KIND NAME at row I into
 * the moment's device DST (figures.h): not recorded reads 0, and no more
 * than the figure's bound. */
static void row_figures(const struct figure_table *t, const struct replay *rp,
			size_t i, const char *kind, const char *name,
			void *dst)
{
	const struct figure *f;
	double v;

	for (f = t->v; f < t->v + t->n; f++) {
		if (!f->channel || f->moment_off == FIG_NONE)
			continue;
		v = at_least0(value3(rp, i, kind, name, f->channel));
		if (f->max > 0 && v > f->max)
			v = f->max;
		memcpy((char *)dst + f->moment_off, &v, sizeof(v));
	}
}

/* Disk NAME at row I, when it has a value there. */
static void row_disk(struct moment *m, const struct replay *rp, size_t i,
		     const char *name)
{
	double rd = value3(rp, i, "disk", name, "read_bytes_per_s");
	double wr = value3(rp, i, "disk", name, "write_bytes_per_s");
	struct moment_disk *d;

	if (rd < 0 && wr < 0)
		return;	/* not there at that moment */
	d = &m->disks[m->ndisks++];
	snprintf(d->name, sizeof(d->name), "%.*s", MOMENT_NAME - 1, name);
	d->kind = diskstats_kind_from_name(name);
	d->valid = true;
	row_figures(&figures_disk, rp, i, "disk", name, d);
	/* A file saved by an older benchtop has the bytes only. */
	d->ops_unknown = value3(rp, i, "disk", name, "read_iops") < 0;
}

/* Interface NAME at row I, when it has a value there. */
static void row_net(struct moment *m, const struct replay *rp, size_t i,
		    const char *name)
{
	double rx = value3(rp, i, "net", name, "rx_bytes_per_s");
	double tx = value3(rp, i, "net", name, "tx_bytes_per_s");
	struct moment_net *n;

	if (rx < 0 && tx < 0)
		return;
	n = &m->nets[m->nnets++];
	snprintf(n->name, sizeof(n->name), "%.*s", MOMENT_NAME - 1, name);
	n->valid = n->rx_known = n->tx_known = true;
	n->counts_known = false;	/* the series holds bytes only */
	row_figures(&figures_net, rp, i, "net", name, n);
}

static void row_devices(struct moment *m, const struct replay *rp, size_t i)
{
	char name[SERIES_NAME_MAX];
	size_t c;

	for (c = 0; c < rp->series.nch; c++)
		if (channel_name(rp->series.names[c], "disk",
				 "read_bytes_per_s", name, sizeof(name)) &&
		    plain_name(name, MOMENT_NAME))
			row_disk(m, rp, i, name);
	for (c = 0; c < rp->series.nch; c++)
		if (channel_name(rp->series.names[c], "net", "rx_bytes_per_s",
				 name, sizeof(name)) && plain_name(name, 32))
			row_net(m, rp, i, name);
}

/* Every present CPU, busy as its cluster at row I (or all CPUs). */
static void row_cpus(struct moment *m, const struct replay *rp, size_t i,
		     const struct cpuset *present, const struct cpuset *online)
{
	int id;

	for (id = cpuset_first(present); id >= 0;
	     id = cpuset_next(present, (unsigned)id)) {
		struct moment_cpu *c = &m->cpus[m->ncpus++];

		c->id = id;
		c->online = c->valid = cpuset_has(online, (unsigned)id);
		c->busy = c->online ? cpu_busy(rp, i, (unsigned)id) / 10.0 : 0;
	}
}

/* ---- clusters and temperatures -------------------------------------------- */

static uint64_t khz_of(const json_t *o, const char *k)
{
	double v = num(o, k, 0);

	return v > 0 && v < 1e12 ? (uint64_t)v : 0;
}

static enum cluster_role role_of(const char *s)
{
	if (!s)
		return CLUSTER_ROLE_NONE;
	return !strcmp(s, "little") ? CLUSTER_ROLE_LITTLE :
	       !strcmp(s, "medium") ? CLUSTER_ROLE_MEDIUM :
	       !strcmp(s, "big") ? CLUSTER_ROLE_BIG : CLUSTER_ROLE_NONE;
}

/* Row I's recorded kHz of cluster POL's METRIC, else DFLT. */
static uint64_t khz_at(const struct replay *rp, size_t i, const char *pol,
		       const char *metric, uint64_t dflt)
{
	double khz = value3(rp, i, "cluster", pol, metric);

	return khz > 0 && khz < 1e12 ? (uint64_t)llround(khz) : dflt;
}

/* Whether cluster C was held below what its governor wanted at row I, by
 * the live rule (clusters_throttled) over the row's recorded frequency,
 * limit and busy share; never from the flag saved with the system facts,
 * which is the save's.  A row without a recorded frequency is not. */
static bool row_throttled(const struct replay *rp, size_t i, const char *pol,
			  const struct moment_cluster *c)
{
	struct clusters_throttle_in t = {
		.governor = c->governor[0] ? c->governor : NULL,
		.cur_khz = c->cur_khz,
		.max_khz = c->max_khz,
		.util_pct = c->util_pct,
	};

	if (value3(rp, i, "cluster", pol, "freq_khz") <= 0)
		return false;
	return c->online && clusters_throttled(&t);
}

static void row_cluster(const struct replay *rp, size_t i, const json_t *o,
			struct moment_cluster *c)
{
	const char *cpus = str(o, "cpus"), *gov;
	char pol[24];
	double util;

	c->policy = (unsigned)num(o, "policy", 0);
	if (cpus)
		cpulist_parse(cpus, strlen(cpus), &c->cpus);
	c->online = !json_is_false(json_object_get(o, "online"));
	snprintf(c->core, sizeof(c->core), "%s", str(o, "core") ?
		 str(o, "core") : "");
	c->role = role_of(str(o, "role"));
	snprintf(pol, sizeof(pol), "%u", c->policy);
	/* The governor and the limits at the cursor, not at the save. */
	gov = snapevents_at(json_object_get(rp->doc, "events"), "governor",
			    pol, replay_time_ms(rp, i));
	snprintf(c->governor, sizeof(c->governor), "%s", gov ? gov :
		 str(o, "governor") ? str(o, "governor") : "");
	c->cur_khz = khz_at(rp, i, pol, "freq_khz", khz_of(o, "cur_khz"));
	c->min_khz = khz_at(rp, i, pol, "min_khz", khz_of(o, "min_khz"));
	c->max_khz = khz_at(rp, i, pol, "max_khz", khz_of(o, "max_khz"));
	c->capped = clusters_capped(c->max_khz, khz_of(o, "hw_max_khz"));
	util = value3(rp, i, "cluster", pol, "util_pct");
	c->util_pct = util >= 0 ? (util > 100 ? 100 : util) : -1;
	c->has_freq = c->governor[0] || c->cur_khz || c->max_khz;
	c->throttled = row_throttled(rp, i, pol, c);
}

static void row_clusters(struct moment *m, const struct replay *rp, size_t i)
{
	const json_t *sys = sys_of(rp), *o;
	const json_t *cores = json_object_get(json_object_get(sys,
					"cpu_topology"), "cores");
	size_t k;

	json_array_foreach(json_object_get(sys, "clusters"), k, o)
		if (json_is_object(o))
			row_cluster(rp, i, o, &m->clusters[m->nclusters++]);
	json_array_foreach(cores, k, o) {
		struct moment_core *c = &m->cores[m->ncores];
		const char *l = str(o, "cpus");

		if (l && cpulist_parse(l, strlen(l), &c->cpus) >= 0) {
			snprintf(c->model, sizeof(c->model), "%s",
				 str(o, "core") ? str(o, "core") : "");
			m->ncores++;
		}
	}
	if (m->nclusters == 0)
		m->cpufreq_note = N_("cpufreq not exposed by this kernel");
}

/* Zone Z's temperature at row I (recorded, else as saved). */
static void zone_at(const struct replay *rp, size_t i, const json_t *z,
		    size_t k, struct thermal_zone *tz)
{
	double c = num(z, "temp_c", NAN);
	char ch[48];

	tz->type = (char *)str(z, "type");	/* read only */
	if (!str(z, "name") || sscanf(str(z, "name"), "thermal_zone%u",
				      &tz->id) != 1)
		tz->id = (unsigned)k;
	snprintf(ch, sizeof(ch), "thermal:%u:temp_mc", tz->id);
	if (isfinite(replay_value(rp, i, ch)))
		c = replay_value(rp, i, ch) / 1000.0;
	tz->has_temp = isfinite(c) && fabs(c) < 1e6;
	tz->temp_mc = tz->has_temp ? (int64_t)llround(c * 1000) : 0;
}

/* Each cluster's temperature at row I, by the zones' types (zonemap). */
static int row_temps(struct moment *m, const struct replay *rp, size_t i)
{
	const json_t *zones = json_object_get(json_object_get(sys_of(rp),
					"thermal"), "zones"), *z;
	struct thermal t = { .nzones = json_array_size(zones) };
	struct clusters c = { .n = m->nclusters };
	size_t k;

	t.zones = calloc(t.nzones + 1, sizeof(*t.zones));
	c.v = calloc(c.n + 1, sizeof(*c.v));
	if (!t.zones || !c.v) {
		free(t.zones);
		free(c.v);
		return -ENOMEM;
	}
	json_array_foreach(zones, k, z)
		zone_at(rp, i, z, k, &t.zones[k]);
	for (k = 0; k < c.n; k++) {
		c.v[k].cpus = m->clusters[k].cpus;
		c.v[k].role = m->clusters[k].role;
		c.v[k].core = m->clusters[k].core;
	}
	moment_temps(m, &t, &c);
	free(t.zones);
	free(c.v);
	return 0;
}

/* ---- the moment ------------------------------------------------------------ */

/* Room for row I's moment: upper bounds from the facts and the series. */
static int row_alloc(struct moment *m, const struct replay *rp,
		     const struct cpuset *present, const struct cpuset *online)
{
	const json_t *sys = sys_of(rp);
	unsigned cols[CPUSET_MAX];
	struct moment_sizes n = {
		.nclusters = json_array_size(json_object_get(sys, "clusters")),
		.ncores = json_array_size(json_object_get(json_object_get(sys,
				"cpu_topology"), "cores")),
		.ncpus = cpuset_count(present),
		.ndisks = rp->series.nch,
		.nnets = rp->series.nch,
		.nirqs = json_array_size(json_object_get(sys, "irqs")) +
			 rp->series.nch,
		.ncols = irq_columns(sys, online, cols, CPUSET_MAX),
		.own_affs = true,
	};

	if (moment_alloc(m, &n))
		return -ENOMEM;
	m->nirq_cpus = n.ncols;
	memcpy(m->irq_cpus, cols, n.ncols * sizeof(*cols));
	m->own = calloc(1, sizeof(*m->own));
	return m->own ? replayhw_usb(sys, m->own) : -ENOMEM;
}

int replay_moment(const struct replay *rp, size_t i, struct moment *m)
{
	struct cpuset present, online;
	int rc;

	moment_fini(m);
	if (i >= rp->n)
		return -EINVAL;
	cpu_sets(sys_of(rp), &present, &online);
	rc = row_alloc(m, rp, &present, &online);
	if (rc == 0) {
		m->have_rates = m->have_hw = true;
		m->board = str(sys_of(rp), "board");
		m->usb = &m->own->usb;
		m->chains = &m->own->chains;
		row_cpus(m, rp, i, &present, &online);
		row_clusters(m, rp, i);
		row_devices(m, rp, i);
		rc = row_temps(m, rp, i);
	}
	if (rc == 0)
		rc = row_irqs(m, rp, i);
	if (rc == 0)
		rc = moment_link_buses(m);
	if (rc)
		moment_fini(m);
	return rc;
}
