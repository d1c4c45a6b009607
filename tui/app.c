/* SPDX-License-Identifier: GPL-2.0-or-later */
/* app: the two things every part of the live screen changes in struct app:
 * which screen is shown (and where Esc goes) and the status line. */
#include "config.h"

#include "app.h"

#include <stdarg.h>
#include <stdio.h>

void app_show(struct app *a, enum panel_id id)
{
	if (id == PANEL_MAIN)
		a->back = PANEL_MAIN;
	else if (a->panel != PANEL_HELP)
		a->back = a->panel == id ? PANEL_MAIN : a->panel;
	a->panel = id;
}

void app_back(struct app *a)
{
	if (a->panel != PANEL_MAIN)
		a->panel = a->back == a->panel ? PANEL_MAIN : a->back;
	a->back = PANEL_MAIN;
}

void app_say(struct app *a, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(a->message, sizeof(a->message), fmt, ap);
	va_end(ap);
}

void app_say_clear(struct app *a)
{
	a->message[0] = '\0';
}
