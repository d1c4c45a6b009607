/* SPDX-License-Identifier: GPL-2.0-or-later */
/* journalfile: the journal of `benchtop set` as a JSON file under
 * /run/benchtop or $XDG_RUNTIME_DIR, read back into entries and replaced
 * atomically, readable by its owner only. */
#include "config.h"

#include "tune/journalfile.h"

#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "base/jsondoc.h"
#include "base/regfile.h"

int journalfile_path(char *dst, size_t size)
{
	const char *dir = getenv("BENCHTOP_RUNTIME_DIR");
	const char *xdg = getenv("XDG_RUNTIME_DIR");
	int n;

	if (dir && *dir)
		n = snprintf(dst, size, "%s/journal.json", dir);
	else if (geteuid() == 0)
		n = snprintf(dst, size, "/run/benchtop/journal.json");
	else if (xdg && *xdg == '/')
		n = snprintf(dst, size, "%s/benchtop/journal.json", xdg);
	else
		return -ENOENT;
	return n < 0 || (size_t)n >= size ? -ENAMETOOLONG : 0;
}

static int copy_str(json_t *o, const char *key, char *dst, size_t size,
		    bool need)
{
	const char *s = json_string_value(json_object_get(o, key));

	dst[0] = '\0';
	if (!s)
		return need && !json_is_null(json_object_get(o, key)) ? -EINVAL
								      : 0;
	if (strlen(s) >= size)
		return -EINVAL;
	memcpy(dst, s, strlen(s) + 1);
	return 0;
}

static int kind_of(const char *name, enum journal_kind *k)
{
	int i;

	for (i = 0; name && i < JOURNAL_NKINDS; i++)
		if (strcmp(name, journal_kind_name((enum journal_kind)i)) == 0) {
			*k = (enum journal_kind)i;
			return 0;
		}
	return -EINVAL;
}

int journalfile_entry(json_t *o, struct journal_entry *e)
{
	json_t *u = json_object_get(o, "undo_of"), *t;
	const char *res = json_string_value(json_object_get(o, "result"));
	int64_t ms;

	memset(e, 0, sizeof(*e));
	if (!json_is_object(o) || !res ||
	    kind_of(json_string_value(json_object_get(o, "kind")), &e->kind) ||
	    copy_str(o, "target", e->target, sizeof(e->target), true) ||
	    copy_str(o, "old", e->old, sizeof(e->old), true) ||
	    copy_str(o, "new", e->new, sizeof(e->new), true) ||
	    copy_str(o, "asked", e->asked, sizeof(e->asked), false) ||
	    copy_str(o, "readback", e->readback, sizeof(e->readback), false) ||
	    copy_str(o, "effective", e->effective, sizeof(e->effective),
		     false) ||
	    copy_str(o, "held_by", e->held_by, sizeof(e->held_by), false) ||
	    !e->target[0])
		return -EINVAL;
	/* RFC 3339 since version 2 of the JSON contract; seconds before */
	t = json_object_get(o, "time");
	if (json_is_string(t) &&
	    jsondoc_parse_time(json_string_value(t), &ms) == 0)
		e->time = ms / 1000;
	else
		e->time = json_integer_value(t);
	e->err = strcmp(res, "ok") ? EIO : 0;
	e->matched = json_is_true(json_object_get(o, "readback_matched"));
	e->restore = json_is_true(json_object_get(o, "restore"));
	e->undo_of = json_is_integer(u) ? (long)json_integer_value(u) : -1;
	t = json_object_get(o, "action");
	e->action = json_is_integer(t) && json_integer_value(t) > 0 &&
		    json_integer_value(t) <= UINT_MAX ?
		    (unsigned)json_integer_value(t) : 0;
	return 0;
}

/* Create the folder of PATH (one level), mode 0700. */
static int make_dir(const char *path)
{
	char dir[4096];
	const char *slash = strrchr(path, '/');

	if (!slash || (size_t)(slash - path) >= sizeof(dir))
		return -EINVAL;
	snprintf(dir, sizeof(dir), "%.*s", (int)(slash - path), path);
	if (mkdir(dir, 0700) && errno != EEXIST)
		return -errno;
	return 0;
}

/* The file-only keys: who wrote the entry and whether it is done. */
static void file_keys(json_t *o, struct journal_entry *e)
{
	const char *inst = json_string_value(json_object_get(o, "instance"));
	json_t *t = json_object_get(o, "pid");

	e->instance = inst ? strtoull(inst, NULL, 16) : 0;
	e->pid = json_is_integer(t) && json_integer_value(t) > 0 &&
		 json_integer_value(t) <= INT_MAX ?
		 (int)json_integer_value(t) : 0;
	e->pending = json_is_true(json_object_get(o, "pending"));
	e->settled = json_is_true(json_object_get(o, "settled"));
	copy_str(o, "by", e->by, sizeof(e->by), false);
	t = json_object_get(o, "count0");
	e->count0 = json_is_integer(t) && json_integer_value(t) >= 0 ?
		    (uint64_t)json_integer_value(t) : 0;
	t = json_object_get(o, "effective_move");
	for (int m = JOURNAL_MOVE_PENDING; json_is_string(t) &&
	     m <= JOURNAL_MOVE_KEPT; m++)
		if (!strcmp(json_string_value(t),
			    journal_move_name((enum journal_move)m)))
			e->move = (enum journal_move)m;
}

/* The entries of the file's document DOC: the "entries" of a document
 * with the header (format benchtop.journalfile, version 2), or DOC itself
 * when it is the bare array benchtop wrote before the header.  NULL when
 * DOC is neither. */
static json_t *entries_of(json_t *doc)
{
	const char *fmt = json_string_value(json_object_get(doc, "format"));
	json_t *v = json_object_get(doc, "version");

	if (json_is_array(doc))
		return doc;
	if (!fmt || strcmp(fmt, "benchtop." JOURNALFILE_KIND) ||
	    !json_is_integer(v) || json_integer_value(v) != JSONDOC_VERSION)
		return NULL;
	v = json_object_get(doc, "entries");
	return json_is_array(v) ? v : NULL;
}

int journalfile_parse(struct journal *j, const char *text, size_t len)
{
	json_error_t jerr;
	struct journal_entry e;
	json_t *doc, *a, *o;
	size_t i, base = j->n;
	int rc = 0;

	doc = json_loadb(text, len, JSON_REJECT_DUPLICATES, &jerr);
	a = entries_of(doc);
	if (!a)
		rc = -EINVAL;
	json_array_foreach(a, i, o) {
		if (rc || (rc = journalfile_entry(o, &e)))
			break;
		file_keys(o, &e);
		if (e.undo_of >= (long)i)
			rc = -EINVAL;
		e.undo_of = e.undo_of >= 0 ? e.undo_of + (long)base : -1;
		if (rc == 0 && journal_add(j, &e) < 0)
			rc = -ENOMEM;
	}
	json_decref(doc);
	if (rc)
		j->n = base;
	return rc;
}

int journalfile_load(struct journal *j, const char *path)
{
	char *text;
	size_t len;
	int rc = regfile_read(path, JOURNALFILE_MAX, &text, &len);

	if (rc == -ENOENT)
		return 0;
	if (rc == -EFBIG)
		rc = -EOVERFLOW;	/* a write's EFBIG is another matter */
	if (rc == 0)
		rc = journalfile_parse(j, text, len);
	free(text);
	return rc;
}

int journalfile_lock(const char *path)
{
	char dir[4096];
	const char *slash = strrchr(path, '/');
	int fd, rc = make_dir(path);

	if (rc)
		return rc;
	snprintf(dir, sizeof(dir), "%.*s", (int)(slash - path), path);
	fd = open(dir[0] ? dir : "/", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	while (flock(fd, LOCK_EX) < 0)
		if (errno != EINTR) {
			rc = -errno;
			close(fd);
			return rc;
		}
	return fd;
}

void journalfile_unlock(int fd)
{
	if (fd >= 0)
		close(fd);	/* the lock goes with the descriptor */
}

/* The file's document: the header and the entries with the keys only the
 * file keeps. */
static json_t *file_json(const struct journal *j)
{
	json_t *a = journal_json(j), *o;
	char inst[24];
	size_t i;

	json_array_foreach(a, i, o) {
		const struct journal_entry *e = &j->v[i];

		snprintf(inst, sizeof(inst), "%016" PRIx64, e->instance);
		if (e->instance)
			json_object_set_new(o, "instance", json_string(inst));
		if (e->pid)
			json_object_set_new(o, "pid", json_integer(e->pid));
		if (e->by[0])
			json_object_set_new(o, "by", json_string(e->by));
		if (e->pending)
			json_object_set_new(o, "pending", json_true());
		json_object_set_new(o, "settled", json_boolean(e->settled));
		if (e->count0)
			json_object_set_new(o, "count0",
					    json_integer((json_int_t)e->count0));
	}
	return a ? jsondoc_wrap(JOURNALFILE_KIND, time(NULL),
				json_pack("{s:o}", "entries", a)) : NULL;
}

int journalfile_save(const struct journal *j, const char *path)
{
	char tmp[4200];
	json_t *a = file_json(j);
	int fd, rc = make_dir(path);

	if (!a)
		return -ENOMEM;
	snprintf(tmp, sizeof(tmp), "%s.XXXXXX", path);
	fd = rc ? -1 : mkstemp(tmp);
	if (rc == 0 && fd < 0)
		rc = -errno;
	if (fd >= 0) {
		errno = 0;
		if (fchmod(fd, 0600) || json_dumpfd(a, fd, JSON_INDENT(2)) ||
		    write(fd, "\n", 1) != 1 || fsync(fd))
			rc = errno ? -errno : -EIO;
		if (close(fd) && rc == 0)
			rc = -errno;
		if (rc == 0 && rename(tmp, path))
			rc = -errno;
		if (rc)
			unlink(tmp);
	}
	json_decref(a);
	return rc;
}
