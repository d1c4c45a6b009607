/* SPDX-License-Identifier: GPL-2.0-or-later */
/* snapavg: averages across like devices of each session. */
#include "config.h"

#include "session/snapavg.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/strclean.h"
#include "session/runmatch.h"
#include "session/snapbench.h"
#include "session/snapreport.h"

#define DISKS_MAX 64	/* disks of one preset in one session */

static const char *const session_name = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/* What tells like disks apart, as text ("" model: none recorded). */
struct dev {
	char name[64], model[96], size[32], bus[120];
	bool known;		/* the model and size are recorded */
};

static const char *preset_of(const json_t *r)
{
	return json_string_value(json_object_get(r, "preset"));
}

static const json_t *target_of(const json_t *r)
{
	return json_object_get(json_object_get(r, "conditions"), "target");
}

static const char *disk_of(const json_t *r)
{
	return json_string_value(json_object_get(target_of(r), "disk"));
}

/* BYTES as "1 GiB", "512 MiB". */
static void size_text(unsigned long long bytes, char *dst, size_t size)
{
	static const char *const unit[] = { "bytes", "KiB", "MiB", "GiB",
					    "TiB" };
	double x = (double)bytes;
	size_t i;

	for (i = 0; bytes >= 1024 && i + 1 < 5 && bytes % 1024 == 0; i++)
		bytes /= 1024, x /= 1024;
	snprintf(dst, size, "%.0f %s", x, unit[i]);
}

/* The USB link of the run's target ("USB 5000M uas ASM1153E"), or "not
 * on USB". */
static void bus_text(const json_t *t, char *dst, size_t size)
{
	const json_t *u = json_object_get(t, "usb");
	const char *sp = json_string_value(json_object_get(u, "speed"));
	const char *dr = json_string_value(json_object_get(u, "driver"));
	const char *pr = json_string_value(json_object_get(u, "product"));
	char raw[160];

	if (!json_is_object(u)) {
		snprintf(dst, size, "not on USB");
		return;
	}
	snprintf(raw, sizeof(raw), "USB %s %s %s", sp ? sp : "-",
		 dr ? dr : "-", pr ? pr : "-");
	strclean_copy(dst, size, raw, strlen(raw));
}

/* Run R's disk in session D: from its conditions, or D's system for a
 * run that predates disk_model and disk_size_bytes. */
static void dev_of(const struct snapdoc *d, const json_t *r, struct dev *v)
{
	const json_t *t = target_of(r), *m = json_object_get(t, "disk_model");
	const json_t *sz = json_object_get(t, "disk_size_bytes");
	const char *model = json_string_value(m);
	size_t i;

	memset(v, 0, sizeof(*v));
	strclean_copy(v->name, sizeof(v->name), disk_of(r),
		      strlen(disk_of(r)));
	bus_text(t, v->bus, sizeof(v->bus));
	if (m && json_is_integer(sz)) {
		v->known = true;
		size_text((unsigned long long)json_integer_value(sz), v->size,
			  sizeof(v->size));
	}
	for (i = 0; !v->known && i < d->sys.ndisks; i++)
		if (d->sys.disks[i].name &&
		    !strcmp(d->sys.disks[i].name, disk_of(r)) &&
		    *snapdoc_text(&d->sys.disks[i].size_bytes)) {
			v->known = true;
			model = d->sys.disks[i].model;
			size_text(strtoull(snapdoc_text(
				  &d->sys.disks[i].size_bytes), NULL, 10),
				  v->size, sizeof(v->size));
		}
	if (model)
		strclean_copy(v->model, sizeof(v->model), model,
			      strlen(model));
}

/* Whether V is like REF; else why, in WHY. */
static bool dev_alike(const struct dev *ref, const struct dev *v, char *why,
		      size_t size)
{
	if (!v->known)
		snprintf(why, size, "its model and size are not recorded");
	else if (strcmp(ref->model, v->model))
		snprintf(why, size, "disk models differ: %s vs %s",
			 *ref->model ? ref->model : "none",
			 *v->model ? v->model : "none");
	else if (strcmp(ref->size, v->size))
		snprintf(why, size, "disk sizes differ: %s vs %s", ref->size,
			 v->size);
	else if (strcmp(ref->bus, v->bus))
		snprintf(why, size, "links differ: %s vs %s", ref->bus,
			 v->bus);
	else
		return true;
	return false;
}

/* One session's disks of the preset: each its runs (indices). */
struct disk_runs {
	const char *disk;
	size_t *idx, n;
	bool like;
	char shown[64], why[320];	/* when none of its runs is like */
};

struct side {
	struct disk_runs d[DISKS_MAX];
	size_t nd;
};

/* Disk R's slot in SD (a new one when first seen), or NULL. */
static struct disk_runs *slot(struct side *sd, const json_t *r, size_t max)
{
	size_t k;

	for (k = 0; k < sd->nd && strcmp(sd->d[k].disk, disk_of(r)); k++)
		;
	if (k == DISKS_MAX)
		return NULL;
	if (k == sd->nd) {
		sd->d[k].disk = disk_of(r);
		sd->d[k].idx = calloc(max + 1, sizeof(size_t));
		sd->nd++;
	}
	return sd->d[k].idx ? &sd->d[k] : NULL;
}

/* Session D's finished runs of PRESET by disk, alike REF (settings and
 * variant, then the disk's kind); a disk without one into LEFT with
 * why. */
static void side_of(const struct snapdoc *d, size_t s, const json_t *ref,
		    const struct dev *rdev, struct side *sd, json_t *left)
{
	struct disk_runs *dr;
	struct dev v;
	size_t i, k;

	memset(sd, 0, sizeof(*sd));
	for (i = 0; i < d->nresults; i++) {
		const json_t *r = d->results[i].doc;

		if (!preset_of(r) || strcmp(preset_of(r), preset_of(ref)) ||
		    !disk_of(r) || !runmatch_finished(r) ||
		    !(dr = slot(sd, r, d->nresults)))
			continue;
		dev_of(d, r, &v);
		snprintf(dr->shown, sizeof(dr->shown), "%s", v.name);
		if (runmatch_settings_alike(ref, r, dr->why,
					    sizeof(dr->why)) &&
		    dev_alike(rdev, &v, dr->why, sizeof(dr->why))) {
			dr->idx[dr->n++] = i;
			dr->like = true;
		}
	}
	for (k = 0; left && k < sd->nd; k++)
		if (!sd->d[k].like && sd->d[k].idx)
			json_array_append_new(left, json_pack("{s:s# s:s s:s}",
				"session", &session_name[s], 1, "disk",
				sd->d[k].shown, "why", sd->d[k].why));
}

static size_t like_disks(const struct side *sd)
{
	size_t k, n = 0;

	for (k = 0; k < sd->nd; k++)
		n += sd->d[k].like;
	return n;
}

static void side_free(struct side *sd)
{
	size_t k;

	for (k = 0; k < sd->nd; k++)
		free(sd->d[k].idx);
	sd->nd = 0;
}

/* The reference run of PRESET: of the first session with a finished run
 * of it on a disk (*S), the run whose disk has the most like disks there
 * (the earliest of equals); NULL when none. */
static const struct snapdoc_result *reference(const struct snapdoc *docs,
					      size_t n, const char *preset,
					      size_t *s, struct side *tmp)
{
	const struct snapdoc_result *ref = NULL;
	size_t i, best = 0, k;
	struct dev v;

	for (*s = 0; *s < n && !ref; ++*s)
		for (i = 0; i < docs[*s].nresults; i++) {
			const json_t *r = docs[*s].results[i].doc;

			if (!preset_of(r) || strcmp(preset_of(r), preset) ||
			    !disk_of(r) || !runmatch_finished(r))
				continue;
			dev_of(&docs[*s], r, &v);
			side_of(&docs[*s], *s, r, &v, tmp, NULL);
			k = like_disks(tmp);
			side_free(tmp);
			if (k > best) {
				best = k;
				ref = &docs[*s].results[i];
			}
		}
	--*s;
	return ref;
}

struct fig_ctx {
	const char *name;
	double v;
	bool found;
};

static void fig_cb(void *ctx, const char *name, double v)
{
	struct fig_ctx *c = ctx;

	if (!c->found && !strcmp(name, c->name) && isfinite(v)) {
		c->v = v;
		c->found = true;
	}
}

static bool fig_value(const struct snapdoc_result *r, const char *name,
		      double *v)
{
	struct fig_ctx c = { .name = name };

	if (r->is_run)
		snapbench_figures(&r->run, fig_cb, &c);
	else
		snapreport_figures(r->doc, fig_cb, &c);
	*v = c.v;
	return c.found;
}

static int cmp_double(const void *x, const void *y)
{
	double a = *(const double *)x, b = *(const double *)y;

	return (a > b) - (a < b);
}

/* The median of disk DR's runs' figure NAME; NAN when none has it. */
static double disk_median(const struct snapdoc *d, const struct disk_runs *dr,
			  const char *name)
{
	double v[64], m;
	size_t i, n = 0;

	for (i = 0; i < dr->n && n < 64; i++)
		if (fig_value(&d->results[dr->idx[i]], name, &v[n]))
			n++;
	if (!n)
		return NAN;
	qsort(v, n, sizeof(*v), cmp_double);
	m = n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
	return m;
}

/* Figure NAME's cell of every session: the mean of its like disks'
 * medians, how many disks, the ratio against the first. */
static json_t *figure_avg(const struct snapdoc *docs, size_t n,
			  const struct side *sides, const char *name,
			  const char *unit)
{
	json_t *cells = json_array();
	double mean0 = NAN;
	size_t s, k, nd;

	for (s = 0; s < n; s++) {
		double sum = 0, m, mean;

		for (k = nd = 0; k < sides[s].nd; k++) {
			m = sides[s].d[k].like ? disk_median(&docs[s],
				&sides[s].d[k], name) : NAN;
			if (isfinite(m))
				sum += m, nd++;
		}
		mean = nd ? sum / (double)nd : NAN;
		if (s == 0)
			mean0 = mean;
		json_array_append_new(cells, json_pack("{s:I s:o s:o}",
			"devices", (json_int_t)nd, "mean", nd ?
			json_real(mean) : json_null(), "ratio", nd &&
			mean0 > 0 ? json_real(mean / mean0) : json_null()));
	}
	return json_pack("{s:s s:s s:o}", "figure", name, "unit", unit,
			 "cells", cells);
}

static void names_cb(void *ctx, const char *name, double v)
{
	(void)v;
	json_array_append_new(ctx, json_string(name));
}

/* The averages of PRESET, or NULL when no session has 2 like disks. */
static json_t *preset_avg(const struct snapdoc *docs, size_t n,
			  const char *preset)
{
	struct side *sides = calloc(n, sizeof(*sides));
	const struct snapdoc_result *ref;
	json_t *out = NULL, *left = json_array(), *members = json_array();
	json_t *figs = json_array(), *names = json_array(), *x;
	struct dev rdev;
	size_t s, k, rs, most = 0, i;
	char label[300];

	ref = sides ? reference(docs, n, preset, &rs, &sides[0]) : NULL;
	if (ref)
		dev_of(&docs[rs], ref->doc, &rdev);
	for (s = 0; ref && s < n; s++) {
		json_t *m = json_array();

		side_of(&docs[s], s, ref->doc, &rdev, &sides[s], left);
		for (k = i = 0; k < sides[s].nd; k++)
			if (sides[s].d[k].like)
				json_array_append_new(m, json_string(
					sides[s].d[k].disk)), i++;
		most = i > most ? i : most;
		json_array_append_new(members, m);
	}
	if (ref && most >= 2) {
		if (ref->is_run)
			snapbench_figures(&ref->run, names_cb, names);
		else
			snapreport_figures(ref->doc, names_cb, names);
		json_array_foreach(names, i, x) {
			const char *u = ref->is_run ? snapbench_unit(&ref->run,
				json_string_value(x)) : NULL;

			json_array_append_new(figs, figure_avg(docs, n, sides,
				json_string_value(x), u ? u :
				snapreport_unit(json_string_value(x))));
		}
		snprintf(label, sizeof(label), "%s, %s, %s", rdev.size,
			 *rdev.model ? rdev.model : "no model", rdev.bus);
		out = json_pack("{s:s s:s s:O s:O s:O}", "preset", preset,
				"device", label, "members", members,
				"left_out", left, "figures", figs);
	}
	for (s = 0; sides && s < n; s++)
		side_free(&sides[s]);
	free(sides);
	json_decref(left);
	json_decref(members);
	json_decref(figs);
	json_decref(names);
	return out;
}

json_t *snapavg_build(const struct snapdoc *docs, size_t n)
{
	json_t *out = json_array(), *seen = json_object(), *a;
	size_t s, i;

	for (s = 0; out && seen && s < n; s++)
		for (i = 0; i < docs[s].nresults; i++) {
			const char *p = preset_of(docs[s].results[i].doc);

			if (!p || json_object_get(seen, p))
				continue;
			json_object_set_new(seen, p, json_true());
			if ((a = preset_avg(docs, n, p)))
				json_array_append_new(out, a);
		}
	json_decref(seen);
	return out;
}
