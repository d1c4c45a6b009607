/* SPDX-License-Identifier: GPL-2.0-or-later */
/* series: recent samples kept as taken, older ones averaged into 10 s and
 * then 60 s buckets (the last tier halves its resolution when full), so a
 * session of any length stays within a few MB. */
#include "config.h"

#include "session/series.h"

#include <errno.h>
#include <stdbool.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/jsondoc.h"
#include "base/i18n.h"

#define VALUE_MAX 1e15		/* larger series values are refused on load */
#define T_MAX_MS ((int64_t)1 << 50)
#define ROWS_LOAD_MAX 1000000

static const struct { int64_t step_ms, keep_ms; size_t max_rows; }
tier_defaults[SERIES_TIERS] = {
	{ 0, 15 * 60 * 1000, 900 },
	{ 10 * 1000, 6 * 3600 * 1000, 2160 },
	{ 60 * 1000, 0, 2880 },
};

void series_init(struct series *s)
{
	size_t i;

	memset(s, 0, sizeof(*s));
	for (i = 0; i < SERIES_TIERS; i++) {
		s->tier[i].step_ms = tier_defaults[i].step_ms;
		s->tier[i].keep_ms = tier_defaults[i].keep_ms;
		s->tier[i].max_rows = tier_defaults[i].max_rows;
	}
	s->interval_s = 1.0;
}

void series_free(struct series *s)
{
	size_t i, j;

	for (i = 0; i < s->nch; i++)
		free(s->names[i]);
	free(s->names);
	free(s->idx);
	for (i = 0; i < SERIES_TIERS; i++) {
		for (j = 0; j < s->tier[i].n; j++)
			free(s->tier[i].rows[j].v);
		free(s->tier[i].rows);
	}
	free(s->open.v);
	series_init(s);
}

int series_begin(struct series *s, double t_s)
{
	double t;

	if (!isfinite(t_s))
		return -EINVAL;
	if (!s->started) {
		s->t0_s = t_s;
		s->started = 1;
	}
	t = (t_s - s->t0_s) * 1000.0;
	if (t < 0 || t > (double)T_MAX_MS ||
	    (s->tier[0].n && llround(t) <
	     s->tier[0].rows[s->tier[0].n - 1].t_ms))
		return -EINVAL;
	free(s->open.v);
	memset(&s->open, 0, sizeof(s->open));
	s->open.t_ms = (int64_t)llround(t);
	s->open.n = 1;
	s->is_open = 1;
	s->hint = 0;
	s->refused = 0;
	return 0;
}

static size_t slot_of(const char *k)
{
	size_t x = 2166136261u;		/* FNV-1a */

	while (*k)
		x = (x ^ (unsigned char)*k++) * 16777619u;
	return x & (SERIES_INDEX_SLOTS - 1);
}

/* A hash look-up: past the cap every refused channel is looked for each
 * tick, and a pass over 2048 names each was most of a 256-CPU tick. */
long series_find(const struct series *s, const char *channel)
{
	size_t j;

	if (!s->idx)
		return -1;
	for (j = slot_of(channel); s->idx[j] >= 0;
	     j = (j + 1) & (SERIES_INDEX_SLOTS - 1))
		if (strcmp(s->names[s->idx[j]], channel) == 0)
			return s->idx[j];
	return -1;
}

static int index_add(struct series *s, size_t i)
{
	size_t j;

	if (!s->idx) {
		s->idx = malloc(SERIES_INDEX_SLOTS * sizeof(*s->idx));
		if (!s->idx)
			return -ENOMEM;
		for (j = 0; j < SERIES_INDEX_SLOTS; j++)
			s->idx[j] = -1;
	}
	for (j = slot_of(s->names[i]); s->idx[j] >= 0;
	     j = (j + 1) & (SERIES_INDEX_SLOTS - 1))
		;
	s->idx[j] = (int32_t)i;
	return 0;
}

static long add_channel(struct series *s, const char *channel)
{
	char **p;

	if (s->nch >= SERIES_CHANNELS_MAX)
		return -ENOSPC;
	if (s->nch == s->chcap) {
		size_t cap = s->chcap ? s->chcap * 2 : 64;

		p = realloc(s->names, cap * sizeof(*p));
		if (!p)
			return -ENOMEM;
		s->names = p;
		s->chcap = cap;
	}
	s->names[s->nch] = strndup(channel, SERIES_NAME_MAX);
	if (!s->names[s->nch])
		return -ENOMEM;
	if (index_add(s, s->nch)) {
		free(s->names[s->nch]);
		return -ENOMEM;
	}
	return (long)s->nch++;
}

/* Grow ROW's values to N, the new ones NaN; 0 or -ENOMEM. */
static int row_grow(struct series_row *row, size_t n)
{
	float *v;
	size_t i;

	if (n <= row->nv)
		return 0;
	v = realloc(row->v, n * sizeof(*v));
	if (!v)
		return -ENOMEM;
	for (i = row->nv; i < n; i++)
		v[i] = NAN;
	row->v = v;
	row->nv = (uint32_t)n;
	return 0;
}

/* The value V of channel I in the open row; the next put tries I + 1. */
static int put_at(struct series *s, size_t i, double v)
{
	s->hint = i + 1;
	if (row_grow(&s->open, i + 1))
		return -ENOMEM;
	s->open.v[i] = isfinite(v) ? (float)v : NAN;
	return 0;
}

int series_put(struct series *s, const char *channel, double v)
{
	long i;

	if (!s->is_open || !channel[0])
		return -EINVAL;
	/* Channels come in the same order every tick: try the next first. */
	if (s->hint < s->nch && strcmp(s->names[s->hint], channel) == 0)
		i = (long)s->hint;
	else if ((i = series_find(s, channel)) < 0 &&
		 (i = add_channel(s, channel)) < 0) {
		if (i == -ENOSPC && ++s->refused > s->refused_max)
			s->refused_max = s->refused;
		return (int)i;
	}
	return put_at(s, (size_t)i, v);
}

/* The part P of *K, then SEP (unless '\0'): *K moves past them; false
 * when *K does not start so. */
static bool skip_part(const char **k, const char *p, char sep)
{
	size_t n = strlen(p);

	if (strncmp(*k, p, n) != 0 || (sep && (*k)[n] != sep))
		return false;
	*k += n + (sep != 0);
	return true;
}

int series_put_next(struct series *s, const char *kind, const char *name,
		    const char *metric, double v)
{
	const char *k;
	size_t i = s->hint;

	if (!s->is_open)
		return -EINVAL;
	if (i >= s->nch)
		return 0;
	k = s->names[i];
	if (!skip_part(&k, kind, ':') || !skip_part(&k, name, ':') ||
	    !skip_part(&k, metric, '\0') || *k)
		return 0;
	return put_at(s, i, v) ? -ENOMEM : 1;
}

int series_put_full(struct series *s, const char *kind, const char *name,
		    const char *metric, double v)
{
	const char *part[5] = { kind, ":", name, ":", metric }, *k;
	size_t x = 2166136261u, n = 0, j;	/* slot_of's FNV-1a */

	if (!s->is_open || s->nch < SERIES_CHANNELS_MAX || !s->idx)
		return 0;
	for (size_t p = 0; p < 5; p++)
		for (const unsigned char *c = (const void *)part[p]; *c;
		     c++, n++) {
			if (*c < 0x20 || *c > 0x7e)
				return 0;	/* cleaned in the key */
			x = (x ^ *c) * 16777619u;
		}
	if (n > SERIES_NAME_MAX)
		return 0;			/* cut in the key */
	for (j = x & (SERIES_INDEX_SLOTS - 1); s->idx[j] >= 0;
	     j = (j + 1) & (SERIES_INDEX_SLOTS - 1)) {
		k = s->names[s->idx[j]];
		if (skip_part(&k, kind, ':') && skip_part(&k, name, ':') &&
		    skip_part(&k, metric, '\0') && !*k)
			return put_at(s, (size_t)s->idx[j], v) ? -ENOMEM : 1;
	}
	if (++s->refused > s->refused_max)
		s->refused_max = s->refused;
	return -ENOSPC;
}

/* Fold SRC (N samples) into DST: a mean weighted by sample counts; a
 * channel missing on one side takes the other side's value. */
static int row_merge(struct series_row *dst, const struct series_row *src)
{
	double wd = dst->n, ws = src->n;
	size_t i;

	if (row_grow(dst, src->nv))
		return -ENOMEM;
	for (i = 0; i < src->nv; i++) {
		if (isnan(src->v[i]))
			continue;
		if (isnan(dst->v[i]))
			dst->v[i] = src->v[i];
		else
			dst->v[i] = (float)((dst->v[i] * wd + src->v[i] * ws) /
					    (wd + ws));
	}
	dst->n = dst->n + src->n < dst->n ? UINT32_MAX : dst->n + src->n;
	return 0;
}

static int tier_append(struct series_tier *t, struct series_row *row)
{
	if (t->n == t->cap) {
		size_t cap = t->cap ? t->cap * 2 : 64;
		struct series_row *r = realloc(t->rows, cap * sizeof(*r));

		if (!r)
			return -ENOMEM;
		t->rows = r;
		t->cap = cap;
	}
	t->rows[t->n++] = *row;
	memset(row, 0, sizeof(*row));
	return 0;
}

/* Move ROW (owned) into tier T's bucket; 0 or -ENOMEM. */
static int tier_absorb(struct series_tier *t, struct series_row *row)
{
	int64_t bucket = row->t_ms - row->t_ms % t->step_ms;
	int rc;

	if (t->n && t->rows[t->n - 1].t_ms == bucket) {
		rc = row_merge(&t->rows[t->n - 1], row);
		free(row->v);
		memset(row, 0, sizeof(*row));
		return rc;
	}
	row->t_ms = bucket;
	rc = tier_append(t, row);
	if (rc)
		free(row->v);
	return rc;
}

/* Double the last tier's step until it holds at most max_rows. */
static int tier_halve(struct series_tier *t)
{
	size_t i, o;

	while (t->n > t->max_rows) {
		t->step_ms *= 2;
		for (i = 0, o = 0; i < t->n; i++) {
			struct series_row *r = &t->rows[i];
			int64_t b = r->t_ms - r->t_ms % t->step_ms;

			if (o && t->rows[o - 1].t_ms == b) {
				if (row_merge(&t->rows[o - 1], r))
					return -ENOMEM;
				free(r->v);
				continue;
			}
			r->t_ms = b;
			t->rows[o++] = *r;
		}
		t->n = o;
	}
	return 0;
}

static void tier_drop_front(struct series_tier *t, size_t k)
{
	if (k == 0)
		return;
	memmove(t->rows, t->rows + k, (t->n - k) * sizeof(*t->rows));
	t->n -= k;
}

/* Age tier I into tier I + 1 against the newest time NOW_MS. */
static int tier_age(struct series *s, size_t i, int64_t now_ms)
{
	struct series_tier *t = &s->tier[i];
	size_t k = 0;
	int rc = 0;

	if (i + 1 == SERIES_TIERS)
		return tier_halve(t);
	while (k < t->n && rc == 0 && (t->n - k > t->max_rows ||
				       now_ms - t->rows[k].t_ms > t->keep_ms))
		rc = tier_absorb(&s->tier[i + 1], &t->rows[k++]);
	tier_drop_front(t, k);
	return rc;
}

int series_end(struct series *s)
{
	int64_t now;
	size_t i;
	int rc;

	if (!s->is_open)
		return -EINVAL;
	s->is_open = 0;
	now = s->open.t_ms;
	rc = tier_append(&s->tier[0], &s->open);
	for (i = 0; rc == 0 && i < SERIES_TIERS; i++)
		rc = tier_age(s, i, now);
	return rc;
}

size_t series_bytes(const struct series *s)
{
	size_t b = sizeof(*s) + s->chcap * sizeof(char *), i, j;

	for (i = 0; i < s->nch; i++)
		b += strlen(s->names[i]) + 1;
	for (i = 0; i < SERIES_TIERS; i++) {
		b += s->tier[i].cap * sizeof(struct series_row);
		for (j = 0; j < s->tier[i].n; j++)
			b += s->tier[i].rows[j].nv * sizeof(float);
	}
	return b;
}

size_t series_nrows(const struct series *s)
{
	size_t i, n = 0;

	for (i = 0; i < SERIES_TIERS; i++)
		n += s->tier[i].n;
	return n;
}

const struct series_row *series_row(const struct series *s, size_t i)
{
	size_t k;

	for (k = SERIES_TIERS; k-- > 0;) {
		if (i < s->tier[k].n)
			return &s->tier[k].rows[i];
		i -= s->tier[k].n;
	}
	return NULL;
}

/* ---- JSON ---------------------------------------------------------------- */

/* V rounded to a tenth: an integer when whole (bytes, kHz), else a real
 * (a share of 12.3 %); null for NaN.  Reading it back as a float and
 * writing it again gives the same text. */
static json_t *value_json(float v)
{
	double w;

	if (isnan(v))
		return json_null();
	w = round((double)v * 10.0) / 10.0;
	if (w == floor(w))
		return json_integer((json_int_t)w);
	return json_real(w);
}

static json_t *row_json(const struct series_row *r)
{
	json_t *a = json_array();
	size_t i;

	if (!a)
		return NULL;
	json_array_append_new(a, json_integer(r->t_ms));
	json_array_append_new(a, json_integer(r->n));
	for (i = 0; i < r->nv; i++)
		json_array_append_new(a, value_json(r->v[i]));
	return a;
}

static json_t *tier_json(const struct series_tier *t)
{
	json_t *rows = json_array();
	size_t i;

	for (i = 0; rows && i < t->n; i++)
		json_array_append_new(rows, row_json(&t->rows[i]));
	return json_pack("{s:I s:I s:I s:o*}", "step_ms", (json_int_t)t->step_ms,
			 "keep_ms", (json_int_t)t->keep_ms,
			 "max_rows", (json_int_t)t->max_rows, "rows", rows);
}

json_t *series_json(const struct series *s)
{
	json_t *ch = json_array(), *tiers = json_array();
	char start[40] = "";
	size_t i;

	for (i = 0; ch && i < s->nch; i++)
		json_array_append_new(ch, json_string(s->names[i]));
	for (i = 0; tiers && i < SERIES_TIERS; i++)
		json_array_append_new(tiers, tier_json(&s->tier[i]));
	if (s->start_ms)
		jsondoc_time_ms(start, sizeof(start), s->start_ms);
	json_t *o = json_pack("{s:f s:o s:o* s:o*}", "interval_s",
			      round(s->interval_s * 1000.0) / 1000.0,
			      "start",
			      start[0] ? json_string(start) : json_null(),
			      "channels", ch, "tiers", tiers);

	/* the cap was hit: how many channels of a row are not recorded */
	if (o && s->refused_max)
		json_object_set_new(o, "channels_refused",
				    json_integer((json_int_t)s->refused_max));
	return o;
}

__attribute__((format(printf, 3, 4)))
static int fail(char *err, size_t size, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(err, size, fmt, ap);
	va_end(ap);
	return -EINVAL;
}

static int channels_from_json(struct series *s, const json_t *a, char *err,
			      size_t size)
{
	size_t i;

	if (!json_is_array(a) || json_array_size(a) > SERIES_CHANNELS_MAX)
		/* TRANSLATORS: series.channels, time_ms, interval_s,
		 * step_ms and the like in these sentences are the keys of
		 * the snapshot file; keep them as they are. */
		return fail(err, size, _("series.channels is not a list of "
			    "at most %d names"), SERIES_CHANNELS_MAX);
	for (i = 0; i < json_array_size(a); i++) {
		const char *n = json_string_value(json_array_get(a, i));
		long rc;

		if (!n || !n[0] || strlen(n) > SERIES_NAME_MAX)
			return fail(err, size, _("series channel %zu is not a "
				    "name of 1 to %d bytes"), i,
				    SERIES_NAME_MAX);
		if (series_find(s, n) >= 0)
			return fail(err, size, _("series channel %zu is listed "
				    "twice"), i);
		if ((rc = add_channel(s, n)) < 0)
			return (int)rc;
	}
	return 0;
}

static int row_from_json(struct series *s, const json_t *a,
			 struct series_row *r, char *err, size_t size)
{
	size_t i, nv = json_array_size(a);
	json_int_t t, n;

	if (!json_is_array(a) || nv < 2 || nv - 2 > s->nch ||
	    !json_is_integer(json_array_get(a, 0)) ||
	    !json_is_integer(json_array_get(a, 1)))
		return fail(err, size, _("a series row is not [time_ms, "
			    "samples, values...] with at most one value per "
			    "channel"));
	t = json_integer_value(json_array_get(a, 0));
	n = json_integer_value(json_array_get(a, 1));
	if (t < 0 || t > T_MAX_MS || n < 1 || n > UINT32_MAX)
		return fail(err, size, _("a series row has a time or sample "
			    "count out of range"));
	memset(r, 0, sizeof(*r));
	r->t_ms = t;
	r->n = (uint32_t)n;
	if (row_grow(r, nv - 2))
		return -ENOMEM;
	for (i = 2; i < nv; i++) {
		const json_t *v = json_array_get(a, i);

		if (json_is_null(v))
			continue;
		if (!json_is_number(v) || fabs(json_number_value(v)) > VALUE_MAX) {
			free(r->v);
			return fail(err, size, _("a series value is not a "
				    "number within +-1e15"));
		}
		r->v[i - 2] = (float)json_number_value(v);
	}
	return 0;
}

static int tier_params(struct series_tier *t, const json_t *o, size_t k,
		       char *err, size_t size)
{
	json_int_t step, keep, max;

	if (json_unpack((json_t *)o, "{s:I s:I s:I}", "step_ms", &step,
			"keep_ms", &keep, "max_rows", &max) ||
	    step < 0 || step > T_MAX_MS || keep < 0 || keep > T_MAX_MS ||
	    max < 1 || max > ROWS_LOAD_MAX || (k > 0 && step == 0))
		return fail(err, size, _("series tier %zu lacks a valid "
			    "step_ms, keep_ms or max_rows"), k);
	t->step_ms = step;
	t->keep_ms = keep;
	t->max_rows = (size_t)max;
	return 0;
}

static int tier_from_json(struct series *s, size_t k, const json_t *o,
			  char *err, size_t size)
{
	struct series_tier *t = &s->tier[k];
	const json_t *rows = json_object_get(o, "rows");
	struct series_row r;
	size_t i;
	int rc = tier_params(t, o, k, err, size);

	if (rc)
		return rc;
	if (!json_is_array(rows) || json_array_size(rows) > ROWS_LOAD_MAX)
		return fail(err, size, _("series tier %zu has no list of rows"),
			    k);
	for (i = 0; i < json_array_size(rows); i++) {
		rc = row_from_json(s, json_array_get(rows, i), &r, err, size);
		if (rc)
			return rc;
		if (t->n && r.t_ms < t->rows[t->n - 1].t_ms)
			/* TRANSLATORS: the tier's number, the row's. */
			rc = fail(err, size, _("series tier %zu goes back in "
				  "time at row %zu"), k, i);
		if (rc == 0)
			rc = tier_append(t, &r);
		if (rc) {
			free(r.v);
			return rc;
		}
	}
	return 0;
}

int series_from_json(struct series *s, const json_t *o, char *err,
		     size_t size)
{
	const json_t *tiers = json_object_get(o, "tiers");
	const json_t *iv = json_object_get(o, "interval_s");
	size_t k;
	int rc;

	if (!json_is_object(o) || !json_is_number(iv) ||
	    !(json_number_value(iv) > 0 && json_number_value(iv) <= 3600))
		return fail(err, size, _("series has no interval_s from 0 to "
			    "3600"));
	s->interval_s = json_number_value(iv);
	if (json_is_string(json_object_get(o, "start")) &&
	    jsondoc_parse_time(json_string_value(json_object_get(o, "start")),
			       &s->start_ms))
		return fail(err, size, _("series has a start that is not an "
			    "RFC 3339 time"));
	rc = channels_from_json(s, json_object_get(o, "channels"), err, size);
	if (rc)
		return rc;
	if (!json_is_array(tiers) || json_array_size(tiers) != SERIES_TIERS)
		return fail(err, size, _("series does not have %d tiers"),
			    SERIES_TIERS);
	for (k = 0; k < SERIES_TIERS; k++)
		if ((rc = tier_from_json(s, k, json_array_get(tiers, k), err,
					 size)) != 0)
			return rc;
	s->started = series_nrows(s) > 0;
	return 0;
}
