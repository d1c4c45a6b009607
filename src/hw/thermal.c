/* SPDX-License-Identifier: GPL-2.0-or-later */
/* thermal: reads /sys/class/thermal/thermal_zoneN and cooling_deviceN;
 * a zone or device that cannot be read gets a sentence, the others show. */
#include "config.h"

#include "hw/thermal.h"

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/buf.h"
#include "base/errlist.h"
#include "base/strclean.h"

#define THERMAL_DIR "/sys/class/thermal"
#define MAX_TRIPS 256		/* far above any driver's count */

static size_t trim_len(const char *s, size_t len)
{
	while (len > 0 && (s[len - 1] == '\n' || s[len - 1] == ' ' ||
			   s[len - 1] == '\t' || s[len - 1] == '\r'))
		len--;
	return len;
}

int thermal_parse_millic(const char *buf, size_t len, int64_t *out)
{
	bool neg = false;
	uint64_t v = 0, lim;
	size_t i = 0;

	len = trim_len(buf, len);
	if (len > 0 && buf[0] == '-') {
		neg = true;
		i = 1;
	}
	if (i == len)
		return -EINVAL;
	lim = neg ? (uint64_t)INT64_MAX + 1 : (uint64_t)INT64_MAX;
	for (; i < len; i++) {
		unsigned d = (unsigned)(buf[i] - '0');

		if (buf[i] < '0' || buf[i] > '9')
			return -EINVAL;
		if (v > (lim - d) / 10)
			return -ERANGE;
		v = v * 10 + d;
	}
	*out = neg ? (int64_t)(0 - v) : (int64_t)v;
	return 0;
}

int thermal_parse_trip(const char *temp, size_t tlen, const char *type,
		       size_t ylen, struct thermal_trip *out)
{
	size_t i;

	ylen = trim_len(type, ylen);
	if (ylen == 0 || ylen >= sizeof(out->type))
		return -EINVAL;
	for (i = 0; i < ylen; i++)
		if ((type[i] < 'a' || type[i] > 'z') && type[i] != '_')
			return -EINVAL;
	if (thermal_parse_millic(temp, tlen, &out->temp_mc) != 0)
		return -EINVAL;
	memcpy(out->type, type, ylen);
	out->type[ylen] = '\0';
	return 0;
}

/* A number of CPUSET-like size at the end of S after PREFIX. */
static bool tail_number(const char *s, const char *prefix, unsigned *n)
{
	size_t pl = strlen(prefix), i;
	unsigned long v = 0;

	if (strncmp(s, prefix, pl) != 0 || s[pl] == '\0')
		return false;
	for (i = pl; s[i]; i++) {
		if (s[i] < '0' || s[i] > '9' || v > 1000000)
			return false;
		v = v * 10 + (unsigned long)(s[i] - '0');
	}
	*n = (unsigned)v;
	return true;
}

enum thermal_target thermal_cooling_target(const char *type, unsigned *n)
{
	*n = 0;
	if (!type)
		return THERMAL_TARGET_NONE;
	if (tail_number(type, "cpufreq-cpu", n))
		return THERMAL_TARGET_CPU;
	if (tail_number(type, "thermal-cpufreq-", n))
		return THERMAL_TARGET_NTH;
	if (strcmp(type, "Processor") == 0)
		return THERMAL_TARGET_ALL;
	return THERMAL_TARGET_NONE;
}

/* Read DIR/NAME into B; 0 or -errno (-ENODATA for an empty file). */
static int read_attr(struct buf *b, const char *dir, const char *name)
{
	char path[PATH_MAX];
	int rc;

	snprintf(path, sizeof(path), THERMAL_DIR "/%s/%s", dir, name);
	rc = buf_read_file(b, path);
	if (rc == 0 && trim_len(b->data, b->len) == 0)
		rc = -ENODATA;
	return rc;
}

/* A cleaned copy of DIR/type, or a sentence in *ERR and "". */
static char *read_type(struct buf *b, const char *dir, char **err)
{
	int rc = read_attr(b, dir, "type");

	if (rc == 0)
		return strclean_dup(b->data, trim_len(b->data, b->len));
	if (errlist_add(err, "type %s",
			rc == -ENODATA ? "is empty" : strerror(-rc)) != 0)
		return NULL;
	return strdup("");
}

/* A number from DIR/NAME, or a sentence in *ERR; true when read. */
static bool read_num(struct buf *b, const char *dir, const char *name,
		     int64_t *v, char **err)
{
	char shown[40];
	int rc = read_attr(b, dir, name);

	if (rc == 0 && thermal_parse_millic(b->data, b->len, v) == 0)
		return true;
	if (rc == 0) {
		strclean_copy(shown, sizeof(shown), b->data,
			      trim_len(b->data, b->len));
		errlist_add(err, "%s is not a number (\"%s\")", name, shown);
	} else {
		errlist_add(err, "%s %s", name,
			    rc == -ENODATA ? "is empty" : strerror(-rc));
	}
	return false;
}

static int read_trips(struct thermal_zone *z, struct buf *b, const char *dir)
{
	struct buf ty = { 0 };
	char name[48];
	unsigned k;
	int rc = 0;

	for (k = 0; k < MAX_TRIPS && rc == 0; k++) {
		struct thermal_trip tr, *v;

		int trc;

		snprintf(name, sizeof(name), "trip_point_%u_temp", k);
		trc = read_attr(b, dir, name);
		if (trc == -ENOENT)
			break;
		snprintf(name, sizeof(name), "trip_point_%u_type", k);
		if (trc != 0 || read_attr(&ty, dir, name) != 0 ||
		    thermal_parse_trip(b->data, b->len, ty.data, ty.len,
				       &tr) != 0) {
			rc = errlist_add(&z->error,
					 "trip point %u is "
					 "unreadable or malformed",
					 k);
			continue;
		}
		v = realloc(z->trips, (z->ntrips + 1) * sizeof(*v));
		if (!v)
			rc = -ENOMEM;
		else
			(z->trips = v)[z->ntrips++] = tr;
	}
	buf_free(&ty);
	return rc;
}

static int load_zone(struct thermal_zone *z, struct buf *b)
{
	char dir[32];

	snprintf(dir, sizeof(dir), "thermal_zone%u", z->id);
	z->type = read_type(b, dir, &z->error);
	if (!z->type)
		return -ENOMEM;
	z->has_temp = read_num(b, dir, "temp", &z->temp_mc, &z->error);
	return read_trips(z, b, dir);
}

static int load_cooling(struct thermal_cooling *c, struct buf *b)
{
	char dir[32];
	int64_t cur, max;

	snprintf(dir, sizeof(dir), "cooling_device%u", c->id);
	c->type = read_type(b, dir, &c->error);
	if (!c->type)
		return -ENOMEM;
	/* each file on its own: a cur_state that is -1 or missing does not
	 * make the readable max_state unknown */
	if (read_num(b, dir, "max_state", &max, &c->error)) {
		if (max < 0 && errlist_add(&c->error,
					   "max_state is negative "
					   "(%lld)",
					   (long long)max))
			return -ENOMEM;
		c->has_max = max >= 0;
		c->max_state = max >= 0 ? (uint64_t)max : 0;
	}
	if (read_num(b, dir, "cur_state", &cur, &c->error)) {
		if (cur < -1 && errlist_add(&c->error,
					    "cur_state is negative "
					    "(%lld)",
					    (long long)cur))
			return -ENOMEM;
		c->inactive = cur == -1;
		c->has_state = cur >= 0;
		c->cur_state = cur >= 0 ? (uint64_t)cur : 0;
	}
	return 0;
}

static int cmp_uint(const void *a, const void *b)
{
	unsigned x = *(const unsigned *)a, y = *(const unsigned *)b;

	return x < y ? -1 : x > y;
}

/* The N of every "thermal_zoneN" or "cooling_deviceN" entry, sorted. */
static int list_ids(const char *prefix, unsigned **ids, size_t *n)
{
	DIR *d = opendir(THERMAL_DIR);
	struct dirent *e;
	unsigned id, *v;

	*ids = NULL;
	*n = 0;
	if (!d)
		return errno == ENOENT ? 0 : -errno;
	while ((e = readdir(d))) {
		if (!tail_number(e->d_name, prefix, &id))
			continue;
		v = realloc(*ids, (*n + 1) * sizeof(*v));
		if (!v) {
			closedir(d);
			return -ENOMEM;
		}
		(*ids = v)[(*n)++] = id;
	}
	closedir(d);
	if (*n > 1)
		qsort(*ids, *n, sizeof(**ids), cmp_uint);
	return 0;
}

static int load_zones(struct thermal *t, struct buf *b)
{
	unsigned *ids;
	size_t n, i;
	int rc = list_ids("thermal_zone", &ids, &n);

	if (rc == 0 && n && !(t->zones = calloc(n, sizeof(*t->zones))))
		rc = -ENOMEM;
	for (i = 0; rc == 0 && i < n; i++) {
		t->zones[i].id = ids[i];
		t->nzones++;
		rc = load_zone(&t->zones[i], b);
	}
	free(ids);
	return rc;
}

static int load_coolings(struct thermal *t, struct buf *b)
{
	unsigned *ids;
	size_t n, i;
	int rc = list_ids("cooling_device", &ids, &n);

	if (rc == 0 && n && !(t->cooling = calloc(n, sizeof(*t->cooling))))
		rc = -ENOMEM;
	for (i = 0; rc == 0 && i < n; i++) {
		t->cooling[i].id = ids[i];
		t->ncooling++;
		rc = load_cooling(&t->cooling[i], b);
	}
	free(ids);
	return rc;
}

int thermal_load(struct thermal *t)
{
	struct buf b = { 0 };
	int rc;

	memset(t, 0, sizeof(*t));
	rc = load_zones(t, &b);
	if (rc == 0)
		rc = load_coolings(t, &b);
	if (rc < 0 && rc != -ENOMEM)
		rc = errlist_add(&t->error, "%s cannot be read (%s)",
				 THERMAL_DIR, strerror(-rc));
	buf_free(&b);
	return rc;
}

/* Only what changes: each zone's temp and each cooling device's
 * cur_state, read into the model; false when a file is gone or bad (the
 * caller loads it all again, sentences and all). */
static bool refresh_values(struct thermal *t, struct buf *b)
{
	char dir[32];
	int64_t v;
	size_t i;

	if (t->error)
		return false;
	for (i = 0; i < t->nzones; i++) {
		struct thermal_zone *z = &t->zones[i];

		snprintf(dir, sizeof(dir), "thermal_zone%u", z->id);
		if (z->error || !z->has_temp ||
		    read_attr(b, dir, "temp") != 0 ||
		    thermal_parse_millic(b->data, b->len, &v) != 0)
			return false;
		z->temp_mc = v;
	}
	for (i = 0; i < t->ncooling; i++) {
		struct thermal_cooling *c = &t->cooling[i];

		snprintf(dir, sizeof(dir), "cooling_device%u", c->id);
		if (c->error || !(c->has_state || c->inactive) ||
		    read_attr(b, dir, "cur_state") != 0 ||
		    thermal_parse_millic(b->data, b->len, &v) != 0 || v < -1)
			return false;
		c->inactive = v == -1;
		c->has_state = v >= 0;
		c->cur_state = v >= 0 ? (uint64_t)v : 0;
	}
	return true;
}

int thermal_refresh(struct thermal *t)
{
	struct buf b = { 0 };
	bool ok = refresh_values(t, &b);

	buf_free(&b);
	if (ok)
		return 0;
	thermal_fini(t);
	return thermal_load(t);
}

void thermal_fini(struct thermal *t)
{
	size_t i;

	for (i = 0; i < t->nzones; i++) {
		free(t->zones[i].type);
		free(t->zones[i].trips);
		free(t->zones[i].error);
	}
	for (i = 0; i < t->ncooling; i++) {
		free(t->cooling[i].type);
		free(t->cooling[i].error);
	}
	free(t->zones);
	free(t->cooling);
	free(t->error);
	memset(t, 0, sizeof(*t));
}
