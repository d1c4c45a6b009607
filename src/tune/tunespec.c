/* SPDX-License-Identifier: GPL-2.0-or-later */
/* tunespec: the pure parser of an experiment's --vary argument. */
#include "config.h"

#include "tune/tunespec.h"

#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "tune/tune.h"

static const char *const kind_names[TUNESPEC_NKINDS] = {
	[TUNESPEC_IRQ] = "irq",
	[TUNESPEC_GOVERNOR] = "governor",
	[TUNESPEC_MAXFREQ] = "maxfreq",
	[TUNESPEC_MINFREQ] = "minfreq",
	[TUNESPEC_SCHEDULER] = "scheduler",
	[TUNESPEC_HOOK] = "hook",
};

const char *tunespec_kind_name(enum tunespec_kind k)
{
	return (unsigned)k < TUNESPEC_NKINDS ? kind_names[k] : "?";
}

static bool word_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9') || c == '-' || c == '_' || c == '.' ||
	       c == ':';
}

static bool all_word(const char *s, size_t n, const char *extra)
{
	size_t i;

	if (n == 0)
		return false;
	for (i = 0; i < n; i++)
		if (!word_char(s[i]) && !strchr(extra, s[i]))
			return false;
	return true;
}

static int fail(char *err, size_t size, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static int fail(char *err, size_t size, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(err, size, fmt, ap);
	va_end(ap);
	return -EINVAL;
}

static int kind_of(const char *s, size_t n, enum tunespec_kind *k)
{
	unsigned i;

	for (i = 0; i < TUNESPEC_NKINDS; i++)
		if (strlen(kind_names[i]) == n &&
		    !strncmp(s, kind_names[i], n)) {
			*k = (enum tunespec_kind)i;
			return 0;
		}
	return -EINVAL;
}

/* Value V (N bytes) of OUT's kind into its next slot. */
static int add_value(struct tunespec *out, const char *v, size_t n,
		     char *err, size_t size)
{
	char *dst = out->values[out->nvalues], w[TUNESPEC_VALUE_MAX];
	uint64_t khz;
	size_t i;

	if (out->nvalues == TUNESPEC_VALUES_MAX)
		return fail(err, size, "%s", "more than 8 values");
	if (n == 0 || n >= TUNESPEC_VALUE_MAX ||
	    !all_word(v, n, out->kind == TUNESPEC_IRQ ? "+" : ""))
		return fail(err, size, "'%.*s' is not a value benchtop can set",
			    (int)(n < 40 ? n : 40), v);
	snprintf(w, sizeof(w), "%.*s", (int)n, v);
	if (out->kind == TUNESPEC_MAXFREQ || out->kind == TUNESPEC_MINFREQ) {
		if (tune_parse_khz(w, &khz))
			return fail(err, size, "'%.*s' is not a frequency "
				    "(1400MHz, 2GHz, 1400000)", (int)n, v);
		snprintf(w, sizeof(w), "%" PRIu64, khz);
	}
	for (i = 0; w[i]; i++)
		if (w[i] == '+')
			w[i] = ',';
	for (i = 0; i < out->nvalues; i++)
		if (strcmp(out->values[i], w) == 0)
			return fail(err, size, "'%.*s' is given twice",
				    (int)n, v);
	snprintf(dst, TUNESPEC_VALUE_MAX, "%s", w);
	out->nvalues++;
	return 0;
}

static int parse_values(struct tunespec *out, const char *v, size_t n,
			char *err, size_t size)
{
	size_t start = 0, i;
	int rc;

	for (i = 0; i <= n; i++)
		if (i == n || v[i] == ',') {
			rc = add_value(out, v + start, i - start, err, size);
			if (rc)
				return rc;
			start = i + 1;
		}
	if (out->nvalues < 2)
		return fail(err, size, "'%.*s' needs at least two values to "
			    "compare, separated by commas", (int)n, v);
	return 0;
}

int tunespec_parse(const char *buf, size_t len, struct tunespec *out,
		   char *err, size_t errsize)
{
	const char *colon = memchr(buf, ':', len), *eq = memchr(buf, '=', len);
	size_t tn;

	memset(out, 0, sizeof(*out));
	if (!colon || !eq || eq < colon)
		return fail(err, errsize, "'%.*s' should be KIND:TARGET="
			    "VALUE,VALUE such as irq:150=0-3,4-7",
			    (int)(len < 60 ? len : 60), buf);
	if (kind_of(buf, (size_t)(colon - buf), &out->kind))
		return fail(err, errsize, "'%.*s' is not a tunable (irq, "
			    "governor, maxfreq, minfreq, scheduler)",
			    colon - buf < 20 ? (int)(colon - buf) : 20, buf);
	tn = (size_t)(eq - colon - 1);
	if (!all_word(colon + 1, tn, "") || tn >= TUNESPEC_TARGET_MAX ||
	    colon[1] == '.')
		return fail(err, errsize, "'%.*s' is not a target (an IRQ, a "
			    "device, policyN)", (int)(tn < 32 ? tn : 32),
			    colon + 1);
	snprintf(out->target, sizeof(out->target), "%.*s", (int)tn, colon + 1);
	if (out->kind != TUNESPEC_IRQ && out->kind != TUNESPEC_SCHEDULER &&
	    out->kind != TUNESPEC_HOOK && tune_target_policy(out->target) < 0)
		return fail(err, errsize, "'%.*s' is not a cpufreq policy "
			    "(policy0, policy4)", (int)tn, colon + 1);
	return parse_values(out, eq + 1, len - (size_t)(eq + 1 - buf), err,
			    errsize);
}

const char *tunespec_label(const struct tunespec *s, size_t i, char *dst,
			   size_t size)
{
	snprintf(dst, size, "%s:%s=%s", tunespec_kind_name(s->kind),
		 s->target, i < s->nvalues ? s->values[i] : "?");
	return dst;
}
