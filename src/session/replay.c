/* SPDX-License-Identifier: GPL-2.0-or-later */
/* replay: a snapshot's recorded moment turned back into what the panels
 * draw from.  The samples are made as kernel text (/proc/stat, diskstats,
 * net/dev, interrupts) and read by the same parsers as the live files, so
 * every table is shaped and freed as a live one; the hardware model is
 * filled from the system facts. */
#include "config.h"

#include "session/replay.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/i18n.h"

/* The string KEY of O, or NULL. */
static const char *str(const json_t *o, const char *key)
{
	const json_t *v = json_object_get(o, key);

	return json_is_string(v) ? json_string_value(v) : NULL;
}

static const json_t *sys_of(const struct replay *rp)
{
	return json_object_get(rp->doc, "system");
}

static double num(const json_t *o, const char *k, double dflt)
{
	const json_t *v = json_object_get(o, k);

	return json_is_number(v) ? json_number_value(v) : dflt;
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
		v = value3(rp, i, "cluster", pol, "util_permille");
	}
	if (v < 0)
		v = value3(rp, i, "cpu", "all", "util_permille");
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

static void stat_text(FILE *f, const struct replay *rp, size_t i,
		      const struct cpuset *online, bool at_end)
{
	double all = value3(rp, i, "cpu", "all", "util_permille");
	size_t n = cpuset_count(online);
	int id;

	if (all < 0)
		all = 0;
	fprintf(f, "cpu  %.0f 0 0 %.0f 0 0 0 0 0 0\n", at_end ? all * n : 0,
		at_end ? (1000 - all) * n : 0);
	for (id = cpuset_first(online); id >= 0;
	     id = cpuset_next(online, (unsigned)id)) {
		double b = at_end ? cpu_busy(rp, i, (unsigned)id) : 0;

		fprintf(f, "cpu%d %.0f 0 0 %.0f 0 0 0 0 0 0\n", id, b,
			at_end ? 1000 - b : 0);
	}
}

/* ---- disks and interfaces ------------------------------------------------ */

/* The system facts' entry of list KEY whose "name" is NAME, or NULL. */
static const json_t *entry(const json_t *sys, const char *key,
			   const char *name)
{
	const json_t *e;
	size_t i;

	json_array_foreach(json_object_get(sys, key), i, e)
		if (str(e, "name") && strcmp(str(e, "name"), name) == 0)
			return e;
	return NULL;
}

/* Rates (per second) as counts over REPLAY_DT at the end, else 0. */
static double grown(double rate, bool at_end)
{
	return at_end && rate > 0 ? rate * REPLAY_DT : 0;
}

/* The disks as /proc/diskstats: sectors, I/Os and busy milliseconds
 * grown by the recorded bytes, IOPS and busy share (REPLAY_DT is 512 s,
 * so the sectors are the bytes per second; 1 permille busy over it is
 * 512 ms). */
static void disk_text(FILE *f, const struct replay *rp, size_t i,
		      bool at_end)
{
	char name[SERIES_NAME_MAX];
	size_t c;

	for (c = 0; c < rp->series.nch; c++) {
		const json_t *d;
		double rd, wr, rio, wio, busy;

		if (!channel_name(rp->series.names[c], "disk",
				  "read_bytes_per_s", name, sizeof(name)) ||
		    !plain_name(name, 64))
			continue;
		rd = value3(rp, i, "disk", name, "read_bytes_per_s");
		wr = value3(rp, i, "disk", name, "write_bytes_per_s");
		if (rd < 0 && wr < 0)
			continue;	/* not there at that moment */
		rio = value3(rp, i, "disk", name, "read_iops");
		wio = value3(rp, i, "disk", name, "write_iops");
		busy = value3(rp, i, "disk", name, "util_permille");
		d = entry(sys_of(rp), "disks", name);
		fprintf(f, "%4.0f %7.0f %s %.0f 0 %.0f 0 %.0f 0 %.0f 0 0 %.0f 0\n",
			num(d, "major", 0), num(d, "minor", 0), name,
			grown(rio, at_end), grown(rd, at_end) / REPLAY_DT,
			grown(wio, at_end), grown(wr, at_end) / REPLAY_DT,
			grown(busy > 1000 ? 1000 : busy, at_end));
	}
}

static void net_text(FILE *f, const struct replay *rp, size_t i, bool at_end)
{
	char name[SERIES_NAME_MAX];
	size_t c;

	fputs("Inter-|   Receive |  Transmit\n face |bytes    packets|bytes\n",
	      f);
	for (c = 0; c < rp->series.nch; c++) {
		double rx, tx;

		if (!channel_name(rp->series.names[c], "net", "rx_bytes_per_s",
				  name, sizeof(name)) || !plain_name(name, 32))
			continue;
		rx = value3(rp, i, "net", name, "rx_bytes_per_s");
		tx = value3(rp, i, "net", name, "tx_bytes_per_s");
		if (rx < 0 && tx < 0)
			continue;
		fprintf(f, "%6s: %.0f 0 0 0 0 0 0 0 %.0f 0 0 0 0 0 0 0\n", name,
			grown(rx, at_end), grown(tx, at_end));
	}
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

/* TOTAL spread by W into whole counts that add up to TOTAL. */
static void irq_counts(FILE *f, double total, const double *w, size_t n)
{
	double left = floor(total), part;
	size_t c;

	for (c = 0; c < n; c++) {
		part = c + 1 == n ? left : floor(total * w[c]);
		part = part > left ? left : part;
		left -= part;
		fprintf(f, " %10.0f", part);
	}
}

static void irq_row(FILE *f, const struct replay *rp, size_t i, bool at_end,
		    const char *key, const json_t *q, const unsigned *cols,
		    size_t n)
{
	double *w = calloc(n ? n : 1, sizeof(*w));
	double rate = value3(rp, i, "irq", key, "per_s");
	double base = num(q, "count", 0);
	const char *desc = str(q, "desc");

	if (!w)
		return;
	irq_weights(q, cols, n, w);
	if (base < 0 || base > 1e15)
		base = 0;
	fprintf(f, "%s:", key);
	irq_counts(f, base + (at_end && rate > 0 ? rate * REPLAY_DT : 0), w,
		   n);
	fprintf(f, "   %s\n", desc && !isdigit((unsigned char)desc[0]) ?
		desc : "");
	free(w);
}

/* Whether KEY is a row of the system facts' irqs. */
static bool known_irq(const json_t *sys, const char *key)
{
	const json_t *q;
	size_t i;

	json_array_foreach(json_object_get(sys, "irqs"), i, q)
		if (str(q, "irq") && strcmp(str(q, "irq"), key) == 0)
			return true;
	return false;
}

static void irq_text(FILE *f, const struct replay *rp, size_t i, bool at_end,
		     const struct cpuset *online)
{
	const json_t *sys = sys_of(rp), *q;
	unsigned cols[CPUSET_MAX];
	size_t n = irq_columns(sys, online, cols, CPUSET_MAX), k;
	char key[SERIES_NAME_MAX];

	fputs("     ", f);
	for (k = 0; k < n; k++)
		fprintf(f, "  CPU%-6u", cols[k]);
	fputc('\n', f);
	json_array_foreach(json_object_get(sys, "irqs"), k, q)
		if (str(q, "irq") && plain_name(str(q, "irq"), 24) &&
		    !strchr(str(q, "irq"), '.'))
			irq_row(f, rp, i, at_end, str(q, "irq"), q, cols, n);
	for (k = 0; k < rp->series.nch; k++)
		if (channel_name(rp->series.names[k], "irq", "per_s", key,
				 sizeof(key)) && plain_name(key, 24) &&
		    !strchr(key, '.') && !known_irq(sys, key) &&
		    value3(rp, i, "irq", key, "per_s") >= 0)
			irq_row(f, rp, i, at_end, key, NULL, cols, n);
}

/* ---- the samples -------------------------------------------------------- */

typedef void (*text_fn)(FILE *f, const struct replay *rp, size_t i,
			bool at_end, const struct cpuset *online);

static void stat_fn(FILE *f, const struct replay *rp, size_t i, bool at_end,
		    const struct cpuset *online)
{
	stat_text(f, rp, i, online, at_end);
}

static void disk_fn(FILE *f, const struct replay *rp, size_t i, bool at_end,
		    const struct cpuset *online)
{
	(void)online;
	disk_text(f, rp, i, at_end);
}

static void net_fn(FILE *f, const struct replay *rp, size_t i, bool at_end,
		   const struct cpuset *online)
{
	(void)online;
	net_text(f, rp, i, at_end);
}

/* The text FN writes, in a malloc'd *BUF of *LEN bytes; 0 or -ENOMEM. */
static int make_text(text_fn fn, const struct replay *rp, size_t i,
		     bool at_end, const struct cpuset *online, char **buf,
		     size_t *len)
{
	FILE *f = open_memstream(buf, len);

	if (!f)
		return -ENOMEM;
	fn(f, rp, i, at_end, online);
	return fclose(f) ? -ENOMEM : 0;
}

/* Parse the text of FN with PARSE (a collector's parser) into OUT; the
 * parser's status, -ENOMEM when the text could not be made. */
#define PARSE_TEXT(fn, parse, out, status) do {				\
	char *buf_ = NULL;						\
	size_t len_ = 0;						\
	int rc_ = make_text(fn, rp, i, at_end, &online, &buf_, &len_);	\
	if (rc_ == 0)							\
		rc_ = parse(buf_, len_, out);				\
	(status) = rc_ < 0 ? rc_ : 0;					\
	free(buf_);							\
} while (0)

static void irq_affinities(const json_t *sys, struct sample *s)
{
	const json_t *q;
	size_t i, k;

	for (k = 0; k < s->irqs.nrows; k++) {
		json_array_foreach(json_object_get(sys, "irqs"), i, q) {
			const char *a = str(q, "affinity");
			const char *e = str(q, "effective_affinity");

			if (!str(q, "irq") || strcmp(str(q, "irq"),
						   s->irqs.rows[k].key))
				continue;
			s->aff[k].has_affinity = a && cpulist_parse(a,
				strlen(a), &s->aff[k].affinity) >= 0;
			s->aff[k].has_effective = e && cpulist_parse(e,
				strlen(e), &s->aff[k].effective) >= 0;
			break;
		}
	}
}

/* One made-up reading of row I: the start (counters from the save) or
 * the end (REPLAY_DT seconds later, grown by the recorded rates). */
static int make_sample(const struct replay *rp, size_t i, bool at_end,
		       struct sample *s)
{
	struct cpuset online;

	memset(s, 0, sizeof(*s));
	cpu_sets(sys_of(rp), &s->present, &online);
	s->time_s = at_end ? REPLAY_DT : 0;
	s->status.loadavg = s->status.uptime = -ENOENT;
	PARSE_TEXT(stat_fn, procstat_parse, &s->stat, s->status.stat);
	PARSE_TEXT(disk_fn, diskstats_parse, &s->disks, s->status.diskstats);
	PARSE_TEXT(net_fn, netdev_parse, &s->nets, s->status.netdev);
	PARSE_TEXT(irq_text, interrupts_parse, &s->irqs,
		   s->status.interrupts);
	s->aff = calloc(s->irqs.nrows ? s->irqs.nrows : 1, sizeof(*s->aff));
	if (!s->aff || s->status.stat == -ENOMEM ||
	    s->status.interrupts == -ENOMEM) {
		sample_free(s);
		return -ENOMEM;
	}
	irq_affinities(sys_of(rp), s);
	return 0;
}

int replay_samples(const struct replay *rp, size_t i, struct sample *prev,
		   struct sample *cur, struct sample_rates *r)
{
	size_t k;
	int rc;

	if (i >= rp->n)
		return -EINVAL;
	rc = make_sample(rp, i, false, prev);
	if (rc)
		return rc;
	rc = make_sample(rp, i, true, cur);
	if (rc == 0 && (rc = sample_rates(prev, cur, r)) != 0)
		sample_free(cur);
	if (rc) {
		sample_free(prev);
		return rc;
	}
	/* A file saved by an older benchtop has the bytes only. */
	for (k = 0; k < r->ndisks; k++)
		r->disks[k].ops_unknown = value3(rp, i, "disk",
			r->disks[k].row->name, "read_iops") < 0;
	return 0;
}

/* ---- the hardware model ------------------------------------------------- */

static char *dup_of(const json_t *o, const char *k)
{
	return str(o, k) ? strdup(str(o, k)) : NULL;
}

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

static void fill_cluster(const struct replay *rp, size_t i, const json_t *o,
			 struct cluster *c)
{
	const char *cpus = str(o, "cpus");
	char pol[24];
	double mhz, util;

	c->policy = (unsigned)num(o, "policy", 0);
	if (cpus)
		cpulist_parse(cpus, strlen(cpus), &c->cpus);
	c->online = !json_is_false(json_object_get(o, "online"));
	c->core = dup_of(o, "core");
	c->role = role_of(str(o, "role"));
	c->freq.governor = dup_of(o, "governor");
	c->freq.cur_khz = khz_of(o, "cur_khz");
	c->freq.min_khz = khz_of(o, "min_khz");
	c->freq.max_khz = khz_of(o, "max_khz");
	c->freq.hw_min_khz = khz_of(o, "hw_min_khz");
	c->freq.hw_max_khz = khz_of(o, "hw_max_khz");
	snprintf(pol, sizeof(pol), "%u", c->policy);
	mhz = value3(rp, i, "cluster", pol, "freq_mhz");
	if (mhz > 0 && mhz < 1e9)
		c->freq.cur_khz = (uint64_t)(mhz * 1000);
	util = value3(rp, i, "cluster", pol, "util_permille");
	c->util_pct = util >= 0 ? (util > 1000 ? 100 : util / 10) : -1;
	c->has_freq = c->freq.governor || c->freq.cur_khz || c->freq.max_khz;
	c->throttled = json_is_true(json_object_get(o, "throttled"));
}

static int fill_clusters(const struct replay *rp, size_t i,
			 struct clusters *c)
{
	const json_t *sys = sys_of(rp), *o;
	const json_t *cores = json_object_get(json_object_get(sys,
					"cpu_topology"), "cores");
	size_t k, n = json_array_size(json_object_get(sys, "clusters"));

	cpu_sets(sys, &c->present, &c->online);
	c->v = calloc(n ? n : 1, sizeof(*c->v));
	c->cores = calloc(json_array_size(cores) + 1, sizeof(*c->cores));
	if (!c->v || !c->cores)
		return -ENOMEM;
	json_array_foreach(json_object_get(sys, "clusters"), k, o)
		if (json_is_object(o))
			fill_cluster(rp, i, o, &c->v[c->n++]);
	json_array_foreach(cores, k, o) {
		const char *l = str(o, "cpus");

		if (l && cpulist_parse(l, strlen(l),
				       &c->cores[c->ncores].cpus) >= 0)
			c->cores[c->ncores++].core = dup_of(o, "core");
	}
	if (c->n == 0)
		c->cpufreq_note = N_("cpufreq not exposed by this kernel");
	return 0;
}

static int fill_thermal(const json_t *sys, struct thermal *t)
{
	const json_t *zones = json_object_get(json_object_get(sys, "thermal"),
					      "zones"), *z;
	size_t k;

	t->zones = calloc(json_array_size(zones) + 1, sizeof(*t->zones));
	if (!t->zones)
		return -ENOMEM;
	json_array_foreach(zones, k, z) {
		struct thermal_zone *tz = &t->zones[t->nzones++];
		double c = num(z, "temp_c", NAN);

		tz->id = (unsigned)k;
		tz->type = dup_of(z, "type");
		tz->has_temp = isfinite(c) && fabs(c) < 1e6;
		tz->temp_mc = tz->has_temp ? (int64_t)llround(c * 1000) : 0;
	}
	return 0;
}

/* "5000M", "1.5M" in kbit/s; 0 when unknown. */
static uint32_t speed_of(const json_t *o, const char *k)
{
	const char *s = str(o, k);
	char *end;
	double v = s ? strtod(s, &end) : 0;

	return s && end != s && *end == 'M' && v > 0 && v < 1e6 ?
	       (uint32_t)llround(v * 1000) : 0;
}

static void fill_ifaces(const json_t *o, struct usbdev *d)
{
	const json_t *ifs = json_object_get(o, "interfaces"), *f;
	size_t k;

	d->ifaces = calloc(json_array_size(ifs) + 1, sizeof(*d->ifaces));
	json_array_foreach(ifs, k, f) {
		if (!d->ifaces)
			return;
		d->ifaces[d->nifaces].name = dup_of(f, "name");
		d->ifaces[d->nifaces].number = (unsigned)num(f, "number", 0);
		d->ifaces[d->nifaces].alt = (unsigned)num(f, "alt", 0);
		d->ifaces[d->nifaces++].driver = dup_of(f, "driver");
	}
}

/* Device O of the saved USB tree into D; BRIDGE points into the document
 * (kept by the replay), the rest is D's own. */
static void fill_usbdev(const json_t *o, struct usbdev *d)
{
	const json_t *v;
	unsigned vid = 0, pid = 0;
	size_t k;

	d->name = strdup(str(o, "name") ? str(o, "name") : "?");
	d->busnum = (unsigned)num(o, "bus", 0);
	d->devnum = (unsigned)num(o, "devnum", 0);
	if (str(o, "id") && sscanf(str(o, "id"), "%4x:%4x", &vid, &pid) == 2) {
		d->vid = (uint16_t)vid;
		d->pid = (uint16_t)pid;
	}
	d->manufacturer = dup_of(o, "manufacturer");
	d->product = dup_of(o, "product");
	d->bridge = str(o, "bridge");
	d->speed_kbps = speed_of(o, "speed");
	d->capable_kbps = speed_of(o, "capable_speed");
	fill_ifaces(o, d);
	json_array_foreach(json_object_get(o, "verdicts"), k, v)
		if (json_is_string(v) && d->nverdicts < USBDESC_VERDICTS)
			snprintf(d->verdicts[d->nverdicts++],
				 USBDESC_VERDICT_MAX, "%s",
				 json_string_value(v));
}

static int fill_usb(const json_t *sys, struct usbdev_list *l)
{
	const json_t *usb = json_object_get(sys, "usb"), *o;
	const json_t *devs = json_object_get(usb, "devices");
	const json_t *buses = json_object_get(usb, "buses");
	size_t k;

	l->v = calloc(json_array_size(devs) + 1, sizeof(*l->v));
	l->buses = calloc(json_array_size(buses) + 1, sizeof(*l->buses));
	if (!l->v || !l->buses)
		return -ENOMEM;
	json_array_foreach(devs, k, o)
		if (json_is_object(o))
			fill_usbdev(o, &l->v[l->n++]);
	json_array_foreach(buses, k, o) {
		struct usbdev_bus *b = &l->buses[l->nbuses++];

		b->busnum = (unsigned)num(o, "bus", 0);
		b->speed_kbps = speed_of(o, "speed");
		b->controller = dup_of(o, "controller");
		b->driver = dup_of(o, "driver");
	}
	if (str(usb, "error"))
		l->error = strdup(str(usb, "error"));
	return 0;
}

static void copy_name(char *dst, const json_t *o, const char *k)
{
	snprintf(dst, CHAIN_NAME_MAX, "%s", str(o, k) ? str(o, k) : "");
}

static int fill_chains(const json_t *sys, const struct usbdev_list *usb,
		       struct chain_list *l)
{
	const json_t *chains = json_object_get(sys, "chain"), *o;
	const struct usbdev *d;
	size_t k;

	l->v = calloc(json_array_size(chains) + 1, sizeof(*l->v));
	if (!l->v)
		return -ENOMEM;
	json_array_foreach(chains, k, o) {
		struct chain *c = &l->v[l->n];

		if (!str(o, "dev"))
			continue;
		l->n++;
		c->dev = dup_of(o, "dev");
		c->kind = str(o, "kind") && !strcmp(str(o, "kind"), "net") ?
			  "net" : "block";
		copy_name(c->path.usb_dev, o, "usb_device");
		copy_name(c->path.usb_iface, o, "usb_interface");
		copy_name(c->path.controller, o, "controller");
		copy_name(c->path.pci, o, "pci");
		d = usbdev_find(usb, c->path.usb_dev);
		c->path.usb_bus = d ? d->busnum : 0;
		c->usb_label = dup_of(o, "usb");
	}
	return 0;
}

int replay_hwmodel(const struct replay *rp, size_t i, struct hwmodel *hw)
{
	const json_t *sys = sys_of(rp);
	int rc;

	memset(hw, 0, sizeof(*hw));
	hw->board = dup_of(sys, "board");
	hw->board_source = str(sys, "board_source");
	rc = fill_clusters(rp, i, &hw->clusters);
	if (rc == 0)
		rc = fill_thermal(sys, &hw->thermal);
	if (rc == 0)
		rc = fill_usb(sys, &hw->chain.usb);
	if (rc == 0)
		rc = fill_chains(sys, &hw->chain.usb, &hw->chain.chains);
	if (rc)
		hwmodel_fini(hw);
	return rc;
}
