/* SPDX-License-Identifier: GPL-2.0-or-later */
/* hintui: the overview's lines of advice (an IRQ on a LITTLE core, a
 * slow governor during a run, a USB disk without UAS or at 480M). */
#include "config.h"

#include "hintui.h"

#include <curses.h>
#include <stdio.h>
#include <string.h>

#include "app.h"
#include "draw.h"
#include "base/i18n.h"
#include "base/strclean.h"
#include "tune/hints.h"
#include "wrap.h"

static bool fixed_irq(unsigned irq, const void *ctx)
{
	return tune_irq_fixed(ctx, irq);
}

/* The IRQ hint: the loads as measured, and the p key only when pinning
 * would change something and KEYS (a replay tunes nothing). */
static void irq_text(const struct hints_in *in, bool keys, char *dst,
		     size_t size)
{
	char load[48] = "";

	if (in->irq_cpu_busy_pct >= 0)
		snprintf(load, sizeof(load), _(" (%.0f %% busy)"),
			 in->irq_cpu_busy_pct);
	if (in->irq_pinned_big)
		snprintf(dst, size, _("IRQ %u (%s) is pinned to the big cores "
			 "(%s) but its interrupts still arrive on LITTLE CPU "
			 "%d%s"), in->irq, in->irq_name, in->big_cpus,
			 in->irq_cpu, load);
	else if (keys)
		snprintf(dst, size, _("IRQ %u (%s) runs on LITTLE CPU %d%s "
			 "while the big cores are %.0f %% busy: press p to pin "
			 "it to the big cores"), in->irq, in->irq_name,
			 in->irq_cpu, load, in->big_busy_pct);
	else
		snprintf(dst, size, _("IRQ %u (%s) runs on LITTLE CPU %d%s "
			 "while the big cores are %.0f %% busy"), in->irq,
			 in->irq_name, in->irq_cpu, load, in->big_busy_pct);
}

/* LIST names one CPU ("7", not "4-7" or "0,2"), as figfmt_cpus reads it. */
static bool one_cpu(const char *list)
{
	return *list && strspn(list, "0123456789") == strlen(list);
}

static void hint_text(const struct hints_in *in, enum hints_id id, bool keys,
		      char *dst, size_t size)
{
	if (id == HINT_IRQ_ON_LITTLE)
		irq_text(in, keys, dst, size);
	else if (id == HINT_GOVERNOR && one_cpu(in->governor_cpus))
		snprintf(dst, size, _("CPU %s runs %s during a benchmark: press "
			 "P for performance"), in->governor_cpus, in->governor);
	else if (id == HINT_GOVERNOR)
		snprintf(dst, size, _("CPUs %s run %s during a benchmark: press "
			 "P for performance"), in->governor_cpus, in->governor);
	else if (id == HINT_UAS_UNUSED)
		snprintf(dst, size, _("USB %s (%s) can do UAS but runs "
			 "usb-storage: look at usb-storage quirks"),
			 in->uas_dev, in->uas_label);
	else
		snprintf(dst, size, _("USB %s (%s) is a SuperSpeed device "
			 "running at 480M: try another port or cable"),
			 in->slow_dev, in->slow_label);
}

/* Hint ID's text, cleaned, in DST; naming a key only with KEYS. */
static void hint_clean(const struct hints_in *in, enum hints_id id, bool keys,
		       char *dst, size_t size)
{
	char text[256];

	hint_text(in, id, keys, text, sizeof(text));
	strclean_copy(dst, size, text, strlen(text));
}

int hintui_draw(struct app *a, int y, int w, int max_rows)
{
	struct hints_in in;
	enum hints_id ids[HINT_NIDS];
	char clean[HINT_NIDS][256];
	int rows[HINT_NIDS], n, i, used = 0;
	size_t k, nids;

	if (!app_moment(a)->have_rates)
		return 0;
	if (!a->tuning.hint_built || a->tuning.hint_gen != a->data_gen) {
		/* once per tick, not per draw (a strstr pass over the IRQs) */
		hints_build(&a->tuning.hint_in, app_moment(a), fixed_irq,
			    &a->tuning.tune);
		a->tuning.hint_gen = a->data_gen;
		a->tuning.hint_built = true;
	}
	in = a->tuning.hint_in;
	in.bench_running = a->tuning.bench;
	nids = hints_eval(&in, ids, HINT_NIDS);
	/* Every hint that applies, each wrapped (never cut, up to 3 lines),
	 * as many as fit in MAX_ROWS (at least the first). */
	for (k = 0; k < nids; k++) {
		hint_clean(&in, ids[k], !a->replay, clean[k], sizeof(clean[k]));
		n = wrap_count(clean[k], w);
		rows[k] = n > 3 ? 3 : n;
		if (k && used + rows[k] > max_rows)
			break;
		used += rows[k];
	}
	nids = k;
	draw_style(a->color, STYLE_WARN);
	for (i = 0; i < used; i++)
		draw_fill(y - used + 1 + i, 0, w);
	for (k = 0, i = 0; k < nids; i += rows[k], k++)
		wrap_draw(y - used + 1 + i, 0, w, rows[k], clean[k]);
	draw_style(a->color, STYLE_NORMAL);
	return used;
}
