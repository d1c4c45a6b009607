/* SPDX-License-Identifier: GPL-2.0-or-later */
/* chain: resolve a disk's or interface's sysfs link to the USB device, host
 * controller and IRQ rows it depends on, and the CPUs those fire on. */
#include "config.h"

#include "hw/chain.h"
#include "base/i18n.h"

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "base/buf.h"
#include "base/errlist.h"
#include "collect/irqaff.h"
#include "collect/sample.h"
#include "base/strclean.h"

#define MAX_IRQS 64

/* A count as ngettext's n: counts past unsigned long (32-bit boards)
 * keep their last six digits, which is what plural rules look at. */
static unsigned long plural_n(uint64_t n)
{
	return n <= ULONG_MAX ? (unsigned long)n :
	       (unsigned long)(n % 1000000 + 1000000);
}

static bool is_dig(char c)
{
	return c >= '0' && c <= '9';
}

static bool is_hex(char c)
{
	return is_dig(c) || (c >= 'a' && c <= 'f');
}

/* Digits from *P while P < E; false when there were none. */
static bool digits(const char **p, const char *e)
{
	const char *s = *p;

	while (*p < e && is_dig(**p))
		(*p)++;
	return *p > s;
}

/* "4-1", "4-1.2.3": bus-port path of a USB device. */
static bool is_usb_dev(const char *p, const char *e)
{
	if (!digits(&p, e) || p == e || *p++ != '-' || !digits(&p, e))
		return false;
	while (p < e && *p == '.') {
		p++;
		if (!digits(&p, e))
			return false;
	}
	return p == e;
}

/* "4-1:1.0": an interface of a USB device. */
static bool is_usb_iface(const char *p, const char *e)
{
	const char *c = memchr(p, ':', (size_t)(e - p));

	if (!c || !is_usb_dev(p, c))
		return false;
	p = c + 1;
	if (!digits(&p, e) || p == e || *p++ != '.' || !digits(&p, e))
		return false;
	return p == e;
}

/* "usb4": a root hub; *BUS gets 4. */
static bool is_root_hub(const char *p, const char *e, unsigned *bus)
{
	unsigned v = 0;

	if (e - p < 4 || memcmp(p, "usb", 3) != 0)
		return false;
	for (p += 3; p < e; p++) {
		if (!is_dig(*p) || v > 100000)
			return false;
		v = v * 10 + (unsigned)(*p - '0');
	}
	*bus = v;
	return true;
}

/* "0000:00:14.0" (the domain may be longer than 4 digits). */
static bool is_pci_addr(const char *p, const char *e)
{
	const char *c = memchr(p, ':', (size_t)(e - p));
	int i;

	if (!c || c - p < 4 || e - c != 8)
		return false;
	for (; p < c; p++)
		if (!is_hex(*p))
			return false;
	for (i = 1; i < 8; i++) {
		char x = c[i];

		if (i == 3 ? x != ':' : i == 6 ? x != '.' :
		    i == 7 ? (x < '0' || x > '7') : !is_hex(x))
			return false;
	}
	return true;
}

static int set_name(char *dst, const char *p, const char *e)
{
	size_t n = (size_t)(e - p);

	if (n >= CHAIN_NAME_MAX)
		return -EINVAL;
	memcpy(dst, p, n);
	dst[n] = '\0';
	return 0;
}

/* One component [P, E) with the one before it [PP, PE). */
static int path_part(struct chain_path *o, const char *p, const char *e,
		     const char *pp, const char *pe, bool *in_usb)
{
	unsigned bus;
	int rc = 0;

	if (!*in_usb && is_root_hub(p, e, &bus)) {
		*in_usb = true;
		o->usb_bus = bus;
		if (pp)
			rc = set_name(o->controller, pp, pe);
	} else if (*in_usb && is_usb_dev(p, e)) {
		rc = set_name(o->usb_dev, p, e);
	} else if (*in_usb && is_usb_iface(p, e)) {
		rc = set_name(o->usb_iface, p, e);
	} else if (!*in_usb && is_pci_addr(p, e)) {
		rc = set_name(o->pci, p, e);
	} else if (!*in_usb && pp && ((e - p == 5 && !memcmp(p, "block", 5)) ||
				      (e - p == 3 && !memcmp(p, "net", 3)))) {
		if (!o->controller[0])
			rc = set_name(o->controller, pp, pe);
	}
	return rc;
}

int chain_parse_path(const char *path, size_t len, struct chain_path *out)
{
	const char *end = path + len, *p, *pp = NULL, *pe = NULL;
	const char *dev = NULL;
	bool in_usb = false;
	int rc = 0;

	memset(out, 0, sizeof(*out));
	for (p = path; p + 9 <= end; p++)
		if (!memcmp(p, "/devices/", 9)) {
			dev = p + 9;
			break;
		}
	if (!dev)
		return -EINVAL;
	for (p = dev; p < end && !rc;) {
		const char *e = memchr(p, '/', (size_t)(end - p));

		if (!e)
			e = end;
		if (e > p) {
			rc = path_part(out, p, e, pp, pe, &in_usb);
			pp = p;
			pe = e;
		}
		p = e + 1;
	}
	/* Off USB the PCI function is the controller (virtio1 and nvme0 are
	 * its children); a platform NIC or MMC keeps its own parent. */
	if (!rc && !in_usb && out->pci[0])
		memcpy(out->controller, out->pci, sizeof(out->pci));
	if (rc)
		memset(out, 0, sizeof(*out));
	return rc;
}

/* Does the action list ("mmc1, mmc0") hold TOKEN or "<x>:usbN" of BUSES? */
static bool action_matches(const char *act, const struct chain_target *t)
{
	const char *p = act;

	while (*p) {
		const char *e = strstr(p, ", ");
		size_t n = e ? (size_t)(e - p) : strlen(p), i;
		const char *u = memchr(p, ':', n);

		for (i = 0; u && i < t->nbuses; i++) {
			char want[24];
			int wl = snprintf(want, sizeof(want), ":usb%u",
					  t->buses[i]);

			if ((size_t)wl == (size_t)(p + n - u) &&
			    !memcmp(u, want, (size_t)wl))
				return true;
		}
		if (t->controller && strlen(t->controller) == n &&
		    !memcmp(p, t->controller, n))
			return true;
		for (i = 0; i < t->nnames; i++)
			if (strlen(t->names[i]) == n &&
			    !memcmp(p, t->names[i], n))
				return true;
		p = e ? e + 2 : p + n;
	}
	return false;
}

static bool row_matches(const struct irq_row *r, const struct chain_target *t)
{
	size_t i;

	if (!r->numeric)
		return false;
	for (i = 0; i < t->nirqs; i++)
		if (t->irqs[i] == r->irq)
			return true;
	/* x86 6.x names MSI chips after the device: "PCI-MSIX-0000:00:01.0" */
	if (t->pci && *t->pci && r->chip && strstr(r->chip, "PCI-MSI") &&
	    strstr(r->chip, t->pci))
		return true;
	return r->action && action_matches(r->action, t);
}

size_t chain_match_irqs(const struct irq_table *t,
			const struct chain_target *tgt, size_t *idx,
			size_t max)
{
	size_t i, n = 0;

	for (i = 0; i < t->nrows && n < max; i++)
		if (row_matches(&t->rows[i], tgt))
			idx[n++] = i;
	return n;
}

/* Append "WHAT[: DETAIL]" to *ERR. */

/* CI's counts from row R of T: the total and the CPU with the most. */
static void count_irq(struct chain_irq *ci, const struct irq_row *r,
		      const struct irq_table *t)
{
	uint64_t best = 0;
	size_t i;

	ci->total = r->total;
	ci->top_cpu = -1;
	ci->top_pct = 0;
	for (i = 0; i < r->ncounts && i < t->ncpus; i++) {
		if (r->counts[i] > best) {
			best = r->counts[i];
			ci->top_cpu = (int)t->cpus[i];
		}
	}
	if (r->total)
		ci->top_pct = (unsigned)(best * 100 / r->total);
}

void chain_list_count_irqs(struct chain_list *l, const struct irq_table *t)
{
	size_t i, k, j;

	for (i = 0; i < l->n; i++)
		for (k = 0; k < l->v[i].nirqs; k++)
			for (j = 0; j < t->nrows; j++)
				if (t->rows[j].numeric &&
				    t->rows[j].irq == l->v[i].irqs[k].irq) {
					count_irq(&l->v[i].irqs[k],
						  &t->rows[j], t);
					break;
				}
}

/* CI's CPU as every view names it (interrupts_taker): row K of S with its
 * rate in R (or none) and its affinity files; its share of the counts
 * since boot is that CPU's. */
static void take_irq(struct chain_irq *ci, const struct sample *s, size_t k,
		     const struct sample_rates *r)
{
	const struct irq_row *row = &s->irqs.rows[k];
	const struct irq_rate *q = r && k < r->nirqs &&
				   r->irqs[k].row == row ? &r->irqs[k] : NULL;
	size_t i;

	count_irq(ci, row, &s->irqs);
	ci->top_cpu = interrupts_taker(row, q, &s->irqs,
				       s->aff ? &s->aff[k] : NULL);
	ci->top_pct = 0;
	for (i = 0; i < row->ncounts && i < s->irqs.ncpus; i++)
		if ((int)s->irqs.cpus[i] == ci->top_cpu && row->total)
			ci->top_pct = (unsigned)(row->counts[i] * 100 /
						 row->total);
}

void chain_list_take_irqs(struct chain_list *l, const struct sample *s,
			  const struct sample_rates *r)
{
	size_t i, k, j;

	for (i = 0; i < l->n; i++)
		for (k = 0; k < l->v[i].nirqs; k++)
			for (j = 0; j < s->irqs.nrows; j++)
				if (s->irqs.rows[j].numeric &&
				    s->irqs.rows[j].irq ==
				    l->v[i].irqs[k].irq) {
					take_irq(&l->v[i].irqs[k], s, j, r);
					break;
				}
}

static void fill_irq(struct chain_irq *ci, const struct irq_row *r,
		     const struct irq_table *t, const char *proc_root)
{
	struct irq_affinity aff;

	memset(ci, 0, sizeof(*ci));
	ci->irq = r->irq;
	ci->hwirq = r->hwirq && *r->hwirq ? strdup(r->hwirq) : NULL;
	ci->action = r->action ? strclean_dup(r->action, strlen(r->action))
			       : NULL;
	count_irq(ci, r, t);
	if (irqaff_read(proc_root, r->irq, &aff) == 0 && aff.has_affinity) {
		ci->has_affinity = true;
		ci->affinity = aff.affinity;
	}
}

/* The root hubs that share CONTROLLER (an xHCI has a USB 2 and a USB 3
 * bus; the IRQ is named after the first: "xhci-hcd:usb3" serves usb4). */
static size_t sibling_buses(const struct usbdev_list *usb, const char *ctl,
			    unsigned *buses, size_t max)
{
	size_t i, n = 0;

	for (i = 0; usb && i < usb->nbuses && n < max; i++)
		if (usb->buses[i].controller &&
		    strcmp(usb->buses[i].controller, ctl) == 0)
			buses[n++] = usb->buses[i].busnum;
	return n;
}

/* Whether the interface NAME is up (IFF_UP in its flags); true when that
 * cannot be read, so nothing is blamed on it. */
static bool net_up(const char *sys_root, const char *name)
{
	char path[4096];
	struct buf b = { 0 };
	unsigned long flags = 1;

	snprintf(path, sizeof(path), "%s/class/net/%s/flags", sys_root, name);
	if (buf_read_file(&b, path) == 0 && b.len)
		flags = strtoul(b.data, NULL, 16);
	buf_free(&b);
	return flags & 1;
}

static void find_irqs(struct chain *c, const struct chain_input *in,
		      const struct irq_table *t)
{
	unsigned buses[16], irqs[MAX_IRQS];
	const char *names[1] = { c->dev };
	struct chain_target tgt = { 0 };
	size_t idx[MAX_IRQS], n, i;

	tgt.controller = c->path.controller[0] ? c->path.controller : NULL;
	if (c->path.usb_bus && tgt.controller)
		tgt.nbuses = sibling_buses(in->usb, tgt.controller, buses, 16);
	if (c->path.usb_bus && !tgt.nbuses) {
		buses[0] = c->path.usb_bus;
		tgt.nbuses = 1;
	}
	tgt.buses = buses;
	tgt.nirqs = c->path.pci[0] ? pcidev_sysfs_irqs(in->sys_root,
				c->path.pci, irqs, MAX_IRQS) : 0;
	tgt.irqs = irqs;
	tgt.pci = c->path.pci;
	tgt.names = names;
	tgt.nnames = c->path.usb_bus ? 0 : 1;
	n = chain_match_irqs(t, &tgt, idx, MAX_IRQS);
	c->irqs = calloc(n ? n : 1, sizeof(*c->irqs));
	if (!c->irqs)
		return;
	for (i = 0; i < n; i++)
		fill_irq(&c->irqs[i], &t->rows[idx[i]], t, in->proc_root);
	c->nirqs = n;
	if (!n && !strcmp(c->kind, "net") && !net_up(in->sys_root, c->dev))
		errlist_add(&c->error, "%s",
			    "no IRQ yet: the interface is down (its "
			    "driver asks for one when it is brought up)");
	else if (!n)
		errlist_add(&c->error, "no IRQ row names this controller");
}

static void usb_label(struct chain *c, const struct usbdev_list *usb)
{
	const struct usbdev *d = usb ? usbdev_find(usb, c->path.usb_dev) : NULL;
	char id[16], sp[16], buf[256];

	if (!d) {
		if (c->path.usb_dev[0])
			errlist_add(&c->error, "USB device not found: %s",
				    c->path.usb_dev);
		return;
	}
	usbdesc_format_speed(d->speed_kbps, sp, sizeof(sp));
	snprintf(buf, sizeof(buf), "%s %s %s", usbdev_label(d, id, sizeof(id)),
		 usbdev_driver(d) ? usbdev_driver(d) : "no-driver", sp);
	c->usb_label = strdup(buf);
}

/* Add the chain of NAME whose sysfs link is LINK; virtual devices none. */
static int add_chain(struct chain_list *out, const struct chain_input *in,
		     const struct irq_table *t, const char *name,
		     const char *link, const char *kind)
{
	char *real = realpath(link, NULL);
	struct chain *v, *c;

	if (real && strstr(real, "/devices/virtual/")) {
		free(real);
		return 0;
	}
	v = realloc(out->v, (out->n + 1) * sizeof(*v));
	if (!v) {
		free(real);
		return -ENOMEM;
	}
	out->v = v;
	c = memset(&v[out->n++], 0, sizeof(*c));
	c->dev = strclean_dup(name, strlen(name));
	c->kind = kind;
	if (!real)
		errlist_add(&c->error, "%s: %s", name,
			    "vanished while reading");
	else if (chain_parse_path(real, strlen(real), &c->path))
		errlist_add(&c->error, "sysfs path not understood");
	else {
		if (c->path.usb_bus)
			usb_label(c, in->usb);
		if (t)
			find_irqs(c, in, t);
	}
	free(real);
	return c->dev ? 0 : -ENOMEM;
}

static int add_nets(struct chain_list *out, const struct chain_input *in,
		    const struct irq_table *t)
{
	char dir[4096], link[4400];
	struct dirent *e;
	DIR *dp;
	int rc = 0;

	snprintf(dir, sizeof(dir), "%s/class/net", in->sys_root);
	dp = opendir(dir);
	while (dp && !rc && (e = readdir(dp))) {
		if (e->d_name[0] == '.')
			continue;
		snprintf(link, sizeof(link), "%s/%s", dir, e->d_name);
		rc = add_chain(out, in, t, e->d_name, link, "net");
	}
	if (dp)
		closedir(dp);
	return rc;
}

static int load_irqs(struct chain_list *out, const char *proc_root,
		     struct irq_table *t)
{
	struct buf b = { 0 };
	int rc;

	/* in pieces: 5.8 MB with 256 CPUs and 2000 IRQs, never all held */
	rc = sample_read_interrupts(proc_root, NULL, &b, t);
	buf_free(&b);
	if (rc < 0)
		errlist_add(&out->error, "/proc/interrupts: %s",
			    rc == -EINVAL ? "malformed" : strerror(-rc));
	return rc < 0 ? rc : 0;
}

static int cmp_chain(const void *a, const void *b)
{
	const struct chain *x = a, *y = b;
	int k = strcmp(x->kind, y->kind);

	return k ? k : strcmp(x->dev ? x->dev : "", y->dev ? y->dev : "");
}

int chain_build(const struct chain_input *in, struct chain_list *out)
{
	struct irq_table t = { 0 };
	bool have = false;
	char link[4400];
	size_t i;
	int rc = 0;

	const struct irq_table *irqs = in->irqs;

	memset(out, 0, sizeof(*out));
	/* the caller's reading, else one of our own (5.8 MB parsed again
	 * at 256 CPUs and 2000 IRQs) */
	have = irqs || load_irqs(out, in->proc_root, &t) == 0;
	if (!irqs)
		irqs = &t;
	for (i = 0; in->block && i < in->block->n && !rc; i++) {
		snprintf(link, sizeof(link), "%s/block/%s", in->sys_root,
			 in->block->v[i].name);
		rc = add_chain(out, in, have ? irqs : NULL,
			       in->block->v[i].name, link, "block");
	}
	if (!rc)
		rc = add_nets(out, in, have ? irqs : NULL);
	interrupts_free(&t);
	if (out->n)
		qsort(out->v, out->n, sizeof(*out->v), cmp_chain);
	return rc < 0 ? rc : (int)out->n;
}

void chain_list_free(struct chain_list *l)
{
	size_t i, j;

	for (i = 0; i < l->n; i++) {
		for (j = 0; j < l->v[i].nirqs; j++) {
			free(l->v[i].irqs[j].hwirq);
			free(l->v[i].irqs[j].action);
		}
		free(l->v[i].irqs);
		free(l->v[i].dev);
		free(l->v[i].usb_label);
		free(l->v[i].error);
	}
	free(l->v);
	free(l->error);
	memset(l, 0, sizeof(*l));
}

/* snprintf that keeps counting past SIZE, like snprintf itself. */
static void put(char *dst, size_t size, size_t *at, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

static void put(char *dst, size_t size, size_t *at, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(*at < size ? dst + *at : NULL,
		      *at < size ? size - *at : 0, fmt, ap);
	va_end(ap);
	if (n > 0)
		*at += (size_t)n;
}

static void put_cpu(char *dst, size_t size, size_t *at,
		    const struct chain_irq *q)
{
	if (q->top_cpu >= 0)
		put(dst, size, at, "CPU %d", q->top_cpu);
	else
		put(dst, size, at, "no interrupts yet");
}

size_t chain_format(const struct chain *c, char *dst, size_t size)
{
	size_t at = 0, i;

	if (size)
		dst[0] = '\0';
	put(dst, size, &at, "%s", c->dev ? c->dev : "?");
	if (c->path.usb_dev[0])
		put(dst, size, &at, " -> %s %s", c->path.usb_dev,
		    c->usb_label ? c->usb_label : "?");
	if (c->path.controller[0])
		put(dst, size, &at, " -> %s", c->path.controller);
	if (c->nirqs == 1) {
		put(dst, size, &at, " -> IRQ %u -> ", c->irqs[0].irq);
		put_cpu(dst, size, &at, &c->irqs[0]);
	} else if (c->nirqs > 1) {
		put(dst, size, &at, " -> IRQs");
		for (i = 0; i < c->nirqs; i++) {
			put(dst, size, &at, "%s %u (", i ? "," : "",
			    c->irqs[i].irq);
			put_cpu(dst, size, &at, &c->irqs[i]);
			put(dst, size, &at, ")");
		}
	}
	return at;
}

static json_t *irq_json(const struct chain_irq *q)
{
	json_t *o = json_object();
	char list[512];

	json_object_set_new(o, "irq", json_integer(q->irq));
	json_object_set_new(o, "hwirq", q->hwirq ? json_string(q->hwirq)
						 : json_null());
	json_object_set_new(o, "action", q->action ? json_string(q->action)
						   : json_null());
	json_object_set_new(o, "total", json_integer((json_int_t)
		(q->total > INT64_MAX ? INT64_MAX : q->total)));
	json_object_set_new(o, "cpu", q->top_cpu >= 0 ?
			    json_integer(q->top_cpu) : json_null());
	json_object_set_new(o, "cpu_share_pct", json_integer(q->top_pct));
	cpulist_format(&q->affinity, list, sizeof(list));
	json_object_set_new(o, "affinity", q->has_affinity ?
			    json_string(list) : json_null());
	return o;
}

static json_t *one_json(const struct chain *c)
{
	json_t *o = json_object(), *a = json_array();
	char line[1024];
	size_t i;

	chain_format(c, line, sizeof(line));
	json_object_set_new(o, "dev", json_string(c->dev ? c->dev : "?"));
	json_object_set_new(o, "kind", json_string(c->kind));
	json_object_set_new(o, "text", json_string(line));
	json_object_set_new(o, "usb_device", c->path.usb_dev[0] ?
			    json_string(c->path.usb_dev) : json_null());
	json_object_set_new(o, "usb_interface", c->path.usb_iface[0] ?
			    json_string(c->path.usb_iface) : json_null());
	json_object_set_new(o, "usb", c->usb_label ?
			    json_string(c->usb_label) : json_null());
	json_object_set_new(o, "controller", c->path.controller[0] ?
			    json_string(c->path.controller) : json_null());
	json_object_set_new(o, "pci", c->path.pci[0] ?
			    json_string(c->path.pci) : json_null());
	for (i = 0; i < c->nirqs; i++)
		json_array_append_new(a, irq_json(&c->irqs[i]));
	json_object_set_new(o, "irqs", a);
	if (c->error)
		json_object_set_new(o, "error", json_string(c->error));
	return o;
}

json_t *chain_json(const struct chain_list *l)
{
	json_t *a = json_array();
	size_t i;

	for (i = 0; i < l->n; i++)
		json_array_append_new(a, one_json(&l->v[i]));
	return a;
}

void chain_print(FILE *f, const struct chain_list *l)
{
	char line[1024], list[512];
	size_t i, j;

	fprintf(f, "%s", _("Device chains\n"));
	if (l->error)
		fprintf(f, _("  error: %s\n"), l->error);
	if (!l->n)
		fprintf(f, "%s", _("  no disks or network devices on a bus\n"));
	for (i = 0; i < l->n; i++) {
		const struct chain *c = &l->v[i];

		chain_format(c, line, sizeof(line));
		fprintf(f, "  %s\n", line);
		for (j = 0; j < c->nirqs; j++) {
			const struct chain_irq *q = &c->irqs[j];

			cpulist_format(&q->affinity, list, sizeof(list));
			/* the CPU every view names (it takes the IRQ now,
			 * or will), and its share of the counts since boot */
			if (q->top_cpu < 0)
				fprintf(f, _("      IRQ %u%s%s %s: no interrupt "
					     "yet, affinity %s\n"), q->irq,
					q->hwirq ? " hwirq " : "",
					q->hwirq ? q->hwirq : "",
					q->action ? q->action : "",
					q->has_affinity ? list : _("unknown"));
			else
				fprintf(f, ngettext("      IRQ %u%s%s %s: %llu "
						    "interrupt, %u%% of it on "
						    "CPU %d, affinity %s\n",
						    "      IRQ %u%s%s %s: %llu "
						    "interrupts, %u%% of them on "
						    "CPU %d, affinity %s\n",
						    plural_n(q->total)), q->irq,
					q->hwirq ? " hwirq " : "",
					q->hwirq ? q->hwirq : "",
					q->action ? q->action : "",
					(unsigned long long)q->total,
					q->top_pct, q->top_cpu,
					q->has_affinity ? list : _("unknown"));
		}
		if (c->error)
			fprintf(f, _("      note: %s\n"), c->error);
	}
}

int chain_model_load(struct chain_model *m, const char *sys_root,
		     const char *proc_root, unsigned flags)
{
	return chain_model_load_irqs(m, sys_root, proc_root, flags, NULL);
}

int chain_model_load_irqs(struct chain_model *m, const char *sys_root,
			  const char *proc_root, unsigned flags,
			  const struct irq_table *irqs)
{
	struct chain_input in = { .sys_root = sys_root,
				  .proc_root = proc_root, .usb = &m->usb,
				  .pci = &m->pci, .block = &m->block,
				  .irqs = irqs };
	int rc = 0;

	memset(m, 0, sizeof(*m));
	if (usbdev_scan(sys_root, &m->usb) == -ENOMEM)
		rc = -ENOMEM;
	pcidev_scan(sys_root, flags & CHAIN_PCI_NAMES ? PCIDEV_NAMES : 0,
		    &m->pci);
	if (blockdev_scan(sys_root, proc_root, &m->block) == -ENOMEM)
		rc = -ENOMEM;
	if (chain_build(&in, &m->chains) == -ENOMEM)
		rc = -ENOMEM;
	return rc;
}

void chain_model_fini(struct chain_model *m)
{
	usbdev_list_free(&m->usb);
	pcidev_list_free(&m->pci);
	blockdev_list_free(&m->block);
	chain_list_free(&m->chains);
}

void chain_model_json(const struct chain_model *m, json_t *obj)
{
	json_t *pci = json_object(), *blk = json_object();

	json_object_set_new(pci, "devices", pcidev_json(&m->pci));
	if (m->pci.error)
		json_object_set_new(pci, "error", json_string(m->pci.error));
	json_object_set_new(blk, "devices", blockdev_json(&m->block));
	if (m->block.error)
		json_object_set_new(blk, "error", json_string(m->block.error));
	json_object_set_new(obj, "usb", usbdev_json(&m->usb));
	json_object_set_new(obj, "pci", pci);
	json_object_set_new(obj, "block", blk);
	json_object_set_new(obj, "chain", chain_json(&m->chains));
}

void chain_model_print(FILE *f, const struct chain_model *m)
{
	usbdev_print(f, &m->usb);
	pcidev_print(f, &m->pci);
	blockdev_print(f, &m->block);
	chain_print(f, &m->chains);
}
