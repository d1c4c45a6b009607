/* SPDX-License-Identifier: GPL-2.0-or-later */
/* sample: the thin I/O layer that feeds the pure collectors, and the rates
 * computed from two of their readings. */
#include "config.h"

#include "collect/sample.h"

#include "base/i18n.h"
#include "base/monoclock.h"
#include "collect/irqread.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const struct sample_roots sample_live_roots = { "/proc", "/sys" };
#include <time.h>
#include <unistd.h>

static int read_into(struct buf *b, const char *root, const char *rel)
{
	char path[4096];

	snprintf(path, sizeof(path), "%s/%s", root, rel);
	return buf_read_file(b, path);
}

/* The kind sysfs gave the disk NAME in PREV (row HINT first), or -1. */
static int kind_before(const struct disk_table *prev, size_t hint,
		       const char *name)
{
	if (!prev)
		return -1;
	if (hint < prev->nrows && strcmp(prev->rows[hint].name, name) == 0)
		return (int)prev->rows[hint].kind;
	for (size_t i = 0; i < prev->nrows; i++)
		if (strcmp(prev->rows[i].name, name) == 0)
			return (int)prev->rows[i].kind;
	return -1;
}

/* Whole disks and partitions as sysfs sees them; the name is a fallback.
 * A disk PREV (may be NULL) had keeps its kind: two look-ups in sysfs per
 * disk a tick were 400 system calls with 200 disks. */
static void refine_disk_kinds(struct disk_table *t, const char *sys,
			      const struct disk_table *prev)
{
	char path[4096];
	size_t i;

	for (i = 0; i < t->nrows; i++) {
		struct disk_row *d = &t->rows[i];
		int was;

		if (d->kind != DISK_WHOLE && d->kind != DISK_PARTITION)
			continue;
		if ((was = kind_before(prev, i, d->name)) == DISK_WHOLE ||
		    was == DISK_PARTITION) {
			d->kind = (enum disk_kind)was;
			continue;
		}
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

/* A source's result: the parser's count becomes 0. */
static int status_of(int rc)
{
	return rc < 0 ? rc : 0;
}

/* Bytes of /proc/interrupts read at a time: its lines are parsed as they
 * come, so the file (5.8 MB at 256 CPUs and 2000 IRQs) is never held. */
#define IRQ_PIECE (64 * 1024)

static int read_interrupts(struct sample *s, const char *proc,
			   const struct irq_table *prev, struct buf *b,
			   struct irq_table *old);

int sample_read_interrupts(const char *proc, const struct irq_table *prev,
			   struct buf *b, struct irq_table *out)
{
	struct irq_table none = { 0 };
	struct sample s = { 0 };
	int rc = read_interrupts(&s, proc, prev, b, &none);

	*out = s.irqs;
	return rc;
}

/* PROC/interrupts into S->irqs, piece by piece through B, the lines that
 * did not change since PREV (may be NULL) taken from it, in the memory of
 * OLD (spent: left empty); as status_of. */
static int read_interrupts(struct sample *s, const char *proc,
			   const struct irq_table *prev, struct buf *b,
			   struct irq_table *old)
{
	char path[4096];
	struct irqread r;
	size_t have = 0;
	int fd, rc = 0;

	snprintf(path, sizeof(path), "%s/interrupts", proc);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		rc = -errno;
		interrupts_free(old);
		return rc;
	}
	irqread_begin(&r, prev);
	irqread_reuse(&r, old);	/* S's last table: the same size again */
	while ((rc = buf_reserve(b, have + IRQ_PIECE)) == 0) {
		ssize_t n = read(fd, b->data + have, b->cap - have - 1);
		size_t used;

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			rc = n < 0 ? -errno : 0;
			irqread_feed(&r, b->data, have, true);
			break;
		}
		have += (size_t)n;	/* a line longer than a piece: more */
		used = irqread_feed(&r, b->data, have, false);
		memmove(b->data, b->data + used, have - used);
		have -= used;
	}
	close(fd);
	b->len = 0;
	if (rc) {
		irqread_end(&r, &s->irqs);
		interrupts_free(&s->irqs);
		return rc;
	}
	return status_of(irqread_end(&r, &s->irqs));
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

/* Whether S has KEEP's IRQs, row for row (the usual tick). */
static bool same_irqs(const struct sample *s, const struct sample *keep)
{
	if (s->irqs.nrows != keep->irqs.nrows)
		return false;
	for (size_t i = 0; i < s->irqs.nrows; i++)
		if (s->irqs.rows[i].numeric != keep->irqs.rows[i].numeric ||
		    s->irqs.rows[i].irq != keep->irqs.rows[i].irq)
			return false;
	return true;
}

/* The affinities of KEEP for the IRQs S has too (same number), read for
 * the others: tuning-state files are read at a slower cadence.  With the
 * same IRQs, KEEP's array itself (S frees it). */
static int keep_affinities(struct sample *s, struct sample *keep,
			   const char *proc)
{
	size_t i, j = 0;

	if (keep->aff && !keep->aff_lent && s->irqs.nrows &&
	    same_irqs(s, keep)) {
		s->aff = keep->aff;
		keep->aff_lent = true;
		return 0;
	}
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
		      struct buf *b, struct sample *prev, bool keep_aff)
{
	int rc = sample_take_files(s, roots, b, prev);

	if (rc)
		return rc;
	if (prev && keep_aff)
		return keep_affinities(s, prev, roots->proc);
	if (prev && prev->aff && !prev->aff_lent && s->irqs.nrows &&
	    same_irqs(s, prev)) {	/* read again into PREV's array */
		s->aff = prev->aff;
		prev->aff_lent = true;
		return sample_reread_affinity(s, roots->proc);
	}
	return read_affinities(s, roots->proc);
}

int sample_take_keep(struct sample *s, const struct sample_roots *roots,
		     struct buf *b, struct sample *keep)
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
	struct irq_table old_irqs = s->irqs;
	int rc;

	memset(&s->irqs, 0, sizeof(s->irqs));
	sample_free(s);
	s->time_s = monoclock_s();
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
	refine_disk_kinds(&s->disks, roots->sys,
			  since && !since->status.diskstats ? &since->disks :
			  NULL);
	rc = read_into(b, roots->proc, "net/dev");
	s->status.netdev = status_of(rc ? rc :
		netdev_parse(b->data, b->len, &s->nets));
	s->status.interrupts = read_interrupts(s, roots->proc,
					       since ? &since->irqs : NULL, b,
					       &old_irqs);
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
	if (!s->aff_lent)
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
	if (rc >= 0 && (rc = interrupts_rates_lazy(&prev->irqs, &cur->irqs,
						   r->dt, &r->irqs)) >= 0)
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
