/* SPDX-License-Identifier: GPL-2.0-or-later */
/* tuneexit: the end of the run for the tunings in force - keep them (in
 * the journal of `benchtop set`) or restore them, as the options and
 * settings say, and the sentence on stderr once the terminal is back; a
 * row of the feature table (features.c). */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "app.h"
#include "base/i18n.h"
#include "cli/options.h"
#include "base/settings.h"
#include "feature.h"
#include "tune/journal.h"
#include "tune/tunemsg.h"

/* The changes in force as "IRQ 150 (4-7), CPUs 4-7 (max_freq 1400000)"
 * into DST: the first three, then "and N more". */
static void in_force_list(const struct tune *t, char *dst, size_t size)
{
	const struct journal *j = &t->journal;
	size_t idx[3], n = journal_in_force_by(j, t->instance, idx, 3), i;
	size_t o = 0;
	char label[64];

	static const char *const what[JOURNAL_NKINDS] = {
		[JOURNAL_GOVERNOR] = N_("governor"),
		[JOURNAL_MIN_FREQ] = N_("minimum kHz"),
		[JOURNAL_MAX_FREQ] = N_("maximum kHz"),
		[JOURNAL_IRQ] = N_("affinity"),
		[JOURNAL_SCHEDULER] = N_("scheduler"),
	};

	dst[0] = '\0';
	for (i = 0; i < n && i < 3 && o < size; i++) {
		const struct journal_entry *e = &j->v[idx[i]];

		tunemsg_label(e, label, sizeof(label));
		o += (size_t)snprintf(dst + o, size - o, "%s%s %s %s",
				      i ? ", " : "", label,
				      (unsigned)e->kind < JOURNAL_NKINDS ?
				      _(what[e->kind]) : "", e->new);
	}
	if (n > 3 && o < size)
		snprintf(dst + o, size - o, _(" and %zu more"), n - 3);
}

/* Quit with changes in force (k, on_exit = keep, a signal without
 * restore_on_signal): add them to the runtime journal that `benchtop set`
 * keeps, so that `set --undo` and `set --restore` see them, and say so
 * once the terminal is back. */
static void keep_in_force(struct app *a)
{
	char list[300];
	size_t idx[1];

	if (journal_in_force_by(&a->tuning.tune.journal,
				a->tuning.tune.instance, idx,
				1) == 0)
		return;
	in_force_list(&a->tuning.tune, list, sizeof(list));
	if (a->tuning.tune.jpath[0] && tune_settle(&a->tuning.tune) == 0)
		snprintf(a->tuning.exit, sizeof(a->tuning.exit), _("%s: these "
			 "changes stay in force: %s; `benchtop set --undo` "
			 "takes back the last, `benchtop set --restore` puts "
			 "every original back (journal %s)\n"), PACKAGE, list,
			 a->tuning.tune.jpath);
	else
		snprintf(a->tuning.exit, sizeof(a->tuning.exit), _("%s: these "
			 "changes stay in force: %s; they could not be added "
			 "to the journal of `benchtop set` (%s: %s), so set "
			 "them back by hand\n"), PACKAGE, list,
			 a->tuning.tune.jpath[0] ? a->tuning.tune.jpath : "-",
			 strerror(a->tuning.tune.jerr ? -a->tuning.tune.jerr :
				  ENOENT));
}

static void tuneexit_on_exit(struct app *a, int rc)
{
	enum options_on_exit how = a->opts->on_exit;
	bool restore_now;

	if (rc == 0)	/* q: asked already, unless told what to do */
		restore_now = how == OPTIONS_ON_EXIT_RESTORE;
	else if (how != OPTIONS_ON_EXIT_ASK)
		restore_now = how == OPTIONS_ON_EXIT_RESTORE;
	else
		restore_now = a->cfg->restore_on_signal;
	/* Signals are read from a signalfd between writes, so no write is
	 * ever cut in half: each is one write(2) that has returned. */
	if (restore_now)
		tune_restore_mine(&a->tuning.tune);
	else
		keep_in_force(a);
	tune_settle(&a->tuning.tune);
}

/* After the terminal is restored: what stays in force after quit, and
 * how to undo it. */
static void tuneexit_note(const struct app *a, FILE *f)
{
	if (a->tuning.exit[0])
		fputs(a->tuning.exit, f);
}

/* Keep or restore at the end (RC: 0 after q, the signal, or -errno). */
const struct feature_ops tuneexit_ops = {
	.name = "tune exit",
	.on_exit = tuneexit_on_exit,
	.exit_note = tuneexit_note,
};
