/* SPDX-License-Identifier: GPL-2.0-or-later */
/* stale: the last good table and rates of a kernel file that failed to
 * read, kept and marked, and the sentence saying so. */
#include "config.h"

#include "stale.h"

#include <errno.h>
#include <time.h>
#include <stdio.h>
#include <string.h>

#include "app.h"
#include "base/i18n.h"

void stale_say(struct app *a)
{
	const struct live_carry *st = &a->live.carry;
	enum live_source k;
	char line[160];

	for (k = 0; k < LIVE_NSRC; k++) {
		if (st->back[k])
			snprintf(a->message, sizeof(a->message),
				 _("%s reads again"), live_file(k));
		else if (st->failed[k] &&
			 stale_sentence(a, k, line, sizeof(line)))
			snprintf(a->message, sizeof(a->message), "%s", line);
	}
}

const char *stale_sentence(const struct app *a, enum live_source k,
			   char *dst, size_t size)
{
	const struct live_carry *st = &a->live.carry;
	char why[120], when[16];

	if (!st->rc[k])
		return NULL;
	/* Short enough for 80 columns with the stale mark. */
	if (st->rc[k] == -EINVAL)
		snprintf(why, sizeof(why), _("%s cannot be understood"),
			 live_file(k));
	else
		snprintf(why, sizeof(why), "%s: %s", live_file(k),
			 _(sample_error(st->rc[k])));
	if (!st->carried[k]) {
		snprintf(dst, size, "%s", why);
		return dst;
	}
	strftime(when, sizeof(when), "%H:%M:%S",
		 localtime(&st->good_at[k]));
	snprintf(dst, size, _("%s; values from %s (stale)"), why, when);
	return dst;
}
