/* SPDX-License-Identifier: GPL-2.0-or-later */
/* persistui: the boot-time files of the tunings in force, shown before
 * they are written; the text is tune/persist.c's, the write snapfile's. */
#include "config.h"

#include "persistui.h"

#include <curses.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "app.h"
#include "feature.h"
#include "base/i18n.h"
#include "base/strclean.h"
#include "draw.h"
#include "wrap.h"
#include "panel.h"
#include "session/snapfile.h"
#include "tune/persist.h"

/* What the screen shows: the two files' paths and text. */
struct persistui {
	char unit[PATH_MAX], rule[PATH_MAX];
	struct persist p;
	bool have;
};

extern const struct feature_ops persistui_ops;

/* The screen's state: its slot in the feature table (A->features). */
static struct persistui **state(struct app *a)
{
	return (struct persistui **)app_feature_data(a, &persistui_ops);
}

static void persistui_fini(struct app *a)
{
	struct persistui **s = state(a);

	if (*s && (*s)->have)
		persist_fini(&(*s)->p);
	free(*s);
	*s = NULL;
}

bool persistui_open(struct app *a)
{
	struct persistui **at = state(a);
	struct persistui *s = *at ? *at : (*at = calloc(1, sizeof(*s)));

	if (!s)
		return true;
	if (s->have)
		persist_fini(&s->p);
	s->have = persist_build(&a->tuning.tune.journal, &(struct persist_how){
		.changed_only = true, .when = time(NULL),
		.proc_root = a->tuning.tune.proc_root }, &s->p) == 0;
	persist_paths(s->unit, sizeof(s->unit), s->rule, sizeof(s->rule));
	app_show(a, PANEL_PERSIST);
	return true;
}

/* TEXT's lines from row Y on, at most H rows of them: a line wider than
 * the screen (an ExecStart with its sysfs path) wraps, not cut. */
static int lines(int y, int h, int w, const char *text)
{
	char line[512], clean[512];
	const char *p = text, *nl;
	int n;

	while (p && *p && h > 0) {
		nl = strchr(p, '\n');
		snprintf(line, sizeof(line), "%.*s", nl ? (int)(nl - p) :
			 (int)strlen(p), p);
		strclean_copy(clean, sizeof(clean), line, strlen(line));
		n = clean[0] ? wrap_draw(y, 1, w - 1, h, clean) : 1;
		y += n;
		h -= n;
		p = nl ? nl + 1 : NULL;
	}
	return y;
}

/* "PATH:" from row Y, at most H rows: a long $XDG_CONFIG_HOME wraps,
 * each row after the first 4 columns in, as the results screen wraps a
 * long target.  The rows it took. */
static int path_line(int y, int h, int w, const char *path)
{
	char line[PATH_MAX + 2], clean[PATH_MAX + 2], row[PATH_MAX + 2];
	size_t off = 0, len, next;
	int n = 0, x;

	snprintf(line, sizeof(line), _("%s:"), path);
	strclean_copy(clean, sizeof(clean), line, strlen(line));
	while (n < h && (n == 0 || clean[off])) {
		x = n ? 4 : 0;
		len = wrap_line(clean + off, w - x, &next);
		snprintf(row, sizeof(row), "%.*s", (int)len, clean + off);
		draw_text(y + n++, x, w - x, row);
		off += next ? next : 1;
	}
	return n;
}

static void persist_draw(struct app *a, int top, int height, int width)
{
	struct persistui *s = *state(a);
	int y = top + 1, end = top + height - 1;

	draw_style(a->color, STYLE_TITLE);
	draw_fill(top, 0, width);
	draw_text(top, 0, width, _(" KEEP ACROSS REBOOTS: y writes these "
				   "files (installed disabled), Esc back"));
	draw_style(a->color, STYLE_NORMAL);
	if (!s || !s->have || (!s->p.unit && !s->p.rule)) {
		draw_text(y, 0, width, _("no tuning is in force: nothing to "
					 "keep"));
		return;
	}
	if (s->p.unit) {
		y += path_line(y, end - y, width, s->unit);
		y = lines(y, end - y, width, s->p.unit);
	}
	if (s->p.rule && y < end) {
		y += path_line(y, end - y, width, s->rule);
		y = lines(y, end - y, width, s->p.rule);
	}
	if (s->p.unnamed[0])
		draw_fmt(end, 0, width, _("IRQ %s: no device name finds it "
			 "alone, so y writes nothing"), s->p.unnamed);
	else if (s->p.irqs[0] && a->tuning.irqbalance_pid > 0)
		draw_fmt(end, 0, width, _("irqbalance runs (pid %d): at boot "
			 "it will move IRQ %s again"), a->tuning.irqbalance_pid,
			 s->p.irqs);
}

static void write_files(struct app *a)
{
	struct persistui *s = *state(a);
	char err[600] = "";
	int rc = 0;

	if (!s || !s->have || (!s->p.unit && !s->p.rule))
		return;
	if (s->p.unnamed[0]) {
		app_say(a, _("IRQ %s is held by no device name that finds it "
			     "alone: nothing written"), s->p.unnamed);
		return;
	}
	if (s->p.unit)
		rc = snapfile_write(s->unit, s->p.unit, strlen(s->p.unit),
				    true, err, sizeof(err));
	if (rc == 0 && s->p.rule)
		rc = snapfile_write(s->rule, s->p.rule, strlen(s->p.rule),
				    true, err, sizeof(err));
	if (rc)
		app_say(a, "%.159s", err);
	else
		app_say(a, _("written; enable it: systemctl enable %s"),
			PERSIST_UNIT_NAME);
	app_back(a);
}

static bool persistui_key(struct app *a, int ch)
{
	if (ch != 'y')
		return false;
	if (a->tuning.ro)
		app_say(a, "%s", _("writing to /etc needs root"));
	else
		write_files(a);
	return true;
}

const struct panel_ops panel_persist_ops = {
	.name = "persist",
	.draw = persist_draw,
	.key = persistui_key,
};

/* y on the persist screen writes the unit and rule shown. */
static bool persistui_modal_key(struct app *a, int ch)
{
	return a->panel == PANEL_PERSIST && persistui_key(a, ch);
}

/* K on the journal: the tunings kept across reboots (A->persist). */
const struct feature_ops persistui_ops = {
	.name = "persist",
	.fini = persistui_fini,
	.modal_key = persistui_modal_key,
};
