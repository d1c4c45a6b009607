/* SPDX-License-Identifier: GPL-2.0-or-later */
/* hwmodel: loads every part of the hardware model and renders it as JSON
 * and as the readable sections of `benchtop --once`. */
#include "config.h"

#include "hw/hwmodel.h"
#include "base/figfmt.h"
#include "collect/sample.h"
#include "base/jsondoc.h"
#include "base/i18n.h"

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "base/buf.h"
#include "base/strclean.h"

/* ---- loading ---------------------------------------------------------- */

static int load_cpuinfo(struct hwmodel *hw, struct buf *b)
{
	char msg[160];
	int rc = buf_read_file(b, "/proc/cpuinfo");

	if (rc == 0)
		rc = cpuinfo_parse(b->data, b->len, &hw->cpuinfo);
	if (rc >= 0 && hw->cpuinfo.nskipped) {
		snprintf(msg, sizeof(msg), "%u line%s of /proc/cpuinfo not "
			 "understood (line %u)", hw->cpuinfo.nskipped,
			 hw->cpuinfo.nskipped == 1 ? "" : "s",
			 hw->cpuinfo.skip_line);
		hw->cpuinfo_error = strdup(msg);
		return hw->cpuinfo_error ? 0 : -ENOMEM;
	}
	if (rc >= 0)
		return 0;
	if (rc == -ENOMEM)
		return rc;
	if (hw->cpuinfo.err_line)
		snprintf(msg, sizeof(msg), "/proc/cpuinfo line %u is malformed",
			 hw->cpuinfo.err_line);
	else
		snprintf(msg, sizeof(msg), "/proc/cpuinfo cannot be read (%s)",
			 strerror(-rc));
	hw->cpuinfo_error = strdup(msg);
	return hw->cpuinfo_error ? 0 : -ENOMEM;
}

/* A one-line name from PATH (NUL-terminated in the device tree). */
static char *read_name(struct buf *b, const char *path)
{
	size_t n;

	if (buf_read_file(b, path) != 0)
		return NULL;
	n = strnlen(b->data, b->len);
	while (n > 0 && (b->data[n - 1] == '\n' || b->data[n - 1] == ' '))
		n--;
	return n ? strclean_dup(b->data, n) : NULL;
}

static void load_board(struct hwmodel *hw, struct buf *b)
{
	const char *src = "devicetree";
	char *name = read_name(b, "/sys/firmware/devicetree/base/model");

	if (!name)
		name = read_name(b, "/proc/device-tree/model");
	if (!name && (hw->cpuinfo.model || hw->cpuinfo.hardware)) {
		src = "cpuinfo";
		name = strdup(hw->cpuinfo.model ? hw->cpuinfo.model :
			      hw->cpuinfo.hardware);
	}
	if (!name) {
		src = "dmi";
		name = read_name(b, "/sys/class/dmi/id/product_name");
	}
	hw->board = name;
	hw->board_source = name ? src : NULL;
}

/* Mark the clusters that an active cooling device slows down. */
static void apply_cooling(struct hwmodel *hw)
{
	struct clusters *c = &hw->clusters;
	size_t i, j;

	for (i = 0; i < hw->thermal.ncooling; i++) {
		const struct thermal_cooling *d = &hw->thermal.cooling[i];
		unsigned n;
		enum thermal_target t = thermal_cooling_target(d->type, &n);

		if (!d->has_state || d->cur_state == 0)
			continue;
		for (j = 0; j < c->n; j++)
			if (t == THERMAL_TARGET_ALL ||
			    (t == THERMAL_TARGET_NTH && j == n) ||
			    (t == THERMAL_TARGET_CPU &&
			     cpuset_has(&c->v[j].cpus, n)))
				c->v[j].cooling_active = true;
	}
	clusters_refresh_throttled(c);
}

int hwmodel_load(struct hwmodel *hw)
{
	return hwmodel_load_flags(hw, HWMODEL_PCI_NAMES);
}

int hwmodel_load_flags(struct hwmodel *hw, unsigned flags)
{
	return hwmodel_load_irqs(hw, flags, NULL);
}

int hwmodel_load_irqs(struct hwmodel *hw, unsigned flags,
		      const struct irq_table *irqs)
{
	struct buf b = { 0 };
	int rc;

	memset(hw, 0, sizeof(*hw));
	rc = load_cpuinfo(hw, &b);
	if (rc == 0)
		rc = clusters_load(&hw->clusters, !hw->cpuinfo.ncpus &&
				   hw->cpuinfo_error ? NULL : &hw->cpuinfo);
	if (rc == 0)
		rc = thermal_load(&hw->thermal);
	if (rc == 0) {
		apply_cooling(hw);
		load_board(hw, &b);
	}
	if (chain_model_load_irqs(&hw->chain, sample_live_roots.sys,
				  sample_live_roots.proc,
				  flags & HWMODEL_PCI_NAMES ?
				  CHAIN_PCI_NAMES : 0, irqs) && rc == 0)
		rc = -ENOMEM;
	buf_free(&b);
	return rc;
}

void hwmodel_fini(struct hwmodel *hw)
{
	chain_model_fini(&hw->chain);
	thermal_fini(&hw->thermal);
	clusters_fini(&hw->clusters);
	cpuinfo_free(&hw->cpuinfo);
	free(hw->cpuinfo_error);
	free(hw->board);
	memset(hw, 0, sizeof(*hw));
}

void hwmodel_take_irqs(struct hwmodel *hw, const struct sample *s,
		       const struct sample_rates *r)
{
	chain_list_take_irqs(&hw->chain.chains, s, r);
}

int hwmodel_refresh(struct hwmodel *hw)
{
	int rc;

	clusters_fini(&hw->clusters);
	rc = clusters_load(&hw->clusters, !hw->cpuinfo.ncpus &&
			   hw->cpuinfo_error ? NULL : &hw->cpuinfo);
	if (rc == 0)
		rc = thermal_refresh(&hw->thermal);
	else
		thermal_fini(&hw->thermal);
	if (rc == 0)
		apply_cooling(hw);
	return rc;
}

int hwmodel_refresh_values(struct hwmodel *hw)
{
	int rc;

	if (clusters_refresh_freq(&hw->clusters) != 0)
		return hwmodel_refresh(hw);
	rc = thermal_refresh(&hw->thermal);
	if (rc == 0)
		apply_cooling(hw);
	return rc;
}

void hwmodel_set_util(struct hwmodel *hw, const int *cpu_ids,
		      const double *busy_pct, size_t n)
{
	clusters_set_util(&hw->clusters, cpu_ids, busy_pct, n);
}

/* ---- JSON ------------------------------------------------------------- */


static json_t *u64_or_null(uint64_t v, bool known)
{
	if (!known)
		return json_null();
	return json_integer(v > INT64_MAX ? INT64_MAX : (json_int_t)v);
}

static json_t *cpulist_json(const struct cpuset *s)
{
	size_t n = cpulist_format(s, NULL, 0);
	char *tmp = malloc(n + 1);
	json_t *j;

	if (!tmp)
		return NULL;
	cpulist_format(s, tmp, n + 1);
	j = json_string(tmp);
	free(tmp);
	return j;
}

static json_t *freq_arrays(const struct cpufreqinfo *f, json_t *o)
{
	json_t *gov = json_array(), *fr = json_array(), *tis = json_array();
	size_t i;

	for (i = 0; i < f->ngovernors; i++)
		json_array_append_new(gov, json_string(f->governors[i]));
	for (i = 0; i < f->nfreqs; i++)
		json_array_append_new(fr, u64_or_null(f->freqs_khz[i], true));
	for (i = 0; i < f->nstates; i++)
		json_array_append_new(tis, json_pack("{s:o s:o}",
			"khz", u64_or_null(f->states[i].khz, true),
			"ms", u64_or_null(f->states[i].ms, true)));
	json_object_set_new(o, "governors", gov);
	json_object_set_new(o, "frequencies_khz", fr);
	json_object_set_new(o, "time_in_state", tis);
	return o;
}

/* The cpufreq members of a cluster: null where unknown. */
static void freq_json(const struct cluster *cl, json_t *o)
{
	const struct cpufreqinfo *f = &cl->freq;
	unsigned m = cl->has_freq ? f->missing : ~0u;
	bool pol = !(m & CPUFREQINFO_POLICY), hw = !(m & CPUFREQINFO_HW_LIMITS);

	json_object_set_new(o, "governor", jsondoc_str(pol ? f->governor :
								NULL));
	json_object_set_new(o, "cur_khz", u64_or_null(f->cur_khz,
						      !(m & CPUFREQINFO_CUR)));
	json_object_set_new(o, "min_khz", u64_or_null(f->min_khz, pol));
	json_object_set_new(o, "max_khz", u64_or_null(f->max_khz, pol));
	json_object_set_new(o, "hw_min_khz", u64_or_null(f->hw_min_khz, hw));
	json_object_set_new(o, "hw_max_khz", u64_or_null(f->hw_max_khz, hw));
	freq_arrays(f, o);
	json_object_set_new(o, "transitions", u64_or_null(f->transitions,
					!(m & CPUFREQINFO_TRANS)));
}

static json_t *cluster_json(const struct cluster *cl)
{
	json_t *o = json_object();

	if (!o)
		return NULL;
	json_object_set_new(o, "policy", json_integer(cl->policy));
	json_object_set_new(o, "cpus", cpulist_json(&cl->cpus));
	json_object_set_new(o, "core", json_string(cl->core ? cl->core : ""));
	json_object_set_new(o, "role",
			    jsondoc_str(clusters_role_name(cl->role)));
	json_object_set_new(o, "online", json_boolean(cl->online));
	freq_json(cl, o);
	json_object_set_new(o, "capacity", u64_or_null(cl->capacity,
							cl->capacity > 0));
	json_object_set_new(o, "throttled", json_boolean(cl->throttled));
	json_object_set_new(o, "error", jsondoc_str(cl->error));
	return o;
}

static json_t *cpus_json(const struct hwmodel *hw)
{
	const struct clusters *c = &hw->clusters;
	json_t *o = json_object(), *cores = json_array();
	const char *err = c->error ? c->error : hw->cpuinfo_error;
	size_t i;

	for (i = 0; i < c->ncores; i++)
		json_array_append_new(cores, json_pack("{s:o s:s}",
			"cpus", cpulist_json(&c->cores[i].cpus),
			"core", c->cores[i].core));
	json_object_set_new(o, "present", cpulist_json(&c->present));
	json_object_set_new(o, "online", cpulist_json(&c->online));
	json_object_set_new(o, "without_cpufreq", cpulist_json(&c->nofreq));
	json_object_set_new(o, "cores", cores);
	json_object_set_new(o, "error", jsondoc_str(err));
	return o;
}

static json_t *temp_json(int64_t mc, bool known)
{
	return known ? json_real((double)mc / 1000.0) : json_null();
}

static json_t *zone_json(const struct thermal_zone *z)
{
	json_t *trips = json_array();
	char name[32];
	size_t i;

	for (i = 0; i < z->ntrips; i++)
		json_array_append_new(trips, json_pack("{s:o s:s}",
			"temp_c", temp_json(z->trips[i].temp_mc, true),
			"type", z->trips[i].type));
	snprintf(name, sizeof(name), "thermal_zone%u", z->id);
	return json_pack("{s:s s:s s:o s:o s:o}", "name", name,
			 "type", z->type ? z->type : "",
			 "temp_c", temp_json(z->temp_mc, z->has_temp),
			 "trips", trips, "error", jsondoc_str(z->error));
}

static json_t *cooling_json(const struct thermal_cooling *d)
{
	char name[32];

	snprintf(name, sizeof(name), "cooling_device%u", d->id);
	return json_pack("{s:s s:s s:o s:o s:b s:o}", "name", name,
			 "type", d->type ? d->type : "",
			 "cur_state", u64_or_null(d->cur_state, d->has_state),
			 "max_state", u64_or_null(d->max_state, d->has_max),
			 "active", d->has_state && d->cur_state > 0,
			 "error", jsondoc_str(d->error));
}

static json_t *thermal_json(const struct thermal *t)
{
	json_t *zones = json_array(), *cool = json_array();
	size_t i;

	for (i = 0; i < t->nzones; i++)
		json_array_append_new(zones, zone_json(&t->zones[i]));
	for (i = 0; i < t->ncooling; i++)
		json_array_append_new(cool, cooling_json(&t->cooling[i]));
	return json_pack("{s:o s:o s:o}", "zones", zones, "cooling", cool,
			 "error", jsondoc_str(t->error));
}

json_t *hwmodel_json(const struct hwmodel *hw)
{
	const struct clusters *c = &hw->clusters;
	json_t *o = json_object(), *cl = json_array();
	size_t i;

	if (!o || !cl) {
		json_decref(o);
		json_decref(cl);
		return NULL;
	}
	for (i = 0; i < c->n; i++)
		json_array_append_new(cl, cluster_json(&c->v[i]));
	json_object_set_new(o, "board", jsondoc_str(hw->board));
	json_object_set_new(o, "board_source", jsondoc_str(hw->board_source));
	json_object_set_new(o, "cpu_topology", cpus_json(hw));
	json_object_set_new(o, "clusters", cl);
	json_object_set_new(o, "cpufreq", jsondoc_str(c->cpufreq_note));
	json_object_set_new(o, "thermal", thermal_json(&hw->thermal));
	chain_model_json(&hw->chain, o);
	return o;
}

/* ---- text ------------------------------------------------------------- */

/* "1400" (MHz, rounded) or "?" into DST. */
static const char *mhz(char *dst, size_t size, uint64_t khz, bool known)
{
	if (known && khz)
		figfmt_mhz(dst, size, khz);
	else
		snprintf(dst, size, "?");
	return dst;
}

static void print_cpus(FILE *f, const struct hwmodel *hw)
{
	const struct clusters *c = &hw->clusters;
	char a[256], b[256];
	size_t i;

	cpulist_format(&c->present, a, sizeof(a));
	cpulist_format(&c->online, b, sizeof(b));
	fprintf(f, _("CPUS     present %s  online %s"), a, b);
	for (i = 0; i < c->ncores; i++) {
		cpulist_format(&c->cores[i].cpus, a, sizeof(a));
		if (c->ncores == 1)
			fprintf(f, "  %s", c->cores[i].core);
		else
			fprintf(f, "%s %s %s", i ? "," : " ",
				c->cores[i].core, a);
	}
	fputc('\n', f);
	if (c->error || hw->cpuinfo_error)
		fprintf(f, _("         error: %s\n"),
			c->error ? c->error : hw->cpuinfo_error);
	cpulist_format(&c->nofreq, a, sizeof(a));
	if (c->n && a[0])
		fprintf(f, _("         cpus %s have no cpufreq\n"), a);
}

static void print_cluster(FILE *f, const struct cluster *cl)
{
	const struct cpufreqinfo *fr = &cl->freq;
	const char *role = clusters_role_name(cl->role);
	unsigned m = cl->has_freq ? fr->missing : ~0u;
	bool pol = !(m & CPUFREQINFO_POLICY), hw = !(m & CPUFREQINFO_HW_LIMITS);
	char cpus[256], cur[24], lo[24], hi[24], hlo[24], hhi[24];

	cpulist_format(&cl->cpus, cpus, sizeof(cpus));
	fprintf(f, "CLUSTER  %s%s%s  cpus %s", role ? role : "",
		role ? " " : "", cl->core && cl->core[0] ? cl->core : "?",
		cpus);
	if (!cl->online)
		fprintf(f, "  %s", _("offline"));
	else if (cl->has_freq)
		fprintf(f, "  %s  %s MHz  %s-%s MHz  (hw %s-%s)%s%s",
			pol && fr->governor ? fr->governor : "?",
			mhz(cur, sizeof(cur), fr->cur_khz,
			    !(m & CPUFREQINFO_CUR)),
			mhz(lo, sizeof(lo), fr->min_khz, pol),
			mhz(hi, sizeof(hi), fr->max_khz, pol),
			mhz(hlo, sizeof(hlo), fr->hw_min_khz, hw),
			mhz(hhi, sizeof(hhi), fr->hw_max_khz, hw),
			pol && hw && clusters_capped(fr->max_khz,
				fr->hw_max_khz) ? "  CAPPED" : "",
			cl->throttled ? "  THROTTLED" : "");
	fputc('\n', f);
	if (cl->error)
		fprintf(f, _("         error: %s\n"), cl->error);
}

/* "  active 50/60/70" for the trips of TYPE, or nothing. */
static void print_trips(FILE *f, const struct thermal_zone *z,
			const char *type)
{
	bool first = true;
	size_t i;

	for (i = 0; i < z->ntrips; i++) {
		double c = (double)z->trips[i].temp_mc / 1000.0;

		if (strcmp(z->trips[i].type, type) != 0)
			continue;
		if (first)
			fprintf(f, "  %s %g", type, c);
		else
			fprintf(f, "/%g", c);
		first = false;
	}
}

/* How many cooling devices from I on have the type and state of I's. */
static size_t cooling_alike(const struct thermal *t, size_t i)
{
	const struct thermal_cooling *a = &t->cooling[i], *b;
	size_t n = 1;

	for (b = a + 1; i + n < t->ncooling; b++, n++)
		if (!a->type || !b->type || strcmp(a->type, b->type) ||
		    a->error || b->error || !a->has_state ||
		    !b->has_state || a->cur_state != b->cur_state ||
		    a->has_max != b->has_max || a->max_state != b->max_state)
			break;
	return n;
}

static void print_thermal(FILE *f, const struct thermal *t)
{
	static const char *const kinds[] = { "active", "passive", "hot",
					     "critical" };
	size_t i, k, n;

	if (!t->nzones && !t->ncooling && !t->error)
		fprintf(f, _("THERMAL  no thermal zones exposed by this "
			  "kernel\n"));
	if (t->error)
		fprintf(f, _("THERMAL  error: %s\n"), t->error);
	for (i = 0; i < t->nzones; i++) {
		const struct thermal_zone *z = &t->zones[i];

		fprintf(f, "THERMAL  %s  ", z->type);
		if (z->has_temp)
			fprintf(f, "%.1f°C", (double)z->temp_mc / 1000.0);
		else
			fprintf(f, "?°C");
		for (k = 0; k < sizeof(kinds) / sizeof(kinds[0]); k++)
			print_trips(f, z, kinds[k]);
		fputs(z->ntrips ? " °C\n" : "\n", f);
		if (z->error)
			fprintf(f, _("         error: %s\n"), z->error);
	}
	for (i = 0; i < t->ncooling; i += n) {
		const struct thermal_cooling *d = &t->cooling[i];
		char max[24] = "?";

		/* alike devices in a row (x86's one "Processor" per CPU) are
		 * one line: "4 x Processor" */
		n = cooling_alike(t, i);
		if (n > 1)
			fprintf(f, "COOLING  %zu x %s  ", n, d->type);
		else
			fprintf(f, "COOLING  %s  ", d->type);
		if (d->has_max)
			snprintf(max, sizeof(max), "%llu",
				 (unsigned long long)d->max_state);
		if (d->has_state)
			fprintf(f, _("state %llu/%s%s\n"),
				(unsigned long long)d->cur_state, max,
				d->cur_state ? _("  active") : "");
		else if (d->inactive)
			fprintf(f, _("state -/%s  not active\n"), max);
		else
			fprintf(f, _("state ?/%s\n"), max);
		if (d->error)
			fprintf(f, _("         error: %s\n"), d->error);
	}
}

void hwmodel_print(FILE *f, const struct hwmodel *hw)
{
	const struct clusters *c = &hw->clusters;
	size_t i;

	fprintf(f, _("BOARD    %s\n"), hw->board ? hw->board : _("unknown"));
	print_cpus(f, hw);
	if (c->cpufreq_note)
		fprintf(f, "CLUSTER  %s\n", _(c->cpufreq_note));
	for (i = 0; i < c->n; i++)
		print_cluster(f, &c->v[i]);
	print_thermal(f, &hw->thermal);
	chain_model_print(f, &hw->chain);
}
