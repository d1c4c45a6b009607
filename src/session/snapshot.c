/* SPDX-License-Identifier: GPL-2.0-or-later */
/* snapshot: build the session document from the live state, and read one
 * back with every check a file from another machine deserves. */
#include "config.h"

#include "session/snapshot.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "base/buf.h"
#include "base/i18n.h"
#include "base/jsondoc.h"
#include "session/report_json.h"
#include "session/snapfile.h"
#include "session/snapupgrade.h"
#include "view/figures.h"
#include "base/strclean.h"

static json_t *clean_json(const char *s, size_t len)
{
	char *c = strclean_dup(s, len);
	json_t *j = json_string(c ? c : "");

	free(c);
	return j;
}

static json_t *host_json(void)
{
	struct utsname u;
	char host[256] = "";
	struct buf b = { 0 };
	json_t *o, *cmd;

	gethostname(host, sizeof(host) - 1);
	if (uname(&u))
		memset(&u, 0, sizeof(u));
	if (buf_read_file(&b, "/proc/cmdline") == 0) {
		while (b.len && (b.data[b.len - 1] == '\n' ||
				 b.data[b.len - 1] == ' '))
			b.len--;
		cmd = clean_json(b.data, b.len);
	} else {
		cmd = json_null();
	}
	buf_free(&b);
	o = json_pack("{s:o s:o s:o s:o s:s s:o}",
		      "hostname", clean_json(host, sizeof(host)),
		      "kernel", clean_json(u.release, sizeof(u.release)),
		      "kernel_version", clean_json(u.version, sizeof(u.version)),
		      "machine", clean_json(u.machine, sizeof(u.machine)),
		      "benchtop_version", PACKAGE_VERSION, "cmdline", cmd);
	return o;
}

static json_t *system_json(const struct snapshot_input *in)
{
	json_t *o = NULL, *h;

	if (in->rates && in->prev && in->cur)
		o = report_json_rates(in->prev, in->cur, in->rates);
	else
		o = json_object();
	if (!o)
		return NULL;
	if (in->hw && (h = hwmodel_json(in->hw)) != NULL) {
		json_object_update(o, h);
		json_decref(h);
	}
	json_object_set_new(o, "host", host_json());
	return o;
}

/* A copy of LIST keeping only its objects; an empty array for NULL. */
static json_t *objects_of(json_t *list)
{
	json_t *a = json_array(), *v;
	size_t i;

	json_array_foreach(list, i, v)
		if (a && json_is_object(v))
			json_array_append_new(a, json_deep_copy(v));
	return a;
}

json_t *snapshot_build(const struct snapshot_input *in)
{
	struct series empty;
	json_t *series, *doc;

	series_init(&empty);
	series = series_json(in->series ? in->series : &empty);
	doc = jsondoc_wrap("snapshot", in->saved_at, json_pack(
			 "{s:s s:o* s:o* s:o* s:o*}",
			 "benchtop_version", PACKAGE_VERSION,
			 "system", system_json(in), "series", series,
			 "journal", objects_of(in->journal),
			 "results", objects_of(in->results)));
	/* Only sessions that ran an experiment have the key. */
	if (doc && in->experiments)
		json_object_set_new(doc, "experiments",
				    objects_of(in->experiments));
	if (doc && in->events)
		json_object_set_new(doc, "events", objects_of(in->events));
	return doc;
}

/* ---- the recorder's feed ----------------------------------------------- */

/* "KIND:NAME:METRIC" into KEY (SIZE bytes), cut as snprintf cuts it:
 * thousands of channels a tick on a big machine, so not through printf. */
static void join_key(char *key, size_t size, const char *kind,
		     const char *name, const char *metric)
{
	const char *part[5] = { kind, ":", name, ":", metric };
	size_t n = 0;

	for (size_t i = 0; i < 5 && n + 1 < size; i++) {
		size_t l = strlen(part[i]);

		if (l > size - 1 - n)
			l = size - 1 - n;
		memcpy(key + n, part[i], l);
		n += l;
	}
	key[n] = '\0';
}

static int put(struct series *s, const char *kind, const char *name,
	       const char *metric, double v, bool valid)
{
	char key[SERIES_NAME_MAX + 1], clean[80];
	int rc;

	/* The channel expected, named as the one put last tick: a name
	 * equal to a part of a key is clean (a key's parts are cleaned
	 * and cut at ':'), so strclean_copy would not change it, and
	 * join_key would not cut it (the key was not cut). */
	if (strnlen(name, sizeof(clean)) < sizeof(clean) &&
	    ((rc = series_put_next(s, kind, name, metric,
				   valid ? v : NAN)) != 0 ||
	     (rc = series_put_full(s, kind, name, metric,
				   valid ? v : NAN)) != 0))
		return rc > 0 || rc == -ENOSPC ? 0 : rc;
	strclean_copy(clean, sizeof(clean), name, strlen(name));
	join_key(key, sizeof(key), kind, clean, metric);
	rc = series_put(s, key, valid ? v : NAN);
	return rc == -ENOSPC ? 0 : rc;	/* counted: the rest still goes in */
}

static int feed_clusters(struct series *s, const struct sample_rates *r,
			 const struct hwmodel *hw)
{
	size_t i;
	int rc = put(s, "cpu", "all", "util_pct", r->total.busy,
		     r->total.valid);

	for (i = 0; hw && rc == 0 && i < hw->clusters.n; i++) {
		const struct cluster *c = &hw->clusters.v[i];
		char name[16];

		snprintf(name, sizeof(name), "%u", c->policy);
		rc = put(s, "cluster", name, "util_pct", c->util_pct,
			 c->util_pct >= 0);
		if (rc == 0)
			rc = put(s, "cluster", name, "freq_khz",
				 (double)c->freq.cur_khz,
				 c->has_freq && c->freq.cur_khz);
		if (rc == 0)
			rc = put(s, "cluster", name, "min_khz",
				 (double)c->freq.min_khz,
				 c->has_freq && c->freq.min_khz);
		if (rc == 0)
			rc = put(s, "cluster", name, "max_khz",
				 (double)c->freq.max_khz,
				 c->has_freq && c->freq.max_khz);
	}
	for (i = 0; hw && rc == 0 && i < hw->thermal.nzones; i++) {
		const struct thermal_zone *z = &hw->thermal.zones[i];
		char name[16];

		snprintf(name, sizeof(name), "%u", z->id);
		rc = put(s, "thermal", name, "temp_mc", (double)z->temp_mc,
			 z->has_temp);
	}
	return rc;
}

/* The channels of one disk (doc/snapshot.md): its figures that have one. */
static int feed_disk(struct series *s, const struct disk_rate *d)
{
	const struct figure *f;
	double v;
	int rc = 0;

	for (f = figures_disk.v; rc == 0 && f < figures_disk.v +
	     figures_disk.n; f++)
		if (f->channel) {
			figures_disk_value(f, d, 0, &v);
			rc = put(s, "disk", d->row->name, f->channel, v,
				 d->valid);
		}
	return rc;
}

/* The channels of one interface, recorded while it has a baseline. */
static int feed_net(struct series *s, const struct net_rate *n)
{
	const struct figure *f;
	double v;
	int rc = 0;

	for (f = figures_net.v; rc == 0 && f < figures_net.v + figures_net.n;
	     f++)
		if (f->channel) {
			figures_net_value(f, n, &v);
			rc = put(s, "net", n->row->name, f->channel, v,
				 n->valid);
		}
	return rc;
}

static int feed_devices(struct series *s, const struct sample_rates *r)
{
	size_t i;
	int rc = 0;

	for (i = 0; rc == 0 && i < r->ndisks; i++)
		if (r->disks[i].row->kind != DISK_PARTITION &&
		    r->disks[i].row->kind != DISK_VIRTUAL)
			rc = feed_disk(s, &r->disks[i]);
	for (i = 0; rc == 0 && i < r->nnets; i++)
		rc = feed_net(s, &r->nets[i]);
	for (i = 0; rc == 0 && i < r->nirqs; i++)
		rc = put(s, "irq", r->irqs[i].row->key, "per_s",
			 r->irqs[i].total_per_s, r->irqs[i].valid);
	return rc;
}

int snapshot_feed(struct series *s, const struct sample *cur,
		  const struct sample_rates *r, const struct hwmodel *hw)
{
	int rc;

	if (!s->started)
		s->start_ms = jsondoc_now_ms();
	rc = series_begin(s, cur->time_s);

	if (rc == 0)
		s->interval_s = r->dt;
	if (rc == 0)
		rc = feed_clusters(s, r, hw);
	if (rc == 0)
		rc = feed_devices(s, r);
	if (rc == -ENOSPC)	/* past SERIES_CHANNELS_MAX: keep the rest */
		rc = 0;
	if (s->is_open) {
		int end = series_end(s);

		rc = rc ? rc : end;
	}
	return rc;
}

/* ---- reading ----------------------------------------------------------- */

/* The sentences below follow "benchtop: FILE: " (the file is their
 * subject); JSON keys in them are quoted as in the file. */
__attribute__((format(printf, 3, 4)))
static int fail(char *err, size_t size, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(err, size, fmt, ap);
	va_end(ap);
	return -EINVAL;
}

/* Nesting depth of J, counting containers; stops past LIMIT. */
static size_t depth(const json_t *j, size_t limit)
{
	size_t best = 0, d, i;
	const char *k;
	json_t *v;

	if (limit == 0)
		return 1;
	if (json_is_array(j)) {
		json_array_foreach(j, i, v)
			if ((d = depth(v, limit - 1)) > best)
				best = d;
	} else if (json_is_object(j)) {
		json_object_foreach((json_t *)j, k, v)
			if ((d = depth(v, limit - 1)) > best)
				best = d;
	} else {
		return 0;
	}
	return best + 1;
}

/* Whether S (LEN bytes) holds a control character or invalid UTF-8. */
static int dirty(const char *s, size_t len)
{
	char *c = strclean_dup(s, len);
	int d;

	if (!c)
		return -ENOMEM;
	d = strlen(c) != len || memcmp(c, s, len) != 0;
	free(c);
	return d;
}

static int clean_object_keys(json_t *o)
{
	const char *k;
	void *tmp;
	json_t *v;

	json_object_foreach_safe(o, tmp, k, v) {
		char *c;

		int d = dirty(k, strlen(k));

		if (d < 0)
			return -ENOMEM;
		if (!d)
			continue;
		if (!(c = strclean_dup(k, strlen(k))))
			return -ENOMEM;
		json_incref(v);
		json_object_del(o, k);
		json_object_set_new(o, c, v);
		free(c);
	}
	return 0;
}

/* Replace every control character in J's strings and keys by '?'. */
static int clean_tree(json_t *j)
{
	size_t i;
	const char *k;
	json_t *v;

	if (json_is_string(j) &&
	    dirty(json_string_value(j), json_string_length(j)) != 0) {
		char *c = strclean_dup(json_string_value(j),
				       json_string_length(j));
		int rc = c ? json_string_set(j, c) : -1;

		free(c);
		return rc ? -ENOMEM : 0;
	}
	if (json_is_array(j))
		json_array_foreach(j, i, v)
			if (clean_tree(v))
				return -ENOMEM;
	if (json_is_object(j)) {
		if (clean_object_keys(j))
			return -ENOMEM;
		json_object_foreach(j, k, v)
			if (clean_tree(v))
				return -ENOMEM;
	}
	return 0;
}

static int parse_error(const json_error_t *je, size_t len, char *err,
		       size_t size)
{
	char text[JSON_ERROR_TEXT_LENGTH];

	strclean_copy(text, sizeof(text), je->text, strlen(je->text));
	if ((size_t)je->position >= len || strstr(text, "premature end") ||
	    strstr(text, "unexpected end"))
		/* TRANSLATORS: this and the other sentences of
		 * snapshot.c follow "benchtop: FILE: ", the file being
		 * their subject ("benchtop: a.json: is empty"). */
		return fail(err, size, _("is not a whole JSON document: it "
			    "ends early at line %d (a truncated file?)"),
			    je->line);
	if (strstr(text, "depth"))
		return fail(err, size, _("nests lists or objects too deeply "
			    "at line %d (refused)"), je->line);
	/* TRANSLATORS: the parser's own reason (English, from jansson),
	 * line, column. */
	return fail(err, size, _("is not valid JSON: %s at line %d, column "
		    "%d"), text, je->line, je->column);
}

/* Version 2 names itself ("format", "version"); version 1 had only
 * "schema": 1, and snapupgrade() turns it into version 2. */
static int check_schema(const json_t *doc, char *err, size_t size)
{
	const json_t *f = json_object_get(doc, "format");
	const json_t *s = f ? json_object_get(doc, "version") :
		json_object_get(doc, "schema");
	const char *key = f ? "version" : "schema";
	json_int_t v;

	if (!json_is_object(doc))
		return fail(err, size, _("is JSON but not a benchtop "
			    "snapshot (no object at the top)"));
	if (f && (!json_is_string(f) ||
		  strcmp(json_string_value(f), "benchtop.snapshot")))
		/* TRANSLATORS: the file's "format" ("benchtop.once"). */
		return fail(err, size, _("is a benchtop document but not a "
			    "snapshot (its format is \"%s\")"),
			    json_is_string(f) ? json_string_value(f) : "?");
	if (!s)
		return fail(err, size, _("is JSON but not a benchtop "
			    "snapshot (no \"format\" key)"));
	if (!json_is_integer(s) || json_integer_value(s) < 1)
		/* TRANSLATORS: a JSON key, "version" or "schema". */
		return fail(err, size, _("has a \"%s\" that is not a "
			    "version number"), key);
	v = json_integer_value(s);
	if (v > SNAPSHOT_SCHEMA)
		/* TRANSLATORS: "version" or "schema", the file's version,
		 * then the highest this benchtop reads. */
		return fail(err, size, _("written by a newer benchtop (%s "
			    "%lld); this one reads version %d"), key,
			    (long long)v, SNAPSHOT_SCHEMA);
	return 0;
}

static int check_list(const json_t *doc, const char *key, char *err,
		      size_t size)
{
	const json_t *a = json_object_get(doc, key), *v;
	size_t i;

	if (!json_is_array(a))
		/* TRANSLATORS: a JSON key ("journal", "results"). */
		return fail(err, size, _("has no \"%s\" list"), key);
	json_array_foreach(a, i, v)
		if (!json_is_object(v))
			/* TRANSLATORS: a JSON key, the entry's number. */
			return fail(err, size, _("has an entry of \"%s\" "
				    "(number %zu) that is not an object"), key,
				    i + 1);
	return 0;
}

static int check_shape(const json_t *doc, char *err, size_t size)
{
	struct series s;
	int rc;

	if (!json_is_string(json_object_get(doc, "time")) ||
	    !json_is_object(json_object_get(doc, "system")))
		return fail(err, size, _("lacks \"time\" or \"system\""));
	if ((rc = check_list(doc, "journal", err, size)) ||
	    (rc = check_list(doc, "results", err, size)) ||
	    (json_object_get(doc, "experiments") &&
	     (rc = check_list(doc, "experiments", err, size))))
		return rc;
	series_init(&s);
	rc = series_from_json(&s, json_object_get(doc, "series"), err, size);
	series_free(&s);
	return rc;
}

static int upgrade(json_t *doc, char *err, size_t size)
{
	if (snapupgrade(doc))
		return fail(err, size, _("could not be read: out of memory"));
	return 0;
}

/* A result of `bench --json` ("format": "benchtop.result") as a session
 * of that one run: its host from its conditions, no series, no journal.
 * RES is consumed; NULL when out of memory. */
static json_t *from_result(json_t *res)
{
	const json_t *c = json_object_get(res, "conditions");
	json_t *host = json_object(), *time = json_object_get(res, "time");
	struct series empty;
	json_t *doc;
	const char *k;
	static const char *const keys[] = { "hostname", "kernel", "machine",
					    NULL };
	size_t i;

	for (i = 0; host && keys[i]; i++) {
		k = keys[i];
		json_object_set(host, k, json_is_string(json_object_get(c,
				k)) ? json_object_get(c, k) : json_null());
	}
	series_init(&empty);
	doc = json_pack("{s:s s:I s:o s:{s:o s:O*} s:o s:[] s:[O]}",
			"format", "benchtop.snapshot", "version",
			(json_int_t)JSONDOC_VERSION, "time", json_is_string(
			time) ? json_incref(time) : json_string(""), "system",
			"host", host,
			"board", json_object_get(c, "board"), "series",
			series_json(&empty), "journal", "results", res);
	json_object_del(json_array_get(json_object_get(doc, "results"), 0),
			"format");
	json_decref(res);
	return doc;
}

/* Whether D is a result of `bench --json`. */
static bool is_result(const json_t *d)
{
	const char *f = json_string_value(json_object_get(d, "format"));

	return f && !strcmp(f, "benchtop.result") &&
	       json_is_array(json_object_get(d, "figures"));
}

int snapshot_load(const char *buf, size_t len, json_t **doc, char *err,
		  size_t size)
{
	json_error_t je;
	json_t *d;
	int rc;

	*doc = NULL;
	if (len == 0)
		return fail(err, size, _("is empty"));
	if (len > SNAPSHOT_MAX_BYTES)
		return fail(err, size, _("is larger than %u MiB (refused)"),
			    SNAPSHOT_MAX_BYTES >> 20);
	d = json_loadb(buf, len, JSON_REJECT_DUPLICATES, &je);
	if (!d)
		return parse_error(&je, len, err, size);
	if (is_result(d) && !(d = from_result(d)))
		return fail(err, size, _("could not be read: out of memory"));
	if (depth(d, SNAPSHOT_MAX_DEPTH + 1) > SNAPSHOT_MAX_DEPTH)
		rc = fail(err, size, _("nests lists or objects more than %d "
			  "deep (refused)"), SNAPSHOT_MAX_DEPTH);
	else if ((rc = check_schema(d, err, size)) == 0 &&
		 (rc = upgrade(d, err, size)) == 0 &&
		 (rc = check_shape(d, err, size)) == 0 &&
		 (rc = clean_tree(d)) != 0)
		fail(err, size, _("could not be read: out of memory"));
	if (rc) {
		json_decref(d);
		return rc;
	}
	*doc = d;
	return 0;
}

/* Read FD into B, at most MAX + 1 bytes (pipes and devices included). */
static int read_bounded(int fd, struct buf *b, size_t max)
{
	ssize_t n;

	do {
		if (buf_reserve(b, b->len + 65536))
			return -ENOMEM;
		n = read(fd, b->data + b->len, 65536);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return -errno;
		b->len += (size_t)n;
	} while (n > 0 && b->len <= max);
	b->data[b->len] = '\0';
	return 0;
}

int snapshot_read(const char *path, json_t **doc, char *err, size_t size)
{
	struct buf b = { 0 };
	struct stat st;
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK), rc;

	*doc = NULL;
	if (fd < 0 || fstat(fd, &st)) {
		rc = -errno;
		if (fd >= 0)
			close(fd);
		snprintf(err, size, _("could not be opened: %s"),
			 strerror(-rc));
		return rc;
	}
	/* O_NONBLOCK only so that opening a FIFO cannot hang; read blocking. */
	fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK);
	rc = S_ISDIR(st.st_mode) ? -EISDIR :
	     read_bounded(fd, &b, SNAPSHOT_MAX_BYTES);
	close(fd);
	if (rc)
		snprintf(err, size, _("could not be read: %s"), strerror(-rc));
	else
		rc = snapshot_load(b.data ? b.data : "", b.len, doc, err, size);
	buf_free(&b);
	return rc;
}

char *snapshot_dumps(const json_t *doc)
{
	char *s = json_dumps(doc, JSON_COMPACT | JSON_SORT_KEYS |
			     JSON_REAL_PRECISION(15));
	size_t n;
	char *t;

	if (!s)
		return NULL;
	n = strlen(s);
	t = realloc(s, n + 2);
	if (!t) {
		free(s);
		return NULL;
	}
	t[n] = '\n';
	t[n + 1] = '\0';
	return t;
}

int snapshot_save(const struct snapshot_input *in, const char *path,
		  const char *dir, bool force, char *where, size_t wsize,
		  char *err, size_t esize)
{
	char host[256] = "", *text;
	json_t *doc;
	int rc = 0;

	gethostname(host, sizeof(host) - 1);
	if (path)
		snprintf(where, wsize, "%s", path);
	else if ((rc = snapfile_default_path(where, wsize, dir, host,
					     in->saved_at)) != 0)
		/* TRANSLATORS: a folder, and why ("$HOME is not set"). */
		snprintf(err, esize, _("could not name the snapshot in %s: %s"),
			 dir ? dir : ".",
			 rc == -ENOENT ? _("$HOME is not set") : strerror(-rc));
	if (rc)
		return rc;
	doc = snapshot_build(in);
	text = doc ? snapshot_dumps(doc) : NULL;
	json_decref(doc);
	if (!text) {
		snprintf(err, esize, _("could not build the snapshot: %s"),
			 strerror(ENOMEM));
		return -ENOMEM;
	}
	rc = snapfile_write(where, text, strlen(text), force, err, esize);
	free(text);
	return rc;
}
