/* SPDX-License-Identifier: GPL-2.0-or-later */
/* benchresult: a result document into its struct; each key's type is
 * checked once here, so readers never look a key up again. */
#include "config.h"

#include "bench/benchresult.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/jsonload.h"
#include "bench/resultcond.h"
#include "base/i18n.h"

static const char *const status_words[] = {
	[BENCHRESULT_OK] = "ok", [BENCHRESULT_FAILED] = "failed",
	[BENCHRESULT_CANCELLED] = "cancelled",
	[BENCHRESULT_TIMEOUT] = "timeout",
};

bool benchresult_is_run(const json_t *doc)
{
	return json_is_array(json_object_get(doc, "figures"));
}

static enum benchresult_status status_of(const char *s)
{
	size_t i;

	for (i = 0; s && i < BENCHRESULT_UNKNOWN; i++)
		if (!strcmp(s, status_words[i]))
			return (enum benchresult_status)i;
	return BENCHRESULT_UNKNOWN;
}

static void figures(struct jsonload *l, struct benchresult *r,
		    const json_t *doc)
{
	const json_t *a = jsonload_arr(l, doc, "figures"), *f;
	size_t i;

	r->figs = jsonload_calloc(l, json_array_size(a), sizeof(*r->figs));
	json_array_foreach(a, i, f) {
		struct benchresult_figure *g = &r->figs[r->nfigs];

		if (!r->figs || !jsonload_is_obj(l, f, "figures[]"))
			return;
		l->at = "figures[].";
		g->name = benchresult_or(jsonload_str(l, f, "name"), "");
		g->unit = benchresult_or(jsonload_str(l, f, "unit"), "");
		g->value = jsonload_num(l, f, "value");
		g->main = jsonload_bool(l, f, "main") == 1;
		g->count = json_is_integer(json_object_get(f, "value"));
		r->nfigs++;
	}
	l->at = "";
}

/* iperf's "intervals", when the result has them. */
static void intervals(struct jsonload *l, struct benchresult *r,
		      const json_t *doc)
{
	const json_t *a = jsonload_arr(l, doc, "intervals"), *iv;
	size_t i;

	if (!json_array_size(a))
		return;
	r->ivals = jsonload_calloc(l, json_array_size(a), sizeof(*r->ivals));
	json_array_foreach(a, i, iv) {
		struct benchresult_interval *g = &r->ivals[r->nivals];

		if (!r->ivals || !jsonload_is_obj(l, iv, "intervals[]"))
			return;
		l->at = "intervals[].";
		g->start = jsonload_num(l, iv, "start");
		g->end = jsonload_num(l, iv, "end");
		g->bytes = jsonload_num(l, iv, "bytes");
		g->bps = jsonload_num(l, iv, "bits_per_second");
		r->nivals++;
	}
	l->at = "";
}

static void table_row(struct jsonload *l, struct benchresult_row *row,
		      const json_t *a)
{
	const json_t *v;
	size_t k;

	row->v = jsonload_calloc(l, json_array_size(a), sizeof(*row->v));
	json_array_foreach(a, k, v) {
		if (!row->v)
			return;
		if (!json_is_number(v) && !json_is_null(v)) {
			jsonload_bad(l, "table.rows[][]", v,
				     N_("a number"));
			return;
		}
		row->v[row->n++] = json_is_number(v) ? json_number_value(v)
						     : NAN;
	}
}

static void table(struct jsonload *l, struct benchresult_table *t,
		  const json_t *doc)
{
	const json_t *o = jsonload_obj(l, doc, "table"), *v;
	const json_t *cols, *rows;
	size_t i;

	l->at = "table.";
	cols = jsonload_arr(l, o, "columns");
	rows = jsonload_arr(l, o, "rows");
	l->at = "";
	t->present = o != NULL;
	t->columns = jsonload_calloc(l, json_array_size(cols),
				      sizeof(*t->columns));
	json_array_foreach(cols, i, v) {
		if (!t->columns || (!json_is_null(v) &&
				    !jsonload_is_str(l, v, "table.columns[]")))
			return;
		t->columns[t->ncolumns++] = json_string_value(v);
	}
	t->rows = jsonload_calloc(l, json_array_size(rows), sizeof(*t->rows));
	json_array_foreach(rows, i, v) {
		if (!t->rows || !jsonload_is_arr(l, v, "table.rows[]"))
			return;
		table_row(l, &t->rows[t->nrows++], v);
	}
}

static void settings_details(struct jsonload *l, struct benchresult *r,
			     const json_t *doc)
{
	const json_t *s = jsonload_obj(l, doc, "settings");
	const json_t *d = jsonload_obj(l, doc, "details");

	l->at = "settings.";
	r->settings.io = jsonload_str(l, s, "io");
	r->settings.size_bytes = jsonload_int(l, s, "size_bytes", -1);
	r->settings.file_bytes = jsonload_int(l, s, "file_bytes", -1);
	r->settings.duration_s = jsonload_num(l, s, "duration_s");
	r->settings.reverse = jsonload_bool(l, s, "reverse") == 1;
	r->settings.udp = jsonload_bool(l, s, "udp") == 1;
	l->at = "details.";
	r->details.bytes = jsonload_num(l, d, "bytes");
	r->details.write_s = jsonload_num(l, d, "write_s");
	r->details.read_s = jsonload_num(l, d, "read_s");
	r->details.device = jsonload_str(l, d, "device");
	l->at = "";
}

static int load(struct jsonload *l, struct benchresult *r, json_t *doc)
{
	if (!json_is_object(doc))
		jsonload_bad(l, "", doc, N_("an object"));
	else if (!benchresult_is_run(doc))
		jsonload_say(l, _("The result has no \"figures\" list."));
	r->preset = jsonload_str(l, doc, "preset");
	r->kind = jsonload_str(l, doc, "kind");
	r->target = jsonload_str(l, doc, "target");
	r->status = jsonload_str(l, doc, "status");
	r->error = jsonload_str(l, doc, "error");
	r->st = status_of(r->status);
	r->port = (int)jsonload_int(l, doc, "port", 0);
	figures(l, r, doc);
	intervals(l, r, doc);
	table(l, &r->table, doc);
	settings_details(l, r, doc);
	resultcond_load(l, &r->cond, jsonload_obj(l, doc, "conditions"));
	return l->rc;
}

int benchresult_load(struct benchresult *r, json_t *doc, char *err,
		     size_t errsize)
{
	struct jsonload l;

	jsonload_init(&l, N_("result"), err, errsize);
	memset(r, 0, sizeof(*r));
	if (load(&l, r, doc)) {
		benchresult_fini(r);
		return l.rc;
	}
	r->doc = json_incref(doc);
	return 0;
}

struct benchresult *benchresult_new(json_t *doc, char *err, size_t errsize)
{
	struct benchresult *r = malloc(sizeof(*r));

	if (!r) {
		snprintf(err, errsize, "%s", strerror(ENOMEM));
		return NULL;
	}
	if (benchresult_load(r, doc, err, errsize)) {
		free(r);
		return NULL;
	}
	return r;
}

const char *benchresult_unit(const json_t *doc, const char *name)
{
	const json_t *f, *n, *u;
	size_t i;

	json_array_foreach(json_object_get(doc, "figures"), i, f) {
		n = json_object_get(f, "name");
		u = json_object_get(f, "unit");
		if (json_is_string(n) && !strcmp(json_string_value(n), name) &&
		    json_is_number(json_object_get(f, "value")))
			return json_is_string(u) ? json_string_value(u) : "";
	}
	return NULL;
}

json_t *benchresult_doc(const struct benchresult *r)
{
	return r->doc;
}

const struct benchresult_figure *
benchresult_figure(const struct benchresult *r, const char *name)
{
	size_t i;

	for (i = 0; r && i < r->nfigs; i++)
		if (!strcmp(r->figs[i].name, name))
			return &r->figs[i];
	return NULL;
}

void benchresult_fini(struct benchresult *r)
{
	size_t i;

	free(r->figs);
	free(r->ivals);
	free(r->table.columns);
	for (i = 0; i < r->table.nrows; i++)
		free(r->table.rows[i].v);
	free(r->table.rows);
	resultcond_fini(&r->cond);
	json_decref(r->doc);
	memset(r, 0, sizeof(*r));
}

void benchresult_free(struct benchresult *r)
{
	if (!r)
		return;
	benchresult_fini(r);
	free(r);
}
