/* SPDX-License-Identifier: GPL-2.0-or-later */
/* sinceui: T says in the status line how long the monitor has watched
 * and how many readings it took; a row of the feature table (features.c)
 * whose state is its one slot there. */
#include "config.h"

#include "sinceui.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "app.h"
#include "base/i18n.h"
#include "base/monoclock.h"
#include "feature.h"

struct sinceui {
	double t0_s;		/* the start, on the monotonic clock */
	unsigned long readings;	/* the ticks that brought a new reading */
};

extern const struct feature_ops sinceui_ops;

static struct sinceui **state(struct app *a)
{
	return (struct sinceui **)app_feature_data(a, &sinceui_ops);
}

static void sinceui_init(struct app *a)
{
	struct sinceui *s = calloc(1, sizeof(*s));

	if (s)
		s->t0_s = monoclock_s();
	*state(a) = s;
}

static void sinceui_fini(struct app *a)
{
	free(*state(a));
	*state(a) = NULL;
}

static void sinceui_tick(struct app *a)
{
	struct sinceui *s = *state(a);

	if (s)
		s->readings++;
}

void sinceui_say(struct app *a)
{
	const struct sinceui *s = *state(a);
	unsigned long t;

	if (!s) {
		app_say(a, "%s", strerror(ENOMEM));
		return;
	}
	t = (unsigned long)(monoclock_s() - s->t0_s);
	app_say(a, ngettext("watching for %lu:%02lu:%02lu: %lu reading, "
			    "every %.1f s", "watching for %lu:%02lu:%02lu: "
			    "%lu readings, every %.1f s", s->readings),
		t / 3600, t / 60 % 60, t % 60, s->readings, a->interval_s);
}

/* The start and the readings since, for T. */
const struct feature_ops sinceui_ops = {
	.name = "since",
	.init = sinceui_init,
	.fini = sinceui_fini,
	.tick = sinceui_tick,
};
