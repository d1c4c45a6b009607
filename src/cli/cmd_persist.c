/* SPDX-License-Identifier: GPL-2.0-or-later */
/* cmd_persist: write and remove the boot-time files of `benchtop set
 * --persist`; the text comes from tune/persist.c, the safe write from
 * session/snapfile.c (temporary file, fsync, rename, no symlinks). */
#include "config.h"

#include "cli/cmd_persist.h"

#include <errno.h>
#include <limits.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "base/i18n.h"
#include "collect/sample.h"
#include "session/snapfile.h"
#include "tune/irqbalance.h"
#include "tune/persist.h"

#define MSG "benchtop set: "

static int write_one(FILE *out, const char *path, const char *text)
{
	char err[600];

	fprintf(out, _("Writing %s:\n"), path);
	fputs(text, out);
	fputc('\n', out);
	fflush(out);
	if (snapfile_write(path, text, strlen(text), true, err, sizeof(err))) {
		fprintf(stderr, MSG "%s\n", err);
		return 1;
	}
	return 0;
}

/* irqbalance moves pinned IRQs again: say so when it runs or is
 * installed. */
static void irqbalance_note(const char *irqs)
{
	int pid = irqbalance_find(sample_live_roots.proc);

	if (!*irqs)
		return;
	if (pid > 0)
		fprintf(stderr, _("benchtop set: irqbalance runs (pid %d) and "
			"will move IRQ %s again after boot: ban it there "
			"(IRQBALANCE_ARGS=\"--banirq=N\" in "
			"/etc/default/irqbalance) or disable irqbalance\n"),
			pid, irqs);
	else if (access("/usr/sbin/irqbalance", X_OK) == 0)
		fprintf(stderr, _("benchtop set: irqbalance is installed: if "
			"it starts at boot it will move IRQ %s again (ban it "
			"with --banirq=N)\n"), irqs);
}

int cmd_persist_write(FILE *out, const struct journal *j, bool changed_only)
{
	char unit[PATH_MAX], rule[PATH_MAX];
	struct persist p;
	int rc = 0;
	struct persist_how how = { .changed_only = changed_only,
				   .when = time(NULL),
				   .proc_root = sample_live_roots.proc };

	if (persist_build(j, &how, &p)) {
		fprintf(stderr, MSG "%s\n", strerror(ENOMEM));
		return 1;
	}
	if (p.unnamed[0]) {
		fprintf(stderr, _("benchtop set: IRQ %s is held by no device "
			"/proc/interrupts names alone, so it is not kept "
			"across reboots (after a kernel update the number "
			"may be another device's); nothing was written\n"),
			p.unnamed);
		persist_fini(&p);
		return 1;
	}
	persist_paths(unit, sizeof(unit), rule, sizeof(rule));
	if (!p.unit && !p.rule) {
		fprintf(stderr, "%s\n", _("benchtop set: no tuning to keep"));
		persist_fini(&p);
		return 1;
	}
	if (p.unit)
		rc |= write_one(out, unit, p.unit);
	if (p.rule)
		rc |= write_one(out, rule, p.rule);
	if (p.skipped)
		fprintf(stderr, _("benchtop set: %zu values were left out: "
			"they hold characters a boot script must not run\n"),
			p.skipped);
	if (rc == 0 && p.unit)
		fprintf(out, _("Installed disabled.  Enable it with: systemctl "
			"daemon-reload && systemctl enable %s\n"),
			PERSIST_UNIT_NAME);
	irqbalance_note(p.irqs);
	persist_fini(&p);
	return rc;
}

static int remove_one(FILE *out, const char *path, int *removed)
{
	if (unlink(path) == 0) {
		fprintf(out, _("Removed %s\n"), path);
		(*removed)++;
		return 0;
	}
	if (errno == ENOENT)
		return 0;
	fprintf(stderr, _("benchtop set: could not remove %s: %s\n"), path,
		strerror(errno));
	return 1;
}

int cmd_persist_remove(FILE *out)
{
	char unit[PATH_MAX], rule[PATH_MAX];
	int removed = 0, rc;

	persist_paths(unit, sizeof(unit), rule, sizeof(rule));
	rc = remove_one(out, unit, &removed) | remove_one(out, rule, &removed);
	if (rc == 0 && removed == 0)
		fprintf(out, _("Nothing to remove: neither %s nor %s exists\n"),
			unit, rule);
	else if (rc == 0)
		fprintf(out, "%s\n", _("The tunings will no longer be set at "
			"boot; what is set now stays until a reboot."));
	return rc;
}
