/* SPDX-License-Identifier: GPL-2.0-or-later */
/* jsonload: checked lookups for document loaders, one sentence for the
 * first key of a wrong type. */
#include "config.h"

#include "base/jsonload.h"
#include "base/jsonget.h"
#include "base/i18n.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void jsonload_init(struct jsonload *l, const char *doc, char *err,
		   size_t errsize)
{
	memset(l, 0, sizeof(*l));
	l->doc = doc;
	l->err = err;
	l->errsize = errsize;
	l->at = "";
	if (err && errsize)
		err[0] = '\0';
}

static const char *type_of(const json_t *v)
{
	switch (json_typeof(v)) {
	case JSON_OBJECT:	return _("an object");
	case JSON_ARRAY:	return _("a list");
	case JSON_STRING:	return _("a string");
	case JSON_INTEGER:
	case JSON_REAL:		return _("a number");
	case JSON_TRUE:
	case JSON_FALSE:	return _("true or false");
	default:		return _("null");
	}
}

void jsonload_say(struct jsonload *l, const char *sentence)
{
	if (l->rc)
		return;
	l->rc = -EINVAL;
	if (l->err && l->errsize)
		snprintf(l->err, l->errsize, "%s", sentence);
}

bool jsonload_bad(struct jsonload *l, const char *key, const json_t *v,
		  const char *want)
{
	const char *doc = _(l->doc);
	char s[320];

	want = _(want);
	if (!v)
		/* TRANSLATORS: "The result is not an object." */
		snprintf(s, sizeof(s), _("The %s is not %s."), doc, want);
	else if (!key[0] && !l->at[0])
		/* TRANSLATORS: "The result is a list, not an object." */
		snprintf(s, sizeof(s), _("The %s is %s, not %s."), doc,
			 type_of(v), want);
	else
		/* TRANSLATORS: the document ("result", "snapshot"), the
		 * JSON key (not translated), what it is, what it should
		 * be: 'The result's "figures[].value" is a string, not a
		 * number.' */
		snprintf(s, sizeof(s), _("The %s's \"%s%s\" is %s, not %s."),
			 doc, l->at, key, type_of(v), want);
	jsonload_say(l, s);
	return false;
}

/* O's KEY when it is there and not null. */
static const json_t *get(const json_t *o, const char *key)
{
	const json_t *v = json_is_object(o) ? json_object_get(o, key) : NULL;

	return json_is_null(v) ? NULL : v;
}

const char *jsonload_str(struct jsonload *l, const json_t *o,
			 const char *key)
{
	const json_t *v = get(o, key);

	if (v && !json_is_string(v))
		jsonload_bad(l, key, v, N_("a string"));
	return json_is_string(v) ? json_string_value(v) : NULL;
}

double jsonload_num(struct jsonload *l, const json_t *o, const char *key)
{
	const json_t *v = get(o, key);

	if (v && !json_is_number(v))
		jsonload_bad(l, key, v, N_("a number"));
	return json_is_number(v) ? json_number_value(v) : NAN;
}

long long jsonload_int(struct jsonload *l, const json_t *o, const char *key,
		       long long dflt)
{
	const json_t *v = get(o, key);

	if (v && !json_is_integer(v))
		jsonload_bad(l, key, v, N_("a whole number"));
	return json_is_integer(v) ? (long long)json_integer_value(v) : dflt;
}

int jsonload_bool(struct jsonload *l, const json_t *o, const char *key)
{
	const json_t *v = get(o, key);

	if (v && !json_is_boolean(v))
		jsonload_bad(l, key, v, N_("true or false"));
	return json_is_boolean(v) ? json_is_true(v) : -1;
}

void jsonload_text(struct jsonload *l, const json_t *o, const char *key,
		   const char **str, char *dst, size_t size)
{
	const json_t *v = get(o, key);

	*str = NULL;
	dst[0] = '\0';
	if (json_is_string(v))
		*str = json_string_value(v);
	else if (json_is_object(v) || json_is_array(v))
		jsonload_bad(l, key, v, N_("a number or a word"));
	else if (v)
		jsonget_text(v, dst, size, "");
}

const json_t *jsonload_obj(struct jsonload *l, const json_t *o,
			   const char *key)
{
	const json_t *v = get(o, key);

	if (v && !json_is_object(v))
		jsonload_bad(l, key, v, N_("an object"));
	return json_is_object(v) ? v : NULL;
}

const json_t *jsonload_arr(struct jsonload *l, const json_t *o,
			   const char *key)
{
	const json_t *v = get(o, key);

	if (v && !json_is_array(v))
		jsonload_bad(l, key, v, N_("a list"));
	return json_is_array(v) ? v : NULL;
}

bool jsonload_is_obj(struct jsonload *l, const json_t *v, const char *what)
{
	return json_is_object(v) ||
	       jsonload_bad(l, what, v, N_("an object"));
}

bool jsonload_is_arr(struct jsonload *l, const json_t *v, const char *what)
{
	return json_is_array(v) || jsonload_bad(l, what, v,
						N_("a list"));
}

bool jsonload_is_str(struct jsonload *l, const json_t *v, const char *what)
{
	return json_is_string(v) ||
	       jsonload_bad(l, what, v, N_("a string"));
}

void *jsonload_list(struct jsonload *l, const json_t *a, const char *at,
		    size_t elsize, size_t *n, jsonload_elem_fn fn)
{
	const char *up = l->at;
	const json_t *v;
	char *out, what[96];
	size_t i;

	*n = 0;
	snprintf(what, sizeof(what), "%.*s", (int)strlen(at) - 1, at);
	out = jsonload_calloc(l, json_array_size(a), elsize);
	json_array_foreach(a, i, v) {
		l->at = "";
		if (!out || !jsonload_is_obj(l, v, what))
			break;
		l->at = at;
		fn(l, out + *n * elsize, v);
		++*n;
		l->at = up;
	}
	l->at = up;
	return out;
}

void *jsonload_calloc(struct jsonload *l, size_t n, size_t size)
{
	void *p;

	if (!n)
		return NULL;
	p = calloc(n, size);
	if (!p && !l->rc) {
		l->rc = -ENOMEM;
		if (l->err && l->errsize)
			snprintf(l->err, l->errsize, "%s", strerror(ENOMEM));
	}
	return p;
}
