/* SPDX-License-Identifier: GPL-2.0-or-later */
/* tune: writes tunables the way `echo VALUE > FILE` does - one open, one
 * write(2) - after checking permission and reading the old value, then
 * reads the file back and records all of it in the journal.  cpufreq
 * files are written directly rather than through libcpupower: its writes
 * report every failure as -ENODEV (hiding EINVAL from EBUSY from EACCES)
 * and open without O_TRUNC. */
#include "config.h"

#include "tune/tune.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <sys/random.h>
#include <unistd.h>

#include "hw/blockdev.h"
#include "base/buf.h"
#include "base/numparse.h"
#include "hw/clusters.h"
#include "tune/irqmove.h"
#include "tune/journalfile.h"
#include "tune/tunefile.h"
#include "tune/tunecheck.h"

/* One file benchtop may write, and how to name it in the journal. */
struct target {
	enum journal_kind kind;
	char id[JOURNAL_TARGET_MAX];
	unsigned num;		/* policy or IRQ number */
	char path[PATH_MAX];
};

static const char *const freq_files[JOURNAL_NKINDS] = {
	[JOURNAL_GOVERNOR] = "scaling_governor",
	[JOURNAL_MIN_FREQ] = "scaling_min_freq",
	[JOURNAL_MAX_FREQ] = "scaling_max_freq",
};

void tune_init(struct tune *t, const char *proc_root, const char *sys_root)
{
	memset(t, 0, sizeof(*t));
	t->proc_root = proc_root;
	t->sys_root = sys_root;
	t->lock_fd = -1;
	journal_init(&t->journal);
	if (getrandom(&t->instance, sizeof(t->instance), GRND_NONBLOCK) !=
	    (ssize_t)sizeof(t->instance))
		t->instance = (uint64_t)getpid() << 32 ^ (uint64_t)time(NULL);
	t->instance |= 1;	/* never 0, "unknown" */
}

void tune_begin(struct tune *t)
{
	unsigned m = journal_max_action(&t->journal);

	t->action = (t->action > m ? t->action : m) + 1;
}

void tune_fini(struct tune *t)
{
	journalfile_unlock(t->lock_fd);
	t->lock_fd = -1;
	journal_fini(&t->journal);
}

bool tune_is_root(void)
{
	return geteuid() == 0;
}

enum tune_fail tune_classify(enum journal_kind kind, int err, bool root)
{
	if (err == 0)
		return TUNE_OK;
	if (err == EACCES || err == EPERM)
		return root ? TUNE_REFUSED : TUNE_NOT_ROOT;
	if (err == ENOENT)
		return TUNE_MISSING;
	if (err == TUNE_ESHORT)
		return TUNE_SHORT_WRITE;
	if (kind == JOURNAL_IRQ) {
		/* irqbalance bans an IRQ on EIO; EINVAL for a valid, online
		 * mask means the same (per-CPU or managed interrupt). */
		if (err == EIO || err == EINVAL)
			return TUNE_IRQ_FIXED;
		if (err == ENOSPC)
			return TUNE_NO_VECTORS;
		return TUNE_FAILED;
	}
	if (err == EINVAL || err == EBUSY)
		return TUNE_REFUSED;
	return TUNE_FAILED;
}

/* ---- pure helpers ------------------------------------------------------- */

int tune_freq_plan(uint64_t cur_min, uint64_t cur_max, uint64_t new_min,
		   uint64_t new_max, struct tune_freq_step out[2])
{
	uint64_t lo = new_min ? new_min : cur_min;
	uint64_t hi = new_max ? new_max : cur_max;
	struct tune_freq_step smin = { JOURNAL_MIN_FREQ, lo };
	struct tune_freq_step smax = { JOURNAL_MAX_FREQ, hi };
	bool wmin = new_min && new_min != cur_min;
	bool wmax = new_max && new_max != cur_max;
	int n = 0;

	if (lo > hi)
		return -ERANGE;
	/* Max first unless the new max falls below the current min. */
	if (hi >= cur_min) {
		if (wmax)
			out[n++] = smax;
		if (wmin)
			out[n++] = smin;
	} else {
		if (wmin)
			out[n++] = smin;
		if (wmax)
			out[n++] = smax;
	}
	return n;
}

static int unit_factor(const char *u, double *f)
{
	static const struct { const char *name; double f; } units[] = {
		{ "", 1 }, { "k", 1 }, { "khz", 1 }, { "m", 1e3 },
		{ "mhz", 1e3 }, { "g", 1e6 }, { "ghz", 1e6 },
	};
	size_t i;

	for (i = 0; i < sizeof(units) / sizeof(units[0]); i++)
		if (strcasecmp(u, units[i].name) == 0) {
			*f = units[i].f;
			return 0;
		}
	return -EINVAL;
}

int tune_parse_khz(const char *s, uint64_t *khz)
{
	const char *end;
	double v, f;

	if (!s || *s < '0' || *s > '9')
		return -EINVAL;
	if (numparse_decimal_prefix(s, s + strlen(s), &v, &end) ||
	    unit_factor(end, &f))
		return -EINVAL;
	v *= f;
	if (v < 1 || v > 1e9)	/* 1 kHz .. 1 THz */
		return -EINVAL;
	*khz = (uint64_t)(v + 0.5);
	return 0;
}

/* Names the kernel takes for governors and schedulers. */
static bool plain_name(const char *s)
{
	size_t i, n = strlen(s);

	if (n == 0 || n >= 16)
		return false;
	for (i = 0; i < n; i++)
		if (!(s[i] >= 'a' && s[i] <= 'z') && !(s[i] >= 'A' &&
		    s[i] <= 'Z') && !(s[i] >= '0' && s[i] <= '9') &&
		    s[i] != '-' && s[i] != '_')
			return false;
	return true;
}

int tune_target_policy(const char *target)
{
	unsigned p;
	int used = 0;

	if (sscanf(target, "policy%u%n", &p, &used) != 1 ||
	    target[used] != '\0' || p > INT_MAX)
		return -1;
	return (int)p;
}

/* ---- targets and their files -------------------------------------------- */

/* The policy's own directory (cpufreq/policyN, kernels since 4.3), else
 * the per-CPU one that older kernels have (cpuN/cpufreq, a link to the
 * policy on newer ones). */
static int freq_path(const struct tune *t, unsigned policy, const char *file,
		     char *dst, size_t size)
{
	char dir[4096];

	snprintf(dir, sizeof(dir), "%s/devices/system/cpu/cpufreq/policy%u",
		 t->sys_root, policy);
	if (access(dir, F_OK) == 0)
		return snprintf(dst, size, "%s/%s", dir, file);
	return snprintf(dst, size, "%s/devices/system/cpu/cpu%u/cpufreq/%s",
			t->sys_root, policy, file);
}

static int target_init(const struct tune *t, struct target *tg,
		       enum journal_kind kind, unsigned num, const char *name)
{
	int n;

	memset(tg, 0, sizeof(*tg));
	tg->kind = kind;
	tg->num = num;
	if (kind == JOURNAL_IRQ) {
		snprintf(tg->id, sizeof(tg->id), "%u", num);
		n = snprintf(tg->path, sizeof(tg->path),
			     "%s/irq/%u/smp_affinity_list", t->proc_root, num);
	} else if (kind == JOURNAL_SCHEDULER) {
		if (!name || !*name || strchr(name, '/') || *name == '.' ||
		    strlen(name) >= sizeof(tg->id))
			return -EINVAL;
		snprintf(tg->id, sizeof(tg->id), "%s", name);
		n = snprintf(tg->path, sizeof(tg->path),
			     "%s/block/%s/queue/scheduler", t->sys_root, name);
	} else {
		snprintf(tg->id, sizeof(tg->id), "policy%u", num);
		n = freq_path(t, num, freq_files[kind], tg->path,
			      sizeof(tg->path));
	}
	return n < 0 || (size_t)n >= sizeof(tg->path) ? -ENAMETOOLONG : 0;
}

static void copy_trimmed(char *dst, size_t size, const char *s, size_t len)
{
	while (len && (s[len - 1] == '\n' || s[len - 1] == ' '))
		len--;
	while (len && (*s == ' ' || *s == '\n')) {
		s++;
		len--;
	}
	snprintf(dst, size, "%.*s", (int)len, s);
}

/* The value in B as the journal spells it for KIND; 0 or -EINVAL. */
static int normalise(enum journal_kind kind, const struct buf *b, char *dst,
		     size_t size)
{
	char cur[JOURNAL_VALUE_MAX], avail[256];
	struct cpuset set;
	uint64_t v;
	int n;

	switch (kind) {
	case JOURNAL_IRQ:
		if (cpulist_parse(b->data, b->len, &set) < 0)
			return -EINVAL;
		cpulist_format(&set, dst, size);
		return 0;
	case JOURNAL_MIN_FREQ:
	case JOURNAL_MAX_FREQ:
		if (clusters_parse_u64(b->data, b->len, &v))
			return -EINVAL;
		snprintf(dst, size, "%" PRIu64, v);
		return 0;
	case JOURNAL_SCHEDULER:
		n = blockdev_parse_sched(b->data, b->len, cur, sizeof(cur),
					 avail, sizeof(avail));
		if (n < 0)
			return n;
		/* One name and no brackets: a testbed file after a write. */
		if (cur[0] || n != 1)
			copy_trimmed(dst, size, cur, strlen(cur));
		else
			copy_trimmed(dst, size, avail, strlen(avail));
		return 0;
	default:
		copy_trimmed(dst, size, b->data, b->len);
		return 0;
	}
}

static int read_path(enum journal_kind kind, const char *path, char *dst,
		     size_t size)
{
	struct buf b = { 0 };
	int rc = buf_read_file(&b, path);

	dst[0] = '\0';
	if (rc == 0)
		rc = normalise(kind, &b, dst, size);
	buf_free(&b);
	return rc;
}

/* 0 when PATH may be written, -EACCES when that needs root, else -errno. */
static int precheck(const char *path)
{
	if (access(path, F_OK))
		return -errno;
	if (access(path, W_OK) == 0)
		return 0;
	if (errno == EACCES || errno == EPERM)
		return tune_is_root() ? 0 : -EACCES;
	return -errno;
}

/* One open, one write(2) of VALUE, as the shell's `echo VALUE > PATH`. */
static int write_once(const char *path, const char *value)
{
	size_t len = strlen(value);
	ssize_t n;
	int fd, rc;

	fd = open(path, O_WRONLY | O_TRUNC | O_CLOEXEC | O_NOCTTY);
	if (fd < 0)
		return -errno;
	n = write(fd, value, len);
	rc = n < 0 ? -errno : (size_t)n != len ? -TUNE_ESHORT : 0;
	if (close(fd) && rc == 0 && errno != EINTR)
		rc = -errno;
	return rc;
}

/* The other limit of TG's policy, for the min <= max check. */
static int sibling_khz(const struct tune *t, const struct target *tg,
		       uint64_t *khz)
{
	struct target other;
	char v[JOURNAL_VALUE_MAX];
	int rc;

	rc = target_init(t, &other, tg->kind == JOURNAL_MIN_FREQ ?
			 JOURNAL_MAX_FREQ : JOURNAL_MIN_FREQ, tg->num, NULL);
	if (rc == 0)
		rc = read_path(other.kind, other.path, v, sizeof(v));
	if (rc == 0)
		rc = clusters_parse_u64(v, strlen(v), khz);
	return rc;
}

/* The file NAME next to TG's (its policy or queue directory) into B. */
static int read_beside(const struct target *tg, const char *name,
		       struct buf *b)
{
	char path[PATH_MAX];
	const char *slash = strrchr(tg->path, '/');

	snprintf(path, sizeof(path), "%.*s/%s", (int)(slash - tg->path),
		 tg->path, name);
	return buf_read_file(b, path);
}

/* -EDOM unless VALUE is one of the words the kernel lists for TG
 * (scaling_available_governors, the scheduler file); t->allowed gets the
 * list.  Without a list, the kernel judges. */
static int check_word(struct tune *t, const struct target *tg,
		      const char *value)
{
	struct buf b = { 0 };
	int rc = 0;

	if (!plain_name(value))
		return -EINVAL;
	/* The kernel's scheduler file brackets the one in use ("mq-deadline
	 * [bfq] none"); a file without brackets is no list of choices (a
	 * testbed's plain file after a write), so the kernel judges. */
	if (read_beside(tg, tg->kind == JOURNAL_GOVERNOR ?
			"scaling_available_governors" : "scheduler", &b) == 0 &&
	    b.len && (tg->kind == JOURNAL_GOVERNOR ||
		      memchr(b.data, '[', b.len)) &&
	    !tunecheck_in_list(b.data, b.len, value)) {
		tunecheck_words(b.data, b.len, t->allowed, sizeof(t->allowed));
		rc = -EDOM;
	}
	buf_free(&b);
	return rc;
}

static uint64_t beside_u64(const struct target *tg, const char *name)
{
	struct buf b = { 0 };
	uint64_t v = 0;

	if (read_beside(tg, name, &b) == 0 &&
	    clusters_parse_u64(b.data, b.len, &v))
		v = 0;
	buf_free(&b);
	return v;
}

/* A limit: inside cpuinfo_min_freq..cpuinfo_max_freq (else -EDOM, with
 * the range in t->allowed), rounded to a listed step into OUT. */
static int check_khz(struct tune *t, const struct target *tg, uint64_t v,
		     uint64_t *out)
{
	uint64_t steps[TUNECHECK_STEPS];
	uint64_t lo = beside_u64(tg, "cpuinfo_min_freq");
	uint64_t hi = beside_u64(tg, "cpuinfo_max_freq");
	struct buf b = { 0 };
	int n = 0;

	if (read_beside(tg, "scaling_available_frequencies", &b) == 0)
		n = tunecheck_parse_steps(b.data, b.len, steps,
					  TUNECHECK_STEPS);
	buf_free(&b);
	if (tunecheck_khz(v, tg->kind == JOURNAL_MAX_FREQ, lo, hi, steps,
			  n > 0 ? (size_t)n : 0, out) == 0)
		return 0;
	snprintf(t->allowed, sizeof(t->allowed), "%" PRIu64 "-%" PRIu64,
		 lo, hi);
	return -EDOM;
}

/* -EINVAL when VALUE is not a name or a number for TG; -EDOM when the
 * kernel does not offer it; -ERANGE when a frequency limit would cross
 * the other limit.  The value to write (a limit rounded to its step)
 * goes to OUT. */
static int check_value(struct tune *t, const struct target *tg,
		       const char *value, char *out, size_t size)
{
	uint64_t v, other;
	int rc;

	snprintf(out, size, "%s", value);
	t->allowed[0] = '\0';
	if (tg->kind == JOURNAL_GOVERNOR || tg->kind == JOURNAL_SCHEDULER)
		return check_word(t, tg, value);
	if (tg->kind == JOURNAL_IRQ)
		return 0;
	if (clusters_parse_u64(value, strlen(value), &v) || v == 0)
		return -EINVAL;
	if ((rc = check_khz(t, tg, v, &v)))
		return rc;
	snprintf(out, size, "%" PRIu64, v);
	if (sibling_khz(t, tg, &other))
		return 0;	/* the kernel will judge */
	if (tg->kind == JOURNAL_MIN_FREQ ? v > other : v < other)
		return -ERANGE;
	return 0;
}

static void note_fixed(struct tune *t, unsigned irq)
{
	if (!tune_irq_fixed(t, irq) && t->nfixed < TUNE_FIXED_MAX)
		t->fixed[t->nfixed++] = irq;
}

int tune_read_effective(const struct tune *t, unsigned irq, char *dst,
			size_t size)
{
	char path[PATH_MAX];

	snprintf(path, sizeof(path), "%s/irq/%u/effective_affinity_list",
		 t->proc_root, irq);
	return read_path(JOURNAL_IRQ, path, dst, size);
}

int tune_read_now(const struct tune *t, enum journal_kind kind, unsigned num,
		  const char *name, char *dst, size_t size)
{
	struct target tg;
	int rc = target_init(t, &tg, kind, num, name);

	dst[0] = '\0';
	return rc ? rc : read_path(kind, tg.path, dst, size);
}

/* Where E's move stands just after the write: an effective affinity
 * outside the new one is pending on a chip that moves at the next
 * interrupt until the IRQ fires (HAVE_COUNT: E->count0, its count before
 * the write, was read), and kept on any other. */
static void irq_move(bool have_count, const char *chip,
		     struct journal_entry *e)
{
	if (irqmove_inside(e->readback, e->effective))
		return;
	e->move = irqmove_defers(chip) && have_count ? JOURNAL_MOVE_PENDING
						      : JOURNAL_MOVE_KEPT;
	/* journal_add copies E: look again once it is in the journal */
}

/* Entry K's new effective affinity and move into the journal file. */
static void keep_move(struct tune *tu, size_t k)
{
	struct journal_entry e = tu->journal.v[k];

	if (tunefile_begin(tu))
		return;
	if (k < tu->journal.n && tu->journal.v[k].instance == e.instance) {
		memcpy(tu->journal.v[k].effective, e.effective,
		       sizeof(e.effective));
		tu->journal.v[k].move = e.move;
		tunefile_save(tu);
	}
	tunefile_end(tu);
}

int tune_irq_recheck(struct tune *tu, size_t k, const struct irq_table *t)
{
	struct journal_entry *e;
	struct irqmove_id id;
	unsigned irq;

	if (k >= tu->journal.n)
		return 0;
	e = &tu->journal.v[k];
	if (e->kind != JOURNAL_IRQ || e->move != JOURNAL_MOVE_PENDING)
		return 0;
	irq = (unsigned)strtoul(e->target, NULL, 10);
	if (irqmove_row(tu->proc_root, t, irq, &id) || id.total == e->count0)
		return 0;
	/* It fired: the move is made as that interrupt ends (x86 moves it
	 * in the handler's acknowledgement, after the count went up), so
	 * one more count is a refusal, one is not yet. */
	tune_read_effective(tu, irq, e->effective, sizeof(e->effective));
	if (irqmove_inside(e->readback, e->effective))
		e->move = JOURNAL_MOVE_LATER;
	else if (id.total - e->count0 >= 2)
		e->move = JOURNAL_MOVE_KEPT;
	else
		return 0;
	keep_move(tu, k);
	return 1;
}

/* A new entry for a write of V to TG (the intent: no outcome yet). */
static void entry_start(const struct tune *t, const struct target *tg,
			const char *v, struct journal_entry *e)
{
	memset(e, 0, sizeof(*e));
	e->time = (int64_t)time(NULL);
	e->kind = tg->kind;
	e->action = t->action;
	e->restore = t->restoring;
	e->instance = t->instance;
	e->pid = (int)getpid();
	e->pending = true;
	snprintf(e->by, sizeof(e->by), "%s", t->by);
	snprintf(e->target, sizeof(e->target), "%s", tg->id);
	snprintf(e->new, sizeof(e->new), "%s", v);
}

/* Write E->new to TG and record what came of it in E. */
static void write_entry(struct tune *t, const struct target *tg,
			struct journal_entry *e)
{
	struct irqmove_id id = { 0 };
	bool have_count;

	e->err = -write_once(tg->path, e->new);
	/* the IRQ's count once the move is asked for: has it fired since? */
	have_count = tg->kind == JOURNAL_IRQ &&
		     irqmove_row(t->proc_root, NULL, tg->num, &id) == 0;
	e->count0 = id.total;
	snprintf(e->held_by, sizeof(e->held_by), "%s", id.action);
	read_path(tg->kind, tg->path, e->readback, sizeof(e->readback));
	e->matched = e->readback[0] && strcmp(e->readback, e->new) == 0;
	if (tg->kind == JOURNAL_IRQ) {
		tune_read_effective(t, tg->num, e->effective,
				    sizeof(e->effective));
		if (tune_classify(e->kind, e->err, true) == TUNE_IRQ_FIXED)
			note_fixed(t, tg->num);
		if (!e->err && e->matched)
			irq_move(have_count, id.chip, e);
	}
	e->pending = false;
	e->settled = t->lasting;
}

/* Check, read, journal the intent, write, read back, journal the outcome
 * (under the journal file's lock): see tune.h for the returns.  ASKED:
 * what the user asked when it differs from VALUE, or NULL. */
static long apply(struct tune *t, const struct target *tg, const char *value,
		  long undo_of, const char *asked)
{
	struct journal_entry e;
	char v[JOURNAL_VALUE_MAX];
	long idx;
	int rc = precheck(tg->path);

	if (rc == 0)
		rc = check_value(t, tg, value, v, sizeof(v));
	if (rc == 0)
		rc = tunefile_begin(t);
	if (rc)
		return rc;
	entry_start(t, tg, v, &e);
	e.undo_of = undo_of;
	if (asked || strcmp(v, value))
		snprintf(e.asked, sizeof(e.asked), "%s", asked ? asked : value);
	rc = read_path(tg->kind, tg->path, e.old, sizeof(e.old));
	idx = rc ? rc : journal_add(&t->journal, &e);
	if (idx >= 0 && (rc = tunefile_save(t))) {
		t->journal.n--;	/* nothing journaled: nothing written */
		idx = rc;
	}
	if (idx >= 0) {
		write_entry(t, tg, &t->journal.v[idx]);
		tunefile_save(t);	/* else the intent stays, for later */
	}
	tunefile_end(t);
	if (idx >= 0 && t->journal.v[idx].move == JOURNAL_MOVE_PENDING)
		tune_irq_recheck(t, (size_t)idx, NULL);	/* fired since? */
	return idx;
}

/* ---- the actions -------------------------------------------------------- */

long tune_governor(struct tune *t, unsigned policy, const char *governor)
{
	struct target tg;
	int rc = target_init(t, &tg, JOURNAL_GOVERNOR, policy, NULL);

	return rc ? rc : apply(t, &tg, governor, -1, NULL);
}

/* The CPUs the kernel has online, or -errno. */
static int online_cpus(const struct tune *t, struct cpuset *out)
{
	char path[PATH_MAX];
	struct buf b = { 0 };
	int rc;

	snprintf(path, sizeof(path), "%s/devices/system/cpu/online",
		 t->sys_root);
	rc = buf_read_file(&b, path);
	if (rc == 0)
		rc = cpulist_parse(b.data, b.len, out) < 0 ? -EINVAL : 0;
	buf_free(&b);
	return rc;
}

long tune_irq(struct tune *t, unsigned irq, const struct cpuset *cpus)
{
	struct cpuset online;
	struct target tg;
	char list[JOURNAL_VALUE_MAX];
	unsigned c;
	int rc;

	if (tune_irq_fixed(t, irq))
		return -ENOTSUP;
	if (cpuset_count(cpus) == 0)
		return -EINVAL;
	if (online_cpus(t, &online) == 0)
		for (c = 0; c < CPUSET_MAX; c++)
			if (cpuset_has(cpus, c) && !cpuset_has(&online, c))
				return -ERANGE;
	if (cpulist_format(cpus, list, sizeof(list)) >= sizeof(list))
		return -EINVAL;
	rc = target_init(t, &tg, JOURNAL_IRQ, irq, NULL);
	return rc ? rc : apply(t, &tg, list, -1, NULL);
}

long tune_scheduler(struct tune *t, const char *disk, const char *sched)
{
	struct target tg;
	int rc = target_init(t, &tg, JOURNAL_SCHEDULER, 0, disk);

	return rc ? rc : apply(t, &tg, sched, -1, NULL);
}

static int read_limits(const struct tune *t, unsigned policy, uint64_t *lo,
		       uint64_t *hi)
{
	struct target tg;
	char v[JOURNAL_VALUE_MAX];
	int rc;

	rc = target_init(t, &tg, JOURNAL_MIN_FREQ, policy, NULL);
	if (rc == 0)
		rc = read_path(tg.kind, tg.path, v, sizeof(v));
	if (rc == 0)
		rc = clusters_parse_u64(v, strlen(v), lo);
	if (rc == 0)
		rc = target_init(t, &tg, JOURNAL_MAX_FREQ, policy, NULL);
	if (rc == 0)
		rc = read_path(tg.kind, tg.path, v, sizeof(v));
	if (rc == 0)
		rc = clusters_parse_u64(v, strlen(v), hi);
	return rc;
}

/* *KHZ (0: keep) as the step the kernel resolves it to; -EDOM outside
 * the CPUs' range. */
static int round_limit(struct tune *t, unsigned policy, enum journal_kind k,
		       uint64_t *khz)
{
	struct target tg;
	int rc;

	if (!*khz)
		return 0;
	rc = target_init(t, &tg, k, policy, NULL);
	return rc ? rc : check_khz(t, &tg, *khz, khz);
}

static int freq_apply(struct tune *t, unsigned policy, uint64_t min_khz,
		      uint64_t max_khz, long idx[2])
{
	struct tune_freq_step steps[2];
	uint64_t lo, hi, asked[JOURNAL_NKINDS] = { 0 };
	char v[32];
	int n, i, rc = read_limits(t, policy, &lo, &hi);

	asked[JOURNAL_MIN_FREQ] = min_khz;
	asked[JOURNAL_MAX_FREQ] = max_khz;
	if (rc == 0)
		rc = round_limit(t, policy, JOURNAL_MIN_FREQ, &min_khz);
	if (rc == 0)
		rc = round_limit(t, policy, JOURNAL_MAX_FREQ, &max_khz);
	if (rc)
		return rc;
	n = tune_freq_plan(lo, hi, min_khz, max_khz, steps);
	if (n < 0)
		return n;
	for (i = 0; i < n; i++) {
		struct target tg;
		char ask[32];
		long k;

		snprintf(v, sizeof(v), "%" PRIu64, steps[i].khz);
		snprintf(ask, sizeof(ask), "%" PRIu64, asked[steps[i].kind]);
		rc = target_init(t, &tg, steps[i].kind, policy, NULL);
		k = rc ? rc : apply(t, &tg, v, -1,
				    asked[steps[i].kind] != steps[i].khz ?
				    ask : NULL);
		if (k < 0)
			return i ? i : (int)k;
		idx[i] = k;
		if (t->journal.v[k].err)
			return i + 1;
	}
	return n;
}

int tune_freq(struct tune *t, unsigned policy, uint64_t min_khz,
	      uint64_t max_khz, long idx[2])
{
	return freq_apply(t, policy, min_khz, max_khz, idx);
}

/* Whether IRQ E's number still belongs to the device it did when E was
 * written: an IRQ whose device went is gone (TUNE_EGONE), and a number
 * the kernel gave to another device since is not ours to write
 * (TUNE_EREUSED); 0 when it is, or when E did not record its holder (a
 * journal of an older version). */
static int same_holder(const struct tune *t, const struct journal_entry *e)
{
	struct irqmove_id id = { 0 };
	unsigned irq = (unsigned)strtoul(e->target, NULL, 10);
	char path[PATH_MAX];

	/* the kernel removes /proc/irq/N with the IRQ's descriptor */
	snprintf(path, sizeof(path), "%s/irq/%u", t->proc_root, irq);
	if (access(path, F_OK) != 0 && errno == ENOENT)
		return TUNE_EGONE;
	if (irqmove_row(t->proc_root, NULL, irq, &id) || !e->held_by[0] ||
	    strcmp(id.action, e->held_by) == 0)
		return 0;	/* no row or no record: nothing against it */
	return TUNE_EREUSED;
}

long tune_undo(struct tune *t, size_t k)
{
	struct journal_entry e;
	struct target tg;
	int rc;

	if (k >= t->journal.n)
		return -EINVAL;
	e = t->journal.v[k];
	if (e.kind == JOURNAL_IRQ && tune_irq_fixed(t, (unsigned)atoi(e.target)))
		return -ENOTSUP;
	if (e.kind == JOURNAL_IRQ && (rc = same_holder(t, &e)))
		return rc;
	if (e.kind == JOURNAL_SCHEDULER)
		rc = target_init(t, &tg, e.kind, 0, e.target);
	else if (e.kind == JOURNAL_IRQ)
		rc = target_init(t, &tg, e.kind, (unsigned)atoi(e.target), NULL);
	else
		rc = tune_target_policy(e.target) < 0 ? -EINVAL :
		     target_init(t, &tg, e.kind,
				 (unsigned)tune_target_policy(e.target), NULL);
	return rc ? rc : apply(t, &tg, e.old, (long)k, NULL);
}

long tune_restore_one(struct tune *t, size_t i)
{
	struct journal_entry e;
	struct target tg;
	uint64_t lo = 0, hi = 0;
	const char *o;
	long idx[2], k;
	int n, p;
	bool was;

	if (i >= t->journal.n)
		return -EINVAL;
	e = t->journal.v[i];
	if (e.kind != JOURNAL_MIN_FREQ && e.kind != JOURNAL_MAX_FREQ) {
		was = t->restoring;
		t->restoring = true;
		k = tune_undo(t, i);	/* entry i holds the original */
		t->restoring = was;
		return k;
	}
	p = tune_target_policy(e.target);
	if (p < 0 || target_init(t, &tg, e.kind, (unsigned)p, NULL))
		return -EINVAL;
	if ((o = journal_original(&t->journal, JOURNAL_MIN_FREQ, e.target)))
		clusters_parse_u64(o, strlen(o), &lo);
	if ((o = journal_original(&t->journal, JOURNAL_MAX_FREQ, e.target)))
		clusters_parse_u64(o, strlen(o), &hi);
	was = t->restoring;
	t->restoring = true;
	n = freq_apply(t, (unsigned)p, lo, hi, idx);
	t->restoring = was;
	if (n <= 0)
		return n < 0 ? n : -EALREADY;	/* both were back already */
	for (k = 0; k < n; k++)
		if (t->journal.v[idx[k]].err)
			return idx[k];
	return idx[n - 1];
}

/* Whether the restore of an entry failed: a refused write, or nothing
 * written for a reason other than its target having gone. */
static bool restore_failed(const struct tune *t, long k)
{
	if (k == TUNE_EGONE || k == TUNE_EREUSED || k == -EALREADY)
		return false;
	return k < 0 || t->journal.v[k].err;
}

/* Every target in force that INSTANCE changed (0: any) back to its true
 * original, the first value any benchtop recorded for it; the journal
 * file is held throughout, so that two restores never cross. */
static int restore_by(struct tune *t, uint64_t instance)
{
	size_t idx[256], n, i;
	int failed = 0;

	if (tunefile_begin(t))
		return (int)journal_in_force_by(&t->journal, instance, idx, 1);
	n = journal_in_force_by(&t->journal, instance, idx, 256);
	for (i = 0; i < n && i < 256; i++)
		if (journal_entry_in_force(&t->journal, idx[i]))
			failed += restore_failed(t, tune_restore_one(t, idx[i]));
	tunefile_end(t);
	return failed;
}

int tune_restore(struct tune *t)
{
	return restore_by(t, 0);
}

int tune_restore_mine(struct tune *t)
{
	return restore_by(t, t->instance);
}

bool tune_irq_fixed(const struct tune *t, unsigned irq)
{
	size_t i;

	for (i = 0; i < t->nfixed; i++)
		if (t->fixed[i] == irq)
			return true;
	return false;
}
