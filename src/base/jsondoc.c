/* SPDX-License-Identifier: GPL-2.0-or-later */
/* jsondoc: the document header and RFC 3339 UTC times, written and read. */
#include "config.h"

#include "base/jsondoc.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

void jsondoc_time(char *out, size_t size, time_t t)
{
	struct tm tm;

	if (size == 0)
		return;
	out[0] = '\0';
	if (gmtime_r(&t, &tm))
		strftime(out, size, "%Y-%m-%dT%H:%M:%SZ", &tm);
}

void jsondoc_time_ms(char *out, size_t size, int64_t epoch_ms)
{
	int64_t s = epoch_ms / 1000, ms = epoch_ms % 1000;
	char whole[32];
	struct tm tm;
	time_t t;

	if (ms < 0) {
		ms += 1000;
		s--;
	}
	t = (time_t)s;
	if (size == 0)
		return;
	out[0] = '\0';
	if (gmtime_r(&t, &tm) &&
	    strftime(whole, sizeof(whole), "%Y-%m-%dT%H:%M:%S", &tm))
		snprintf(out, size, "%s.%03dZ", whole, (int)ms);
}

int64_t jsondoc_now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_REALTIME, &ts);
	return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* Days from 1970-01-01 to Y-M-D in the proleptic Gregorian calendar. */
static int64_t days_from_civil(int64_t y, int m, int d)
{
	int64_t era, yoe, doy, doe;

	y -= m <= 2;
	era = (y >= 0 ? y : y - 399) / 400;
	yoe = y - era * 400;
	doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
	doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
	return era * 146097 + doe - 719468;
}

/* The zone after the seconds: "Z", "+hh:mm" or "+hhmm"; minutes east. */
static int zone_of(const char *p, int *east)
{
	int h, m, n = 0;

	if ((p[0] == 'Z' || p[0] == 'z') && p[1] == '\0') {
		*east = 0;
		return 0;
	}
	if ((p[0] != '+' && p[0] != '-') ||
	    (sscanf(p + 1, "%2d:%2d%n", &h, &m, &n) != 2 &&
	     sscanf(p + 1, "%2d%2d%n", &h, &m, &n) != 2) ||
	    p[1 + n] != '\0' || h > 23 || m > 59)
		return -EINVAL;
	*east = (p[0] == '-' ? -1 : 1) * (h * 60 + m);
	return 0;
}

int jsondoc_parse_time(const char *s, int64_t *epoch_ms)
{
	int y, mo, d, h, mi, sec, n = 0, east, ms = 0, digits = 0;
	const char *p;

	if (!s || sscanf(s, "%4d-%2d-%2dT%2d:%2d:%2d%n", &y, &mo, &d, &h, &mi,
			 &sec, &n) != 6 || n != 19 || mo < 1 || mo > 12 ||
	    d < 1 || d > 31 || h > 23 || mi > 59 || sec > 60)
		return -EINVAL;
	p = s + n;
	if (*p == '.') {
		for (p++; *p >= '0' && *p <= '9'; p++, digits++)
			if (digits < 3)
				ms = ms * 10 + (*p - '0');
		if (!digits)
			return -EINVAL;
		for (; digits < 3; digits++)
			ms *= 10;
	}
	if (zone_of(p, &east))
		return -EINVAL;
	*epoch_ms = ((days_from_civil(y, mo, d) * 86400 + h * 3600 + mi * 60 +
		      sec) - (int64_t)east * 60) * 1000 + ms;
	return 0;
}

json_t *jsondoc_wrap(const char *kind, time_t t, json_t *doc)
{
	char fmt[64], when[32];
	json_t *o;

	if (!doc)
		return NULL;
	snprintf(fmt, sizeof(fmt), "benchtop.%s", kind);
	jsondoc_time(when, sizeof(when), t);
	o = json_pack("{s:s s:i s:s}", "format", fmt, "version",
		      JSONDOC_VERSION, "time", when);
	if (o && json_object_update(o, doc)) {
		json_decref(o);
		o = NULL;
	}
	json_decref(doc);
	return o;
}

json_t *jsondoc_str(const char *s)
{
	return s ? json_string(s) : json_null();
}
