/* SPDX-License-Identifier: GPL-2.0-or-later */
/* tuneui: turns the tuning keys into dialogs and tune_* calls, and their
 * outcome into one sentence on the status line; never leaves the screen
 * the user is on. */
#include "config.h"

#include "tuneui.h"

#include <curses.h>
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app.h"
#include "feature.h"
#include "draw.h"
#include "base/figfmt.h"
#include "base/i18n.h"
#include "tune/hints.h"
#include "tune/irqbalance.h"
#include "tune/journalfile.h"
#include "cli/options.h"
#include "panel.h"
#include "base/settings.h"
#include "base/strclean.h"
#include "tune/tunemsg.h"
#include "usbrows.h"

#define IRQBALANCE_EVERY 30	/* ticks between looks for the daemon
				 * (each reads its comm, or that of each
				 * process new since; p reads every
				 * /proc/N/comm again before pinning) */

enum purpose {
	P_GOV, P_FREQ_WHICH, P_FREQ_PICK, P_FREQ_TYPE, P_IRQ_CONFIRM,
	P_IRQ_PICK, P_IRQ_TYPE, P_SCHED, P_QUIT, P_PERF,
};

/* The runtime journal that `benchtop set` and every other benchtop keep:
 * undo and restore know what they changed before this screen started,
 * each change here is journaled ahead of its write (a kill at any moment
 * leaves what `benchtop set --restore` needs), and what a benchtop that
 * ended left behind is said. */
static void attach_journal(struct app *a)
{
	struct tune_found found;
	char path[4096], msg[sizeof(a->message)];
	int rc = journalfile_path(path, sizeof(path));

	if (rc)
		return;	/* no runtime folder: the journal is in memory */
	rc = tune_attach(&a->tuning.tune, path, "monitor", false, &found);
	if (rc) {
		app_say(a, _("the journal %s cannot be used (%s): tuning is "
			 "refused, as no change could be put back"), path,
			 rc == -EINVAL ? _("not a benchtop journal") :
			 strerror(-rc));
		return;
	}
	tunemsg_found(&a->tuning.tune, &found, msg, sizeof(msg));
	if (msg[0])
		app_say(a, "%s", msg);
}

static void tuneui_init(struct app *a)
{
	tune_init(&a->tuning.tune, sample_live_roots.proc,
		  sample_live_roots.sys);
	a->tuning.readonly = a->opts->readonly || a->cfg->readonly;
	a->tuning.ro = !tune_is_root() || a->tuning.readonly;
	irqbalance_look_init(&a->tuning.irqbalance);
	a->tuning.irqbalance_pid =
		irqbalance_look(&a->tuning.irqbalance, sample_live_roots.proc);
	if (a->tuning.readonly)
		app_say(a, "%s", tuneui_ro_reason(a));
	else if (a->tuning.ro)
		app_say(a, "%s", _("read-only: "
			 "not root, so g f P R u p s (tuning) are off; h lists "
			 "them"));
	else
		attach_journal(a);
}

static void tuneui_fini(struct app *a)
{
	tune_fini(&a->tuning.tune);
	irqbalance_look_fini(&a->tuning.irqbalance);
}

/* A pin whose move was pending (x86 moves an interrupt at its next one):
 * once the IRQ has fired in this tick's sample, say where it went. */
static void pending_moves(struct app *a)
{
	const struct irq_table *t = a->live.nsamples ? &a->live.samples[a->live.cur].irqs
						: NULL;
	char label[32], msg[sizeof(a->message)];
	size_t k;

	for (k = 0; t && k < a->tuning.tune.journal.n; k++) {
		const struct journal_entry *e = &a->tuning.tune.journal.v[k];

		if (e->move != JOURNAL_MOVE_PENDING ||
		    e->instance != a->tuning.tune.instance)
			continue;
		/* the recheck reads the journal file again: E moves */
		snprintf(label, sizeof(label), _("IRQ %s"), e->target);
		if (!tune_irq_recheck(&a->tuning.tune, k, t))
			continue;
		tunemsg_outcome(&a->tuning.tune, JOURNAL_IRQ, label, (long)k,
				msg,
				sizeof(msg));
		app_say(a, "%s", msg);
		app_data_changed(a);
	}
}

static void tuneui_tick(struct app *a)
{
	if (++a->tuning.ticks % IRQBALANCE_EVERY == 0)
		a->tuning.irqbalance_pid = irqbalance_look(
			&a->tuning.irqbalance, sample_live_roots.proc);
	pending_moves(a);
}

bool tuneui_modal(const struct app *a)
{
	return dialog_open(&a->tuning.dialog);
}

const char *tuneui_ro_reason(const struct app *a)
{
	if (a->opts->readonly)
		return _("read-only: started with --readonly");
	if (a->cfg->readonly)
		return _("read-only: readonly = yes in the config file");
	return a->tuning.ro ? _("read-only: not root") : NULL;
}

/* False, with the sentence, when KIND needs root and we are not. */
static bool may_tune(struct app *a, enum journal_kind kind)
{
	if (!a->tuning.ro)
		return true;
	if (a->tuning.readonly) {
		app_say(a, "%s", tuneui_ro_reason(a));
		return false;
	}
	app_say(a, _("%s needs root; benchtop "
		 "runs read-only"), tunemsg_what(kind));
	return false;
}

static const struct cluster *cluster_of(const struct app *a, long policy)
{
	size_t i;

	for (i = 0; a->live.have_hw && i < a->live.hw.clusters.n; i++)
		if ((long)a->live.hw.clusters.v[i].policy == policy)
			return &a->live.hw.clusters.v[i];
	return NULL;
}

static void cluster_label(const struct cluster *k, char *dst, size_t size)
{
	char cpus[64];

	cpulist_format(&k->cpus, cpus, sizeof(cpus));
	figfmt_cpus(dst, size, cpus);
}

static void outcome(struct app *a, enum journal_kind kind, const char *label,
		    long rc)
{
	char msg[sizeof(a->message)];

	tunemsg_outcome(&a->tuning.tune, kind, label, rc, msg, sizeof(msg));
	app_say(a, "%s", msg);
	if (kind != JOURNAL_IRQ && a->live.have_hw) {
		hwmodel_refresh(&a->live.hw);
		app_data_changed(a);	/* the moment shows it now */
	}
	if (kind == JOURNAL_IRQ && a->live.nsamples) {
		/* right after its own write: the new affinity now */
		live_reread_affinity(&a->live);
		app_data_changed(a);
	}
}

/* ---- clusters: g, f, P -------------------------------------------------- */

/* The cluster selected on the overview, with a sentence when none is. */
static const struct cluster *selected_cluster(struct app *a)
{
	size_t idx;

	if (a->panel == PANEL_MAIN && panel_main_selected(a, &idx) ==
	    PANEL_SEL_CLUSTER && idx < a->live.hw.clusters.n)
		return &a->live.hw.clusters.v[idx];
	if (a->live.have_hw && a->live.hw.clusters.cpufreq_note)	/* no cpufreq */
		app_say(a, _("%s: no governor or frequency limit to set"),
			_(a->live.hw.clusters.cpufreq_note));
	else
		app_say(a, "%s", _("select a cluster row of the overview "
			       "first (1, then j/k)"));
	return NULL;
}

void tuneui_governor(struct app *a)
{
	const struct cluster *k = selected_cluster(a);
	char label[96], title[160];
	size_t i;

	if (!k || !may_tune(a, JOURNAL_GOVERNOR))
		return;
	if (!k->has_freq || !k->freq.ngovernors) {
		app_say(a, "%s", _("this cluster lists no governors"));
		return;
	}
	cluster_label(k, label, sizeof(label));
	snprintf(title, sizeof(title), _("Governor for %s (now %s)"), label,
		 k->freq.governor ? k->freq.governor : "?");
	dialog_list(&a->tuning.dialog, title, P_GOV, (long)k->policy);
	for (i = 0; i < k->freq.ngovernors; i++) {
		dialog_add(&a->tuning.dialog, k->freq.governors[i]);
		if (k->freq.governor &&
		    !strcmp(k->freq.governor, k->freq.governors[i]))
			a->tuning.dialog.sel = i;
	}
}

void tuneui_limits(struct app *a)
{
	const struct cluster *k = selected_cluster(a);
	char label[96], title[160], item[64];

	if (!k || !may_tune(a, JOURNAL_MAX_FREQ))
		return;
	cluster_label(k, label, sizeof(label));
	snprintf(title, sizeof(title), _("Frequency limit of %s to change"),
		 label);
	dialog_list(&a->tuning.dialog, title, P_FREQ_WHICH, (long)k->policy);
	snprintf(item, sizeof(item), _("maximum (now %" PRIu64 " MHz)"),
		 figfmt_mhz_n(k->freq.max_khz));
	dialog_add(&a->tuning.dialog, item);
	snprintf(item, sizeof(item), _("minimum (now %" PRIu64 " MHz)"),
		 figfmt_mhz_n(k->freq.min_khz));
	dialog_add(&a->tuning.dialog, item);
}

static int cmp_u64(const void *x, const void *y)
{
	uint64_t p = *(const uint64_t *)x, q = *(const uint64_t *)y;

	return (p > q) - (p < q);
}

/* WHICH: 0 maximum, 1 minimum. */
static void open_freqs(struct app *a, long policy, int which)
{
	const struct cluster *k = cluster_of(a, policy);
	uint64_t f[DIALOG_ITEMS];
	char item[64];
	size_t i, n;

	if (!k)
		return;
	n = k->freq.nfreqs < DIALOG_ITEMS - 1 ? k->freq.nfreqs :
	    DIALOG_ITEMS - 1;
	memcpy(f, k->freq.freqs_khz, n * sizeof(f[0]));
	qsort(f, n, sizeof(f[0]), cmp_u64);
	dialog_list(&a->tuning.dialog, which ? _("New minimum frequency") :
		    _("New maximum frequency"), P_FREQ_PICK, policy * 2 + which);
	for (i = 0; i < n; i++) {
		snprintf(item, sizeof(item), "%" PRIu64 " kHz  (%" PRIu64
			 " MHz)", f[i], figfmt_mhz_n(f[i]));
		dialog_add(&a->tuning.dialog, item);
	}
	dialog_add(&a->tuning.dialog, _("type a value..."));
}

static void set_limit(struct app *a, long arg, const char *text)
{
	const struct cluster *k = cluster_of(a, arg / 2);
	char label[96];
	uint64_t khz;
	long idx[2];
	int n;

	if (!k)
		return;
	cluster_label(k, label, sizeof(label));
	if (tune_parse_khz(text, &khz)) {
		app_say(a, _("'%s' is not a frequency: give kHz, MHz or GHz "
			 "(600000, 600MHz, 1.4GHz)"), text);
		return;
	}
	n = tune_freq(&a->tuning.tune, k->policy, arg % 2 ? khz : 0,
		      arg % 2 ? 0 : khz, idx);
	if (n == 0 && k->has_freq && khz != (arg % 2 ? k->freq.min_khz :
						 k->freq.max_khz))
		app_say(a, _("%.0f MHz is not a step of %s: it rounds to "
			     "%.0f MHz, which is the limit already"),
			(double)khz / 1000.0, label, (double)(arg % 2 ?
			k->freq.min_khz : k->freq.max_khz) / 1000.0);
	else if (n == 0)
		app_say(a, "%s", _("that is the limit already"));
	else
		outcome(a, arg % 2 ? JOURNAL_MIN_FREQ : JOURNAL_MAX_FREQ,
			label, n < 0 ? n : idx[n - 1]);
}

/* P: a change that hits every cluster at once asks first, naming them. */
void tuneui_performance(struct app *a)
{
	char label[96], title[160], body[DIALOG_ITEM_MAX] = "";
	size_t i, len = 0, n = 0;

	if (!may_tune(a, JOURNAL_GOVERNOR))
		return;
	for (i = 0; a->live.have_hw && i < a->live.hw.clusters.n; i++) {
		const struct cluster *k = &a->live.hw.clusters.v[i];

		if (!k->has_freq || (n++ > 0 && len + 1 >= sizeof(body)))
			continue;
		cluster_label(k, label, sizeof(label));
		len += (size_t)snprintf(body + len, sizeof(body) - len,
					"%s%s (%s)", n > 1 ? ", " : "", label,
					k->freq.governor ? k->freq.governor :
					"?");
	}
	if (n == 0) {
		app_say(a, "%s", _("no cluster has cpufreq"));
		return;
	}
	if (n == 1)
		snprintf(title, sizeof(title), "%s", _("Set the performance "
			 "governor on the one cluster?"));
	else
		snprintf(title, sizeof(title), _("Set the performance governor "
			 "on all %zu clusters at once?"), n);
	dialog_confirm(&a->tuning.dialog, title, body, P_PERF, (long)n);
}

static void performance(struct app *a)
{
	char label[96], failed[160] = "", msg[160];
	size_t i, ok = 0;

	for (i = 0; a->live.have_hw && i < a->live.hw.clusters.n; i++) {
		const struct cluster *k = &a->live.hw.clusters.v[i];
		long rc;

		if (!k->has_freq)
			continue;
		if (k->freq.governor && !strcmp(k->freq.governor,
						"performance")) {
			ok++;	/* there already: nothing to write or undo */
			continue;
		}
		cluster_label(k, label, sizeof(label));
		rc = tune_governor(&a->tuning.tune, k->policy, "performance");
		if (tunemsg_outcome(&a->tuning.tune, JOURNAL_GOVERNOR, label,
				    rc,
				    msg, sizeof(msg)))
			ok++;
		else if (!failed[0])
			snprintf(failed, sizeof(failed), "%s", msg);
	}
	if (a->live.have_hw) {
		hwmodel_refresh(&a->live.hw);
		app_data_changed(a);
	}
	if (failed[0])
		app_say(a, "%s", failed);
	else if (ok)
		app_say(a, _("performance "
			 "governor on all %zu clusters"), ok);
	else
		app_say(a, "%s", _("no cluster has cpufreq"));
}

/* ---- IRQs: p ------------------------------------------------------------ */

/* The IRQ of chain C that carries its data: the busiest now, else since
 * boot (a virtio disk has a config IRQ that fires once, then its queue's;
 * an xHCI has one). */
static long busiest_irq(struct app *a, const struct chain *c)
{
	const struct moment *m = app_moment(a);
	double best = -1.0;
	size_t i, pick = 0;

	for (i = 0; i < c->nirqs; i++) {
		const struct moment_irq *q = moment_irq_number(m,
							       c->irqs[i].irq);
		double v = (double)c->irqs[i].total / 1e12;

		if (q && q->valid)
			v += q->total_per_s;
		if (v > best) {
			best = v;
			pick = i;
		}
	}
	return (long)c->irqs[pick].irq;
}

/* The IRQ of the host controller behind DEV (its device chain: sda ->
 * USB -> xhci -> IRQ 150), or -1 with a sentence when it has none. */
static long chain_irq_of(struct app *a, const char *dev)
{
	const struct chain_list *l = &a->live.hw.chain.chains;
	size_t i;

	for (i = 0; a->live.have_hw && i < l->n; i++)
		if (l->v[i].dev && strcmp(l->v[i].dev, dev) == 0 &&
		    l->v[i].nirqs)
			return busiest_irq(a, &l->v[i]);
	if (usbrows_irq_of(a, dev) >= 0)	/* a USB device's own chain */
		return usbrows_irq_of(a, dev);
	app_say(a, _("%s has no IRQ of its own in its device chain"), dev);
	return -1;
}

/* The IRQ the user means: the IRQ behind the overview's disk or
 * interface (its device chain), the IRQ screen's row, the overview's IRQ
 * row, else the IRQ a hint names; -1 with a sentence when none. */
static long selected_irq(struct app *a)
{
	const struct moment *m = app_moment(a);
	const struct moment_irq *q = NULL;
	struct hints_in in;
	enum panel_main_sel sel = PANEL_SEL_NONE;
	size_t idx;

	if (a->panel == PANEL_CHAIN)	/* the chain on screen */
		return chain_irq_of(a, a->chain_dev);
	if (a->panel == PANEL_USB && usbrows_selected(a))
		return chain_irq_of(a, usbrows_selected(a)->name);
	if (a->panel == PANEL_MAIN && m->have_rates)
		sel = panel_main_selected(a, &idx);
	if (sel == PANEL_SEL_DISK || sel == PANEL_SEL_NET)
		return chain_irq_of(a, sel == PANEL_SEL_DISK ?
				    m->disks[idx].name : m->nets[idx].name);
	if (m->have_rates && a->panel == PANEL_IRQ &&
	    irqrows_selected(a) >= 0)
		q = &m->irqs[irqrows_selected(a)];
	else if (m->have_rates && a->panel == PANEL_MAIN &&
		 panel_main_selected(a, &idx) == PANEL_SEL_IRQ)
		q = &m->irqs[idx];
	if (q && q->numeric)
		return (long)q->irq;
	if (q) {
		app_say(a, _("%s is not a numbered IRQ: it cannot be pinned"),
		    q->key);
		return -1;
	}
	if (a->panel == PANEL_MAIN && m->have_rates) {
		hints_build(&in, m, NULL, NULL);
		if (hints_irq_on_little(&in))
			return (long)in.irq;
	}
	app_say(a, "%s", _("select an IRQ row first (i for the IRQ screen)"));
	return -1;
}

/* The CPUs of every cluster with ROLE, online ones only. */
static void role_cpus(const struct app *a, enum cluster_role role,
		      struct cpuset *out)
{
	size_t i;
	int c;

	cpuset_clear(out);
	for (i = 0; a->live.have_hw && i < a->live.hw.clusters.n; i++) {
		const struct cluster *k = &a->live.hw.clusters.v[i];

		if (k->role != role)
			continue;
		for (c = cpuset_first(&k->cpus); c >= 0;
		     c = cpuset_next(&k->cpus, (unsigned)c))
			if (cpuset_has(&a->live.hw.clusters.online,
				       (unsigned)c))
				cpuset_add(out, (unsigned)c);
	}
}

/* The pin choices in dialog order, sets into SETS (labels to the dialog
 * when D is not NULL); the last choice, "type", has no set.  Count. */
static size_t irq_choices(const struct app *a, struct dialog *d,
			  struct cpuset *sets, size_t max)
{
	static const enum cluster_role roles[] = { CLUSTER_ROLE_BIG,
						   CLUSTER_ROLE_LITTLE };
	const struct cpuset *on = &a->live.hw.clusters.online;
	char list[64], item[DIALOG_ITEM_MAX];
	size_t i, n = 0;
	int c;

	for (i = 0; i < 2 && n < max; i++) {
		role_cpus(a, roles[i], &sets[n]);
		if (!cpuset_count(&sets[n]))
			continue;
		cpulist_format(&sets[n], list, sizeof(list));
		snprintf(item, sizeof(item), i == 0 ? _("big cores (%s)") :
			 _("LITTLE cores (%s)"), list);
		if (d)
			dialog_add(d, item);
		n++;
	}
	for (c = cpuset_first(on); c >= 0 && n + 2 < max;
	     c = cpuset_next(on, (unsigned)c)) {
		cpuset_clear(&sets[n]);
		cpuset_add(&sets[n++], (unsigned)c);
		snprintf(item, sizeof(item), _("CPU %d"), c);
		if (d)
			dialog_add(d, item);
	}
	sets[n] = *on;
	cpulist_format(on, list, sizeof(list));
	snprintf(item, sizeof(item), _("all CPUs (%s)"), list);
	if (d) {
		dialog_add(d, item);
		dialog_add(d, _("type a CPU list..."));
	}
	return n + 1;
}

static void open_pin(struct app *a, long irq)
{
	struct cpuset sets[DIALOG_ITEMS];
	char title[160];

	snprintf(title, sizeof(title), _("Pin IRQ %ld to"), irq);
	dialog_list(&a->tuning.dialog, title, P_IRQ_PICK, irq);
	irq_choices(a, &a->tuning.dialog, sets, DIALOG_ITEMS);
}

void tuneui_pin(struct app *a)
{
	long irq;
	char title[160];

	if (!may_tune(a, JOURNAL_IRQ) || (irq = selected_irq(a)) < 0)
		return;
	if (tune_irq_fixed(&a->tuning.tune, (unsigned)irq)) {
		app_say(a, _("IRQ %ld cannot be "
			 "moved (per-CPU or managed interrupt)"), irq);
		return;
	}
	a->tuning.irqbalance_pid = irqbalance_find(sample_live_roots.proc);
	if (a->tuning.irqbalance_pid > 0) {
		snprintf(title, sizeof(title), _("irqbalance is running and "
			 "will move IRQ %ld back. Pin it anyway?"), irq);
		dialog_ask(&a->tuning.dialog, title, "yn", P_IRQ_CONFIRM, irq);
		return;
	}
	open_pin(a, irq);
}

static void pin(struct app *a, long irq, const struct cpuset *set)
{
	char label[32];

	snprintf(label, sizeof(label), _("IRQ %ld"), irq);
	outcome(a, JOURNAL_IRQ, label, tune_irq(&a->tuning.tune, (unsigned)irq,
						set));
}

static void pin_choice(struct app *a, long irq, size_t sel)
{
	struct cpuset sets[DIALOG_ITEMS];
	size_t n = irq_choices(a, NULL, sets, DIALOG_ITEMS);
	char title[160];

	if (sel < n) {
		pin(a, irq, &sets[sel]);
		return;
	}
	snprintf(title, sizeof(title), _("CPUs for IRQ %ld (such as 4-7 or "
		 "0,2)"), irq);
	dialog_input(&a->tuning.dialog, title, P_IRQ_TYPE, irq);
}

static void pin_typed(struct app *a, long irq, const char *text)
{
	struct cpuset set;

	if (cpulist_parse(text, strlen(text), &set) <= 0) {
		app_say(a, _("'%s' is not a CPU list: give such as 4-7 or 0,2"),
		    text);
		return;
	}
	pin(a, irq, &set);
}

/* ---- disks: s ----------------------------------------------------------- */

void tuneui_scheduler(struct app *a)
{
	const struct blockdev *b = NULL;
	char title[160], list[256];
	const char *p, *sp;
	size_t idx;

	if (a->panel == PANEL_MAIN && a->live.have_hw && a->live.have_rates &&
	    panel_main_selected(a, &idx) == PANEL_SEL_DISK)
		b = blockdev_find(&a->live.hw.chain.block,
				  app_moment(a)->disks[idx].name);
	if (!b) {
		app_say(a, "%s", _("select a disk row of the overview first"));
		return;
	}
	if (!may_tune(a, JOURNAL_SCHEDULER))
		return;
	if (!b->sched_avail || !*b->sched_avail) {
		app_say(a, _("%s offers no I/O scheduler choice"), b->name);
		return;
	}
	snprintf(title, sizeof(title), _("I/O scheduler for %s (now %s)"),
		 b->name, b->sched && *b->sched ? b->sched : "?");
	dialog_list(&a->tuning.dialog, title, P_SCHED,
		    (long)(b - a->live.hw.chain.block.v));
	snprintf(list, sizeof(list), "%s", b->sched_avail);
	for (p = list; *p; p = *sp ? sp + 1 : sp) {
		char item[DIALOG_ITEM_MAX];

		sp = strchr(p, ' ');
		if (!sp)
			sp = p + strlen(p);
		snprintf(item, sizeof(item), "%.*s", (int)(sp - p), p);
		if (b->sched && !strcmp(item, b->sched))
			a->tuning.dialog.sel = a->tuning.dialog.n;
		if (*item)
			dialog_add(&a->tuning.dialog, item);
	}
}

static void set_scheduler(struct app *a, long disk, const char *name)
{
	const struct blockdev_list *l = &a->live.hw.chain.block;
	char dev[64];

	if (!a->live.have_hw || disk < 0 || (size_t)disk >= l->n)
		return;
	snprintf(dev, sizeof(dev), "%s", l->v[disk].name);
	outcome(a, JOURNAL_SCHEDULER, dev, tune_scheduler(&a->tuning.tune, dev,
							  name));
	live_hw_due(&a->live);	/* the disks read again at the next tick */
}

/* ---- undo, restore, quit ------------------------------------------------ */

/* A replay's cluster of POLICY as the recording has it ("CPUs 4-7"):
 * false when the recording has no such cluster, or this is no replay. */
static bool recorded_label(const struct app *a, long policy, char *dst,
			   size_t size)
{
	const struct moment *m = &a->moment.m;
	char cpus[64];
	size_t i;

	for (i = 0; a->replay && policy >= 0 && i < m->nclusters; i++)
		if ((long)m->clusters[i].policy == policy) {
			cpulist_format(&m->clusters[i].cpus, cpus,
				       sizeof(cpus));
			figfmt_cpus(dst, size, cpus);
			return true;
		}
	return false;
}

void tuneui_entry_label(const struct app *a, const struct journal_entry *e,
			char *dst, size_t size)
{
	long policy = tune_target_policy(e->target);
	const struct cluster *k = cluster_of(a, policy);

	if (k && policy >= 0)
		cluster_label(k, dst, size);
	else if (!recorded_label(a, policy, dst, size))
		tunemsg_label(e, dst, size);
}

void tuneui_undo(struct app *a, long k)
{
	const struct journal_entry *e;
	char label[96], msg[sizeof(a->message)];
	const char *cur;
	long rc;

	if (k < 0) {
		app_say(a, "%s", _("nothing to undo"));
		return;
	}
	if (!may_tune(a, a->tuning.tune.journal.v[k].kind))
		return;
	e = &a->tuning.tune.journal.v[k];
	tuneui_entry_label(a, e, label, sizeof(label));
	cur = journal_current(&a->tuning.tune.journal, e->kind, e->target);
	if (cur && strcmp(cur, e->old) == 0) {
		app_say(a, _("%s: the %s is %s already"), label,
		    journal_kind_name(e->kind), e->old);
		return;
	}
	rc = tune_undo(&a->tuning.tune, (size_t)k);
	outcome(a, a->tuning.tune.journal.v[k].kind, label, rc);
	snprintf(msg, sizeof(msg), _("undo: %s"), a->message);
	app_say(a, "%s", msg);
}

void tuneui_restore(struct app *a)
{
	size_t idx[1];
	size_t n = journal_in_force(&a->tuning.tune.journal, idx, 1);
	int failed;

	if (n == 0) {
		app_say(a, "%s", _("nothing to restore: no change is in force"));
		return;
	}
	if (!may_tune(a, a->tuning.tune.journal.v[idx[0]].kind))
		return;
	failed = tune_restore(&a->tuning.tune);
	if (a->live.have_hw) {
		hwmodel_refresh(&a->live.hw);
		app_data_changed(a);
	}
	if (a->live.nsamples) {
		sample_reread_affinity(&a->live.samples[a->live.cur],
				       sample_live_roots.proc);
		app_data_changed(a);
	}
	if (failed)
		app_say(a, ngettext("%d setting "
			 "could not be restored; J shows the journal", "%d "
			 "settings could not be restored; J shows the journal",
			 (unsigned long)failed), failed);
	else
		app_say(a, ngettext("restored "
			 "the original value of %zu setting", "restored the "
			 "original values of %zu settings", n), n);
}

/* q: true when the question was asked instead of quitting. */
bool tuneui_ask_quit(struct app *a)
{
	size_t idx[1];

	if (a->opts->on_exit != OPTIONS_ON_EXIT_ASK ||
	    journal_in_force_by(&a->tuning.tune.journal,
				a->tuning.tune.instance, idx,
				1) == 0)
		return false;
	dialog_ask(&a->tuning.dialog, _("Changes are in force: keep them or "
		   "restore the originals?"), "kr", P_QUIT, 0);
	dialog_add(&a->tuning.dialog, _("k keeps them: `benchtop set "
		   "--restore` undoes them later"));
	return true;
}

/* ---- keys --------------------------------------------------------------- */

static void answered(struct app *a, const struct dialog *d)
{
	const char *item = d->sel < d->n ? d->items[d->sel] : "";

	/* what this answer writes is one action */
	tune_begin(&a->tuning.tune);
	switch (d->purpose) {
	case P_GOV: {
		const struct cluster *k = cluster_of(a, d->arg);
		char label[96];

		if (!k)
			return;
		cluster_label(k, label, sizeof(label));
		outcome(a, JOURNAL_GOVERNOR, label,
			tune_governor(&a->tuning.tune, k->policy, item));
		return;
	}
	case P_FREQ_WHICH:
		open_freqs(a, d->arg, (int)d->sel);
		return;
	case P_FREQ_PICK:
		if (d->sel + 1 == d->n)
			dialog_input(&a->tuning.dialog, _("Frequency (kHz, "
				     "or with MHz or GHz)"), P_FREQ_TYPE,
				     d->arg);
		else
			set_limit(a, d->arg, item);
		return;
	case P_FREQ_TYPE:
		set_limit(a, d->arg, d->input);
		return;
	case P_IRQ_CONFIRM:
		if (d->answer == 'y')
			open_pin(a, d->arg);
		return;
	case P_IRQ_PICK:
		pin_choice(a, d->arg, d->sel);
		return;
	case P_IRQ_TYPE:
		pin_typed(a, d->arg, d->input);
		return;
	case P_SCHED:
		set_scheduler(a, d->arg, item);
		return;
	case P_PERF:
		if (d->answer == 'y')
			performance(a);
		else
			app_say(a, "%s", _("no change: every governor stays as "
				 "it was"));
		return;
	case P_QUIT:
		if (d->answer == 'r')
			tune_restore_mine(&a->tuning.tune);
		a->quit = true;
		return;
	}
}

static bool tuneui_modal_key(struct app *a, int ch)
{
	struct dialog d;

	if (!dialog_open(&a->tuning.dialog))
		return false;
	if (dialog_key(&a->tuning.dialog, ch) == DIALOG_DONE) {
		d = a->tuning.dialog;	/* it may open the next dialog */
		answered(a, &d);
	}
	return true;
}

/* u: the last action as a whole (P's every cluster, both limits). */
void tuneui_undo_last(struct app *a)
{
	size_t idx[TUNE_FIXED_MAX], n, i;
	char first[sizeof(a->message)] = "";

	n = journal_last_action(&a->tuning.tune.journal, idx, TUNE_FIXED_MAX);
	if (n == 0) {
		tuneui_undo(a, -1);
		return;
	}
	tune_begin(&a->tuning.tune);
	for (i = 0; i < n; i++) {
		tuneui_undo(a, (long)idx[i]);
		if (!i)
			snprintf(first, sizeof(first), "%s", a->message);
	}
	if (n > 1)
		app_say(a, _("%s (and %zu more changes of that action)"),
			first, n - 1);
}

void tuneui_journal(struct app *a)
{
	app_show(a, PANEL_JOURNAL);
	a->views[PANEL_JOURNAL].sel = a->tuning.tune.journal.n ?
		a->tuning.tune.journal.n - 1 : 0;
}

/* ---- drawing ------------------------------------------------------------ */

const char *tuneui_bar_note(const struct app *a)
{
	return a->panel == PANEL_IRQ && a->tuning.irqbalance_pid > 0 ?
	       _("irqbalance runs: it moves pinned IRQs back.") : NULL;
}

static void tuneui_draw(struct app *a)
{
	int y = LINES - 1;

	if (a->tuning.ro && !a->message[0] && COLS >= 100) {
		const char *why = tuneui_ro_reason(a);
		int w = draw_width(why) + 1;

		draw_style(a->color, STYLE_HEADER);
		draw_text(y, COLS - w, w, why);
	}
	draw_style(a->color, STYLE_NORMAL);
	dialog_draw(&a->tuning.dialog, a->color);
}

/* The journal of changes: its dialogs take every key (the end of the
 * run is tuneexit.c's). */
const struct feature_ops tuneui_ops = {
	.name = "tune",
	.init = tuneui_init,
	.fini = tuneui_fini,
	.tick = tuneui_tick,	/* look for irqbalance now and then */
	.modal_key = tuneui_modal_key,
	.draw_over = tuneui_draw,	/* the dialog, the notes */
};
