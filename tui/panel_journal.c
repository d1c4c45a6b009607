/* SPDX-License-Identifier: GPL-2.0-or-later */
/* panel_journal: every change benchtop made in this run, oldest first, with
 * its result and read-back; Enter undoes the selected one. */
#include "config.h"

#include <curses.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "app.h"
#include "draw.h"
#include "base/i18n.h"
#include "panel.h"
#include "base/strclean.h"
#include "tuneui.h"
#include "persistui.h"
#include "replayui.h"
#include "tune/tunemsg.h"

/* The journal J shows: the session's, or in a replay the recording's. */
static const struct journal *shown(const struct app *a)
{
	return a->replay ? replayui_journal(a) : &a->tuning.tune.journal;
}

static void entry_row(struct app *a, int y, int w, size_t i)
{
	const struct journal_entry *e = &shown(a)->v[i];
	char when[16], label[48], res[96], line[512], clean[512];
	struct tm tm;
	time_t t = (time_t)e->time;

	localtime_r(&t, &tm);
	strftime(when, sizeof(when), "%H:%M:%S", &tm);
	tuneui_entry_label(a, e, label, sizeof(label));
	if (e->err)
		snprintf(res, sizeof(res), "%s", strerror(e->err));
	else
		snprintf(res, sizeof(res), "%s%s", e->matched ? _("ok") :
			 _("ok, reads back "), e->matched ? "" : e->readback);
	snprintf(line, sizeof(line), "%3zu %s %-18.18s %-12.12s %s -> %s  %s%s%s",
		 i + 1, when, label, journal_kind_name(e->kind), e->old,
		 e->new, res, e->undo_of >= 0 ? _("  (undo)") : "",
		 e->restore ? _("  (restore)") : "");
	strclean_copy(clean, sizeof(clean), line, strlen(line));
	draw_text(y, 0, w, clean);
}

static void journal_draw(struct app *a, int top, int height, int width)
{
	struct view *v = &a->views[PANEL_JOURNAL];
	const struct journal *j = shown(a);
	size_t idx[1], i, rows = height > 2 ? (size_t)height - 2 : 1;
	size_t n = journal_in_force(j, idx, 1), bad = 0;
	char made[48], refused[64] = "", changes[112], differ[96], ro[96] = "";

	v->nrows = j->n;
	if (v->sel >= j->n && j->n)
		v->sel = j->n - 1;
	if (v->sel < v->top)
		v->top = v->sel;
	if (v->sel >= v->top + rows)
		v->top = v->sel - rows + 1;
	if (a->tuning.ro)
		snprintf(ro, sizeof(ro), "  (%s)", tuneui_ro_reason(a));
	draw_style(a->color, STYLE_TITLE);
	draw_fill(top, 0, width);
	for (i = 0; i < j->n; i++)
		bad += j->v[i].err != 0;
	/* a write the kernel refused changed nothing: it is counted apart */
	snprintf(made, sizeof(made), ngettext("%zu change", "%zu changes",
		 j->n - bad), j->n - bad);
	if (bad)
		snprintf(refused, sizeof(refused), ngettext(", %zu write "
			 "refused", ", %zu writes refused", bad), bad);
	snprintf(changes, sizeof(changes), "%s%s", made, refused);
	snprintf(differ, sizeof(differ), ngettext("%zu setting differs from "
		 "the original", "%zu settings differ from the original", n), n);
	/* TRANSLATORS: "JOURNAL  3 changes, 2 settings differ from the
	 * original"; the last %s is empty or "  (read-only: not root)"
	 * (or the other reason tuning is off). */
	draw_fmt(top, 0, width, _("JOURNAL  %s, %s%s"), changes, differ,
		 ro);
	draw_style(a->color, STYLE_NORMAL);
	if (j->n == 0)
		draw_text(top + 1, 0, width, _("no changes yet: g governor, f "
			  "limits, P performance, p pin an IRQ, s scheduler"));
	for (i = 0; i < rows && v->top + i < j->n; i++) {
		draw_style(a->color, v->top + i == v->sel ? STYLE_SELECTED :
			   j->v[v->top + i].err ? STYLE_BAD : STYLE_NORMAL);
		draw_fill(top + 1 + (int)i, 0, width);
		entry_row(a, top + 1 + (int)i, width, v->top + i);
	}
	draw_style(a->color, STYLE_DIM);
	draw_text(top + height - 1, 0, width, _("Enter undo the selected "
		  "change  u undo the last  R restore all  Esc back"));
	draw_style(a->color, STYLE_NORMAL);
}

static bool journal_key(struct app *a, int ch)
{
	struct view *v = &a->views[PANEL_JOURNAL];

	if (view_key(v, ch))
		return true;
	switch (ch) {
	case '\r':
	case '\n':
	case KEY_ENTER:
		if (a->replay)	/* the recorded journal: nothing to undo */
			app_say(a, "%s", _("replay: tuning is off"));
		else if (v->sel < a->tuning.tune.journal.n)
			tuneui_undo(a, (long)v->sel);
		return true;
	/* K: keep the tunings across reboots */
	case 'K':
		return persistui_open(a);
	}
	return false;
}

const struct panel_ops panel_journal_ops = {
	.name = "journal",
	.draw = journal_draw,
	.key = journal_key,
};
