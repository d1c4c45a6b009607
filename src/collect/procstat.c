/* SPDX-License-Identifier: GPL-2.0-or-later */
/* procstat: parser for /proc/stat and utilisation from two samples. */
#include "config.h"

#include "collect/procstat.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "base/counter.h"

/* Parse one unsigned decimal at *P (after blanks); 0 or -EINVAL. */
static int next_u64(const char **p, const char *end, uint64_t *v)
{
	const char *s = *p;
	uint64_t x = 0;

	while (s < end && (*s == ' ' || *s == '\t'))
		s++;
	if (s == end || *s < '0' || *s > '9')
		return -EINVAL;
	for (; s < end && *s >= '0' && *s <= '9'; s++) {
		unsigned d = (unsigned)(*s - '0');

		if (x > (UINT64_MAX - d) / 10)
			return -EINVAL;
		x = x * 10 + d;
	}
	*p = s;
	*v = x;
	return 0;
}

/* Parse the times after "cpu"/"cpuN" up to END into T; 0 or -EINVAL. */
static int parse_times(const char *p, const char *end, struct cpu_times *t)
{
	int n;

	memset(t->t, 0, sizeof(t->t));
	for (n = 0; n < CPU_NFIELDS; n++) {
		const char *q = p;

		while (q < end && (*q == ' ' || *q == '\t'))
			q++;
		if (q == end)
			break;
		if (next_u64(&p, end, &t->t[n]))
			return -EINVAL;
	}
	/* Linux 2.6.0 had 7 fields; anything under 4 is not /proc/stat. */
	return n >= 4 ? 0 : -EINVAL;
}

static int add_cpu(struct procstat *out, const struct cpu_times *t)
{
	struct cpu_times *c;

	/* the kernel lists CPUs in order: a larger id is no repeat */
	if ((!out->ncpus || t->id <= out->cpus[out->ncpus - 1].id) &&
	    procstat_find(out, t->id))
		return -EINVAL;
	c = realloc(out->cpus, (out->ncpus + 1) * sizeof(*c));
	if (!c)
		return -ENOMEM;
	out->cpus = c;
	out->cpus[out->ncpus++] = *t;
	return 0;
}

/* A "cpu" or "cpuN" line; 0 or -errno. */
static int parse_cpu_line(const char *p, const char *end, struct procstat *out,
			  int *have_total)
{
	struct cpu_times t;
	uint64_t id;

	p += 3;
	if (p < end && *p == ' ') {
		if (*have_total)
			return -EINVAL;
		*have_total = 1;
		out->total.id = -1;
		return parse_times(p, end, &out->total);
	}
	if (next_u64(&p, end, &id) || id > 1u << 20)
		return -EINVAL;
	t.id = (int)id;
	if (parse_times(p, end, &t))
		return -EINVAL;
	return add_cpu(out, &t);
}

static void parse_scalar(const char *p, const char *end, struct procstat *out)
{
	static const struct { const char *key; size_t off; } keys[] = {
		{ "ctxt ", offsetof(struct procstat, ctxt) },
		{ "btime ", offsetof(struct procstat, btime) },
		{ "procs_running ", offsetof(struct procstat, procs_running) },
		{ "procs_blocked ", offsetof(struct procstat, procs_blocked) },
	};
	size_t i;

	for (i = 0; i < sizeof(keys) / sizeof(keys[0]); i++) {
		size_t kl = strlen(keys[i].key);
		const char *q = p + kl;
		uint64_t v;

		if ((size_t)(end - p) < kl || memcmp(p, keys[i].key, kl))
			continue;
		if (next_u64(&q, end, &v) == 0)
			*(uint64_t *)((char *)out + keys[i].off) = v;
	}
}

int procstat_parse(const char *buf, size_t len, struct procstat *out)
{
	const char *p = buf, *end = buf + len;
	int have_total = 0, rc = 0;
	unsigned line = 0;

	procstat_free(out);
	while (p < end && rc == 0) {
		const char *eol = memchr(p, '\n', (size_t)(end - p));
		bool total;

		if (!eol)
			eol = end;
		line++;
		total = eol - p >= 4 && memcmp(p, "cpu ", 4) == 0;
		if (eol - p >= 3 && memcmp(p, "cpu", 3) == 0)
			rc = parse_cpu_line(p, eol, out, &have_total);
		else
			parse_scalar(p, eol, out);
		/* One bad cpuN line hides that CPU, not the table. */
		if (rc == -EINVAL && !total) {
			if (out->nskipped++ == 0)
				out->skip_line = line;
			rc = 0;
		}
		p = eol + 1;
	}
	if (rc == 0 && !have_total)
		rc = -EINVAL;
	if (rc) {
		procstat_free(out);
		return rc;
	}
	return (int)out->ncpus;
}

void procstat_free(struct procstat *p)
{
	free(p->cpus);
	memset(p, 0, sizeof(*p));
}

const struct cpu_times *procstat_find(const struct procstat *p, int id)
{
	size_t i, lo = 0, hi = p->ncpus;

	/* O(1) or O(log n) in the kernel's order (an O(CPUs^2) tick once) */
	if (id >= 0 && (size_t)id < p->ncpus && p->cpus[id].id == id)
		return &p->cpus[id];
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (p->cpus[mid].id < id)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo < p->ncpus && p->cpus[lo].id == id)
		return &p->cpus[lo];
	for (i = 0; i < p->ncpus; i++)	/* not in order after all */
		if (p->cpus[i].id == id)
			return &p->cpus[i];
	return NULL;
}

/* Sum of the fields that make up wall time (guest is inside user). */
static uint64_t wall_ticks(const uint64_t *t)
{
	return t[CPU_USER] + t[CPU_NICE] + t[CPU_SYSTEM] + t[CPU_IDLE] +
	       t[CPU_IOWAIT] + t[CPU_IRQ] + t[CPU_SOFTIRQ] + t[CPU_STEAL];
}

void procstat_util(const struct cpu_times *prev, const struct cpu_times *cur,
		   struct cpu_util *out)
{
	uint64_t d[CPU_NFIELDS], total;
	int i;

	memset(out, 0, sizeof(*out));
	if (!prev || !cur)
		return;
	if (wall_ticks(cur->t) < wall_ticks(prev->t))
		return;
	for (i = 0; i < CPU_NFIELDS; i++)
		d[i] = cur->t[i] > prev->t[i] ? cur->t[i] - prev->t[i] : 0;
	total = wall_ticks(d);
	out->valid = true;
	if (total == 0) {
		/* No tick in the interval: a tickless CPU that slept. */
		out->idle = 100.0;
		return;
	}
#define PCT(f) (100.0 * (double)d[f] / (double)total)
	out->user = PCT(CPU_USER);
	out->nice = PCT(CPU_NICE);
	out->system = PCT(CPU_SYSTEM);
	out->idle = PCT(CPU_IDLE);
	out->iowait = PCT(CPU_IOWAIT);
	out->irq = PCT(CPU_IRQ);
	out->softirq = PCT(CPU_SOFTIRQ);
	out->steal = PCT(CPU_STEAL);
#undef PCT
	out->busy = 100.0 - out->idle - out->iowait;
	if (out->busy < 0)
		out->busy = 0;
}
