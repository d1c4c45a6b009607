/* SPDX-License-Identifier: GPL-2.0-or-later */
/* expo: the Prometheus text format 0.0.4 and OpenMetrics 1.0 writer; label
 * values from the kernel or from devices are escaped and made valid UTF-8. */
#include "config.h"

#include "metrics/expo.h"

#include "base/strclean.h"

#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

static void put(struct expo *e, const char *s, size_t n)
{
	struct buf *b = e->out;

	if (e->err)
		return;
	if (buf_reserve(b, b->len + n) != 0) {
		e->err = -ENOMEM;
		return;
	}
	memcpy(b->data + b->len, s, n);
	b->len += n;
	b->data[b->len] = '\0';
}

static void puts_(struct expo *e, const char *s)
{
	put(e, s, strlen(s));
}

void expo_init(struct expo *e, struct buf *out, bool om)
{
	memset(e, 0, sizeof(*e));
	e->out = out;
	e->om = om;
	out->len = 0;
	if (buf_reserve(out, 4096) != 0)
		e->err = -ENOMEM;
	else
		out->data[0] = '\0';
}

int expo_escape(struct buf *out, const char *src, size_t len)
{
	struct expo e = { .out = out };
	const unsigned char *s = (const unsigned char *)src;
	size_t i = 0, n;

	while (i < len && s[i]) {
		bool format = false;

		/* invalid UTF-8, controls and bidi/format characters: '?' */
		n = strclean_utf8_len(s + i, len - i, &format);
		if (format) {
			put(&e, "?", 1);
			i += n;
			continue;
		}
		if (n == 1 && s[i] == '\\')
			put(&e, "\\\\", 2);
		else if (n == 1 && s[i] == '"')
			put(&e, "\\\"", 2);
		else if (n == 1 && s[i] == '\n')
			put(&e, "\\n", 2);
		else if (n == 0 || (n == 1 && (s[i] < 0x20 || s[i] == 0x7f)))
			put(&e, "?", 1);
		else
			put(&e, src + i, n);
		i += n ? n : 1;
	}
	return e.err;
}

/* The family name of a sample name: OpenMetrics drops _total and _info. */
static size_t family_len(const char *name, enum expo_type t, bool om)
{
	size_t n = strlen(name);
	const char *suf = t == EXPO_COUNTER ? "_total" :
			  t == EXPO_INFO ? "_info" : NULL;

	if (om && suf && n > strlen(suf) &&
	    strcmp(name + n - strlen(suf), suf) == 0)
		n -= strlen(suf);
	return n;
}

static void help_text(struct expo *e, const char *help)
{
	for (; *help; help++) {
		if (*help == '\\')
			puts_(e, "\\\\");
		else if (*help == '\n')
			puts_(e, "\\n");
		else if (*help == '"' && e->om)
			puts_(e, "\\\"");
		else
			put(e, help, 1);
	}
}

void expo_family(struct expo *e, const char *name, enum expo_type t,
		 const char *unit, const char *help)
{
	e->pend_name = name;
	e->pend_type = t;
	e->pend_unit = unit;
	e->pend_help = help;
}

/* Write the pending family's HELP, TYPE (and UNIT) lines. */
static void header(struct expo *e)
{
	const char *name = e->pend_name, *unit = e->pend_unit;
	enum expo_type t = e->pend_type;
	static const char *const types[2][3] = {
		{ "gauge", "counter", "gauge" },
		{ "gauge", "counter", "info" },
	};
	size_t n = family_len(name, t, e->om);

	puts_(e, "# HELP ");
	put(e, name, n);
	put(e, " ", 1);
	help_text(e, e->pend_help);
	puts_(e, "\n# TYPE ");
	put(e, name, n);
	put(e, " ", 1);
	puts_(e, types[e->om][t]);
	put(e, "\n", 1);
	if (e->om && unit) {
		puts_(e, "# UNIT ");
		put(e, name, n);
		put(e, " ", 1);
		puts_(e, unit);
		put(e, "\n", 1);
	}
	e->nfamilies++;
	e->pend_name = NULL;
}

static void labels(struct expo *e, const char *name,
		   const struct expo_label *l, size_t n)
{
	size_t i;

	if (e->pend_name)
		header(e);
	puts_(e, name);
	if (n == 0)
		return;
	put(e, "{", 1);
	for (i = 0; i < n; i++) {
		if (i)
			put(e, ",", 1);
		puts_(e, l[i].name);
		put(e, "=\"", 2);
		if (!e->err && l[i].value &&
		    expo_escape(e->out, l[i].value, strlen(l[i].value)))
			e->err = -ENOMEM;
		put(e, "\"", 1);
	}
	put(e, "}", 1);
}

void expo_u64(struct expo *e, const char *name, const struct expo_label *l,
	      size_t n, uint64_t v)
{
	char num[32];

	labels(e, name, l, n);
	snprintf(num, sizeof(num), " %" PRIu64 "\n", v);
	puts_(e, num);
	e->nseries++;
}

void expo_double(struct expo *e, const char *name, const struct expo_label *l,
		 size_t n, double v)
{
	char num[40];

	labels(e, name, l, n);
	if (isnan(v))
		snprintf(num, sizeof(num), " NaN\n");
	else if (isinf(v))
		snprintf(num, sizeof(num), " %s\n", v > 0 ? "+Inf" : "-Inf");
	else
		snprintf(num, sizeof(num), " %.15g\n", v);
	puts_(e, num);
	e->nseries++;
}

int expo_finish(struct expo *e)
{
	if (e->om)
		puts_(e, "# EOF\n");
	return e->err;
}

const char *expo_content_type(bool om)
{
	return om ? "application/openmetrics-text; version=1.0.0; "
		    "charset=utf-8" :
		    "text/plain; version=0.0.4; charset=utf-8";
}
