/* SPDX-License-Identifier: GPL-2.0-or-later */
/* clusters: groups CPUs by cpufreq policy (policyN directories, per-CPU
 * symlinks of 3.x kernels, or related_cpus), reads each policy through
 * cpufreqinfo, and turns what is missing or malformed into sentences. */
#include "config.h"

#include "hw/clusters.h"

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/buf.h"
#include "base/errlist.h"
#include "base/i18n.h"
#include "hw/coretype.h"
#include "hw/cputopo.h"
#include "base/strclean.h"

#define CPU_DIR "/sys/devices/system/cpu"
#define MS_PER_TICK 10		/* time_in_state counts 10 ms clock ticks */

/* ---- pure helpers --------------------------------------------------- */

static bool is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

int clusters_parse_u64(const char *buf, size_t len, uint64_t *out)
{
	uint64_t v = 0;
	size_t i;

	while (len > 0 && is_space(buf[len - 1]))
		len--;
	if (len == 0)
		return -EINVAL;
	for (i = 0; i < len; i++) {
		unsigned d = (unsigned)(buf[i] - '0');

		if (buf[i] < '0' || buf[i] > '9')
			return -EINVAL;
		if (v > (UINT64_MAX - d) / 10)
			return -ERANGE;
		v = v * 10 + d;
	}
	*out = v;
	return 0;
}

/* The next blank-separated token from *P (before END) into TOK, TLEN. */
static bool next_token(const char **p, const char *end, const char **tok,
		       size_t *tlen)
{
	const char *s = *p;

	while (s < end && is_space(*s))
		s++;
	*tok = s;
	while (s < end && !is_space(*s))
		s++;
	*tlen = (size_t)(s - *tok);
	*p = s;
	return *tlen > 0;
}

/* One "<kHz> <ticks>" line into *ST; 1, 0 for a blank line, or -EINVAL. */
static int parse_state(const char *p, const char *end,
		       struct cpufreqinfo_state *st)
{
	const char *t1, *t2, *t3;
	size_t l1, l2, l3;
	uint64_t ticks;

	if (!next_token(&p, end, &t1, &l1))
		return 0;
	if (!next_token(&p, end, &t2, &l2) || next_token(&p, end, &t3, &l3))
		return -EINVAL;
	if (clusters_parse_u64(t1, l1, &st->khz) ||
	    clusters_parse_u64(t2, l2, &ticks))
		return -EINVAL;
	st->ms = ticks > UINT64_MAX / MS_PER_TICK ? UINT64_MAX :
		 ticks * MS_PER_TICK;
	return 1;
}

int clusters_parse_time_in_state(const char *buf, size_t len,
				 struct cpufreqinfo_state **out,
				 unsigned *err_line)
{
	const char *p = buf, *end = buf + len;
	struct cpufreqinfo_state st, *v = NULL, *nv;
	size_t n = 0;
	unsigned line = 0;

	*out = NULL;
	*err_line = 0;
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		const char *le = nl ? nl : end;
		int rc = parse_state(p, le, &st);

		line++;
		p = nl ? nl + 1 : end;
		if (rc == 0)
			continue;
		if (rc < 0 || !(nv = realloc(v, (n + 1) * sizeof(*v)))) {
			free(v);
			*err_line = rc < 0 ? line : 0;
			return rc < 0 ? rc : -ENOMEM;
		}
		v = nv;
		v[n++] = st;
	}
	*out = v;
	return (int)n;
}

size_t clusters_explain(const char *name, int read_rc, const char *buf,
			size_t len, char *dst, size_t size)
{
	char shown[40];
	const char *nl;
	uint64_t v;
	int rc, n;

	if (read_rc == -ENOENT)
		n = snprintf(dst, size, "%s is missing", name);
	else if (read_rc < 0)
		n = snprintf(dst, size, "%s cannot be read (%s)", name,
			     strerror(-read_rc));
	else if ((rc = clusters_parse_u64(buf, len, &v)) == 0)
		n = snprintf(dst, size, "%s holds %llu, not a usable value",
			     name, (unsigned long long)v);
	else {
		while (len > 0 && is_space(buf[len - 1]))
			len--;
		nl = memchr(buf, '\n', len);
		strclean_copy(shown, sizeof(shown), buf,
			      nl ? (size_t)(nl - buf) : len);
		if (len == 0)
			n = snprintf(dst, size, "%s is empty", name);
		else
			n = snprintf(dst, size, "%s is %s (\"%s\")", name,
				     rc == -ERANGE ? "out of range" :
				     "not a number", shown);
	}
	return n < 0 ? 0 : (size_t)n;
}

bool clusters_throttled(const struct clusters_throttle_in *in)
{
	static const char *const eager[] = {
		"ondemand", "schedutil", "conservative", "interactive",
	};
	size_t i;

	if (in->cooling_active)
		return true;
	if (!in->governor || !in->cur_khz || !in->max_khz)
		return false;
	/* 2 % slack: some drivers report 1992000 for a 2000000 OPP. */
	if (in->cur_khz >= in->max_khz - in->max_khz / 50)
		return false;
	if (strcmp(in->governor, "performance") == 0)
		return true;
	if (in->util_pct < CLUSTERS_BUSY_PCT)
		return false;
	for (i = 0; i < sizeof(eager) / sizeof(eager[0]); i++)
		if (strcmp(in->governor, eager[i]) == 0)
			return true;
	return false;
}

bool clusters_capped(uint64_t max_khz, uint64_t hw_max_khz)
{
	return max_khz && hw_max_khz && max_khz < hw_max_khz;
}

const char *clusters_role_name(enum cluster_role r)
{
	switch (r) {
	case CLUSTER_ROLE_LITTLE:
		return "little";
	case CLUSTER_ROLE_MEDIUM:
		return "medium";
	case CLUSTER_ROLE_BIG:
		return "big";
	default:
		return NULL;
	}
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

/* What ranks cluster C: cpu_capacity, or else its maximum frequency. */
static uint64_t role_key(const struct cluster *c, bool by_capacity)
{
	if (by_capacity)
		return c->capacity;
	return c->freq.hw_max_khz ? c->freq.hw_max_khz : c->freq.max_khz;
}

/* Whether every cluster has a cpu_capacity and they are not all equal
 * (x86, or a device tree without capacity-dmips-mhz, says 1024 for all). */
static bool capacity_tells(const struct cluster *v, size_t n)
{
	bool differ = false;
	size_t i;

	for (i = 0; i < n; i++) {
		if (!v[i].capacity)
			return false;
		differ = differ || v[i].capacity != v[0].capacity;
	}
	return differ;
}

void clusters_assign_roles(struct cluster *v, size_t n)
{
	bool by_cap = capacity_tells(v, n);
	uint64_t *keys = calloc(n ? n : 1, sizeof(*keys));
	size_t i, d = 0, u = 0;

	for (i = 0; i < n; i++) {
		v[i].role = CLUSTER_ROLE_NONE;
		if (keys && role_key(&v[i], by_cap))
			keys[d++] = role_key(&v[i], by_cap);
	}
	if (!keys)
		return;
	qsort(keys, d, sizeof(*keys), cmp_u64);
	for (i = 0; i < d; i++)
		if (u == 0 || keys[u - 1] != keys[i])
			keys[u++] = keys[i];
	for (i = 0; u >= 2 && i < n; i++) {
		uint64_t k = role_key(&v[i], by_cap);

		if (!k)
			continue;
		v[i].role = k == keys[0] ? CLUSTER_ROLE_LITTLE :
			    k == keys[u - 1] ? CLUSTER_ROLE_BIG :
			    CLUSTER_ROLE_MEDIUM;
	}
	free(keys);
}

/* The fastest clock the policy can run: its scaling_max_freq, no higher
 * than the hardware maximum, down to the highest listed step at or below
 * it (a limit the user set between steps, or above the CPUs' range, is
 * not a clock the cluster is held below). */
uint64_t clusters_reachable_max(const struct cpufreqinfo *f)
{
	uint64_t max = f->max_khz, best = 0;
	size_t i;

	if (f->hw_max_khz && max > f->hw_max_khz)
		max = f->hw_max_khz;
	for (i = 0; i < f->nfreqs; i++)
		if (f->freqs_khz[i] <= max && f->freqs_khz[i] > best)
			best = f->freqs_khz[i];
	return best ? best : max;
}

void clusters_refresh_throttled(struct clusters *c)
{
	size_t i;

	for (i = 0; i < c->n; i++) {
		struct cluster *cl = &c->v[i];
		struct clusters_throttle_in in = {
			.governor = cl->freq.governor,
			.cur_khz = cl->freq.cur_khz,
			.max_khz = clusters_reachable_max(&cl->freq),
			.util_pct = cl->util_pct,
			.cooling_active = cl->cooling_active,
		};

		cl->throttled = cl->online && clusters_throttled(&in);
	}
}

/* Whether the N ids are strictly increasing and below CPUSET_MAX. */
static bool ids_sorted(const int *ids, size_t n)
{
	for (size_t j = 0; j < n; j++)
		if (ids[j] < 0 || ids[j] >= CPUSET_MAX ||
		    (j && ids[j] <= ids[j - 1]))
			return false;
	return true;
}

/* The mean busy share of CL's online CPUs, walking its CPUs (sorted
 * CPU_IDS: a cluster's CPUs in the same order as the general loop). */
static double util_sorted(const struct clusters *c, const struct cluster *cl,
			  const int *cpu_ids, const double *busy_pct,
			  size_t n)
{
	double sum = 0;
	unsigned cnt = 0;
	size_t j = 0;

	for (int cpu = cpuset_first(&cl->cpus); cpu >= 0 && j < n;
	     cpu = cpuset_next(&cl->cpus, (unsigned)cpu)) {
		while (j < n && cpu_ids[j] < cpu)
			j++;
		if (j == n || cpu_ids[j] != cpu ||
		    !cpuset_has(&c->online, (unsigned)cpu))
			continue;
		sum += busy_pct[j];
		cnt++;
	}
	return cnt ? sum / cnt : -1.0;
}

void clusters_set_util(struct clusters *c, const int *cpu_ids,
		       const double *busy_pct, size_t n)
{
	bool sorted = ids_sorted(cpu_ids, n);	/* as usual: a walk */
	size_t i, j;

	for (i = 0; i < c->n; i++) {
		struct cluster *cl = &c->v[i];
		double sum = 0;
		unsigned cnt = 0;

		if (sorted) {
			cl->util_pct = util_sorted(c, cl, cpu_ids, busy_pct,
						   n);
			continue;
		}
		for (j = 0; j < n; j++) {
			if (cpu_ids[j] < 0 ||
			    !cpuset_has(&cl->cpus, (unsigned)cpu_ids[j]) ||
			    !cpuset_has(&c->online, (unsigned)cpu_ids[j]))
				continue;
			sum += busy_pct[j];
			cnt++;
		}
		cl->util_pct = cnt ? sum / cnt : -1.0;
	}
	clusters_refresh_throttled(c);
}

/* ---- reading sysfs ---------------------------------------------------- */

/* A decimal of [S, S + N) below CPUSET_MAX, or -1. */
static long small_uint(const char *s, size_t n)
{
	long v = 0;
	size_t i;

	if (n == 0)
		return -1;
	for (i = 0; i < n; i++) {
		if (s[i] < '0' || s[i] > '9')
			return -1;
		v = v * 10 + (s[i] - '0');
		if (v >= CPUSET_MAX)
			return -1;
	}
	return v;
}

/* The policy a cpuN/cpufreq symlink names: N of ".../policyN", or of
 * "../cpuN/cpufreq" (3.x kernels link the other CPUs to the first). */
static long target_policy(const char *t)
{
	const char *base = strrchr(t, '/'), *start;

	base = base ? base + 1 : t;
	if (strncmp(base, "policy", 6) == 0)
		return small_uint(base + 6, strlen(base + 6));
	if (strcmp(base, "cpufreq") != 0 || base - t < 5)
		return -1;
	start = base - 1;
	while (start > t && start[-1] != '/')
		start--;
	if (base - 1 - start < 4 || strncmp(start, "cpu", 3) != 0)
		return -1;
	return small_uint(start + 3, (size_t)(base - 1 - start - 3));
}

static int read_cpulist(struct buf *b, const char *name, struct cpuset *out)
{
	char path[PATH_MAX];
	int rc;

	snprintf(path, sizeof(path), CPU_DIR "/%s", name);
	rc = buf_read_file(b, path);
	if (rc == 0)
		rc = cpulist_parse(b->data, b->len, out);
	return rc < 0 ? rc : 0;
}

/* The cpuN directories, for kernels without a readable "present". */
static int scan_cpu_dirs(struct cpuset *out)
{
	DIR *d = opendir(CPU_DIR);
	struct dirent *e;

	cpuset_clear(out);
	if (!d)
		return -errno;
	while ((e = readdir(d))) {
		long v = -1;

		if (strncmp(e->d_name, "cpu", 3) == 0)
			v = small_uint(e->d_name + 3, strlen(e->d_name + 3));
		if (v >= 0)
			cpuset_add(out, (unsigned)v);
	}
	closedir(d);
	return 0;
}

/* cpuN/online per CPU when the "online" list is unreadable; CPUs that
 * cannot go offline (often cpu0) have no such file. */
static void read_online(struct clusters *c, struct buf *b)
{
	char path[PATH_MAX];
	int cpu;

	if (read_cpulist(b, "online", &c->online) == 0)
		return;
	cpuset_clear(&c->online);
	for (cpu = cpuset_first(&c->present); cpu >= 0;
	     cpu = cpuset_next(&c->present, (unsigned)cpu)) {
		snprintf(path, sizeof(path), CPU_DIR "/cpu%d/online", cpu);
		if (buf_read_file(b, path) != 0 || b->len == 0 ||
		    b->data[0] != '0')
			cpuset_add(&c->online, (unsigned)cpu);
	}
}

static bool has_cpufreq(unsigned cpu)
{
	char path[PATH_MAX];
	struct stat st;

	snprintf(path, sizeof(path), CPU_DIR "/cpu%u/cpufreq", cpu);
	return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

static struct cluster *find_or_add(struct clusters *c, unsigned policy)
{
	struct cluster *v;
	size_t i;

	for (i = 0; i < c->n; i++)
		if (c->v[i].policy == policy)
			return &c->v[i];
	v = realloc(c->v, (c->n + 1) * sizeof(*v));
	if (!v)
		return NULL;
	c->v = v;
	v = &c->v[c->n++];
	memset(v, 0, sizeof(*v));
	v->policy = policy;
	v->util_pct = -1.0;
	return v;
}

/* Whether cpuN/cpufreq/related_cpus holds what the kernel writes there:
 * blank-separated numbers of present CPUs ("4 5 6 7").  libcpupower
 * reads "0-99999" as CPU 0 and the CPU would join CPU 0's cluster; the
 * garbage goes to SHOWN (cleaned) instead. */
static bool related_sane(const struct clusters *c, unsigned cpu,
			 char *shown, size_t size)
{
	char path[PATH_MAX];
	struct buf b = { 0 };
	const char *p, *end, *t;
	size_t tl;
	uint64_t v;
	bool ok;

	snprintf(path, sizeof(path), CPU_DIR "/cpu%u/cpufreq/related_cpus",
		 cpu);
	if (buf_read_file(&b, path) != 0) {
		buf_free(&b);
		return true;	/* the library says it is missing */
	}
	ok = b.len > 0;
	p = b.data;
	end = b.data + b.len;
	while (ok && next_token(&p, end, &t, &tl))
		ok = clusters_parse_u64(t, tl, &v) == 0 && v < CPUSET_MAX &&
		     cpuset_has(&c->present, (unsigned)v);
	while (b.len && strchr(" \t\r\n", b.data[b.len - 1]))
		b.len--;
	strclean_copy(shown, size, b.data, b.len);
	buf_free(&b);
	return ok;
}

/* Put CPU into the cluster of its policy; 0 or -ENOMEM. */
static int place_cpu(struct clusters *c, unsigned cpu)
{
	char path[PATH_MAX], target[PATH_MAX] = "", bad[64];
	struct cpuset rel;
	struct cluster *cl;
	struct stat st;
	ssize_t tl;
	long pol;
	int nrel, i;

	snprintf(path, sizeof(path), CPU_DIR "/cpu%u/cpufreq", cpu);
	if (lstat(path, &st) != 0) {
		cpuset_add(&c->nofreq, cpu);
		return 0;
	}
	tl = readlink(path, target, sizeof(target) - 1);
	target[tl > 0 ? tl : 0] = '\0';
	nrel = has_cpufreq(cpu) ? cpufreqinfo_related(cpu, &rel) : -ENOENT;
	if (nrel > 0 && !related_sane(c, cpu, bad, sizeof(bad)))
		nrel = -EINVAL;	/* garbage: the CPU alone, and said */
	pol = target_policy(target);
	if (pol < 0)
		pol = nrel > 0 ? cpuset_first(&rel) : (long)cpu;
	cl = find_or_add(c, (unsigned)pol);
	if (!cl)
		return -ENOMEM;
	if (nrel == -EINVAL && errlist_add(&cl->error,
					   "cpu%u: related_cpus "
					   "is not a list of present CPUs "
					   "(\"%.40s\")",
					   cpu, bad) == -ENOMEM)
		return -ENOMEM;
	cpuset_add(&cl->cpus, cpu);
	for (i = nrel > 0 ? cpuset_first(&rel) : -1; i >= 0;
	     i = cpuset_next(&rel, (unsigned)i))
		cpuset_add(&cl->cpus, (unsigned)i);
	return 0;
}

static char *core_name(const struct cpuinfo *ci, unsigned cpu)
{
	struct cpuinfo_cpu v;
	char tmp[32];

	if (ci && cpuinfo_get(ci, (int)cpu, &v)) {
		if (v.part >= 0) {
			coretype_format(v.implementer, (unsigned)v.part, tmp,
					sizeof(tmp));
			return strdup(tmp);
		}
		if (v.model_name)
			return strdup(v.model_name);
	}
	return strdup("");
}

/* The group of CORE in topology cluster CLUSTER (empty: none said), added
 * when new; NULL when out of memory (CORE is the caller's either way). */
static struct clusters_core *core_group(struct clusters *c, const char *core,
					const struct cpuset *cluster)
{
	struct clusters_core *v;
	size_t i;

	for (i = 0; i < c->ncores; i++)
		if (strcmp(c->cores[i].core, core) == 0 &&
		    cpuset_equal(&c->cores[i].cluster, cluster))
			return &c->cores[i];
	v = realloc(c->cores, (i + 1) * sizeof(*v));
	if (!v || !(v[i].core = strdup(core))) {
		if (v)
			c->cores = v;
		return NULL;
	}
	c->cores = v;
	cpuset_clear(&v[i].cpus);
	v[i].cluster = *cluster;
	c->ncores++;
	return &v[i];
}

/* The present CPUs by core type and, where the kernel's topology has
 * clusters of several cores, by cluster: without cpufreq the only word
 * for CPUs that go together (QEMU's arm64 virt board, -smp clusters=2). */
static int group_cores(struct clusters *c, const struct cpuinfo *ci,
		       struct buf *b)
{
	struct clusters_core *g;
	struct cpuset cluster;
	int cpu;

	for (cpu = cpuset_first(&c->present); cpu >= 0;
	     cpu = cpuset_next(&c->present, (unsigned)cpu)) {
		char *name = core_name(ci, (unsigned)cpu);

		if (!name)
			return -ENOMEM;
		cputopo_cluster((unsigned)cpu, b, &cluster);
		g = core_group(c, name, &cluster);
		free(name);
		if (!g)
			return -ENOMEM;
		cpuset_add(&g->cpus, (unsigned)cpu);
	}
	return 0;
}

/* What a file of cpuN's directory must hold to explain a gap. */
enum file_kind {
	FILE_TEXT,		/* anything but empty */
	FILE_NUMBER,		/* a decimal above 0 */
	FILE_NUMBERS,		/* blank-separated decimals, or nothing */
};

static bool all_numbers(const char *p, size_t len)
{
	const char *end = p + len, *t;
	size_t tl;
	uint64_t v;

	while (next_token(&p, end, &t, &tl))
		if (clusters_parse_u64(t, tl, &v) != 0)
			return false;
	return true;
}

/* Add a sentence to CL when cpuN/cpufreq/NAME is missing (unless
 * OPTIONAL), unreadable, or does not hold what KIND says. */
static int explain_file(struct cluster *cl, struct buf *b, unsigned cpu,
			const char *name, bool optional, enum file_kind kind)
{
	char path[PATH_MAX], msg[160];
	uint64_t v;
	int rc;

	snprintf(path, sizeof(path), CPU_DIR "/cpu%u/cpufreq/%s", cpu, name);
	rc = buf_read_file(b, path);
	if (rc == -ENOENT && optional)
		return 0;
	if (rc == 0 && kind == FILE_TEXT && strspn(b->data, " \t\r\n") <
					    b->len)
		return 0;
	if (rc == 0 && kind == FILE_NUMBER &&
	    clusters_parse_u64(b->data, b->len, &v) == 0 && v > 0 &&
	    (v <= CPUFREQINFO_KHZ_MAX || !strstr(name, "_freq")))
		return 0;
	if (rc == 0 && kind == FILE_NUMBERS) {
		if (all_numbers(b->data, b->len))
			return 0;
		strclean_copy(msg, 40, b->data, b->len);
		return errlist_add(&cl->error,
				   "cpu%u: %s is not a list of "
				   "numbers (\"%s\")",
				   cpu, name, msg);
	}
	clusters_explain(name, rc, b->data, rc ? 0 : b->len, msg, sizeof(msg));
	return errlist_add(&cl->error, "cpu%u: %s", cpu, msg);
}

/* time_in_state and total_trans beyond the library: it drops a count of
 * 0 and stops at 4 KiB; our parser says which line is wrong. */
static int fill_stats(struct cluster *cl, struct buf *b, unsigned cpu)
{
	struct cpufreqinfo *f = &cl->freq;
	char path[PATH_MAX];
	unsigned line;
	int rc = 0, n;

	snprintf(path, sizeof(path), CPU_DIR "/cpu%u/cpufreq/stats/total_trans",
		 cpu);
	if ((f->missing & CPUFREQINFO_TRANS) && buf_read_file(b, path) == 0 &&
	    clusters_parse_u64(b->data, b->len, &f->transitions) == 0)
		f->missing &= ~(unsigned)CPUFREQINFO_TRANS;
	else if (f->missing & CPUFREQINFO_TRANS)
		rc = explain_file(cl, b, cpu, "stats/total_trans", true,
				  FILE_NUMBER);
	snprintf(path, sizeof(path),
		 CPU_DIR "/cpu%u/cpufreq/stats/time_in_state", cpu);
	if (rc || !(f->missing & CPUFREQINFO_STATS) ||
	    buf_read_file(b, path) != 0)
		return rc;
	n = clusters_parse_time_in_state(b->data, b->len, &f->states, &line);
	if (n > 0) {
		f->nstates = (size_t)n;
		f->missing &= ~(unsigned)CPUFREQINFO_STATS;
	}
	if (n == -ENOMEM)
		return n;
	if (n < 0)
		return errlist_add(&cl->error,
				   "cpu%u: stats/time_in_state line "
				   "%u is not \"<kHz> <time>\"",
				   cpu, line);
	return 0;
}

static int explain_missing(struct cluster *cl, struct buf *b, unsigned cpu)
{
	unsigned m = cl->freq.missing;
	int rc = 0;

	if (!has_cpufreq(cpu))
		return errlist_add(&cl->error,
				   "cpu%u: the cpufreq policy "
				   "vanished while it was read",
				   cpu);
	if (m & CPUFREQINFO_CUR)
		rc = explain_file(cl, b, cpu, "scaling_cur_freq", false,
				  FILE_NUMBER);
	if (!rc && (m & CPUFREQINFO_HW_LIMITS))
		rc = explain_file(cl, b, cpu, "cpuinfo_min_freq", false,
				  FILE_NUMBER) ||
		     explain_file(cl, b, cpu, "cpuinfo_max_freq", false,
				  FILE_NUMBER);
	if (!rc && (m & CPUFREQINFO_POLICY))
		rc = explain_file(cl, b, cpu, "scaling_governor", false,
				  FILE_TEXT) ||
		     explain_file(cl, b, cpu, "scaling_min_freq", false,
				  FILE_NUMBER) ||
		     explain_file(cl, b, cpu, "scaling_max_freq", false,
				  FILE_NUMBER);
	if (!rc && (m & CPUFREQINFO_GOVERNORS))
		rc = explain_file(cl, b, cpu, "scaling_available_governors",
				  false, FILE_TEXT);
	if (!rc && (m & CPUFREQINFO_FREQS))
		rc = explain_file(cl, b, cpu, "scaling_available_frequencies",
				  true, FILE_NUMBERS);
	return rc ? -ENOMEM : fill_stats(cl, b, cpu);
}

/* The highest cpu_capacity of CL's present CPUs; garbage is a sentence. */
static int read_capacity(struct cluster *cl, struct buf *b,
			 const struct cpuset *present)
{
	char path[PATH_MAX], msg[160];
	uint64_t v;
	int cpu, rc;

	for (cpu = cpuset_first(&cl->cpus); cpu >= 0;
	     cpu = cpuset_next(&cl->cpus, (unsigned)cpu)) {
		if (!cpuset_has(present, (unsigned)cpu))
			continue;
		snprintf(path, sizeof(path), CPU_DIR "/cpu%d/cpu_capacity",
			 cpu);
		rc = buf_read_file(b, path);
		if (rc == -ENOENT)
			continue;
		if (rc == 0 && clusters_parse_u64(b->data, b->len, &v) == 0) {
			if (v > cl->capacity)
				cl->capacity = v;
			continue;
		}
		clusters_explain("cpu_capacity", rc, b->data, rc ? 0 : b->len,
				 msg, sizeof(msg));
		if (errlist_add(&cl->error, "cpu%d: %s", cpu, msg))
			return -ENOMEM;
	}
	return 0;
}

/* Why no online CPU of CL has a readable cpufreq directory. */
static int explain_gone(struct cluster *cl, unsigned cpu)
{
	char path[PATH_MAX], target[PATH_MAX], shown[PATH_MAX];
	ssize_t tl;

	snprintf(path, sizeof(path), CPU_DIR "/cpu%u/cpufreq", cpu);
	tl = readlink(path, target, sizeof(target) - 1);
	if (tl <= 0)
		return errlist_add(&cl->error,
				   "cpu%u: the cpufreq directory "
				   "cannot be read",
				   cpu);
	strclean_copy(shown, sizeof(shown), target, (size_t)tl);
	return errlist_add(&cl->error,
			   "cpu%u: cpufreq points to %s, which is "
			   "gone",
			   cpu, shown);
}

static bool read_freq_file(struct buf *b, int cpu, const char *file,
			   uint64_t *v);

/* The other online CPUs of CL (one policy by related_cpus) read the same
 * scaling_cur_freq, scaling_min_freq and scaling_max_freq as REP, whose
 * figures the cluster row shows; a CPU that reads otherwise is a sentence
 * (the row must not stand for CPUs that disagree with it silently). */
static int check_agree(const struct clusters *c, struct cluster *cl,
		       struct buf *b, int rep)
{
	static const char *const file[3] = {
		"scaling_cur_freq", "scaling_min_freq", "scaling_max_freq",
	};
	const uint64_t mine[3] = { cl->freq.cur_khz, cl->freq.min_khz,
				   cl->freq.max_khz };
	const bool known[3] = { !(cl->freq.missing & CPUFREQINFO_CUR),
				!(cl->freq.missing & CPUFREQINFO_POLICY),
				!(cl->freq.missing & CPUFREQINFO_POLICY) };
	char what[160];
	uint64_t v;
	size_t k, at;
	int cpu;

	for (cpu = cpuset_first(&cl->cpus); cpu >= 0;
	     cpu = cpuset_next(&cl->cpus, (unsigned)cpu)) {
		if (cpu == rep || !cpuset_has(&c->online, (unsigned)cpu))
			continue;
		what[0] = '\0';
		for (k = at = 0; k < 3; k++) {
			if (!known[k] || !read_freq_file(b, cpu, file[k], &v) ||
			    v == mine[k] || at >= sizeof(what))
				continue;
			at += (size_t)snprintf(what + at, sizeof(what) - at,
					       "%s%s %llu kHz (cpu%d: %llu)",
					       at ? ", " : "", file[k],
					       (unsigned long long)v, rep,
					       (unsigned long long)mine[k]);
		}
		if (what[0] &&
		    errlist_add(&cl->error,
				"cpu%d shares cpu%d's "
				"policy (related_cpus) but disagrees: "
				"%s",
				cpu, rep, what))
			return -ENOMEM;
	}
	return 0;
}

/* NAME ("Cortex-A715/A710") already names OTHER ("Cortex-A710", whose
 * first KEEP bytes are NAME's prefix). */
static bool names_kind(const char *name, const char *other, size_t keep)
{
	size_t n = strcspn(name, "/"), lo = strlen(other + keep);

	if (n == strlen(other) && strncmp(name, other, n) == 0)
		return true;
	for (name += n; *name == '/'; name += n) {
		n = strcspn(++name, "/");
		if (n == lo && strncmp(name, other + keep, n) == 0)
			return true;
	}
	return false;
}

/* The core names of CL's present CPUs from FIRST's on: "Cortex-A72", or
 * "Cortex-A715/A710" when one policy spans two kinds (a row that names one
 * kind must not stand for CPUs of another); NULL when out of memory. */
static char *cluster_core(const struct clusters *c, const struct cluster *cl,
			  const struct cpuinfo *ci, int first)
{
	char *name = core_name(ci, (unsigned)first), *other, *dash, *v;
	size_t keep;
	int cpu;

	for (cpu = cpuset_first(&cl->cpus); name && cpu >= 0;
	     cpu = cpuset_next(&cl->cpus, (unsigned)cpu)) {
		if (cpu == first || !cpuset_has(&c->present, (unsigned)cpu) ||
		    !(other = core_name(ci, (unsigned)cpu)))
			continue;
		/* "Cortex-A715" + "Cortex-A710": the second after the dash */
		dash = strrchr(name, '-');
		keep = dash && strncmp(name, other, (size_t)(dash - name + 1))
				       == 0 ? (size_t)(dash - name + 1) : 0;
		if (*other && !names_kind(name, other, keep) &&
		    strlen(name) < 48 &&
		    (v = malloc(strlen(name) + strlen(other) + 2))) {
			sprintf(v, "%s/%s", name, other + keep);
			free(name);
			name = v;
		}
		free(other);
	}
	return name;
}

static int load_cluster(struct clusters *c, struct cluster *cl,
			const struct cpuinfo *ci, struct buf *b)
{
	int cpu, first = cpuset_first(&cl->cpus), rep = -1, rc;

	for (cpu = first; cpu >= 0;
	     cpu = cpuset_next(&cl->cpus, (unsigned)cpu)) {
		if (!cpuset_has(&c->online, (unsigned)cpu))
			continue;
		if (!cl->online)
			first = cpu;
		cl->online = true;
		if (rep < 0 && has_cpufreq((unsigned)cpu))
			rep = cpu;
	}
	cl->core = cluster_core(c, cl, ci, first);
	if (!cl->core)
		return -ENOMEM;
	rc = read_capacity(cl, b, &c->present);
	if (rc || !cl->online)
		return rc;
	if (rep < 0)
		return explain_gone(cl, (unsigned)first);
	rc = cpufreqinfo_read((unsigned)rep, &cl->freq);
	if (rc)
		return rc;
	cl->has_freq = true;
	rc = explain_missing(cl, b, (unsigned)rep);
	return rc ? rc : check_agree(c, cl, b, rep);
}

static int cmp_policy(const void *a, const void *b)
{
	unsigned x = ((const struct cluster *)a)->policy;
	unsigned y = ((const struct cluster *)b)->policy;

	return x < y ? -1 : x > y;
}

static int list_cpus(struct clusters *c, struct buf *b)
{
	int rc = read_cpulist(b, "present", &c->present);

	/* The kernel allows 8192 CPUs; a cpuset holds CPUSET_MAX. */
	if (rc == -ERANGE && errlist_add(&c->error,
					 "CPUs past %d are not "
					 "shown: %s/present lists more than "
					 "the %d CPUs benchtop follows",
					 CPUSET_MAX - 1, CPU_DIR, CPUSET_MAX))
		return -ENOMEM;
	if (rc && scan_cpu_dirs(&c->present) != 0)
		return errlist_add(&c->error,
				   "the CPUs cannot be listed: "
				   "%s/present is unreadable (%s)",
				   CPU_DIR, strerror(-rc));
	read_online(c, b);
	return 0;
}

int clusters_load(struct clusters *c, const struct cpuinfo *ci)
{
	struct buf b = { 0 };
	size_t i;
	int cpu, rc;

	memset(c, 0, sizeof(*c));
	rc = list_cpus(c, &b);
	for (cpu = cpuset_first(&c->present); !rc && cpu >= 0;
	     cpu = cpuset_next(&c->present, (unsigned)cpu))
		rc = place_cpu(c, (unsigned)cpu);
	if (c->n > 1)
		qsort(c->v, c->n, sizeof(*c->v), cmp_policy);
	for (i = 0; !rc && i < c->n; i++) {
		rc = load_cluster(c, &c->v[i], ci, &b);
		for (cpu = cpuset_first(&c->v[i].cpus); cpu >= 0;
		     cpu = cpuset_next(&c->v[i].cpus, (unsigned)cpu))
			c->nofreq.bits[cpu / 64] &=
				~(UINT64_C(1) << (cpu % 64));
	}
	if (!rc)
		rc = group_cores(c, ci, &b);
	if (c->n == 0)
		c->cpufreq_note = N_("cpufreq not exposed by this kernel");
	clusters_assign_roles(c->v, c->n);
	clusters_refresh_throttled(c);
	buf_free(&b);
	return rc;
}

/* FILE of CPU's cpufreq directory as a number in *V; false when not. */
static bool read_freq_file(struct buf *b, int cpu, const char *file,
			   uint64_t *v)
{
	static const char dir[] = CPU_DIR "/cpu";
	char path[PATH_MAX], num[16];
	size_t nd = 0, nf = strlen(file), at = sizeof(dir) - 1;

	/* CPU_DIR/cpuN/cpufreq/FILE, a policy a tick: not through printf */
	if (cpu < 0 || nf > 64)
		return false;
	do
		num[sizeof(num) - ++nd] = (char)('0' + cpu % 10);
	while ((cpu /= 10) != 0);
	memcpy(path, dir, at);
	memcpy(path + at, num + sizeof(num) - nd, nd);
	memcpy(path + at + nd, "/cpufreq/", 9);
	memcpy(path + at + nd + 9, file, nf + 1);
	return buf_read_file(b, path) == 0 &&
	       clusters_parse_u64(b->data, b->len, v) == 0 && *v &&
	       *v <= CPUFREQINFO_KHZ_MAX;
}

int clusters_refresh_freq(struct clusters *c)
{
	struct buf b = { 0 };
	size_t i;
	int rc = 0;

	if (c->error)
		rc = -EAGAIN;
	for (i = 0; rc == 0 && i < c->n; i++) {
		struct cluster *cl = &c->v[i];
		uint64_t cur;
		int cpu = cpuset_first(&cl->cpus);

		cl->cooling_active = false;	/* the caller's to set again */
		if (!cl->online)
			continue;
		while (cpu >= 0 && !cpuset_has(&c->online, (unsigned)cpu))
			cpu = cpuset_next(&cl->cpus, (unsigned)cpu);
		if (cl->error || !cl->has_freq || cl->freq.missing &
		    (CPUFREQINFO_CUR | CPUFREQINFO_POLICY) || cpu < 0 ||
		    !read_freq_file(&b, cpu, "scaling_cur_freq", &cur)) {
			rc = -EAGAIN;
			break;
		}
		cl->freq.cur_khz = cur;
	}
	buf_free(&b);
	clusters_refresh_throttled(c);
	return rc;
}

void clusters_fini(struct clusters *c)
{
	size_t i;

	for (i = 0; i < c->n; i++) {
		cpufreqinfo_fini(&c->v[i].freq);
		free(c->v[i].core);
		free(c->v[i].error);
	}
	for (i = 0; i < c->ncores; i++)
		free(c->cores[i].core);
	free(c->cores);
	free(c->v);
	free(c->error);
	memset(c, 0, sizeof(*c));
}
