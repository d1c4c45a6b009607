/* SPDX-License-Identifier: GPL-2.0-or-later */
/* cmd_set: `benchtop set ...`, the headless side of tuning: governors,
 * frequency limits, IRQ affinity and I/O schedulers for scripts, with the
 * same checks, sentences and journal as the live screen. */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "hw/clusters.h"
#include "cli/cmdline.h"
#include "collect/sample.h"
#include "base/jsondoc.h"
#include "cli/cmd_persist.h"
#include "cli/commands.h"
#include "base/figfmt.h"
#include "base/i18n.h"
#include "tune/irqbalance.h"
#include "tune/irqmove.h"
#include "tune/journalfile.h"
#include "tune/tunefile.h"
#include "base/numparse.h"
#include "tune/tune.h"
#include "tune/tunemsg.h"

/* One sentence about the command line; exit status 2. */
#define bad(...) cmdline_bad("set", __VA_ARGS__)

#define MAX_ACTS 32

enum act_kind { ACT_GOV, ACT_FREQ, ACT_IRQ, ACT_SCHED };

struct act {
	enum act_kind kind;
	char value[64];		/* governor, CPU list or word, scheduler */
	uint64_t min, max;	/* ACT_FREQ, kHz (0: keep) */
	unsigned irq;
	char name[64];		/* ACT_IRQ by its device's name, or "" */
	char disk[32];
};

struct set_cmd {
	long cluster;		/* --cluster N (a policy), -1 all */
	long cpu;		/* --cpu N, -1 none */
	bool json;
	bool persist, unpersist;	/* cmd_persist.c */
	bool undo, restore;	/* --undo, --restore */
	char jpath[4096];	/* the journal file, "" when there is none */
	size_t first;		/* the first journal entry of this run */
	struct act acts[MAX_ACTS];
	size_t nacts;
	struct clusters cl;
	struct tune tune;
	int irqbalance_pid;	/* > 0: irqbalance runs */
	int failed;
};

static const struct cliopt set_opts[] = {
	{ "cluster", 'c', N_("N"), N_("only the cluster of cpufreq policy N"),
	  CLIOPT_SET_NUM(struct set_cmd, cluster, 0, CPUSET_MAX - 1,
			 N_("'%s' is not a policy number")) },
	{ "cpu", 'C', N_("N"), N_("only the cluster of CPU N"),
	  CLIOPT_SET_NUM(struct set_cmd, cpu, 0, CPUSET_MAX - 1,
			 N_("'%s' is not a CPU number")) },
	{ "json", 'j', NULL, N_("print the journal of the changes as JSON"),
	  CLIOPT_SET_FLAG(struct set_cmd, json) },
	{ "persist", 0, NULL, N_("also keep them across reboots: a systemd "
				 "unit\n(a udev rule for disks), shown, then "
				 "written"),
	  CLIOPT_SET_FLAG(struct set_cmd, persist) },
	{ "unpersist", 0, NULL, N_("remove what --persist wrote"),
	  CLIOPT_SET_FLAG(struct set_cmd, unpersist) },
	{ "undo", 'u', NULL, N_("take back the last change benchtop set made"),
	  CLIOPT_SET_FLAG(struct set_cmd, undo) },
	{ "restore", 'R', NULL, N_("put back everything benchtop set changed"),
	  CLIOPT_SET_FLAG(struct set_cmd, restore) },
	CLIOPT_HELP_ROW,
	{ 0 },
};

int cmd_set_main(int argc, char **argv);

const struct command cmd_set_entry = {
	.name = "set",
	.summary = N_("change governors, frequency limits, IRQ affinity, I/O "
		      "schedulers"),
	.synopsis = N_("set [--cluster N | --cpu N] [--json] SETTING...\n"
		       "       benchtop set --undo | --restore [--json]"),
	.about = N_("Change tunables as the live screen does, for scripts.\n"
		    "\n"
		    "  governor=NAME            the governor of every cluster, "
		    "or of the one chosen\n"
		    "  min=FREQ max=FREQ        frequency limits (kHz, or with "
		    "MHz or GHz)\n"
		    "  irq N=CPUS               pin IRQ N: a CPU list (4-7), "
		    "big, little or all\n"
		    "  irq NAME=CPUS            pin the IRQ a device holds, "
		    "named as in\n"
		    "                           /proc/interrupts "
		    "(xhci-hcd:usb5=4-7)\n"
		    "  scheduler DISK=NAME      the I/O scheduler of a disk"),
	.opts = set_opts,
	.epilog = N_("Exit status: 0 all applied, 1 some change failed (one "
		     "sentence each on\nstderr), 2 bad command line.  Changes "
		     "are journaled in /run/benchtop (root)\nor "
		     "$XDG_RUNTIME_DIR/benchtop."),
	.main = cmd_set_main,
};

static int parse_num(const char *s, int *out)
{
	uint64_t v;

	if (numparse_uint(s, CPUSET_MAX - 1, &v))
		return -EINVAL;
	*out = (int)v;
	return 0;
}

static struct act *freq_act(struct set_cmd *c)
{
	size_t i;

	for (i = 0; i < c->nacts; i++)
		if (c->acts[i].kind == ACT_FREQ)
			return &c->acts[i];
	if (c->nacts == MAX_ACTS)
		return NULL;
	c->acts[c->nacts].kind = ACT_FREQ;
	return &c->acts[c->nacts++];
}

/* "min=600MHz" or "max=1.4GHz". */
static int parse_limit(struct set_cmd *c, const char *w)
{
	bool is_min = strncmp(w, "min=", 4) == 0;
	struct act *a = freq_act(c);
	uint64_t khz;

	if (!a)
		return bad(_("too many settings at once (%s)"), w);
	if (tune_parse_khz(w + 4, &khz))
		return bad(_("'%s' is not a frequency: give kHz, or MHz or GHz "
			     "(600000, 600MHz, 1.4GHz)"), w + 4);
	if (is_min)
		a->min = khz;
	else
		a->max = khz;
	return 0;
}

/* "N=CPUS" after "irq", "DISK=NAME" after "scheduler". */
static int parse_pair(struct act *a, const char *w)
{
	const char *eq = strchr(w, '=');
	char num[16];
	int n;

	if (!eq || !eq[1] || eq == w)
		return bad(a->kind == ACT_IRQ ? _("'%s' should be IRQ=CPUS, "
			   "such as 105=4-7") : _("'%s' should be DISK=NAME, "
			   "such as sda=mq-deadline"), w);
	snprintf(a->value, sizeof(a->value), "%s", eq + 1);
	if (a->kind == ACT_SCHED) {
		snprintf(a->disk, sizeof(a->disk), "%.*s", (int)(eq - w), w);
		return 0;
	}
	if (!isdigit((unsigned char)*w)) {	/* a device's name */
		if ((size_t)(eq - w) >= sizeof(a->name))
			return bad(_("'%.*s' is too long for an IRQ's name"),
				   (int)(eq - w), w);
		snprintf(a->name, sizeof(a->name), "%.*s", (int)(eq - w), w);
		return 0;
	}
	snprintf(num, sizeof(num), "%.*s", (int)(eq - w), w);
	if (parse_num(num, &n))
		return bad(_("'%s' is not an IRQ number"), num);
	a->irq = (unsigned)n;
	return 0;
}

static int parse_words(struct set_cmd *c, int argc, char **argv)
{
	int i, rc;

	for (i = 0; i < argc; i++) {
		const char *w = argv[i];
		struct act *a = &c->acts[c->nacts];

		if (c->nacts == MAX_ACTS)
			return bad(_("too many settings at once (%s)"), w);
		if (!strncmp(w, "min=", 4) || !strncmp(w, "max=", 4)) {
			if ((rc = parse_limit(c, w)))
				return rc;
			continue;
		}
		memset(a, 0, sizeof(*a));
		if (!strncmp(w, "governor=", 9) && w[9]) {
			a->kind = ACT_GOV;
			snprintf(a->value, sizeof(a->value), "%s", w + 9);
		} else if (!strcmp(w, "irq") || !strcmp(w, "scheduler")) {
			a->kind = w[0] == 'i' ? ACT_IRQ : ACT_SCHED;
			if (i + 1 == argc)
				return bad(_("'%s' needs a value after it"), w);
			if ((rc = parse_pair(a, argv[++i])))
				return rc;
		} else {
			return bad(_("'%s' is not a setting"), w);
		}
		c->nacts++;
	}
	if ((c->undo || c->restore) && c->nacts)
		return bad("%s", _("--undo and --restore take no settings"));
	if (c->undo && c->restore)
		return bad("%s", _("--undo or --restore, not both"));
	return c->nacts || c->undo || c->restore ? 0 :
	       bad("%s", _("nothing to set"));
}

/* The options, then the settings; -1 to go on, or the exit status. */
static int parse_args(struct set_cmd *c, int argc, char **argv)
{
	int rc = cliopt_parse(&cmd_set_entry, argc, argv, c);

	if (rc >= 0)
		return rc;
	if (c->unpersist)
		return optind == argc && !c->persist ? -1 : bad("%s",
			_("--unpersist takes no settings"));
	rc = parse_words(c, argc - optind, argv + optind);
	return rc ? rc : -1;
}

static void report(struct set_cmd *c, enum journal_kind kind,
		   const char *label, long rc)
{
	char msg[320];

	/* LABEL may be a word of the command line (a disk's name): the
	 * sentence is cleaned of control and bidi characters */
	if (tunemsg_outcome(&c->tune, kind, label, rc, msg, sizeof(msg))) {
		if (!c->json)
			cmdline_say(stdout, "%s\n", msg);
	} else {
		cmdline_say(stderr, "benchtop set: %s\n", msg);
		c->failed++;
	}
}

/* Whether K is one the command line names (offline ones included). */
static bool named(const struct set_cmd *c, const struct cluster *k)
{
	if (c->cluster >= 0)
		return k->policy == (unsigned)c->cluster;
	if (c->cpu >= 0)
		return cpuset_has(&k->cpus, (unsigned)c->cpu);
	return true;
}

/* A named policy that cannot be set is skipped with a sentence saying
 * why; returns whether K is set. */
static bool chosen(const struct set_cmd *c, const struct cluster *k)
{
	char cpus[64], label[96];

	if (!named(c, k))
		return false;
	if (k->has_freq)
		return true;
	cpulist_format(&k->cpus, cpus, sizeof(cpus));
	figfmt_cpus(label, sizeof(label), cpus);
	fprintf(stderr, _("benchtop set: policy%u (%s) skipped: %s\n"),
		k->policy, label, !k->online ? _("its CPUs are offline") :
		_("its cpufreq files could not be read"));
	return false;
}

static void run_cluster(struct set_cmd *c, const struct act *a,
			const struct cluster *k)
{
	char cpus[64], label[96];
	long idx[2];
	int i, n;

	cpulist_format(&k->cpus, cpus, sizeof(cpus));
	figfmt_cpus(label, sizeof(label), cpus);
	if (a->kind == ACT_GOV) {
		report(c, JOURNAL_GOVERNOR, label,
		       tune_governor(&c->tune, k->policy, a->value));
		return;
	}
	n = tune_freq(&c->tune, k->policy, a->min, a->max, idx);
	if (n < 0)
		report(c, JOURNAL_MIN_FREQ, label, n);
	for (i = 0; i < n; i++)
		report(c, c->tune.journal.v[idx[i]].kind, label, idx[i]);
}

/* The CPUs WORD names: a list, "big", "little" or "all"; 0, -ENOENT (no
 * such cores) or -ENETDOWN (they are all offline). */
static int resolve_cpus(const struct set_cmd *c, const char *word,
			struct cpuset *out)
{
	enum cluster_role role = CLUSTER_ROLE_NONE;
	size_t i;

	cpuset_clear(out);
	if (strcmp(word, "all") == 0) {
		*out = c->cl.online;
		return 0;
	}
	if (strcmp(word, "big") == 0)
		role = CLUSTER_ROLE_BIG;
	else if (strcmp(word, "little") == 0)
		role = CLUSTER_ROLE_LITTLE;
	else
		return cpulist_parse(word, strlen(word), out) < 0 ? -EINVAL : 0;
	bool offline = false;

	for (i = 0; i < c->cl.n; i++) {
		if (c->cl.v[i].role != role)
			continue;
		for (unsigned p = 0; p < CPUSET_MAX; p++) {
			if (!cpuset_has(&c->cl.v[i].cpus, p))
				continue;
			if (cpuset_has(&c->cl.online, p))
				cpuset_add(out, p);
			else
				offline = true;
		}
	}
	if (cpuset_count(out))
		return 0;
	return offline ? -ENETDOWN : -ENOENT;
}

/* A pin whose move is pending (x86 moves an interrupt at its next one):
 * give the IRQ up to SETTLE_MS to fire, so the read-back says where it
 * went; one that does not fire stays "until its next interrupt". */
#define SETTLE_MS 1000
static long settle(struct set_cmd *c, long k)
{
	const struct timespec step = { 0, 50 * 1000000L };
	int ms;

	for (ms = 0; k >= 0 && (size_t)k < c->tune.journal.n &&
	     c->tune.journal.v[k].move == JOURNAL_MOVE_PENDING &&
	     ms < SETTLE_MS; ms += 50) {
		nanosleep(&step, NULL);
		tune_irq_recheck(&c->tune, (size_t)k, NULL);
	}
	return k;
}

/* "irq NAME=CPUS": the number of the IRQ NAME holds now into A; 0, or -1
 * after one sentence why not. */
static int irq_of_name(struct set_cmd *c, struct act *a)
{
	unsigned other = 0;
	int rc = irqmove_named(c->tune.proc_root, a->name, &a->irq, &other);

	if (rc == 0)
		return 0;
	if (rc == -ENOENT)
		cmdline_say(stderr, _("benchtop set: no IRQ in /proc/interrupts "
				      "is held by '%s'\n"), a->name);
	else if (rc == -EEXIST)
		cmdline_say(stderr, _("benchtop set: '%s' holds IRQs %u and %u: "
				      "give the number instead\n"), a->name,
			    a->irq, other);
	else
		cmdline_say(stderr, _("benchtop set: could not read "
				      "/proc/interrupts: %s\n"), strerror(-rc));
	c->failed++;
	return -1;
}

static void run_irq(struct set_cmd *c, struct act *a)
{
	struct cpuset set;
	char label[32];
	int rc;

	if (a->name[0] && irq_of_name(c, a))
		return;
	rc = resolve_cpus(c, a->value, &set);
	snprintf(label, sizeof(label), _("IRQ %u"), a->irq);
	if (c->irqbalance_pid > 0)
		fprintf(stderr, _("benchtop set: warning: irqbalance (pid %d) "
			"is running and will move %s back; stop it for the "
			"pin to last\n"), c->irqbalance_pid, label);
	if (rc == -ENOENT || rc == -ENETDOWN) {
		fprintf(stderr, rc == -ENOENT ? _("benchtop set: %s: this "
			"board has no %s cores\n") : _("benchtop set: %s: the "
			"%s cores are all offline\n"), label, a->value);
		c->failed++;
		return;
	}
	report(c, JOURNAL_IRQ, label, rc ? rc : settle(c, tune_irq(&c->tune,
							  a->irq, &set)));
}

static void run_act(struct set_cmd *c, struct act *a)
{
	size_t i, hit = 0;

	if (a->kind == ACT_IRQ) {
		run_irq(c, a);
		return;
	}
	if (a->kind == ACT_SCHED) {
		report(c, JOURNAL_SCHEDULER, a->disk,
		       tune_scheduler(&c->tune, a->disk, a->value));
		return;
	}
	for (i = 0; i < c->cl.n; i++)
		if (chosen(c, &c->cl.v[i])) {
			run_cluster(c, a, &c->cl.v[i]);
			hit++;
		}
	if (!hit) {
		fprintf(stderr, "%s\n", _("benchtop set: no cluster with "
			"cpufreq matches; see the CLUSTER lines of "
			"'benchtop --once'"));
		c->failed++;
	}
}

/* The entries this run added, as JSON. */
static int print_json(const struct set_cmd *c)
{
	json_t *e = json_array();
	json_t *j;
	size_t i;
	int rc;

	for (i = c->first; e && i < c->tune.journal.n; i++)
		if (c->tune.journal.v[i].instance == c->tune.instance)
			json_array_append_new(e, journal_entry_json(
					 &c->tune.journal.v[i], i));
	j = jsondoc_wrap("journal", time(NULL), json_pack("{s:o*}",
			 "entries", e));
	rc = j ? json_dumpf(j, stdout, JSON_INDENT(2)) : -1;

	json_decref(j);
	putchar('\n');
	return rc;
}

/* --undo: the newest action not yet taken back, as a whole (every
 * cluster of "set governor=performance"). */
static void run_undo(struct set_cmd *c)
{
	size_t idx[TUNE_FIXED_MAX], n, i;
	char label[64];

	n = journal_last_action(&c->tune.journal, idx, TUNE_FIXED_MAX);
	if (n == 0) {
		fprintf(stderr, _("benchtop set: nothing to undo in %s\n"),
			c->jpath);
		c->failed++;
		return;
	}
	for (i = 0; i < n; i++) {
		enum journal_kind kind = c->tune.journal.v[idx[i]].kind;
		long rc;

		tunemsg_label(&c->tune.journal.v[idx[i]], label,
			      sizeof(label));
		rc = tune_undo(&c->tune, idx[i]);
		report(c, kind, label, rc);
	}
}

/* --restore: every target back to its value before the first change;
 * a target that went (an IRQ whose device was removed) is said. */
static void run_restore(struct set_cmd *c)
{
	size_t i, n, idx[256];
	char label[64];
	long rc;

	/* held throughout: the originals as every benchtop recorded them,
	 * and no other restore or change in between */
	if (tunefile_begin(&c->tune)) {
		report(c, JOURNAL_GOVERNOR, c->jpath, TUNE_ENOJOURNAL);
		return;
	}
	n = journal_in_force(&c->tune.journal, idx, 256);
	if (n == 0) {
		tunefile_end(&c->tune);
		if (!c->json)
			printf(_("nothing to restore: every value benchtop set "
				 "changed is back (journal %s)\n"), c->jpath);
		return;
	}
	for (i = 0; i < n; i++) {
		const struct journal_entry *e = &c->tune.journal.v[idx[i]];

		if (!journal_entry_in_force(&c->tune.journal, idx[i]))
			continue;	/* put back with its policy's other limit */
		tunemsg_label(e, label, sizeof(label));
		rc = tune_restore_one(&c->tune, idx[i]);
		if (rc < 0 && rc != -EALREADY)
			report(c, c->tune.journal.v[idx[i]].kind, label, rc);
	}
	tunefile_end(&c->tune);
	for (i = c->first; i < c->tune.journal.n; i++) {
		if (c->tune.journal.v[i].instance != c->tune.instance)
			continue;	/* another benchtop's, meanwhile */
		tunemsg_label(&c->tune.journal.v[i], label, sizeof(label));
		report(c, c->tune.journal.v[i].kind, label, (long)i);
	}
}

/* The runtime journal, shared with every other benchtop: a change is
 * made only when it can be journaled (else each is refused with a
 * sentence saying why, after any "needs root"); what a benchtop that
 * ended left behind is said in one sentence.  0, or 1 when --undo or
 * --restore cannot go on (said). */
static int open_journal(struct set_cmd *c)
{
	struct tune_found found;
	char msg[512];
	int rc = journalfile_path(c->jpath, sizeof(c->jpath));

	if (rc == 0)
		rc = tune_attach(&c->tune, c->jpath, "set", true, &found);
	if (rc == 0) {
		c->first = c->tune.journal.n;
		tunemsg_found(&c->tune, &found, msg, sizeof(msg));
		if (msg[0])
			fprintf(stderr, "benchtop set: %s\n", msg);
		return 0;
	}
	if (!c->jpath[0])
		rc = -ENOENT;
	c->tune.jerr = rc;
	c->tune.journal.n = 0;
	if (!c->undo && !c->restore)
		return 0;
	if (rc == -ENOENT && !c->jpath[0])
		fprintf(stderr, "%s\n", _("benchtop set: no journal: "
			"XDG_RUNTIME_DIR is not set, so there is nothing to "
			"undo"));
	else
		fprintf(stderr, _("benchtop set: %s cannot be read as a "
			"journal: %s\n"), c->jpath,
			rc == -EINVAL ? _("not a benchtop journal") :
			rc == -EOVERFLOW ? _("larger than 8 MiB") :
			strerror(-rc));
	return 1;
}

int cmd_set_main(int argc, char **argv)
{
	struct set_cmd *c = calloc(1, sizeof(*c));
	size_t i;
	int rc;

	if (!c)
		return 1;
	c->cluster = c->cpu = -1;
	rc = parse_args(c, argc, argv);
	if (rc < 0 && c->unpersist) {
		free(c);
		return cmd_persist_remove(stdout);
	}
	if (rc >= 0) {
		free(c);
		return rc;
	}
	if (clusters_load(&c->cl, NULL)) {
		free(c);
		return 1;
	}
	tune_init(&c->tune, sample_live_roots.proc,
		  sample_live_roots.sys);
	if (open_journal(c))
		c->failed++;
	tune_begin(&c->tune);	/* this command line is one action */
	if (!c->failed && c->undo)
		run_undo(c);
	else if (!c->failed && c->restore)
		run_restore(c);
	for (i = 0; i < c->nacts; i++)
		if (c->acts[i].kind == ACT_IRQ)
			c->irqbalance_pid =
				irqbalance_find(sample_live_roots.proc);
	for (i = 0; i < c->nacts; i++)
		run_act(c, &c->acts[i]);
	if (c->json && print_json(c))
		c->failed++;
	if (c->persist && !c->failed &&
	    cmd_persist_write(c->json ? stderr : stdout, &c->tune.journal,
			      false))
		c->failed++;
	rc = c->failed ? 1 : 0;
	tune_fini(&c->tune);
	clusters_fini(&c->cl);
	free(c);
	return rc;
}
