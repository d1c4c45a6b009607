/* SPDX-License-Identifier: GPL-2.0-or-later */
/* tunevary: set and restore an experiment's tunables.  The hook tunable
 * runs "HOOK get NAME" (prints the value) and "HOOK set NAME VALUE" with
 * argv, no shell; it exists for the test rig, which maps a value to a
 * throttle, and is refused unless BENCHTOP_EXPERIMENT_HOOK names it. */
#include "config.h"

#include "tune/tunevary.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "tune/irqmove.h"
#include "tune/tunefile.h"
#include "tune/tunemsg.h"

void tunevary_init(struct tunevary *tv, struct tune *tune,
		   const struct clusters *cl, const char *hook)
{
	memset(tv, 0, sizeof(*tv));
	tv->tune = tune;
	tv->cl = cl;
	tv->hook = hook && *hook ? hook : NULL;
	tv->j0 = tune ? tune->journal.n : 0;
}

static bool all_digits(const char *s)
{
	if (!*s)
		return false;
	for (; *s; s++)
		if (*s < '0' || *s > '9')
			return false;
	return true;
}

static int resolve_irq(struct tunevary_item *it,
		       const struct chain_list *chains, char *err,
		       size_t size)
{
	size_t i, k;

	if (all_digits(it->spec.target)) {
		it->irqs[0] = (unsigned)strtoul(it->spec.target, NULL, 10);
		it->nirqs = 1;
		return 0;
	}
	for (i = 0; chains && i < chains->n; i++) {
		const struct chain *c = &chains->v[i];

		if (strcmp(c->dev, it->spec.target))
			continue;
		for (k = 0; k < c->nirqs && k < TUNEVARY_IRQS_MAX; k++)
			it->irqs[k] = c->irqs[k].irq;
		it->nirqs = k;
		if (k)
			return 0;
		snprintf(err, size, "%s: no IRQ of its controller was found "
			 "in /proc/interrupts", it->spec.target);
		return -ENOENT;
	}
	snprintf(err, size, "%s is neither an IRQ number nor a disk or "
		 "network interface of this machine", it->spec.target);
	return -ENOENT;
}

int tunevary_add(struct tunevary *tv, const struct tunespec *spec,
		 const struct chain_list *chains, char *err, size_t size)
{
	struct tunevary_item *it = &tv->v[tv->n];

	if (tv->n == TUNEVARY_SPECS_MAX) {
		snprintf(err, size, "at most %d tunables are varied at once",
			 TUNEVARY_SPECS_MAX);
		return -E2BIG;
	}
	memset(it, 0, sizeof(*it));
	it->spec = *spec;
	it->policy = tune_target_policy(spec->target);
	if (spec->kind == TUNESPEC_HOOK && !tv->hook) {
		snprintf(err, size, "the hook tunable is for tests: it needs "
			 "%s to name a script", TUNEVARY_HOOK_ENV);
		return -EINVAL;
	}
	if (spec->kind == TUNESPEC_IRQ) {
		int rc = resolve_irq(it, chains, err, size);

		if (rc)
			return rc;
	}
	tv->n++;
	return 0;
}

/* ---- the hook ----------------------------------------------------------- */

/* Run the hook with ARGV[1..]; its first output line into OUT (may be
 * NULL).  0, or -EIO when it did not exit 0. */
static int hook_run(const char *hook, const char *const *args, char *out,
		    size_t size)
{
	const char *argv[5] = { hook, args[0], args[1], args[2], NULL };
	int fds[2], st;
	ssize_t n = 0, r;
	pid_t pid;

	if (pipe2(fds, O_CLOEXEC))
		return -errno;
	pid = fork();
	if (pid == 0) {
		dup2(fds[1], STDOUT_FILENO);
		signal(SIGPIPE, SIG_DFL);
		execv(hook, (char *const *)argv);
		_exit(127);
	}
	close(fds[1]);
	while (out && (size_t)n + 1 < size &&
	       (r = read(fds[0], out + n, size - 1 - (size_t)n)) > 0)
		n += r;
	close(fds[0]);
	if (out)
		out[n] = '\0';
	if (out && strchr(out, '\n'))
		*strchr(out, '\n') = '\0';
	if (pid < 0 || waitpid(pid, &st, 0) < 0)
		return -ECHILD;
	return WIFEXITED(st) && WEXITSTATUS(st) == 0 ? 0 : -EIO;
}

static int hook_apply(struct tunevary *tv, struct tunevary_item *it,
		      const char *value, char *msg, size_t size)
{
	const char *get[3] = { "get", it->spec.target, NULL };
	const char *set[3] = { "set", it->spec.target, value };
	char was[TUNESPEC_VALUE_MAX], now[TUNESPEC_VALUE_MAX];
	int rc = hook_run(tv->hook, get, was, sizeof(was));

	if (rc == 0 && !it->hook_touched)
		snprintf(it->hook_orig, sizeof(it->hook_orig), "%s", was);
	if (rc == 0) {
		it->hook_touched = true;
		rc = hook_run(tv->hook, set, NULL, 0);
	}
	if (rc == 0)
		rc = hook_run(tv->hook, get, now, sizeof(now));
	if (rc)
		snprintf(msg, size, "hook %s: the script %s failed",
			 it->spec.target, tv->hook);
	else
		snprintf(msg, size, "hook %s: %s -> %s, read back %s",
			 it->spec.target, was, value, now);
	return rc;
}

/* ---- the tunables -------------------------------------------------------- */

/* The CPUs WORD names: a list, "big", "little" or "all". */
static int cpus_of(const struct clusters *cl, const char *word,
		   struct cpuset *out)
{
	enum cluster_role role;
	size_t i;
	unsigned p;

	cpuset_clear(out);
	if (strcmp(word, "all") == 0 && cl) {
		*out = cl->online;
		return 0;
	}
	if (strcmp(word, "big") && strcmp(word, "little"))
		return cpulist_parse(word, strlen(word), out) < 0 ? -EINVAL : 0;
	role = word[0] == 'b' ? CLUSTER_ROLE_BIG : CLUSTER_ROLE_LITTLE;
	for (i = 0; cl && i < cl->n; i++)
		for (p = 0; cl->v[i].role == role && p < CPUSET_MAX; p++)
			if (cpuset_has(&cl->v[i].cpus, p) &&
			    cpuset_has(&cl->online, p))
				cpuset_add(out, p);
	return cpuset_count(out) ? 0 : -ENOENT;
}

static int outcome(struct tunevary *tv, enum journal_kind kind,
		   const char *label, long rc, char *msg, size_t size)
{
	return tunemsg_outcome(tv->tune, kind, label, rc, msg, size) ? 0 :
	       rc < 0 ? (int)rc : -EIO;
}

static int irq_apply(struct tunevary *tv, const struct tunevary_item *it,
		     const char *value, char *msg, size_t size)
{
	struct cpuset set;
	char label[32];
	size_t k;
	int rc = cpus_of(tv->cl, value, &set);

	if (rc) {
		snprintf(msg, size, rc == -ENOENT ? "this board has no %s "
			 "cores" : "'%s' is not a CPU list", value);
		return rc;
	}
	for (k = 0; k < it->nirqs; k++) {
		snprintf(label, sizeof(label), "IRQ %u", it->irqs[k]);
		rc = outcome(tv, JOURNAL_IRQ, label, tune_irq(tv->tune,
			     it->irqs[k], &set), msg, size);
		if (rc)
			return rc;
	}
	return 0;
}

static int freq_apply(struct tunevary *tv, const struct tunevary_item *it,
		      const char *value, char *msg, size_t size)
{
	uint64_t khz = strtoull(value, NULL, 10);
	bool max = it->spec.kind == TUNESPEC_MAXFREQ;
	long idx[2];
	int n, i, rc = 0;

	n = tune_freq(tv->tune, (unsigned)it->policy, max ? 0 : khz,
		      max ? khz : 0, idx);
	if (n < 0)
		return outcome(tv, max ? JOURNAL_MAX_FREQ : JOURNAL_MIN_FREQ,
			       it->spec.target, n, msg, size);
	if (n == 0)
		snprintf(msg, size, "%s: already %s kHz", it->spec.target,
			 value);
	for (i = 0; i < n && rc == 0; i++)
		rc = outcome(tv, tv->tune->journal.v[idx[i]].kind,
			     it->spec.target, idx[i], msg, size);
	return rc;
}

int tunevary_apply(struct tunevary *tv, size_t i, size_t vi, char *msg,
		   size_t size)
{
	struct tunevary_item *it = &tv->v[i];
	const char *value = it->spec.values[vi];

	if (tv->tune)
		tune_begin(tv->tune);	/* one variant's setting, one action */
	switch (it->spec.kind) {
	case TUNESPEC_IRQ:
		return irq_apply(tv, it, value, msg, size);
	case TUNESPEC_GOVERNOR:
		return outcome(tv, JOURNAL_GOVERNOR, it->spec.target,
			       tune_governor(tv->tune, (unsigned)it->policy,
					     value), msg, size);
	case TUNESPEC_MAXFREQ:
	case TUNESPEC_MINFREQ:
		return freq_apply(tv, it, value, msg, size);
	case TUNESPEC_SCHEDULER:
		return outcome(tv, JOURNAL_SCHEDULER, it->spec.target,
			       tune_scheduler(tv->tune, it->spec.target,
					      value), msg, size);
	case TUNESPEC_HOOK:
		return hook_apply(tv, it, value, msg, size);
	default:
		return -EINVAL;
	}
}

/* The first entry at or after J0 of entry K's target by K's writer, or
 * K itself. */
static size_t first_since(const struct journal *j, size_t j0, size_t k)
{
	size_t i;

	for (i = j0; i < k; i++)
		if (j->v[i].instance == j->v[k].instance &&
		    j->v[i].kind == j->v[k].kind &&
		    !strcmp(j->v[i].target, j->v[k].target))
			return i;
	return k;
}

/* Both limits of entry K's policy back to their values before J0. */
static int restore_limits(struct tune *t, size_t j0, size_t k)
{
	const struct journal *j = &t->journal;
	uint64_t lo = 0, hi = 0;
	long idx[2];
	size_t i;
	int n, p = tune_target_policy(j->v[k].target);

	for (i = j->n; i-- > j0;) {
		const struct journal_entry *e = &j->v[i];

		if (strcmp(e->target, j->v[k].target) ||
		    e->instance != t->instance)
			continue;
		if (e->kind == JOURNAL_MIN_FREQ)
			lo = strtoull(e->old, NULL, 10);
		else if (e->kind == JOURNAL_MAX_FREQ)
			hi = strtoull(e->old, NULL, 10);
	}
	n = p < 0 ? -EINVAL : tune_freq(t, (unsigned)p, lo, hi, idx);
	for (i = 0; n > 0 && i < (size_t)n; i++)
		if (t->journal.v[idx[i]].err)
			return 1;
	return n < 0 ? 1 : 0;
}

/* Every target written since J0 back to its value at J0 (not to the
 * session's original: changes made before the experiment stay). */
static int restore_since(struct tune *t, size_t j0)
{
	size_t k, end = t->journal.n;
	int failed = 0;
	long r;

	for (k = j0; k < end; k++) {
		const struct journal_entry e = t->journal.v[k];
		const char *cur;

		if (e.instance != t->instance ||
		    first_since(&t->journal, j0, k) != k || e.restore)
			continue;
		cur = journal_current(&t->journal, e.kind, e.target);
		if (cur && !strcmp(cur, e.old))
			continue;
		if (e.kind == JOURNAL_MIN_FREQ || e.kind == JOURNAL_MAX_FREQ) {
			failed += restore_limits(t, j0, k);
			continue;
		}
		r = tune_undo(t, k);
		failed += r < 0 || t->journal.v[r].err ? 1 : 0;
	}
	return failed;
}

int tunevary_restore(struct tunevary *tv)
{
	int failed;
	size_t i;

	failed = 0;
	if (tv->tune) {
		tune_begin(tv->tune);
		tv->tune->restoring = true;
		/* held throughout: no other benchtop writes in between */
		failed = 1;
		if (tunefile_begin(tv->tune) == 0) {
			failed = restore_since(tv->tune, tv->j0);
			tunefile_end(tv->tune);
		}
		tv->tune->restoring = false;
	}

	for (i = 0; i < tv->n; i++) {
		struct tunevary_item *it = &tv->v[i];
		const char *set[3] = { "set", it->spec.target, it->hook_orig };

		if (it->spec.kind != TUNESPEC_HOOK || !it->hook_touched)
			continue;
		if (hook_run(tv->hook, set, NULL, 0))
			failed++;
		else
			it->hook_touched = false;
	}
	return failed;
}

/* ---- the read-back ------------------------------------------------------- */

/* Whether IRQ, served outside WANT now, waits for its next interrupt to
 * move inside (x86 moves an MSI or IO-APIC interrupt then): the newest
 * journal entry for it asked for WANT and the IRQ has not fired since.
 * Nothing lands outside WANT meanwhile; a vector that never fires (an
 * xHCI's spare MSI-X ones) waits for ever, and is no refusal. */
static bool irq_pending(struct tune *t, unsigned irq, const char *want)
{
	char key[16];
	size_t k;

	snprintf(key, sizeof(key), "%u", irq);
	for (k = t->journal.n; k-- > 0;) {
		const struct journal_entry *e = &t->journal.v[k];

		if (e->kind != JOURNAL_IRQ || strcmp(e->target, key))
			continue;
		tune_irq_recheck(t, k, NULL);	/* fired since? */
		return e->move == JOURNAL_MOVE_PENDING &&
		       irqmove_inside(want, e->readback);
	}
	return false;
}

/* Where IT's IRQs are served: each one's effective affinity (its
 * smp_affinity_list when the kernel has no effective file), "151:7" for
 * several; 1 when every one lies inside the CPUs of VALUE or moves there
 * at its next interrupt. */
static int irq_readback(const struct tunevary *tv,
			const struct tunevary_item *it, const char *value,
			char *got, size_t size)
{
	char eff[TUNESPEC_VALUE_MAX], want[TUNESPEC_VALUE_MAX];
	struct cpuset set;
	size_t k, used = 0;
	int in = 1;

	if (cpus_of(tv->cl, value, &set))
		return -EINVAL;
	cpulist_format(&set, want, sizeof(want));
	got[0] = '\0';
	for (k = 0; k < it->nirqs && used < size; k++) {
		if (tune_read_effective(tv->tune, it->irqs[k], eff,
					sizeof(eff)) || !eff[0])
			if (tune_read_now(tv->tune, JOURNAL_IRQ, it->irqs[k],
					  NULL, eff, sizeof(eff)))
				return -EIO;
		in &= irqmove_inside(want, eff) ||
		      irq_pending(tv->tune, it->irqs[k], want);
		used += (size_t)(it->nirqs > 1 ?
			snprintf(got + used, size - used, "%s%u:%s",
				 k ? " " : "", it->irqs[k], eff) :
			snprintf(got, size, "%s", eff));
	}
	return in;
}

/* A frequency limit: what tune wrote (a value between the steps is
 * written as the step), else VALUE, against the file now. */
static int freq_readback(const struct tunevary *tv,
			 const struct tunevary_item *it, const char *value,
			 char *got, size_t size)
{
	enum journal_kind kind = it->spec.kind == TUNESPEC_MAXFREQ ?
				 JOURNAL_MAX_FREQ : JOURNAL_MIN_FREQ;
	const char *want = journal_current(&tv->tune->journal, kind,
					   it->spec.target);
	int rc = tune_read_now(tv->tune, kind, (unsigned)it->policy, NULL,
			       got, size);

	if (rc)
		return rc;
	return strtoull(got, NULL, 10) == strtoull(want ? want : value, NULL,
						   10);
}

int tunevary_readback(const struct tunevary *tv, size_t i, size_t vi,
		      char *got, size_t size)
{
	const struct tunevary_item *it = &tv->v[i];
	const char *value = it->spec.values[vi];
	const char *get[3] = { "get", it->spec.target, NULL };
	int rc;

	got[0] = '\0';
	if (!tv->tune && it->spec.kind != TUNESPEC_HOOK)
		return -EINVAL;
	switch (it->spec.kind) {
	case TUNESPEC_IRQ:
		return irq_readback(tv, it, value, got, size);
	case TUNESPEC_MAXFREQ:
	case TUNESPEC_MINFREQ:
		return freq_readback(tv, it, value, got, size);
	case TUNESPEC_GOVERNOR:
		rc = tune_read_now(tv->tune, JOURNAL_GOVERNOR,
				   (unsigned)it->policy, NULL, got, size);
		break;
	case TUNESPEC_SCHEDULER:
		rc = tune_read_now(tv->tune, JOURNAL_SCHEDULER, 0,
				   it->spec.target, got, size);
		break;
	case TUNESPEC_HOOK:
		rc = hook_run(tv->hook, get, got, size);
		break;
	default:
		return -EINVAL;
	}
	return rc ? rc : strcmp(got, value) == 0;
}
