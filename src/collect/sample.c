/* SPDX-License-Identifier: GPL-2.0-or-later */
/* sample: the thin I/O layer that feeds the pure collectors, and the rates
 * computed from two of their readings. */
#include "config.h"

#include "collect/sample.h"

#include "base/i18n.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static double now_monotonic(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static int read_into(struct buf *b, const char *root, const char *rel)
{
	char path[4096];

	snprintf(path, sizeof(path), "%s/%s", root, rel);
	return buf_read_file(b, path);
}

/* Whole disks and partitions as sysfs sees them; the name is a fallback. */
static void refine_disk_kinds(struct disk_table *t, const char *sys)
{
	char path[4096];
	size_t i;

	for (i = 0; i < t->nrows; i++) {
		struct disk_row *d = &t->rows[i];

		if (d->kind != DISK_WHOLE && d->kind != DISK_PARTITION)
			continue;
		snprintf(path, sizeof(path), "%s/class/block/%s/partition",
			 sys, d->name);
		if (access(path, F_OK) == 0) {
			d->kind = DISK_PARTITION;
			continue;
		}
		snprintf(path, sizeof(path), "%s/block/%s", sys, d->name);
		if (access(path, F_OK) == 0)
			d->kind = DISK_WHOLE;
	}
}

static int read_affinities(struct sample *s, const char *proc)
{
	size_t i;

	s->aff = calloc(s->irqs.nrows ? s->irqs.nrows : 1, sizeof(*s->aff));
	if (!s->aff)
		return -ENOMEM;
	for (i = 0; i < s->irqs.nrows; i++)
		if (s->irqs.rows[i].numeric)
			irqaff_read(proc, s->irqs.rows[i].irq, &s->aff[i]);
	return 0;
}

int sample_reread_affinity(struct sample *s, const char *proc_root)
{
	size_t i;

	for (i = 0; s->aff && i < s->irqs.nrows; i++)
		if (s->irqs.rows[i].numeric) {
			memset(&s->aff[i], 0, sizeof(s->aff[i]));
			irqaff_read(proc_root, s->irqs.rows[i].irq, &s->aff[i]);
		}
	return s->aff ? 0 : -ENOENT;
}

static int sample_take_files(struct sample *s,
			     const struct sample_roots *roots, struct buf *b,
			     const struct sample *since);

/* A source's result: the parser's count becomes 0. */
static int status_of(int rc)
{
	return rc < 0 ? rc : 0;
}

/* The affinities of KEEP for the IRQs S has too (same number), read for
 * the others: tuning-state files are read at a slower cadence. */
static int keep_affinities(struct sample *s, const struct sample *keep,
			   const char *proc)
{
	size_t i, j = 0;

	s->aff = calloc(s->irqs.nrows ? s->irqs.nrows : 1, sizeof(*s->aff));
	if (!s->aff)
		return -ENOMEM;
	for (i = 0; i < s->irqs.nrows; i++) {
		const struct irq_row *r = &s->irqs.rows[i];
		size_t k, n = keep->irqs.nrows;

		if (!r->numeric)
			continue;
		for (k = 0; k < n; k++) {	/* rows keep their order */
			const struct irq_row *o = &keep->irqs.rows[(j + k) % n];

			if (o->numeric && o->irq == r->irq)
				break;
		}
		if (k < n && keep->aff) {
			j = (j + k) % n;
			s->aff[i] = keep->aff[j];
		} else {
			irqaff_read(proc, r->irq, &s->aff[i]);
		}
	}
	return 0;
}

int sample_take_since(struct sample *s, const struct sample_roots *roots,
		      struct buf *b, const struct sample *prev, bool keep_aff)
{
	int rc = sample_take_files(s, roots, b, prev);

	if (rc)
		return rc;
	if (prev && keep_aff)
		return keep_affinities(s, prev, roots->proc);
	return read_affinities(s, roots->proc);
}

int sample_take_keep(struct sample *s, const struct sample_roots *roots,
		     struct buf *b, const struct sample *keep)
{
	return sample_take_since(s, roots, b, keep, true);
}

int sample_take(struct sample *s, const struct sample_roots *roots,
		struct buf *b)
{
	return sample_take_since(s, roots, b, NULL, false);
}

static int sample_take_files(struct sample *s,
			     const struct sample_roots *roots, struct buf *b,
			     const struct sample *since)
{
	int rc;

	sample_free(s);
	s->time_s = now_monotonic();
	rc = read_into(b, roots->sys, "devices/system/cpu/present");
	if (rc == 0)
		rc = cpulist_parse(b->data, b->len, &s->present);
	s->status.present = status_of(rc);
	rc = read_into(b, roots->proc, "stat");
	s->status.stat = status_of(rc ? rc : procstat_parse(b->data, b->len,
							 &s->stat));
	rc = read_into(b, roots->proc, "diskstats");
	s->status.diskstats = status_of(rc ? rc :
		diskstats_parse(b->data, b->len, &s->disks));
	refine_disk_kinds(&s->disks, roots->sys);
	rc = read_into(b, roots->proc, "net/dev");
	s->status.netdev = status_of(rc ? rc :
		netdev_parse(b->data, b->len, &s->nets));
	rc = read_into(b, roots->proc, "interrupts");
	s->status.interrupts = status_of(rc ? rc :
		interrupts_parse_since(b->data, b->len,
				       since ? &since->irqs : NULL, &s->irqs));
	rc = read_into(b, roots->proc, "loadavg");
	s->status.loadavg = rc ? rc : loadavg_parse(b->data, b->len, &s->load);
	rc = read_into(b, roots->proc, "uptime");
	s->status.uptime = rc ? rc : loadavg_parse_uptime(b->data, b->len,
							  &s->uptime_s);
	if (s->status.interrupts == -ENOMEM || s->status.stat == -ENOMEM)
		return -ENOMEM;
	return 0;
}

void sample_free(struct sample *s)
{
	procstat_free(&s->stat);
	diskstats_free(&s->disks);
	netdev_free(&s->nets);
	interrupts_free(&s->irqs);
	free(s->aff);
	memset(s, 0, sizeof(*s));
}

/* CPU ids to report: the present set, or the ids /proc/stat lists. */
static int cpu_ids(const struct sample *cur, struct sample_rates *r)
{
	size_t n = cpuset_count(&cur->present), i = 0;
	int id;

	if (n == 0)
		n = cur->stat.ncpus;
	r->cpus = calloc(n ? n : 1, sizeof(*r->cpus));
	r->cpu_ids = calloc(n ? n : 1, sizeof(*r->cpu_ids));
	r->cpu_online = calloc(n ? n : 1, sizeof(*r->cpu_online));
	if (!r->cpus || !r->cpu_ids || !r->cpu_online)
		return -ENOMEM;
	if (cpuset_count(&cur->present) == 0) {
		for (i = 0; i < n; i++)
			r->cpu_ids[i] = cur->stat.cpus[i].id;
	} else {
		for (id = cpuset_first(&cur->present); id >= 0 && i < n;
		     id = cpuset_next(&cur->present, (unsigned)id))
			r->cpu_ids[i++] = id;
	}
	r->ncpus = n;
	return 0;
}

int sample_rates(const struct sample *prev, const struct sample *cur,
		 struct sample_rates *r)
{
	size_t i;
	int rc;

	memset(r, 0, sizeof(*r));
	r->dt = cur->time_s - prev->time_s;
	procstat_util(prev->status.stat ? NULL : &prev->stat.total,
		      cur->status.stat ? NULL : &cur->stat.total, &r->total);
	rc = cpu_ids(cur, r);
	for (i = 0; rc == 0 && i < r->ncpus; i++) {
		const struct cpu_times *c = procstat_find(&cur->stat,
							  r->cpu_ids[i]);

		r->cpu_online[i] = c != NULL;
		procstat_util(procstat_find(&prev->stat, r->cpu_ids[i]), c,
			      &r->cpus[i]);
	}
	if (rc == 0 && (rc = diskstats_rates(&prev->disks, &cur->disks, r->dt,
					       &r->disks)) >= 0)
		r->ndisks = (size_t)rc;
	if (rc >= 0 && (rc = netdev_rates(&prev->nets, &cur->nets, r->dt,
					  &r->nets)) >= 0)
		r->nnets = (size_t)rc;
	if (rc >= 0 && (rc = interrupts_rates(&prev->irqs, &cur->irqs, r->dt,
					      &r->irqs)) >= 0)
		r->nirqs = (size_t)rc;
	if (rc < 0) {
		sample_rates_free(r);
		return rc;
	}
	return 0;
}

void sample_rates_free(struct sample_rates *r)
{
	free(r->cpus);
	free(r->cpu_ids);
	free(r->cpu_online);
	free(r->disks);
	free(r->nets);
	interrupts_rates_free(r->irqs, r->nirqs);
	memset(r, 0, sizeof(*r));
}

size_t sample_skips(const struct sample *s,
		    struct sample_skip out[SAMPLE_NSKIP])
{
	const struct sample_skip all[SAMPLE_NSKIP] = {
		{ "/proc/stat", s->stat.nskipped, s->stat.skip_line },
		{ "/proc/diskstats", s->disks.nskipped, s->disks.skip_line },
		{ "/proc/net/dev", s->nets.nskipped, s->nets.skip_line },
		{ "/proc/interrupts", s->irqs.nskipped, s->irqs.skip_line },
	};
	size_t n = 0;

	for (size_t i = 0; i < SAMPLE_NSKIP; i++)
		if (all[i].n)
			out[n++] = all[i];
	return n;
}

const char *sample_error(int rc)
{
	switch (rc) {
	case 0:
		return N_("ok");
	case -ENOENT:
		return N_("the file does not exist on this kernel");
	case -EACCES:
	case -EPERM:
		return N_("permission denied");
	case -EINVAL:
		return N_("the file's contents could not be understood");
	case -ENOMEM:
		return N_("out of memory");
	default:
		return strerror(-rc);
	}
}

const char *sample_file(enum sample_source s)
{
	static const char *const files[] = {
		[SAMPLE_STAT] = "/proc/stat",
		[SAMPLE_DISKSTATS] = "/proc/diskstats",
		[SAMPLE_NETDEV] = "/proc/net/dev",
		[SAMPLE_INTERRUPTS] = "/proc/interrupts",
	};

	return (unsigned)s < sizeof(files) / sizeof(files[0]) ? files[s] : "?";
}
