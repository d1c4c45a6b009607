/* SPDX-License-Identifier: GPL-2.0-or-later */
/* benchres: benchmark results and the journal for the metrics, from the
 * files a headless benchtop can see: `benchtop bench --json` output and
 * snapshots; the newest run of each preset and target wins. */
#include "config.h"

#include "metrics/benchres.h"
#include "metrics/benchunits.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <stdbool.h>
#include <stdint.h>
#include <time.h>
#include <unistd.h>

#include "base/buf.h"
#include "base/stamp.h"
#include "base/strclean.h"
#include "session/snapexp.h"
#include "session/snapreport.h"
#include "session/snapshot.h"
#include "tune/journal.h"

#define S(o, k) (json_is_string(json_object_get(o, k)) ? \
		 json_string_value(json_object_get(o, k)) : "")

static int two(const char *s)
{
	return (s[0] >= '0' && s[0] <= '9' && s[1] >= '0' && s[1] <= '9') ?
	       (s[0] - '0') * 10 + (s[1] - '0') : -1;
}

double benchres_parse_time(const char *s)
{
	struct tm tm = { 0 };
	int n = 0, hh, mm, sign;
	double t;

	if (!s || sscanf(s, "%4d-%2d-%2dT%2d:%2d:%2d%n", &tm.tm_year,
			 &tm.tm_mon, &tm.tm_mday, &tm.tm_hour, &tm.tm_min,
			 &tm.tm_sec, &n) != 6 || n != 19)
		return -1;
	tm.tm_year -= 1900;
	tm.tm_mon -= 1;
	t = (double)timegm(&tm);
	s += n;
	if (strcmp(s, "Z") == 0)
		return t;
	if ((s[0] != '+' && s[0] != '-') || (hh = two(s + 1)) < 0)
		return -1;
	sign = s[0] == '-' ? -1 : 1;
	s += 3;
	if (*s == ':')
		s++;
	if ((mm = two(s)) < 0 || s[2])
		return -1;
	return t - sign * (hh * 3600.0 + mm * 60.0);
}

static void refuse(struct benchres *r, const char *path, const char *why)
{
	char shown[200];

	r->nbad++;
	if (r->error[0])
		return;
	strclean_copy(shown, sizeof(shown), path, strlen(path));
	snprintf(r->error, sizeof(r->error), "%s: %s", shown, why);
}

/* The end of run RES (its conditions' time_end, else its own time, else
 * FALLBACK). */
static double run_time(const json_t *res, double fallback)
{
	const json_t *c = json_object_get(res, "conditions");
	double t = benchres_parse_time(S(c, "time_end"));

	if (t < 0)
		t = benchres_parse_time(S(res, "time"));
	return t >= 0 ? t : fallback;
}

/* The preset a run is known by: its preset, else its kind. */
static const char *preset_of(const json_t *res)
{
	return json_is_string(json_object_get(res, "preset")) ?
	       S(res, "preset") : S(res, "kind");
}

/* Whether RES looks like a result: benchtop's (with "figures") or one
 * written by hand or another tool (a "preset" or "kind"), doc/snapshot.md. */
static bool is_result(const json_t *res)
{
	return json_is_object(res) && preset_of(res)[0];
}

/* Keep RES (borrowed) when it is the newest ok run of its preset+target. */
static int add_run(struct benchres *r, json_t *res, double when)
{
	void *p;
	size_t i;

	if (!is_result(res) || (json_object_get(res, "status") &&
				strcmp(S(res, "status"), "ok") != 0))
		return 0;
	for (i = 0; i < r->n; i++) {
		if (strcmp(preset_of(r->runs[i]), preset_of(res)) ||
		    strcmp(S(r->runs[i], "target"), S(res, "target")))
			continue;
		if (when >= r->times[i]) {
			json_decref(r->runs[i]);
			r->runs[i] = json_incref(res);
			r->times[i] = when;
		}
		return 0;
	}
	if (!(p = realloc(r->runs, (r->n + 1) * sizeof(*r->runs))))
		return -ENOMEM;
	r->runs = p;
	if (!(p = realloc(r->times, (r->n + 1) * sizeof(*r->times))))
		return -ENOMEM;
	r->times = p;
	r->runs[r->n] = json_incref(res);
	r->times[r->n++] = when;
	return 0;
}

static void base_name(char *dst, size_t size, const char *path)
{
	const char *b = strrchr(path, '/');

	b = b ? b + 1 : path;
	strclean_copy(dst, size, b, strlen(b));
}

static int add_snapshot(struct benchres *r, json_t *doc, const char *path,
			double mtime)
{
	/* "time" since version 2 of the snapshot, "saved_at" before */
	double saved = benchres_parse_time(S(doc, json_object_get(doc, "time") ?
					     "time" : "saved_at"));
	json_t *res;
	size_t i;
	int rc = 0;

	if (saved < 0)
		saved = mtime;
	json_array_foreach(json_object_get(doc, "results"), i, res)
		if (rc == 0)
			rc = add_run(r, res, run_time(res, saved));
	if (json_is_array(json_object_get(doc, "journal")) &&
	    (!r->journal || saved >= r->journal_time)) {
		json_decref(r->journal);
		r->journal = json_incref(json_object_get(doc, "journal"));
		r->journal_time = saved;
		base_name(r->journal_file, sizeof(r->journal_file), path);
	}
	if (snapexp_last(doc) && (!r->experiment ||
				  saved >= r->experiment_time)) {
		json_decref(r->experiment);
		r->experiment = json_deep_copy(snapexp_last(doc));
		r->experiment_time = saved;
	}
	return rc;
}

/* Read PATH (a regular file, never through a link) into B. */
static int read_file(struct buf *b, const char *path, double *mtime)
{
	struct stat st;
	int fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK);
	int rc;

	if (fd < 0)
		return -errno;
	if (fstat(fd, &st) || !S_ISREG(st.st_mode))
		rc = -EINVAL;
	else if (st.st_size > (off_t)BENCHRES_MAX_BYTES)
		rc = -EFBIG;
	else
		rc = buf_read_fd(b, fd);
	*mtime = (double)st.st_mtime;
	close(fd);
	return rc;
}

int benchres_add(struct benchres *r, const char *data, size_t len,
		 const char *path, double mtime)
{
	char err[256];
	json_error_t je;
	json_t *doc = json_loadb(data, len, JSON_REJECT_DUPLICATES, &je);
	int rc = 0;

	/* a snapshot: "format" since version 2, "schema" before */
	if (doc && (json_object_get(doc, "schema") ||
		    !strcmp(S(doc, "format"), "benchtop.snapshot"))) {
		json_decref(doc);
		doc = NULL;
		if (snapshot_load(data, len, &doc, err, sizeof(err))) {
			refuse(r, path, err);
			doc = NULL;
		} else {
			rc = add_snapshot(r, doc, path, mtime);
			r->nfiles++;
		}
	} else if (doc && is_result(doc)) {
		rc = add_run(r, doc, run_time(doc, mtime));
		r->nfiles++;
	} else {
		refuse(r, path, doc ? "neither a benchmark result nor a "
		       "snapshot" : "not JSON");
	}
	json_decref(doc);
	return rc;
}

static int load_file(struct benchres *r, const char *path, struct buf *b)
{
	double mtime = 0;
	int rc = read_file(b, path, &mtime);

	if (rc) {
		refuse(r, path, rc == -EINVAL ? "not a regular file" :
		       rc == -ELOOP ? "a symbolic link (never followed)" :
		       strerror(-rc));
		return rc == -ENOMEM ? rc : 0;
	}
	return benchres_add(r, b->data, b->len, path, mtime);
}

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The *.json names of folder PATH (not hidden), sorted, into *OUT. */
static int list_dir(const char *path, char ***out, size_t *n)
{
	DIR *d = opendir(path);
	struct dirent *de;
	size_t len;
	char **v = NULL;

	*n = 0;
	if (!d)
		return -errno;
	while ((de = readdir(d)) && *n < BENCHRES_MAX_FILES) {
		len = strlen(de->d_name);
		if (de->d_name[0] == '.' || len < 6 ||
		    strcmp(de->d_name + len - 5, ".json") != 0)
			continue;
		if (!(v = realloc(*out, (*n + 1) * sizeof(*v))) ||
		    !(v[*n] = strdup(de->d_name))) {
			closedir(d);
			*out = v ? v : *out;
			return -ENOMEM;
		}
		*out = v;
		(*n)++;
	}
	closedir(d);
	if (*n)
		qsort(*out, *n, sizeof(**out), by_name);
	return 0;
}

static int load_dir(struct benchres *r, const char *dir, struct buf *b)
{
	char **names = NULL, path[4096];
	size_t n, i;
	int rc = list_dir(dir, &names, &n);

	if (rc && rc != -ENOMEM)
		refuse(r, dir, strerror(-rc));
	for (i = 0; i < n; i++) {
		if (rc == 0 && (size_t)snprintf(path, sizeof(path), "%s/%s",
						dir, names[i]) < sizeof(path))
			rc = load_file(r, path, b);
		free(names[i]);
	}
	free(names);
	return rc == -ENOMEM ? rc : 0;
}

int benchres_load(struct benchres *r, const char *const *paths, size_t n)
{
	struct buf b = { 0 };
	struct stat st;
	size_t i;
	int rc = 0;

	memset(r, 0, sizeof(*r));
	for (i = 0; i < n && rc == 0; i++) {
		if (stat(paths[i], &st) == 0 && S_ISDIR(st.st_mode))
			rc = load_dir(r, paths[i], &b);
		else
			rc = load_file(r, paths[i], &b);
	}
	buf_free(&b);
	return rc;
}

uint64_t benchres_stamp(const char *const *paths, size_t n)
{
	uint64_t h = STAMP_START;
	char **names, path[4096];
	size_t i, k, nn;
	struct stat st;

	for (i = 0; i < n; i++) {
		h = stamp_path(h, paths[i]);
		if (stat(paths[i], &st) || !S_ISDIR(st.st_mode))
			continue;
		names = NULL;
		/* "?": unreadable, or no memory */
		if (list_dir(paths[i], &names, &nn))
			h = stamp_bytes(h, "?", 1);
		for (k = 0; k < nn; k++) {
			snprintf(path, sizeof(path), "%s/%s", paths[i],
				 names[k]);
			h = stamp_path(h, path);
			free(names[k]);
		}
		free(names);
	}
	return h;
}

void benchres_free(struct benchres *r)
{
	size_t i;

	for (i = 0; i < r->n; i++)
		json_decref(r->runs[i]);
	free(r->runs);
	free(r->times);
	json_decref(r->journal);
	json_decref(r->experiment);
	memset(r, 0, sizeof(*r));
}

/* ---- writing ------------------------------------------------------------ */

#define NRUNL 3

static void run_labels(struct expo_label *l, const json_t *res)
{
	l[0] = (struct expo_label){ "preset", preset_of(res) };
	l[1] = (struct expo_label){ "target", S(res, "target") };
	l[2] = (struct expo_label){ "kind", S(res, "kind") };
}

/* The figures of one quantity (benchunits) of the runs, or their count. */
struct fig_ctx {
	struct expo *e;
	const json_t *res;
	const char *family;	/* NULL: count them only */
	int quantity;
	size_t n;
};

static void put_figure(void *ctx, const char *name, double v)
{
	struct fig_ctx *c = ctx;
	struct expo_label l[NRUNL + 1];
	char snake[128];
	double k;

	if (benchunits_of(snapreport_result_unit(c->res, name), &k) !=
	    c->quantity)
		return;
	c->n++;
	if (!c->family)
		return;
	benchunits_snake(name, snake, sizeof(snake));
	run_labels(l, c->res);
	l[NRUNL] = (struct expo_label){ "figure", snake };
	expo_double(c->e, c->family, l, NRUNL + 1, v * k);
}

/* One family per quantity, in base units: benchtop_bench_bytes_per_second
 * {figure="write"}, benchtop_bench_seconds{figure="read_latency"}, ... */
static void figures(struct expo *e, const struct benchres *r)
{
	struct fig_ctx fc = { .e = e };
	char name[96], help[200];
	size_t i;
	int q;

	for (q = 0; q < BENCHUNITS_N; q++) {
		fc.quantity = q;
		fc.family = NULL;
		fc.n = 0;
		for (i = 0; i < r->n; i++) {
			fc.res = r->runs[i];
			snapreport_figures(r->runs[i], put_figure, &fc);
		}
		if (!fc.n)
			continue;
		snprintf(name, sizeof(name), "benchtop_bench_%s",
			 benchunits_suffix(q));
		snprintf(help, sizeof(help), "Each figure in %s of the last "
			 "good run of each preset and target (figure: its name "
			 "in snake_case).", benchunits_suffix(q));
		expo_family(e, name, EXPO_GAUGE, NULL, help);
		fc.family = name;
		for (i = 0; i < r->n; i++) {
			fc.res = r->runs[i];
			snapreport_figures(r->runs[i], put_figure, &fc);
		}
	}
}

static void conditions(struct expo *e, const struct benchres *r)
{
	const json_t *c, *t, *u;
	size_t i;

	expo_family(e, "benchtop_bench_conditions_info", EXPO_INFO, NULL,
		    "What the last run of each preset and target ran on: "
		    "kernel, board, disk, file system, USB device, driver, "
		    "speed and bridge.");
	for (i = 0; i < r->n; i++) {
		struct expo_label l[NRUNL + 8];

		c = json_object_get(r->runs[i], "conditions");
		t = json_object_get(c, "target");
		u = json_object_get(t, "usb");
		run_labels(l, r->runs[i]);
		l[NRUNL] = (struct expo_label){ "kernel", S(c, "kernel") };
		l[NRUNL + 1] = (struct expo_label){ "board", S(c, "board") };
		l[NRUNL + 2] = (struct expo_label){ "disk", S(t, "disk") };
		l[NRUNL + 3] = (struct expo_label){ "fstype", S(t, "fstype") };
		l[NRUNL + 4] = (struct expo_label){ "usb_device",
						    S(u, "device") };
		l[NRUNL + 5] = (struct expo_label){ "usb_driver",
						    S(u, "driver") };
		l[NRUNL + 6] = (struct expo_label){ "usb_speed", S(u, "speed") };
		l[NRUNL + 7] = (struct expo_label){ "bridge", S(u, "bridge") };
		expo_u64(e, "benchtop_bench_conditions_info", l, NRUNL + 8, 1);
	}
}

static void runs(struct expo *e, const struct benchres *r)
{
	struct expo_label l[NRUNL];
	const json_t *c;
	size_t i;

	figures(e, r);
	expo_family(e, "benchtop_bench_timestamp_seconds", EXPO_GAUGE,
		    "seconds", "When the last good run of each preset and "
		    "target ended (seconds since the epoch).");
	for (i = 0; i < r->n; i++) {
		run_labels(l, r->runs[i]);
		expo_double(e, "benchtop_bench_timestamp_seconds", l, NRUNL,
			    r->times[i]);
	}
	expo_family(e, "benchtop_bench_throttled", EXPO_GAUGE, NULL,
		    "1 when a cluster was seen throttled during that run.");
	for (i = 0; i < r->n; i++) {
		c = json_object_get(r->runs[i], "conditions");
		run_labels(l, r->runs[i]);
		expo_u64(e, "benchtop_bench_throttled", l, NRUNL,
			 json_is_true(json_object_get(c, "throttled")));
	}
	conditions(e, r);
}

/* The entries of the JSON journal J as a struct journal. */
static int journal_from_json(struct journal *j, const json_t *a)
{
	struct journal_entry e;
	const json_t *o, *u;
	size_t i;
	int k;

	json_array_foreach(a, i, o) {
		memset(&e, 0, sizeof(e));
		e.kind = JOURNAL_NKINDS;
		for (k = 0; k < JOURNAL_NKINDS; k++)
			if (strcmp(S(o, "kind"), journal_kind_name(k)) == 0)
				e.kind = k;
		if (e.kind == JOURNAL_NKINDS)
			continue;
		snprintf(e.target, sizeof(e.target), "%s", S(o, "target"));
		snprintf(e.old, sizeof(e.old), "%s", S(o, "old"));
		snprintf(e.new, sizeof(e.new), "%s", S(o, "new"));
		snprintf(e.readback, sizeof(e.readback), "%s",
			 S(o, "readback"));
		e.err = strcmp(S(o, "result"), "ok") ? EIO : 0;
		e.matched = json_is_true(json_object_get(o, "readback_matched"));
		u = json_object_get(o, "undo_of");
		e.undo_of = json_is_integer(u) ? (long)json_integer_value(u) : -1;
		if (journal_add(j, &e) < 0)
			return -ENOMEM;
	}
	return 0;
}

static void tuning(struct expo *e, const struct benchres *r)
{
	struct expo_label l[1] = { { "file", r->journal_file } };
	struct journal j;
	size_t i, ok = 0;

	if (!r->journal)
		return;
	journal_init(&j);
	if (journal_from_json(&j, r->journal) == 0) {
		for (i = 0; i < j.n; i++)
			ok += j.v[i].err == 0 && j.v[i].undo_of < 0;
		expo_family(e, "benchtop_tune_changes", EXPO_GAUGE, NULL,
			    "Changes the newest saved session made (undos not "
			    "counted), from its journal.");
		expo_u64(e, "benchtop_tune_changes", l, 1, ok);
		expo_family(e, "benchtop_tune_in_force", EXPO_GAUGE, NULL,
			    "Targets that session left changed from their "
			    "original value when it was saved.");
		expo_u64(e, "benchtop_tune_in_force", l, 1,
			 journal_in_force(&j, NULL, 0));
		expo_family(e, "benchtop_tune_journal_timestamp_seconds",
			    EXPO_GAUGE, "seconds", "When that session was "
			    "saved (seconds since the epoch).");
		expo_double(e, "benchtop_tune_journal_timestamp_seconds", l, 1,
			    r->journal_time);
	}
	journal_fini(&j);
}

#define NEXPL 5
#define EXP_ROWS 256

/* The labels of experiment figure F of experiment X, the figure's name
 * in snake_case into SNAKE. */
static void exp_labels(struct expo_label *l, const json_t *x,
		       const struct snapexp_figure *f, char *snake,
		       size_t size)
{
	benchunits_snake(f->figure, snake, size);
	l[0] = (struct expo_label){ "preset", S(x, "preset") };
	l[1] = (struct expo_label){ "target", S(x, "target") };
	l[2] = (struct expo_label){ "figure", snake };
	l[3] = (struct expo_label){ "variant", f->variant };
	l[4] = (struct expo_label){ "label", f->label };
}

/* The N figures F of experiment X of quantity Q: each variant's median,
 * min and max, in base units. */
static void exp_quantity(struct expo *e, const json_t *x,
			 const struct snapexp_figure *f, size_t n, int q)
{
	static const char *const what[] = { "median", "min", "max" };
	struct expo_label l[NEXPL];
	char name[96], snake[128];
	size_t i, k, have = 0;
	double m;

	for (i = 0; i < n; i++)
		have += benchunits_of(f[i].unit, &m) == q;
	for (k = 0; have && k < 3; k++) {
		snprintf(name, sizeof(name), "benchtop_experiment_%s_%s",
			 what[k], benchunits_suffix(q));
		expo_family(e, name, EXPO_GAUGE, NULL, k == 0 ?
			    "The newest experiment's figures per variant: "
			    "the median of its runs (min and max beside)." :
			    "The newest experiment's figures per variant.");
		for (i = 0; i < n; i++) {
			if (benchunits_of(f[i].unit, &m) != q)
				continue;
			exp_labels(l, x, &f[i], snake, sizeof(snake));
			expo_double(e, name, l, NEXPL, m * (k == 0 ?
				    f[i].median : k == 1 ? f[i].min : f[i].max));
		}
	}
}

/* The figures of the newest experiment: each variant's median, min and
 * max, its ratio against the first and the verdict (snapexp). */
static void experiment(struct expo *e, const struct benchres *r)
{
	struct snapexp_figure *f;
	struct expo_label l[NEXPL + 1];
	char snake[128];
	size_t n, i;
	int q;

	if (!r->experiment || !(f = calloc(EXP_ROWS, sizeof(*f))))
		return;
	n = snapexp_figures(r->experiment, f, EXP_ROWS);
	for (q = 0; q < BENCHUNITS_N; q++)
		exp_quantity(e, r->experiment, f, n, q);
	expo_family(e, "benchtop_experiment_ratio", EXPO_GAUGE, NULL,
		    "A variant's median over the first variant's, with the "
		    "verdict its runs support (doc/bench.md).");
	for (i = 0; i < n; i++) {
		if (!f[i].has_ratio)
			continue;
		exp_labels(l, r->experiment, &f[i], snake, sizeof(snake));
		l[NEXPL] = (struct expo_label){ "verdict", f[i].verdict };
		expo_double(e, "benchtop_experiment_ratio", l, NEXPL + 1,
			    f[i].ratio);
	}
	free(f);
}

void benchres_write(struct expo *e, const struct benchres *r)
{
	struct expo_label l[1] = { { "state", "read" } };

	expo_family(e, "benchtop_results_files", EXPO_GAUGE, NULL,
		    "Result and snapshot files read, and refused (see "
		    "benchtop's stderr for why).");
	expo_u64(e, "benchtop_results_files", l, 1, r->nfiles);
	l[0].value = "refused";
	expo_u64(e, "benchtop_results_files", l, 1, r->nbad);
	runs(e, r);
	tuning(e, r);
	experiment(e, r);
}
