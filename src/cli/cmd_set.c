/* SPDX-License-Identifier: GPL-2.0-or-later */
/* cmd_set: `benchtop set ...`, the headless side of tuning: governors,
 * frequency limits, IRQ affinity and I/O schedulers for scripts, with the
 * same checks, sentences and journal as the live screen. */
#include "config.h"

#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hw/clusters.h"
#include "cli/commands.h"
#include "base/i18n.h"
#include "tune/tune.h"
#include "tune/tunemsg.h"

/* One sentence about the command line; exit status 2. */
#define bad(...) commands_bad("set", __VA_ARGS__)

#define MAX_ACTS 32

enum act_kind { ACT_GOV, ACT_FREQ, ACT_IRQ, ACT_SCHED };

struct act {
	enum act_kind kind;
	char value[64];		/* governor, CPU list or word, scheduler */
	uint64_t min, max;	/* ACT_FREQ, kHz (0: keep) */
	unsigned irq;
	char disk[32];
};

struct set_cmd {
	int cluster;		/* --cluster N (a policy), -1 all */
	int cpu;		/* --cpu N, -1 none */
	bool json;
	struct act acts[MAX_ACTS];
	size_t nacts;
	struct clusters cl;
	struct tune tune;
	int failed;
};

static const struct option set_options[] = {
	{ "cluster", required_argument, NULL, 'c' },
	{ "cpu", required_argument, NULL, 'C' },
	{ "json", no_argument, NULL, 'j' },
	{ "help", no_argument, NULL, 'h' },
	{ NULL, 0, NULL, 0 },
};

static void usage(FILE *f)
{
	fputs(_("Usage: benchtop set [--cluster N | --cpu N] [--json] "
		"SETTING...\n"
		"Change tunables as the live screen does, for scripts.\n\n"
		"  governor=NAME            the governor of every cluster, or of "
		"the one chosen\n"
		"  min=FREQ max=FREQ        frequency limits (kHz, or with MHz "
		"or GHz)\n"
		"  irq N=CPUS               pin IRQ N: a CPU list (4-7), big, "
		"little or all\n"
		"  scheduler DISK=NAME      the I/O scheduler of a disk\n\n"
		"  -c, --cluster=N          only the cluster of cpufreq policy N"
		"\n"
		"  -C, --cpu=N              only the cluster of CPU N\n"
		"  -j, --json               print the journal of the changes as "
		"JSON\n"
		"  -h, --help               show this help and exit\n\n"
		"Exit status: 0 all applied, 1 some change failed (one sentence "
		"each on\nstderr), 2 bad command line.\n"), f);
}

static int parse_num(const char *s, int *out)
{
	char *end;
	long v;

	errno = 0;
	v = strtol(s, &end, 10);
	if (errno || end == s || *end || v < 0 || v >= CPUSET_MAX)
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
	return c->nacts ? 0 : bad("%s", _("nothing to set"));
}

static int parse_args(struct set_cmd *c, int argc, char **argv)
{
	int ch;

	optind = 1;
	opterr = 0;
	while ((ch = getopt_long(argc, argv, ":c:C:jh", set_options,
				 NULL)) != -1) {
		if (ch == 'h') {
			usage(stdout);
			return -1;
		}
		if (ch == 'j')
			c->json = true;
		else if (ch == 'c' && parse_num(optarg, &c->cluster))
			return bad(_("'%s' is not a policy number"), optarg);
		else if (ch == 'C' && parse_num(optarg, &c->cpu))
			return bad(_("'%s' is not a CPU number"), optarg);
		else if (ch == '?' || ch == ':')
			return bad(ch == '?' ? _("unknown option '%s'") :
				   _("option '%s' needs a value"),
				   argv[optind - 1]);
	}
	return parse_words(c, argc - optind, argv + optind);
}

static void report(struct set_cmd *c, enum journal_kind kind,
		   const char *label, long rc)
{
	char msg[320];

	if (tunemsg_outcome(&c->tune, kind, label, rc, msg, sizeof(msg))) {
		if (!c->json)
			printf("%s\n", msg);
	} else {
		fprintf(stderr, "benchtop set: %s\n", msg);
		c->failed++;
	}
}

static bool chosen(const struct set_cmd *c, const struct cluster *k)
{
	if (!k->has_freq)
		return false;
	if (c->cluster >= 0)
		return k->policy == (unsigned)c->cluster;
	if (c->cpu >= 0)
		return cpuset_has(&k->cpus, (unsigned)c->cpu);
	return true;
}

static void run_cluster(struct set_cmd *c, const struct act *a,
			const struct cluster *k)
{
	char cpus[64], label[96];
	long idx[2];
	int i, n;

	cpulist_format(&k->cpus, cpus, sizeof(cpus));
	snprintf(label, sizeof(label), _("CPUs %s"), cpus);
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

/* The CPUs WORD names: a list, "big", "little" or "all"; 0 or -ENOENT. */
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
	for (i = 0; i < c->cl.n; i++)
		if (c->cl.v[i].role == role)
			for (unsigned p = 0; p < CPUSET_MAX; p++)
				if (cpuset_has(&c->cl.v[i].cpus, p) &&
				    cpuset_has(&c->cl.online, p))
					cpuset_add(out, p);
	return cpuset_count(out) ? 0 : -ENOENT;
}

static void run_irq(struct set_cmd *c, const struct act *a)
{
	struct cpuset set;
	char label[32];
	int rc = resolve_cpus(c, a->value, &set);

	snprintf(label, sizeof(label), _("IRQ %u"), a->irq);
	if (rc == -ENOENT) {
		fprintf(stderr, _("benchtop set: %s: this board has no %s "
			"cores\n"), label, a->value);
		c->failed++;
		return;
	}
	report(c, JOURNAL_IRQ, label, rc ? rc : tune_irq(&c->tune, a->irq,
							 &set));
}

static void run_act(struct set_cmd *c, const struct act *a)
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

static int print_json(const struct set_cmd *c)
{
	json_t *j = journal_json(&c->tune.journal);
	int rc = j ? json_dumpf(j, stdout, JSON_INDENT(2)) : -1;

	json_decref(j);
	putchar('\n');
	return rc;
}

int cmd_set_main(int argc, char **argv);

int cmd_set_main(int argc, char **argv)
{
	struct set_cmd *c = calloc(1, sizeof(*c));
	size_t i;
	int rc;

	if (!c)
		return 1;
	c->cluster = c->cpu = -1;
	rc = parse_args(c, argc, argv);
	if (rc) {
		free(c);
		return rc < 0 ? 0 : rc;
	}
	if (clusters_load(&c->cl, NULL)) {
		free(c);
		return 1;
	}
	tune_init(&c->tune, "/proc", "/sys");
	for (i = 0; i < c->nacts; i++)
		run_act(c, &c->acts[i]);
	if (c->json && print_json(c))
		c->failed++;
	rc = c->failed ? 1 : 0;
	tune_fini(&c->tune);
	clusters_fini(&c->cl);
	free(c);
	return rc;
}
