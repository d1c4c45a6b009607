/* SPDX-License-Identifier: GPL-2.0-or-later */
/* report_text: plain tables for `benchtop --once`, part of the command-line
 * front (so its strings go through gettext). */
#include "config.h"

#include "cli/report_text.h"

#include <string.h>

#include "base/figfmt.h"
#include "base/i18n.h"
#include "base/strclean.h"
#include "view/figures.h"

static void scaled(char *dst, size_t size, double v, const char *const *u)
{
	int i = 0;

	while (v >= 999.95 && u[i + 1]) {
		v /= 1000.0;
		i++;
	}
	snprintf(dst, size, i ? "%.1f %s" : "%.0f %s", v, u[i]);
}

void report_text_bytes(char *dst, size_t size, double bytes_per_s)
{
	static const char *const u[] = { "B/s", "kB/s", "MB/s", "GB/s", NULL };

	scaled(dst, size, bytes_per_s, u);
}

void report_text_bits(char *dst, size_t size, double bytes_per_s)
{
	static const char *const u[] = { "bit/s", "kbit/s", "Mbit/s",
					 "Gbit/s", NULL };

	scaled(dst, size, bytes_per_s * 8.0, u);
}

static void print_cpu_row(FILE *f, const char *name, const struct cpu_util *u,
			  bool online)
{
	if (!online) {
		fprintf(f, "%-6s %s\n", name, _("offline"));
		return;
	}
	if (!u->valid) {
		fprintf(f, "%-6s %s\n", name, _("no data yet"));
		return;
	}
	fprintf(f, "%-6s %5.1f %5.1f %5.1f %6.1f %5.1f %5.1f %5.1f %5.1f %5.1f\n",
		name, u->user, u->nice, u->system, u->iowait, u->irq,
		u->softirq, u->steal, u->idle, u->busy);
}

static void print_cpus(FILE *f, const struct sample *cur,
		       const struct sample_rates *r)
{
	size_t i;

	if (cur->status.stat) {
		fprintf(f, _("CPU: /proc/stat: %s\n"), _(sample_error(cur->status.stat)));
		return;
	}
	fprintf(f, "%-6s %5s %5s %5s %6s %5s %5s %5s %5s %5s\n", _("CPU"),
		_("USER"), _("NICE"), _("SYS"), _("IOWAIT"), _("IRQ"),
		_("SOFT"), _("STEAL"), _("IDLE"), _("BUSY"));
	print_cpu_row(f, _("all"), &r->total, true);
	for (i = 0; i < r->ncpus; i++) {
		char name[16];

		snprintf(name, sizeof(name), "%d", r->cpu_ids[i]);
		print_cpu_row(f, name, &r->cpus[i], r->cpu_online[i]);
	}
}

static bool idle_virtual(const struct disk_rate *d)
{
	return d->row->kind == DISK_VIRTUAL &&
	       (!d->valid || (d->rd_iops == 0 && d->wr_iops == 0));
}

/* Figure F's text column: its value as F says, or "-" when unknown. */
static void figure_cell(FILE *f, const struct figure *fg, double v,
			bool known)
{
	char buf[32];

	if (!known)
		snprintf(buf, sizeof(buf), "-");
	else if (fg->text == FIG_TEXT_BYTES)
		report_text_bytes(buf, sizeof(buf), v);
	else if (fg->text == FIG_TEXT_BITS)
		report_text_bits(buf, sizeof(buf), v);
	else
		snprintf(buf, sizeof(buf), "%.*f", fg->prec, v);
	fprintf(f, " %*s", fg->width, buf);
}

static void print_disk(FILE *f, const struct disk_rate *d)
{
	const struct figure *fg;
	char name[64];
	double v;
	bool known;

	strclean_copy(name, sizeof(name), d->row->name, sizeof(d->row->name));
	if (!d->valid) {
		fprintf(f, "%-12s %-9s %s\n", name,
			diskstats_kind_name(d->row->kind), _("no data yet"));
		return;
	}
	fprintf(f, "%-12s %-9s", name, diskstats_kind_name(d->row->kind));
	for (fg = figures_disk.v; fg < figures_disk.v + figures_disk.n; fg++)
		if (fg->text != FIG_TEXT_NONE) {
			known = figures_disk_value(fg, d, 0, &v);
			figure_cell(f, fg, v, known);
		}
	fputc('\n', f);
}

static void print_disks(FILE *f, const struct sample *cur,
			const struct sample_rates *r,
			const struct report_text_opts *o)
{
	size_t i, hidden = 0;

	if (cur->status.diskstats) {
		fprintf(f, _("DISK: /proc/diskstats: %s\n"),
			_(sample_error(cur->status.diskstats)));
		return;
	}
	fprintf(f, "%-12s %-9s %11s %11s %7s %7s %5s %7s\n", _("DISK"),
		_("KIND"), _("READ"), _("WRITE"), _("R IOPS"), _("W IOPS"),
		_("UTIL%"), _("AWAITms"));
	for (i = 0; i < r->ndisks; i++) {
		if (!o->all && idle_virtual(&r->disks[i])) {
			hidden++;
			continue;
		}
		print_disk(f, &r->disks[i]);
	}
	if (hidden)
		fprintf(f, ngettext("(%zu idle loop/ram/zram device hidden; "
				    "--all shows it)\n",
				    "(%zu idle loop/ram/zram devices hidden; "
				    "--all shows them)\n", hidden), hidden);
}

static void print_net(FILE *f, const struct net_rate *n)
{
	const struct figure *fg;
	char name[32];
	double v;
	bool known;

	strclean_copy(name, sizeof(name), n->row->name, sizeof(n->row->name));
	if (!n->valid) {
		fprintf(f, "%-12s %s\n", name, _("no data yet"));
		return;
	}
	fprintf(f, "%-12s", name);
	for (fg = figures_net.v; fg < figures_net.v + figures_net.n; fg++)
		if (fg->text != FIG_TEXT_NONE) {
			known = figures_net_value(fg, n, &v);
			figure_cell(f, fg, v, known);
		}
	fputc('\n', f);
}

static void print_nets(FILE *f, const struct sample *cur,
		       const struct sample_rates *r)
{
	size_t i;

	if (cur->status.netdev) {
		fprintf(f, _("NET: /proc/net/dev: %s\n"),
			_(sample_error(cur->status.netdev)));
		return;
	}
	fprintf(f, "%-12s %12s %12s %8s %8s %5s %5s %5s %5s\n", _("NET"),
		_("RX"), _("TX"), _("RX pkt/s"), _("TX pkt/s"), _("RXerr"),
		_("TXerr"), _("RXdrp"), _("TXdrp"));
	for (i = 0; i < r->nnets; i++)
		print_net(f, &r->nets[i]);
}

/* Fold the column padding of kernel IRQ text to single spaces, in place. */
static void fold_blanks(char *s)
{
	char *o = s, *start = s;
	bool blank = false;

	for (; *s; s++) {
		if (*s == ' ' || *s == '\t') {
			blank = true;
			continue;
		}
		if (blank && o != start)
			*o++ = ' ';
		blank = false;
		*o++ = *s;
	}
	*o = '\0';
}

static void print_irq(FILE *f, const struct sample *cur,
		      const struct irq_rate *q)
{
	const struct irq_row *row = q->row;
	const struct irq_affinity *a = &cur->aff[row - cur->irqs.rows];
	char key[16], desc[160], aff[64] = "-", eff[64] = "-", on[16] = "-";
	int cpu = interrupts_taker(row, q, &cur->irqs, a);

	strclean_copy(key, sizeof(key), row->key, strlen(row->key));
	strclean_copy(desc, sizeof(desc), row->desc, strlen(row->desc));
	fold_blanks(desc);
	if (a->has_affinity)
		cpulist_format(&a->affinity, aff, sizeof(aff));
	if (a->has_effective)
		cpulist_format(&a->effective, eff, sizeof(eff));
	figfmt_irq_cpu(on, sizeof(on), cpu);
	if (!q->valid)
		fprintf(f, "%-6s %10s %6s %-9s %-9s %s\n", key, "-", on, aff,
			eff, desc);
	else
		fprintf(f, "%-6s %10.1f %6s %-9s %-9s %s\n", key,
			q->total_per_s, on, aff, eff, desc);
}

static void print_irqs(FILE *f, const struct sample *cur,
		       const struct sample_rates *r)
{
	size_t i;

	if (cur->status.interrupts) {
		fprintf(f, _("IRQ: /proc/interrupts: %s\n"),
			_(sample_error(cur->status.interrupts)));
		return;
	}
	fprintf(f, "%-6s %10s %6s %-9s %-9s %s\n", _("IRQ"), _("RATE/s"),
		_("ON CPU"), _("AFFINITY"), _("EFFECTIVE"), _("NAME"));
	for (i = 0; i < r->nirqs; i++)
		print_irq(f, cur, &r->irqs[i]);
}

/* One sentence per source that left lines out; the rest is shown. */
static void print_skips(FILE *f, const struct sample *cur)
{
	struct sample_skip k[SAMPLE_NSKIP];
	size_t n = sample_skips(cur, k);

	for (size_t i = 0; i < n; i++) {
		fprintf(f, ngettext("%u line of %s not understood (line %u); "
				    "the other lines are shown\n",
				    "%u lines of %s not understood (first: "
				    "line %u); the other lines are shown\n",
				    k[i].n), k[i].n, k[i].source, k[i].line);
	}
	if (n)
		fputc('\n', f);
}

void report_text_rates(FILE *f, const struct sample *cur,
		       const struct sample_rates *r,
		       const struct report_text_opts *o)
{
	print_skips(f, cur);
	print_cpus(f, cur, r);
	fputc('\n', f);
	print_disks(f, cur, r, o);
	fputc('\n', f);
	print_nets(f, cur, r);
	fputc('\n', f);
	print_irqs(f, cur, r);
}
