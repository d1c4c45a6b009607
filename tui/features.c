/* SPDX-License-Identifier: GPL-2.0-or-later */
/* features: the table of the live monitor's features and its walks; a
 * new feature is one file exporting its ops and one row here. */
#include "config.h"

#include "feature.h"

#include <poll.h>

#include "app.h"

/* Each row is exported by its own file. */
extern const struct feature_ops tuneui_ops;
extern const struct feature_ops tuneexit_ops;
extern const struct feature_ops benchui_ops;
extern const struct feature_ops snapui_ops;
extern const struct feature_ops replayui_ops;
extern const struct feature_ops expui_ops;
extern const struct feature_ops persistui_ops;
extern const struct feature_ops sinceui_ops;

static const struct feature_ops *const features[] = {
	&tuneui_ops,
	&tuneexit_ops,
	&benchui_ops,
	&snapui_ops,
	&replayui_ops,
	&expui_ops,
	&persistui_ops,
	&sinceui_ops,
};

#define NFEATURES (sizeof(features) / sizeof(features[0]))

_Static_assert(NFEATURES <= FEATURES_MAX, "FEATURES_MAX is too small");

/* Each row's slot first: an init may keep its state there. */
void features_init(struct app *a)
{
	size_t i;

	for (i = 0; i < NFEATURES; i++)
		a->features[i].ops = features[i];
	for (i = 0; i < NFEATURES; i++)
		if (features[i]->init)
			features[i]->init(a);
}

/* Backwards: a feature set up later may still use an earlier one (the
 * experiment's run is the benchmark's child, its tuning the journal's). */
void features_fini(struct app *a)
{
	size_t i;

	for (i = NFEATURES; i-- > 0;)
		if (features[i]->fini)
			features[i]->fini(a);
}

bool features_source_tick(struct app *a)
{
	size_t i;

	for (i = 0; i < NFEATURES; i++)
		if (features[i]->source_tick && features[i]->source_tick(a))
			return true;
	return false;
}

void features_tick(struct app *a)
{
	size_t i;

	for (i = 0; i < NFEATURES; i++)
		if (features[i]->tick)
			features[i]->tick(a);
}

/* Up to ROOM descriptors into PFD; their count. */
int features_pollfds(const struct app *a, struct pollfd *pfd, int room)
{
	int n = 0;
	size_t i;

	for (i = 0; i < NFEATURES && room - n >= FEATURE_MAX_FDS; i++)
		if (features[i]->pollfds)
			n += features[i]->pollfds(a, pfd + n);
	return n;
}

/* Each feature reads back the descriptors it gave, in the same order;
 * none is added or dropped between the poll and this walk. */
void features_on_poll(struct app *a, const struct pollfd *pfd, int n)
{
	struct pollfd mine[FEATURE_MAX_FDS];
	int at = 0, k;
	size_t i;

	for (i = 0; i < NFEATURES && at < n; i++) {
		if (!features[i]->pollfds)
			continue;
		k = features[i]->pollfds(a, mine);
		if (k > n - at)
			k = n - at;
		if (features[i]->on_poll)
			features[i]->on_poll(a, pfd + at, k);
		at += k;
	}
}

void features_reap(struct app *a)
{
	size_t i;

	for (i = 0; i < NFEATURES; i++)
		if (features[i]->reap)
			features[i]->reap(a);
}

bool features_modal_key(struct app *a, int ch)
{
	size_t i;

	for (i = 0; i < NFEATURES; i++)
		if (features[i]->modal_key && features[i]->modal_key(a, ch))
			return true;
	return false;
}

bool features_typing(const struct app *a)
{
	size_t i;

	for (i = 0; i < NFEATURES; i++)
		if (features[i]->typing && features[i]->typing(a))
			return true;
	return false;
}

bool features_draw_header(struct app *a, int width)
{
	size_t i;

	for (i = 0; i < NFEATURES; i++)
		if (features[i]->draw_header &&
		    features[i]->draw_header(a, width))
			return true;
	return false;
}

int features_rows(const struct app *a)
{
	int n = 0;
	size_t i;

	for (i = 0; i < NFEATURES; i++)
		if (features[i]->rows)
			n += features[i]->rows(a);
	return n;
}

/* The features' rows, the first at Y (the top one). */
void features_draw_rows(struct app *a, int y, int width)
{
	size_t i;
	int k;

	for (i = 0; i < NFEATURES; i++) {
		if (!features[i]->rows || !(k = features[i]->rows(a)))
			continue;
		features[i]->draw_rows(a, y, width);
		y += k;
	}
}

void features_draw_over(struct app *a)
{
	size_t i;

	for (i = 0; i < NFEATURES; i++)
		if (features[i]->draw_over)
			features[i]->draw_over(a);
}

void features_exit(struct app *a, int rc)
{
	size_t i;

	for (i = 0; i < NFEATURES; i++)
		if (features[i]->on_exit)
			features[i]->on_exit(a, rc);
}

void features_exit_note(const struct app *a, FILE *f)
{
	size_t i;

	for (i = NFEATURES; i-- > 0;)
		if (features[i]->exit_note)
			features[i]->exit_note(a, f);
}
