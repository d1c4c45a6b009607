/* SPDX-License-Identifier: GPL-2.0-or-later */
/* snapdoc: a loaded snapshot into structs - the header, the system facts
 * (snapsys), the results (runs through benchresult) and the journal. */
#include "config.h"

#include "session/snapdoc.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/jsondoc.h"
#include "base/jsonload.h"
#include "session/snapsys.h"
#include "base/i18n.h"

#define TEXT(l, o, k, t) \
	jsonload_text(l, o, k, &(t)->s, (t)->num, sizeof((t)->num))

static void entry(struct jsonload *l, void *el, const json_t *v)
{
	struct snapdoc_entry *e = el;
	int64_t ms;

	e->time = jsonload_str(l, v, "time");
	e->kind = jsonload_str(l, v, "kind");
	e->target = jsonload_str(l, v, "target");
	e->result = jsonload_str(l, v, "result");
	TEXT(l, v, "old", &e->old);
	TEXT(l, v, "new", &e->new_v);
	TEXT(l, v, "readback", &e->readback);
	TEXT(l, v, "error", &e->error);
	e->time_ms = e->time && jsondoc_parse_time(e->time, &ms) == 0 ? ms
								       : -1;
}

/* Result number I: a run loaded, with the sentence naming it if not. */
static void result(struct jsonload *l, struct snapdoc_result *r,
		   const json_t *v, size_t i)
{
	char err[256], s[320];

	r->doc = v;
	r->is_run = benchresult_is_run(v);
	if (!r->is_run || l->rc)
		return;
	if (benchresult_load(&r->run, (json_t *)v, err, sizeof(err))) {
		/* TRANSLATORS: the result's number, then the sentence
		 * why it cannot be read. */
		snprintf(s, sizeof(s), _("Result %zu of the snapshot: %s"),
			 i + 1, err);
		jsonload_say(l, s);
	}
}

static void experiments(struct jsonload *l, struct snapdoc *d,
			const json_t *a)
{
	char err[256], s[320];
	const json_t *v;
	size_t i;

	d->has_exps = a != NULL;
	d->exps = jsonload_calloc(l, json_array_size(a), sizeof(*d->exps));
	json_array_foreach(a, i, v) {
		if (!d->exps || l->rc)
			return;
		if (expdoc_load(&d->exps[d->nexps++], v, err, sizeof(err))) {
			/* TRANSLATORS: the experiment's number, then
			 * the sentence why it cannot be read. */
			snprintf(s, sizeof(s), _("Experiment %zu of the "
				 "snapshot: %s"), i + 1, err);
			jsonload_say(l, s);
		}
	}
}

static void results(struct jsonload *l, struct snapdoc *d, const json_t *a)
{
	const json_t *v;
	size_t i;

	d->results = jsonload_calloc(l, json_array_size(a),
				     sizeof(*d->results));
	json_array_foreach(a, i, v) {
		if (!d->results || !jsonload_is_obj(l, v, "results[]"))
			return;
		result(l, &d->results[d->nresults++], v, i);
	}
}

int snapdoc_load(struct snapdoc *d, const json_t *doc, char *err,
		 size_t errsize)
{
	struct jsonload l;

	jsonload_init(&l, N_("snapshot"), err, errsize);
	memset(d, 0, sizeof(*d));
	if (!json_is_object(doc))
		jsonload_bad(&l, "", doc, N_("an object"));
	d->time = jsonload_str(&l, doc, "time");
	d->benchtop_version = jsonload_str(&l, doc, "benchtop_version");
	snapsys_load(&l, &d->sys, jsonload_obj(&l, doc, "system"));
	results(&l, d, jsonload_arr(&l, doc, "results"));
	d->journal = jsonload_list(&l, jsonload_arr(&l, doc, "journal"),
				   "journal[].", sizeof(*d->journal),
				   &d->njournal, entry);
	experiments(&l, d, jsonload_arr(&l, doc, "experiments"));
	if (l.rc) {
		snapdoc_fini(d);
		return l.rc;
	}
	d->doc = json_incref((json_t *)doc);
	return 0;
}

void snapdoc_fini(struct snapdoc *d)
{
	size_t i;

	snapsys_fini(&d->sys);
	for (i = 0; i < d->nresults; i++)
		benchresult_fini(&d->results[i].run);
	free(d->results);
	free(d->journal);
	for (i = 0; i < d->nexps; i++)
		expdoc_fini(&d->exps[i]);
	free(d->exps);
	json_decref(d->doc);
	memset(d, 0, sizeof(*d));
}
