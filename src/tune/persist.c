/* SPDX-License-Identifier: GPL-2.0-or-later */
/* persist: the unit and rule text.  Values come from the journal (read
 * back from the kernel); each is checked again for the few characters a
 * shell command line could misread before it goes into ExecStart.  IRQ
 * pins name their device, checked in /proc/interrupts to find it alone. */
#include "config.h"

#include "tune/persist.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tune/irqmove.h"
#include "tune/tune.h"

static bool safe(const char *s)
{
	if (!*s)
		return false;
	for (; *s; s++)
		if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') ||
		      (*s >= '0' && *s <= '9') || strchr(",-_.", *s)))
			return false;
	return true;
}

/* An IRQ's device as /proc/interrupts names it ("xhci-hcd:usb5", "mmc1,
 * mmc0", "ahci[0000:00:17.0]"), as `benchtop set irq NAME=CPUS` takes it
 * back at boot: not a number, nothing systemd or a shell would expand. */
static bool safe_name(const char *s)
{
	if (!*s || (*s >= '0' && *s <= '9') || *s == ' ' ||
	    s[strlen(s) - 1] == ' ')
		return false;
	for (; *s; s++)
		if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') ||
		      (*s >= '0' && *s <= '9') || strchr(",-_.:@[]+/ ", *s)))
			return false;
	return true;
}

/* A path systemd runs as it is. */
static bool safe_path(const char *s)
{
	if (*s != '/')
		return false;
	for (; *s; s++)
		if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') ||
		      (*s >= '0' && *s <= '9') || strchr("/-_.+", *s)))
			return false;
	return true;
}

/* The running benchtop's path (/proc/self/exe), for the unit to run it
 * at boot; NULL when it cannot be read. */
static const char *self_path(char *dst, size_t size)
{
	ssize_t n = readlink("/proc/self/exe", dst, size - 1);

	if (n <= 0 || (size_t)n >= size - 1)
		return NULL;
	dst[n] = '\0';
	return dst;
}

/* The newest successful entry of entry I's target, or NULL. */
static const struct journal_entry *newest(const struct journal *j, size_t i)
{
	const struct journal_entry *e = &j->v[i];
	size_t k;

	for (k = j->n; k-- > 0;) {
		const struct journal_entry *x = &j->v[k];

		if (x->kind == e->kind && !strcmp(x->target, e->target) &&
		    x->err == 0)
			return x;
	}
	return NULL;
}

static const char *value_of(const struct journal_entry *x)
{
	return !x ? NULL : x->readback[0] ? x->readback : x->new;
}

static const char *const sys_files[JOURNAL_NKINDS] = {
	[JOURNAL_GOVERNOR] = "scaling_governor",
	[JOURNAL_MIN_FREQ] = "scaling_min_freq",
	[JOURNAL_MAX_FREQ] = "scaling_max_freq",
};

static void exec_line(FILE *f, const char *dash, const char *value,
		      const char *path)
{
	fprintf(f, "ExecStart=%s/bin/sh -c 'echo %s > %s'\n", dash, value,
		path);
}

/* One unit setting.  Limits are written twice, first allowed to fail,
 * then for real: whichever way min and max move from the boot values, the
 * second round finds the other bound already moved (min <= max holds). */
static void unit_line(FILE *f, const struct journal_entry *e, const char *v,
		      bool second)
{
	char path[160];
	int p = tune_target_policy(e->target);

	snprintf(path, sizeof(path), "/sys/devices/system/cpu/cpufreq/"
		 "policy%d/%s", p, sys_files[e->kind]);
	if (e->kind == JOURNAL_GOVERNOR)
		exec_line(f, "", v, path);
	else
		exec_line(f, second ? "" : "-", v, path);
}

static void unit_head(FILE *f, time_t when)
{
	char t[32] = "";
	struct tm tm;

	if (gmtime_r(&when, &tm))
		strftime(t, sizeof(t), "%Y-%m-%d %H:%M UTC", &tm);
	fprintf(f, "# Written by benchtop on %s: the tunings "
		"to set at boot.\n# Installed disabled; to use it: systemctl "
		"daemon-reload && systemctl enable\n# %s.  To remove it: "
		"benchtop set --unpersist\n[Unit]\nDescription=benchtop: "
		"tunings kept across reboots (governors, limits, IRQs)\n"
		"After=sysinit.target systemd-modules-load.service "
		"irqbalance.service\n\n[Service]\nType=oneshot\n"
		"RemainAfterExit=yes\n", t, PERSIST_UNIT_NAME);
}

static void rule_head(FILE *f, time_t when)
{
	char t[32] = "";
	struct tm tm;

	if (gmtime_r(&when, &tm))
		strftime(t, sizeof(t), "%Y-%m-%d %H:%M UTC", &tm);
	fprintf(f, "# Written by benchtop on %s: disk "
		"settings udev applies\n# whenever the disk appears.  To "
		"remove them: benchtop set --unpersist\n", t);
}

static bool wanted(const struct journal *j, size_t i, bool changed_only)
{
	const struct journal_entry *e = &j->v[i];

	if (journal_original(j, e->kind, e->target) != e->old)
		return false;	/* not the target's first entry */
	return !changed_only || journal_entry_in_force(j, i);
}

/* A pin names its device, not its number: after a kernel update the
 * number may belong to another device.  `benchtop set` finds the number
 * the device holds at boot. */
static void irq_line(FILE *f, struct persist *out, const char *proc_root,
		     const struct journal_entry *x, const char *v)
{
	unsigned now = 0, other;

	/* the name must find this IRQ again, and only it ("xhci_hcd" of
	 * each controller of an x86 host does not) */
	if (!safe_name(x->held_by) || (proc_root &&
	    (irqmove_named(proc_root, x->held_by, &now, &other) ||
	     now != (unsigned)atoi(x->target)))) {
		if (!out->unnamed[0])
			snprintf(out->unnamed, sizeof(out->unnamed), "%s",
				 x->target);
		return;
	}
	fprintf(f, "ExecStart=%s set irq \"%s=%s\"\n", out->program,
		x->held_by, v);
}

static void add_irq(struct persist *out, const char *irq)
{
	size_t n = strlen(out->irqs);

	snprintf(out->irqs + n, sizeof(out->irqs) - n, "%s%s", n ? " " : "",
		 irq);
}

static bool is_limit(enum journal_kind k)
{
	return k == JOURNAL_MIN_FREQ || k == JOURNAL_MAX_FREQ;
}

static void one(struct persist *out, FILE *uf, FILE *rf,
		const struct persist_how *how, const struct journal_entry *e,
		const struct journal_entry *x, bool second)
{
	const char *v = value_of(x);

	if (!v || !safe(v) || !safe(e->target)) {
		out->skipped += v != NULL && !second;
		return;
	}
	if (second) {
		if (is_limit(e->kind))
			unit_line(uf, e, v, true);
		return;
	}
	if (e->kind == JOURNAL_SCHEDULER) {
		fprintf(rf, "ACTION==\"add|change\", SUBSYSTEM==\"block\", "
			"KERNEL==\"%s\", ATTR{queue/scheduler}=\"%s\"\n",
			e->target, v);
		out->nrule++;
		return;
	}
	if (e->kind == JOURNAL_IRQ) {
		irq_line(uf, out, how->proc_root, x, v);
		add_irq(out, e->target);
	} else if (tune_target_policy(e->target) >= 0) {
		unit_line(uf, e, v, false);
	} else {
		return;
	}
	out->nunit++;
}

int persist_build(const struct journal *j, const struct persist_how *how,
		  struct persist *out)
{
	char self[256];
	const char *program = how->program ? how->program :
			      self_path(self, sizeof(self));
	size_t ulen = 0, rlen = 0, i;
	FILE *uf, *rf;

	memset(out, 0, sizeof(*out));
	snprintf(out->program, sizeof(out->program), "%s",
		 program && safe_path(program) ? program : PERSIST_PROGRAM);
	uf = open_memstream(&out->unit, &ulen);
	rf = open_memstream(&out->rule, &rlen);
	if (!uf || !rf) {
		if (uf)
			fclose(uf);
		persist_fini(out);
		return -ENOMEM;
	}
	unit_head(uf, how->when);
	rule_head(rf, how->when);
	for (i = 0; i < 2 * j->n; i++)
		if (wanted(j, i % j->n, how->changed_only))
			one(out, uf, rf, how, &j->v[i % j->n],
			    newest(j, i % j->n), i >= j->n);
	fputs("\n[Install]\nWantedBy=multi-user.target\n", uf);
	if (fclose(uf) | fclose(rf)) {
		persist_fini(out);
		return -ENOMEM;
	}
	if (!out->nunit) {
		free(out->unit);
		out->unit = NULL;
	}
	if (!out->nrule) {
		free(out->rule);
		out->rule = NULL;
	}
	return 0;
}

void persist_fini(struct persist *p)
{
	free(p->unit);
	free(p->rule);
	p->unit = p->rule = NULL;
}

void persist_paths(char *unit, size_t usize, char *rule, size_t rsize)
{
	const char *sd = getenv(PERSIST_SYSTEMD_ENV);
	const char *ud = getenv(PERSIST_UDEV_ENV);

	snprintf(unit, usize, "%s/%s", sd && *sd ? sd : PERSIST_SYSTEMD_DIR,
		 PERSIST_UNIT_NAME);
	snprintf(rule, rsize, "%s/%s", ud && *ud ? ud : PERSIST_UDEV_DIR,
		 PERSIST_RULE_NAME);
}
