/* SPDX-License-Identifier: GPL-2.0-or-later */
/* jsonget: typed lookups with defaults over jansson values. */
#include "config.h"

#include "base/jsonget.h"

#include <stdio.h>
#include <string.h>

const char *jsonget_str(const json_t *o, const char *key, const char *dflt)
{
	const json_t *v = json_object_get(o, key);

	return json_is_string(v) ? json_string_value(v) : dflt;
}

double jsonget_num(const json_t *o, const char *key, double dflt)
{
	const json_t *v = json_object_get(o, key);

	return json_is_number(v) ? json_number_value(v) : dflt;
}

const json_t *jsonget_path(const json_t *o, const char *path)
{
	char key[64];
	const char *dot;

	while (o && (dot = strchr(path, '.')) != NULL) {
		snprintf(key, sizeof(key), "%.*s", (int)(dot - path), path);
		o = json_object_get(o, key);
		path = dot + 1;
	}
	return o ? json_object_get(o, path) : NULL;
}

const json_t *jsonget_at(const json_t *o, const char *key1,
			 const char *key2)
{
	o = json_object_get(o, key1);
	return key2 ? json_object_get(o, key2) : o;
}

/* A real with two decimals and a '.', whatever LC_NUMERIC says. */
static void real_text(double x, char *dst, size_t size)
{
	char *comma;

	snprintf(dst, size, "%.2f", x);
	comma = strchr(dst, ',');
	if (comma)
		*comma = '.';
}

const char *jsonget_text(const json_t *v, char *dst, size_t size,
			 const char *none)
{
	if (json_is_string(v))
		snprintf(dst, size, "%s", json_string_value(v));
	else if (json_is_integer(v))
		snprintf(dst, size, "%" JSON_INTEGER_FORMAT,
			 json_integer_value(v));
	else if (json_is_real(v))
		real_text(json_real_value(v), dst, size);
	else if (json_is_true(v) || json_is_false(v))
		snprintf(dst, size, "%s", json_is_true(v) ? "yes" : "no");
	else
		snprintf(dst, size, "%s", none);
	if (!dst[0])
		snprintf(dst, size, "%s", none);
	return dst;
}
