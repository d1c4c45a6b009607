/* SPDX-License-Identifier: GPL-2.0-or-later */
/* listfilter: the / filter and the S sort of the overview and the IRQ
 * screen: what a key does to them, and whether a row's name matches. */
#include "config.h"

#include "listfilter.h"

#include <curses.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "app.h"
#include "base/i18n.h"

static bool filtered(enum panel_id id)
{
	return id == PANEL_MAIN || id == PANEL_IRQ;
}

/* The rows are built again; the selection follows its row while it
 * matches, else goes to the top (overview.c, irqrows.c). */
static void changed(struct app *a)
{
	a->views[a->panel].top = 0;
	app_data_changed(a);
}

void listfilter_open(struct app *a)
{
	if (!filtered(a->panel)) {
		app_say(a, "%s", _("/ filters the overview and the IRQ "
			 "screen"));
		return;
	}
	a->filter.typing = true;
}

bool listfilter_key(struct app *a, int ch)
{
	char *t = a->filter.text[a->panel];
	size_t len = strlen(t);

	if (!a->filter.typing || !filtered(a->panel))
		return false;
	if (ch == '\n' || ch == '\r' || ch == KEY_ENTER) {
		a->filter.typing = false;
	} else if (ch == 27) {
		a->filter.typing = false;
		t[0] = '\0';
		changed(a);
	} else if (ch == KEY_BACKSPACE || ch == 127 || ch == 8) {
		if (len) {
			t[len - 1] = '\0';
			changed(a);
		}
	} else if (ch == 21) {		/* Ctrl-U, as in a shell */
		t[0] = '\0';
		changed(a);
	} else if (ch >= ' ' && ch <= '~' && len + 1 < LISTFILTER_MAX) {
		t[len] = (char)ch;
		t[len + 1] = '\0';
		changed(a);
	}
	return true;	/* every key goes to the line while it is open */
}

bool listfilter_esc(struct app *a, int ch)
{
	(void)ch;
	if (!filtered(a->panel) || !a->filter.text[a->panel][0])
		return false;
	a->filter.text[a->panel][0] = '\0';
	changed(a);
	app_say(a, "%s", _("filter cleared"));
	return true;
}

void listfilter_sort(struct app *a)
{
	enum listfilter_sort *s = &a->filter.sort[a->panel];

	if (!filtered(a->panel)) {
		app_say(a, "%s", _("S sorts the overview's disks and "
			 "interfaces and the IRQ screen"));
		return;
	}
	*s = *s == LISTSORT_NAME ? LISTSORT_KERNEL : *s + 1;
	app_data_changed(a);
	app_say(a, a->panel == PANEL_IRQ ? _("IRQs sorted by %s") :
		_("disks and interfaces sorted by %s"),
		listfilter_sort_label(a, a->panel));
}

bool listfilter_match(const struct app *a, enum panel_id id,
		      const char *const *names, size_t n)
{
	const char *f = a->filter.text[id];
	size_t i;

	if (!f[0])
		return true;
	for (i = 0; i < n; i++)
		if (names[i] && strcasestr(names[i], f))
			return true;
	return false;
}

void listfilter_note(const struct app *a, char *dst, size_t size)
{
	const char *f = filtered(a->panel) ? a->filter.text[a->panel] : "";

	if (a->filter.typing && filtered(a->panel))
		snprintf(dst, size, _("filter: %s_  (Enter keeps, Esc "
			 "clears)"), f);
	else if (f[0])
		snprintf(dst, size, _("filter: %s (Esc clears)"), f);
	else
		dst[0] = '\0';
}

const char *listfilter_sort_label(const struct app *a, enum panel_id id)
{
	switch (a->filter.sort[id]) {
	case LISTSORT_RATE:
		return _("rate");
	case LISTSORT_NAME:
		return _("name");
	default:
		return id == PANEL_IRQ ? _("number") : _("kernel order");
	}
}

const char *listfilter_text(const struct app *a, enum panel_id id)
{
	return a->filter.text[id][0] ? a->filter.text[id] : NULL;
}
