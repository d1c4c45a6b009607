/* SPDX-License-Identifier: GPL-2.0-or-later */
/* hintui: the overview's one line of advice (an IRQ on a LITTLE core, a
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

static void hint_text(const struct hints_in *in, enum hints_id id, char *dst,
		      size_t size)
{
	if (id == HINT_IRQ_ON_LITTLE)
		snprintf(dst, size, _("IRQ %u (%s) runs on LITTLE CPU %d while "
			 "the big cores idle: press p to pin it to the big "
			 "cores"), in->irq, in->irq_name, in->irq_cpu);
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

int hintui_draw(struct app *a, int y, int w)
{
	struct hints_in in;
	enum hints_id ids[HINT_NIDS];
	char text[256], clean[256];
	int n, i;

	if (!app_moment(a)->have_rates)
		return 0;
	if (!a->hint_built || a->hint_gen != a->data_gen) {
		/* once per tick, not per draw (a strstr pass over the IRQs) */
		hints_build(&a->hint_in, app_moment(a), fixed_irq, &a->tune);
		a->hint_gen = a->data_gen;
		a->hint_built = true;
	}
	in = a->hint_in;
	in.bench_running = a->tune_bench;
	if (hints_eval(&in, ids, HINT_NIDS) == 0)
		return 0;
	hint_text(&in, ids[0], text, sizeof(text));
	strclean_copy(clean, sizeof(clean), text, strlen(text));
	n = wrap_count(clean, w);	/* wrapped, never cut: up to 3 lines */
	n = n > 3 ? 3 : n;
	draw_style(a->color, STYLE_WARN);
	for (i = 0; i < n; i++)
		draw_fill(y - n + 1 + i, 0, w);
	wrap_draw(y - n + 1, 0, w, n, clean);
	draw_style(a->color, STYLE_NORMAL);
	return n;
}
