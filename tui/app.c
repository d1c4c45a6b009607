/* SPDX-License-Identifier: GPL-2.0-or-later */
/* app: the two things every part of the live screen changes in struct app:
 * which screen is shown (and where Esc goes) and the status line; and the
 * moment the panels draw, built when the data moved. */
#include "config.h"

#include "app.h"

#include <stdarg.h>
#include <stdio.h>

const struct moment *app_moment(struct app *a)
{
	struct moment_live in;

	if (a->replay || (a->moment.built && a->moment.gen == a->data_gen))
		return &a->moment.m;
	in.cur = a->live.nsamples ? app_cur(a) : NULL;
	in.rates = a->live.have_rates ? &a->live.rates : NULL;
	in.hw = a->live.have_hw ? &a->live.hw : NULL;
	/* empty when out of memory */
	moment_from_live(&a->moment.m, &in);
	a->moment.gen = a->data_gen;
	a->moment.built = true;
	return &a->moment.m;
}

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
