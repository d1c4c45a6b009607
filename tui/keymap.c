/* SPDX-License-Identifier: GPL-2.0-or-later */
/* keymap: the key handler over the key table (keys.c), and the table as
 * text; rows without an action go to the screen's own key hook. */
#include "config.h"

#include "keymap.h"

#include "app.h"
#include "keys.h"
#include "panel.h"
#include "replayui.h"
#include "tuneui.h"

static bool has_key(const struct keys_cmd *c, int ch)
{
	size_t k;

	for (k = 0; k < KEYS_MAX && c->keys[k]; k++)
		if (c->keys[k] == ch)
			return true;
	return false;
}

static bool run_row(struct app *a, const struct keys_cmd *c, int ch)
{
	const struct panel_ops *p = panels_get(a->panel);

	if (keys_hidden(c, a)) {	/* --readonly: the key says why */
		app_say(a, "%s", tuneui_ro_reason(a));
		return true;
	}
	if (c->act) {
		c->act(a);
		return true;
	}
	if (c->key)
		return c->key(a, ch);
	return p->key && p->key(a, ch);
}

bool keymap_run(struct app *a, int ch)
{
	unsigned mode = a->replay ? KEYS_REPLAY : KEYS_LIVE;
	const struct keys_cmd *t;
	bool refused = false;
	size_t i, n;

	t = keys_table(&n);
	for (i = 0; i < n; i++) {
		if (!(t[i].screens & (1u << a->panel)) || !has_key(&t[i], ch))
			continue;
		if (t[i].modes & mode) {
			if (run_row(a, &t[i], ch))
				return true;
		} else if (a->replay) {
			refused = true;
		}
	}
	if (refused)
		replayui_refuse(a, ch);
	return refused;
}

static void list_screens(FILE *f, unsigned screens)
{
	const char *sep = "";
	int id;

	if (screens == KEYS_ALL_SCREENS) {
		fputs("all", f);
		return;
	}
	for (id = 0; id < PANEL_N; id++)
		if (screens & (1u << id)) {
			fprintf(f, "%s%s", sep, panels_get(id)->name);
			sep = ",";
		}
}

void keymap_list(FILE *f)
{
	static const char *const kinds[] = {
		[KEYS_VIEW] = "view", [KEYS_RUN] = "run", [KEYS_TUNE] = "tune",
	};
	static const char *const modes[] = {
		[KEYS_LIVE] = "live", [KEYS_REPLAY] = "replay",
		[KEYS_BOTH] = "live,replay",
	};
	const struct keys_cmd *t;
	size_t i, n;

	t = keys_table(&n);
	for (i = 0; i < n; i++) {
		fprintf(f, "%s\t", t[i].names);
		list_screens(f, t[i].screens);
		fprintf(f, "\t%s\t%s\t%s\n", modes[t[i].modes],
			kinds[t[i].kind], t[i].help);
	}
}
