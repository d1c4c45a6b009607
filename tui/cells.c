/* SPDX-License-Identifier: GPL-2.0-or-later */
/* cells: formatting shared by the panels; nothing here reads the kernel,
 * it all comes from the moment (app_moment). */
#include "config.h"

#include "cells.h"

#include <curses.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "app.h"
#include "draw.h"
#include "frame.h"
#include "base/figfmt.h"
#include "base/i18n.h"
#include "view/figures.h"

static void scaled(char *dst, size_t size, double v, const char *const *u)
{
	int i = 0;

	while (v >= 999.95 && u[i + 1]) {
		v /= 1000.0;
		i++;
	}
	snprintf(dst, size, "%.*f %s", i ? 1 : 0, v, u[i]);
}

void cells_bytes_rate(char *dst, size_t size, double bps, bool valid)
{
	static const char *const u[] = { "B/s", "kB/s", "MB/s", "GB/s", NULL };

	if (!valid)
		snprintf(dst, size, "-");
	else
		scaled(dst, size, bps, u);
}

void cells_bits_rate(char *dst, size_t size, double bps, bool valid)
{
	static const char *const u[] = { "bit/s", "kbit/s", "Mbit/s",
					 "Gbit/s", NULL };

	if (!valid)
		snprintf(dst, size, "-");
	else
		scaled(dst, size, bps * 8.0, u);
}

void cells_count(char *dst, size_t size, double v, bool valid)
{
	static const char *const u[] = { "", "k", "M", "G", NULL };
	int i = 0;

	if (!valid) {
		snprintf(dst, size, "-");
		return;
	}
	while (v >= 999.95 && u[i + 1]) {
		v /= 1000.0;
		i++;
	}
	snprintf(dst, size, "%.*f%s", i ? 1 : 0, v, u[i]);
}

void cells_count_short(char *dst, size_t size, double v, bool valid)
{
	static const char *const u[] = { "", "k", "M", "G", NULL };
	int i = 0;

	if (!valid) {
		snprintf(dst, size, "-");
		return;
	}
	while (v >= 999.5 && u[i + 1]) {
		v /= 1000.0;
		i++;
	}
	snprintf(dst, size, "%.*f%s", i && v < 9.95 ? 1 : 0, v, u[i]);
}

void cells_cluster_title(char *dst, size_t size)
{
	snprintf(dst, size, "%-19s %-5s %-12s %8s %9s %5s %s", _("CLUSTER"),
		 _("CPUS"), _("GOVERNOR"), _("FREQ"), _("RANGE MHz"),
		 _("UTIL"), _("TEMP"));
}

/* A disk's or an interface's row of the overview, from its columns in
 * the table of figures (figures.h): the name, the figures, the history
 * (panel_main.c draws it) and the link. */
#define DEV_NAME_W 10
#define DEV_HISTORY_W 10	/* panel_main.c's SPARK_W */
#define DEV_COLS 16		/* columns of figures at most */

/* The titles of the columns of table T, the name's NAME first. */
static void dev_title(char *dst, size_t size, const struct figure_table *t,
		      const char *name)
{
	const struct figure *f[DEV_COLS];
	struct cells_col c[DEV_COLS + 4];
	size_t n = figures_screen_cols(t, f, DEV_COLS), i;

	c[0] = (struct cells_col){ name, DEV_NAME_W, -1, true, false };
	for (i = 0; i < n; i++)
		c[1 + i] = (struct cells_col){ _(f[i]->title),
			f[i]->cell_width, -1, false, false };
	c[1 + n] = (struct cells_col){ _("HISTORY"), DEV_HISTORY_W, -1, true,
				       false };
	c[2 + n] = (struct cells_col){ _("LINK"), 0, -1, true, false };
	c[3 + n] = (struct cells_col){ NULL, 0, 0, false, false };
	cells_row(dst, size, c);
}

void cells_disk_title(char *dst, size_t size)
{
	dev_title(dst, size, &figures_disk, _("DISK"));
}

void cells_net_title(char *dst, size_t size)
{
	dev_title(dst, size, &figures_net, _("NET"));
}

/* Whether the columns of DEV that need K are known (else "-"). */
typedef bool (*known_fn)(const void *dev, enum figure_known k);

static bool disk_known(const void *dev, enum figure_known k)
{
	const struct moment_disk *d = dev;

	return d->valid && (k == FIG_KNOWN_RATE ||
			    (k == FIG_KNOWN_OPS && !d->ops_unknown));
}

static bool net_known(const void *dev, enum figure_known k)
{
	const struct moment_net *n = dev;

	switch (k) {
	case FIG_KNOWN_RATE:
		return n->valid;
	case FIG_KNOWN_RX:
		return n->rx_known;
	case FIG_KNOWN_TX:
		return n->tx_known;
	case FIG_KNOWN_COUNTS:
		return n->valid && n->counts_known;
	case FIG_KNOWN_OPS:
		break;
	}
	return false;
}

/* Column F's cell of DEV: whether it is known and its value in *V. */
static bool dev_cell(const struct figure_table *t, const struct figure *f,
		     const void *dev, known_fn known, double *v)
{
	*v = figures_screen_sum(t, f->screen, dev);
	return known(dev, f->known);
}

static void cell_text(char *dst, size_t size, const struct figure *f,
		      double v, bool known)
{
	switch (f->cell) {
	case FIG_CELL_BYTES:
		cells_bytes_rate(dst, size, v, known);
		return;
	case FIG_CELL_BITS:
		cells_bits_rate(dst, size, v, known);
		return;
	case FIG_CELL_COUNT:
		cells_count(dst, size, v, known);
		return;
	case FIG_CELL_PCT:	/* 7 characters at most, as ever */
		snprintf(dst, size < 8 ? size : 8, known ? "%3.0f%%" : "-", v);
		return;
	case FIG_CELL_NONE:
		break;
	}
	snprintf(dst, size, "?");
}

static size_t dev_row(char *dst, size_t size, const struct figure_table *t,
		      const char *name, const void *dev, known_fn known)
{
	const struct figure *f[DEV_COLS];
	struct cells_col c[DEV_COLS + 2];
	char text[DEV_COLS][32];
	size_t n = figures_screen_cols(t, f, DEV_COLS), i;
	double v;
	bool k;

	c[0] = (struct cells_col){ name, DEV_NAME_W, DEV_NAME_W, true,
				   false };
	for (i = 0; i < n; i++) {
		k = dev_cell(t, f[i], dev, known, &v);
		cell_text(text[i], sizeof(text[i]), f[i], v, k);
		c[1 + i] = (struct cells_col){ text[i], f[i]->cell_width, -1,
					       false, i + 1 == n };
	}
	c[1 + n] = (struct cells_col){ NULL, 0, 0, false, false };
	return cells_row(dst, size, c);
}

/* What dev_row draws DEV's cells from: each column's known and, when
 * known, its value (the same walk). */
static void dev_key(struct frame_key *key, const struct figure_table *t,
		    const char *name, const void *dev, known_fn known)
{
	const struct figure *f[DEV_COLS];
	size_t n = figures_screen_cols(t, f, DEV_COLS), i;
	double v;
	bool k;

	frame_key_str(key, name);
	for (i = 0; i < n; i++) {
		k = dev_cell(t, f[i], dev, known, &v);
		frame_key_add(key, &k, sizeof(k));
		if (k)
			frame_key_add(key, &v, sizeof(v));
	}
}

size_t cells_disk_row(char *dst, size_t size, const struct moment_disk *d)
{
	return dev_row(dst, size, &figures_disk, d->name, d, disk_known);
}

size_t cells_net_row(char *dst, size_t size, const struct moment_net *n)
{
	return dev_row(dst, size, &figures_net, n->name, n, net_known);
}

void cells_disk_key(struct frame_key *k, const struct moment_disk *d)
{
	dev_key(k, &figures_disk, d->name, d, disk_known);
}

void cells_net_key(struct frame_key *k, const struct moment_net *n)
{
	dev_key(k, &figures_net, n->name, n, net_known);
}

void cells_irq_title(char *dst, size_t size)
{
	snprintf(dst, size, "%-5s %8s %6s %-10s %s", _("IRQ"), _("RATE/s"),
		 _("ON CPU"), _("AFFINITY"), _("NAME"));
}

void cells_squeeze(char *dst, size_t size, const char *src)
{
	size_t o = 0;
	bool space = false;

	for (; *src && o + 1 < size; src++) {
		if (*src == ' ' || *src == '\t') {
			space = o > 0;
			continue;
		}
		if (space && o + 2 < size)
			dst[o++] = ' ';
		space = false;
		dst[o++] = *src;
	}
	dst[o] = '\0';
}

/* What draw_cluster draws C's row from (change them together). */
static void cluster_key(struct app *a, struct frame_key *k, int w,
			const struct moment_cluster *c)
{
	bool flag[7] = { a->color, a->utf8, c->online, c->has_freq,
			 c->has_temp, c->throttled, c->capped };
	uint64_t khz[3] = { c->cur_khz, c->min_khz, c->max_khz };
	int role = (int)c->role;

	frame_key_init(k);
	frame_key_add(k, &w, sizeof(w));
	frame_key_add(k, flag, sizeof(flag));
	frame_key_add(k, &role, sizeof(role));
	frame_key_str(k, c->core);
	frame_key_add(k, &c->cpus, sizeof(c->cpus));
	frame_key_str(k, c->governor);
	frame_key_add(k, khz, sizeof(khz));
	frame_key_add(k, &c->util_pct, sizeof(c->util_pct));
	frame_key_add(k, &c->temp_mc, sizeof(c->temp_mc));
}

static void draw_cluster(struct app *a, int y, int w,
			 const struct moment_cluster *c)
{
	const char *role = clusters_role_name(c->role);
	char name[48], cpus[32], freq[32] = "-", range[48] = "-", util[8] = "-";
	char mhz[24];

	snprintf(name, sizeof(name), "%s%s%.40s", role ? role : "",
		 role ? " " : "", *c->core ? c->core : "?");
	cpulist_format(&c->cpus, cpus, sizeof(cpus));
	if (!c->online) {
		draw_fmt(y, 0, w, "%-19.19s %-5s %s", name, cpus, _("offline"));
		return;
	}
	if (c->has_freq && c->cur_khz)
		snprintf(freq, sizeof(freq), "%s MHz",
			 figfmt_mhz(mhz, sizeof(mhz), c->cur_khz));
	if (c->has_freq && c->max_khz)
		figfmt_mhz_range(range, sizeof(range), c->min_khz, c->max_khz);
	if (c->util_pct >= 0)
		snprintf(util, sizeof(util), "%3.0f%%", c->util_pct);
	draw_fmt(y, 0, w, "%-19.19s %-5s %-12.12s %8s %9s %5s ", name, cpus,
		 c->has_freq && *c->governor ? c->governor : "-",
		 freq, range, util);
	/* A limit below the hardware's maximum: the range in the warning
	 * style, and the word where THROTTLED goes (which wins: it says
	 * more, and the range still shows the cap). */
	if (c->has_freq && c->capped) {
		draw_style(a->color, STYLE_WARN);
		draw_fmt(y, 48, w - 48, "%9s", range);
		if (!c->throttled)
			draw_text(y, 71, w - 71, _("CAPPED"));
		draw_style(a->color, STYLE_NORMAL);
	}
	/* the cluster's own zones */
	if (c->has_temp)
		draw_fmt(y, 64, w - 64, a->utf8 ? "%4.1f\u00b0C" : "%4.1f C",
			 (double)c->temp_mc / 1000.0);
	if (c->throttled) {
		draw_style(a->color, STYLE_BAD);
		draw_text(y, 71, w - 71, _("THROTTLED"));
		draw_style(a->color, STYLE_NORMAL);
	}
}

/* An x86 model name short enough for the CLUSTER column: "Intel(R)
 * Xeon(R) CPU E5-2680 v4 @ 2.40GHz" -> "Intel Xeon E5-2680 v4". */
static void short_model(char *dst, size_t size, const char *model)
{
	static const char *const noise[] = { "(R)", "(TM)", "(tm)", " CPU",
					     " Processor", " processor" };
	char tmp[256], *at;
	size_t i;

	snprintf(tmp, sizeof(tmp), "%s", model && *model ? model : "?");
	if ((at = strstr(tmp, " @ ")))
		*at = '\0';
	for (i = 0; i < sizeof(noise) / sizeof(noise[0]); i++)
		while ((at = strstr(tmp, noise[i])))
			memmove(at, at + strlen(noise[i]),
				strlen(at + strlen(noise[i])) + 1);
	cells_squeeze(dst, size, tmp);
}

/* Mean busy share of the online CPUs in SET, or -1 when unknown. */
static double group_busy(const struct moment *m, const struct cpuset *set)
{
	double sum = 0;
	size_t i, n = 0;

	if (!m->have_rates)
		return -1;
	for (i = 0; i < m->ncpus; i++)
		if (cpuset_has(set, (unsigned)m->cpus[i].id) &&
		    m->cpus[i].online && m->cpus[i].valid) {
			sum += m->cpus[i].busy;
			n++;
		}
	return n ? sum / (double)n : -1;
}

static int draw_nofreq(struct app *a, const struct moment *m, int y, int h,
		       int w)
{
	char cpus[32];
	size_t i;
	int used = 0;

	for (i = 0; i < m->ncores && used < h - 1; i++, used++) {
		double busy = group_busy(m, &m->cores[i].cpus);
		char name[64];

		short_model(name, sizeof(name), m->cores[i].model);
		cpulist_format(&m->cores[i].cpus, cpus, sizeof(cpus));
		draw_fmt(y + used, 0, w, "%-19.19s %-5s %-12s %9s %10s ",
			 name, cpus, "-", "-", "-");
		if (busy >= 0)
			draw_fmt(y + used, 60, w - 60, "%4.0f%%", busy);
	}
	draw_style(a->color, STYLE_DIM);
	draw_text(y + used, 0, w, m->cpufreq_note ? _(m->cpufreq_note) : "");
	draw_style(a->color, STYLE_NORMAL);
	return used + 1;
}

/* Per-CPU utilisation bars, 16 columns each, on as many lines (at most
 * MAXROWS) as the CPUs need; returns the lines used. */
static int draw_percpu(struct app *a, const struct moment *m, int y, int w,
		       int maxrows)
{
	size_t i, per = w >= 16 ? (size_t)w / 16 : 1;
	int x, row;

	if (!m->have_rates)
		return 0;
	for (i = 0; i < m->ncpus; i++) {
		const struct moment_cpu *c = &m->cpus[i];

		row = (int)(i / per);
		x = (int)(i % per) * 16;
		if (row >= maxrows)
			return maxrows;
		if (!c->online) {
			draw_fmt(y + row, x, 16, "%3d %-11s", c->id, _("off"));
			continue;
		}
		draw_fmt(y + row, x, 4, "%3d ", c->id);
		draw_style(a->color, STYLE_GOOD);
		draw_bar(y + row, x + 4, 6, c->valid ? c->busy : 0, a->utf8);
		draw_style(a->color, STYLE_NORMAL);
		draw_fmt(y + row, x + 10, 6, " %3.0f%%", c->busy);
	}
	return m->ncpus ? (int)((m->ncpus - 1) / per) + 1 : 0;
}

int cells_draw_clusters(struct app *a, int y, int h, int w, int title_w)
{
	const struct moment *m = app_moment(a);
	size_t i;
	int used = 0;

	if (m->has_hottest && title_w < w - 8)	/* the titles first */
		draw_fmt(y - 1, w - 8, 8, "%5.1f%s",
			 (double)m->hottest_mc / 1000.0,
			 a->utf8 ? "\u00b0C" : " C");
	if (m->nclusters == 0)
		used = draw_nofreq(a, m, y, h, w);
	for (i = 0; i < m->nclusters && used < h; i++, used++) {
		struct frame_key k;

		cluster_key(a, &k, w, &m->clusters[i]);
		if (draw_row_kept(y + used, &k))	/* as in the last frame */
			continue;
		draw_cluster(a, y + used, w, &m->clusters[i]);
		draw_row_keep(y + used);
	}
	if (used < h && LINES >= 30)
		used += draw_percpu(a, m, y + used, w, h - used);
	return used;
}

void cells_irq_key(struct frame_key *k, const struct moment_irq *q)
{
	int on_cpu = moment_irq_on_cpu(q);

	frame_key_str(k, q->key);
	frame_key_add(k, &q->valid, sizeof(q->valid));
	frame_key_add(k, &q->total_per_s, sizeof(q->total_per_s));
	frame_key_add(k, &on_cpu, sizeof(on_cpu));
	frame_key_add(k, &q->aff->has_affinity, sizeof(q->aff->has_affinity));
	if (q->aff->has_affinity)
		frame_key_add(k, &q->aff->affinity, sizeof(q->aff->affinity));
	frame_key_str(k, *q->action ? q->action : q->desc);
}

/* cells_irq_key names what this draws from: change both together. */
void cells_draw_irq_row(struct app *a, int y, int w,
			const struct moment_irq *q)
{
	char rate[16], on[12], aff[32] = "-", name[128], line[1024];

	(void)a;
	cells_count(rate, sizeof(rate), q->total_per_s, q->valid);
	figfmt_irq_cpu(on, sizeof(on), moment_irq_on_cpu(q));
	if (q->aff->has_affinity)
		cpulist_format(&q->aff->affinity, aff, sizeof(aff));
	cells_squeeze(name, sizeof(name), *q->action ? q->action : q->desc);
	cells_row(line, sizeof(line), (const struct cells_col[]) {
		{ q->key, 5, 5, true, false }, { rate, 8, -1, false, false },
		{ on, 6, -1, false, false }, { aff, 10, 10, true, false },
		{ name, 0, -1, true, false }, { NULL, 0, 0, false, false } });
	draw_text(y, 0, w, line);
}

size_t cells_row(char *dst, size_t size, const struct cells_col *c)
{
	size_t n = 0;
	int k;

	if (size)
		dst[0] = '\0';
	for (; c->text; c++) {
		k = snprintf(n < size ? dst + n : NULL, n < size ? size - n : 0,
			     c->left ? "%-*.*s%s" : "%*.*s%s", c->width,
			     c->prec, c->text, c[1].text || c->sep ? " " : "");
		n += k > 0 ? (size_t)k : 0;
	}
	return n;
}

/* "USB 5000M uas ASMedia ASM1153E" from the device DEV sits on. */
static bool usb_link(const struct moment *m, const struct chain *c,
		     char *dst, size_t size)
{
	const struct usbdev *d = m->usb ? usbdev_find(m->usb,
						      c->path.usb_dev) : NULL;
	const char *drv, *label;
	char sp[16], lb[96];

	if (!d)
		return false;
	drv = usbdev_driver(d);
	label = usbdev_screen_label(d, lb, sizeof(lb));
	usbdesc_format_speed(d->speed_kbps, sp, sizeof(sp));
	snprintf(dst, size, "USB %s %s %s", sp, drv ? drv : "-",
		 label ? label : "");
	return true;
}

static void chain_link(const struct moment *m, const char *dev, char *dst,
		       size_t size)
{
	const struct chain *c = moment_chain(m, dev);

	dst[0] = '\0';
	if (!c)
		return;
	if (c->path.usb_dev[0] && usb_link(m, c, dst, size))
		return;
	if (c->usb_label)
		snprintf(dst, size, "USB %s", c->usb_label);
	else if (c->path.pci[0])
		snprintf(dst, size, "PCIe %s", c->path.pci);
	else if (strncmp(dev, "mmcblk", 6) == 0)
		snprintf(dst, size, "MMC %s", c->path.controller);
	else
		snprintf(dst, size, "%s", c->path.controller);
}

void cells_disk_link(const struct moment *m, const char *dev, char *dst,
		     size_t size)
{
	chain_link(m, dev, dst, size);
}

void cells_net_link(const struct moment *m, const char *dev, char *dst,
		    size_t size)
{
	chain_link(m, dev, dst, size);
}
