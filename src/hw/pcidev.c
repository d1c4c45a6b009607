/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcidev: the one file that talks to libpci (sysfs method); names come from
 * pci.ids when installed, driver and MSI IRQs from sysfs. */
#include "config.h"

#include "hw/pcidev.h"
#include "base/i18n.h"

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <pci/pci.h>

#include "base/buf.h"
#include "base/errlist.h"
#include "base/dynlib.h"
#include "base/strclean.h"
#include "hw/pciids.h"

/*
 * libpci reports fatal errors through a->error, which must not return and
 * has no user pointer.  The only way back is longjmp to a point stored
 * where the handler can find it: this thread-local is set only while
 * pcidev_scan runs (the one mutable global of the file, by necessity).
 */
static _Thread_local jmp_buf *pcidev_jmp;

static void pcidev_fatal(char *msg, ...) PCI_PRINTF(1, 2) PCI_NONRET;

static void pcidev_fatal(char *msg, ...)
{
	(void)msg;
	if (pcidev_jmp)
		longjmp(*pcidev_jmp, 1);
	abort();	/* unreachable: libpci is only used inside the scan */
}

static void pcidev_quiet(char *msg, ...) PCI_PRINTF(1, 2);

static void pcidev_quiet(char *msg, ...)
{
	(void)msg;
}

/* libpci, loaded with dlopen for the scan and closed after it: between
 * scans nothing maps it, nor libz and libudev that it pulls in (250 kB
 * resident).  One list of the functions used, called through L->name. */
#define PCI_FUNCS(X) X(pci_alloc) X(pci_init) X(pci_scan_bus) \
	X(pci_fill_info) X(pci_lookup_name) X(pci_cleanup)

struct pci_lib {
	void *handle;
#define X(f) __typeof__(f) *f;
	PCI_FUNCS(X)
#undef X
};

static int pci_lib_open(struct pci_lib *l, char *err, size_t errsize)
{
	const struct dynlib_sym syms[] = {
#define X(f) { #f, (void **)&l->f },
		PCI_FUNCS(X)
#undef X
	};

	l->handle = dynlib_open(LIBPCI_SONAME, syms, sizeof(syms) /
				sizeof(syms[0]), _("the PCI scan"), err,
				errsize);
	return l->handle ? 0 : -ENOTSUP;
}

const char *pcidev_kind(uint32_t c)
{
	static const struct {
		uint32_t code, mask;
		const char *kind;
	} t[] = {
		{ 0x0c0330, 0xffffff, "USB xHCI controller" },
		{ 0x0c0320, 0xffffff, "USB EHCI controller" },
		{ 0x0c0310, 0xffffff, "USB OHCI controller" },
		{ 0x0c0300, 0xffffff, "USB UHCI controller" },
		{ 0x0c0300, 0xffff00, "USB controller" },
		{ 0x010802, 0xffffff, "NVMe" },
		{ 0x010800, 0xffff00, "NVM controller" },
		{ 0x010601, 0xffffff, "SATA AHCI controller" },
		{ 0x010600, 0xffff00, "SATA controller" },
		{ 0x010000, 0xff0000, "storage controller" },
		{ 0x020000, 0xffff00, "Ethernet controller" },
		{ 0x028000, 0xffff00, "network controller" },
		{ 0x020000, 0xff0000, "network controller" },
		{ 0x060400, 0xffff00, "PCI bridge" },
		{ 0x060000, 0xffff00, "host bridge" },
		{ 0x030000, 0xff0000, "display controller" },
	};
	size_t i;

	for (i = 0; i < sizeof(t) / sizeof(t[0]); i++)
		if ((c & t[i].mask) == t[i].code)
			return t[i].kind;
	return NULL;
}

int pcidev_parse_irq(const char *buf, size_t len, unsigned *irq)
{
	unsigned long long v = 0;
	size_t i;

	while (len && (buf[len - 1] == '\n' || buf[len - 1] == ' '))
		len--;
	if (len == 0)
		return -EINVAL;
	for (i = 0; i < len; i++) {
		if (buf[i] < '0' || buf[i] > '9')
			return -EINVAL;
		v = v * 10 + (unsigned)(buf[i] - '0');
		if (v > UINT_MAX)
			return -ERANGE;
	}
	*irq = (unsigned)v;
	return 0;
}

static int cmp_uint(const void *a, const void *b)
{
	unsigned x = *(const unsigned *)a, y = *(const unsigned *)b;

	return x < y ? -1 : x > y;
}

static void read_msi(struct pcidev *d, const char *dir)
{
	char path[4096 + 16];
	struct dirent *e;
	DIR *dp;

	snprintf(path, sizeof(path), "%s/msi_irqs", dir);
	dp = opendir(path);
	while (dp && (e = readdir(dp))) {
		unsigned irq, *v;

		if (pcidev_parse_irq(e->d_name, strlen(e->d_name), &irq))
			continue;
		v = realloc(d->msi, (d->nmsi + 1) * sizeof(*v));
		if (!v)
			break;
		d->msi = v;
		v[d->nmsi++] = irq;
	}
	if (dp)
		closedir(dp);
	if (d->nmsi)
		qsort(d->msi, d->nmsi, sizeof(*d->msi), cmp_uint);
}

size_t pcidev_sysfs_irqs(const char *sys_root, const char *addr,
			 unsigned *irqs, size_t max)
{
	struct pcidev d = { 0 };
	char dir[4096], path[4096 + 16];
	struct buf b = { 0 };
	size_t n = 0;

	snprintf(dir, sizeof(dir), "%s/bus/pci/devices/%s", sys_root, addr);
	read_msi(&d, dir);
	for (; n < d.nmsi && n < max; n++)
		irqs[n] = d.msi[n];
	free(d.msi);
	snprintf(path, sizeof(path), "%s/irq", dir);
	if (!n && max && buf_read_file(&b, path) == 0 &&
	    pcidev_parse_irq(b.data, b.len, &irqs[0]) == 0 && irqs[0])
		n = 1;
	buf_free(&b);
	return n;
}

static void read_sysfs(struct pcidev *d, const char *sys_root)
{
	char dir[4096], link[4096], path[4096 + 16];
	const char *base;
	struct stat st;
	ssize_t n;

	snprintf(dir, sizeof(dir), "%s/bus/pci/devices/%s", sys_root, d->addr);
	if (stat(dir, &st) != 0) {
		errlist_add(&d->error, "vanished while reading");
		return;
	}
	snprintf(path, sizeof(path), "%s/driver", dir);
	n = readlink(path, link, sizeof(link) - 1);
	if (n > 0) {
		link[n] = '\0';
		base = strrchr(link, '/');
		base = base ? base + 1 : link;
		d->driver = strclean_dup(base, strlen(base));
	}
	read_msi(d, dir);
}

/* D's name through libpci, which parses all of pci.ids first: only when
 * the file could not be read here (a compressed pci.ids.gz). */
static void lookup_name(const struct pci_lib *L, struct pci_access *a,
			struct pcidev *d)
{
	char buf[256], *s, *dup;

	s = L->pci_lookup_name(a, buf, sizeof(buf), PCI_LOOKUP_VENDOR |
			    PCI_LOOKUP_DEVICE | PCI_LOOKUP_NO_NUMBERS,
			    d->vendor, d->device);
	if (s && (dup = strclean_dup(s, strlen(s)))) {
		free(d->name);
		d->name = dup;
	}
}

/* pci.ids as plain text into B, from the file libpci would read: its
 * name, or without ".gz" where that is missing (as libpci does); false
 * when there is none or it is compressed. */
static bool read_ids(struct pci_access *a, struct buf *b)
{
	char path[PATH_MAX];
	size_t n;

	if (!a->id_file_name)
		return false;
	n = strlen(a->id_file_name);
	if (buf_read_file(b, a->id_file_name) != 0) {
		if (n < 4 || n >= sizeof(path) ||
		    strcmp(a->id_file_name + n - 3, ".gz"))
			return false;
		memcpy(path, a->id_file_name, n - 3);
		path[n - 3] = '\0';
		if (buf_read_file(b, path) != 0)
			return false;
	}
	return !(b->len >= 2 && (unsigned char)b->data[0] == 0x1f &&
		 (unsigned char)b->data[1] == 0x8b);
}

/* Name the devices of OUT from pci.ids, the file libpci would read, in
 * one pass over it (pciids.c); devices it does not know keep "vvvv:dddd". */
static void name_devices(const struct pci_lib *L, struct pci_access *a,
			 struct pcidev_list *out)
{
	struct pciids_query *q = calloc(out->n ? out->n : 1, sizeof(*q));
	struct buf b = { 0 };
	size_t i;
	char *dup;

	if (q && read_ids(a, &b)) {
		for (i = 0; i < out->n; i++) {
			q[i].vendor = out->v[i].vendor;
			q[i].device = out->v[i].device;
		}
		pciids_lookup(b.data, b.len, q, out->n);
		for (i = 0; i < out->n; i++)
			if (q[i].found && (dup = strclean_dup(q[i].name,
						strlen(q[i].name)))) {
				free(out->v[i].name);
				out->v[i].name = dup;
			}
	} else {
		for (i = 0; i < out->n; i++)
			lookup_name(L, a, &out->v[i]);
	}
	buf_free(&b);
	free(q);
}

/* "1af4:1041" until name_devices finds better. */
static void fill_name(struct pcidev *d)
{
	char buf[16];

	snprintf(buf, sizeof(buf), "%04x:%04x", d->vendor, d->device);
	d->name = strdup(buf);
}

/* Fill D (already zeroed) from libpci's P and sysfs. */
static int fill_dev(const struct pci_lib *L, struct pcidev *d,
		    struct pci_dev *p, const char *sys_root)
{
	char addr[32];

	L->pci_fill_info(p, PCI_FILL_IDENT | PCI_FILL_CLASS | PCI_FILL_IRQ |
			 PCI_FILL_CLASS_EXT);
	snprintf(addr, sizeof(addr), "%04x:%02x:%02x.%d", p->domain, p->bus,
		 p->dev, p->func);
	d->addr = strdup(addr);
	d->vendor = p->vendor_id;
	d->device = p->device_id;
	d->class_code = (uint32_t)p->device_class << 8 | p->prog_if;
	d->kind = pcidev_kind(d->class_code);
	d->irq = p->irq > 0 ? (unsigned)p->irq : 0;
	fill_name(d);
	if (!d->addr || !d->name)
		return -ENOMEM;
	read_sysfs(d, sys_root);
	return 0;
}

/* Room for one more device, zeroed, at out->v[out->n]. */
static int grow(struct pcidev_list *out)
{
	struct pcidev *v = realloc(out->v, (out->n + 1) * sizeof(*v));

	if (!v)
		return -ENOMEM;
	out->v = v;
	memset(&v[out->n], 0, sizeof(*v));
	return 0;
}

static void dev_free(struct pcidev *d)
{
	free(d->addr);
	free(d->name);
	free(d->driver);
	free(d->msi);
	free(d->error);
}

static int cmp_dev(const void *a, const void *b)
{
	return strcmp(((const struct pcidev *)a)->addr,
		      ((const struct pcidev *)b)->addr);
}

/* The libpci part; a fatal libpci error lands back here via longjmp and
 * the device being filled then is dropped. */
static void scan_pci(const struct pci_lib *L, struct pcidev_list *out,
		     const char *sys_root, unsigned flags)
{
	struct pci_access *volatile a = NULL;
	volatile bool pending = false;
	struct pci_dev *p;
	jmp_buf env;

	pcidev_jmp = &env;
	if (setjmp(env)) {
		errlist_add(&out->error, "libpci could not read the PCI bus");
		if (pending)
			dev_free(&out->v[out->n]);
		goto done;
	}
	a = L->pci_alloc();
	a->method = PCI_ACCESS_SYS_BUS_PCI;
	a->error = pcidev_fatal;
	a->warning = pcidev_quiet;
	a->debug = pcidev_quiet;
	L->pci_init(a);
	L->pci_scan_bus(a);
	for (p = a->devices; p; p = p->next) {
		if (grow(out))
			break;
		pending = true;
		if (fill_dev(L, &out->v[out->n], p, sys_root)) {
			dev_free(&out->v[out->n]);
			break;
		}
		out->n++;
		pending = false;
	}
	if (flags & PCIDEV_NAMES)
		name_devices(L, a, out);
done:
	if (a)
		L->pci_cleanup(a);
	pcidev_jmp = NULL;
}

int pcidev_scan(const char *sys_root, unsigned flags,
		struct pcidev_list *out)
{
	char dir[4096], err[512];
	struct pci_lib L;
	struct stat st;

	memset(out, 0, sizeof(*out));
	snprintf(dir, sizeof(dir), "%s/bus/pci/devices", sys_root);
	if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode)) {
		errlist_add(&out->error, "no PCI bus");
		return 0;
	}
	if (pci_lib_open(&L, err, sizeof(err))) {
		errlist_add(&out->error, "%s", err);
		return 0;
	}
	scan_pci(&L, out, sys_root, flags);
	dynlib_close(L.handle);
	if (out->n)
		qsort(out->v, out->n, sizeof(*out->v), cmp_dev);
	return (int)out->n;
}

void pcidev_list_free(struct pcidev_list *l)
{
	size_t i;

	for (i = 0; i < l->n; i++)
		dev_free(&l->v[i]);
	free(l->v);
	free(l->error);
	memset(l, 0, sizeof(*l));
}

const struct pcidev *pcidev_find(const struct pcidev_list *l,
				 const char *addr)
{
	size_t i;

	for (i = 0; i < l->n; i++)
		if (l->v[i].addr && strcmp(l->v[i].addr, addr) == 0)
			return &l->v[i];
	return NULL;
}

static json_t *dev_json(const struct pcidev *d)
{
	json_t *o = json_object(), *m = json_array();
	char id[16];
	size_t i;

	snprintf(id, sizeof(id), "%04x:%04x", d->vendor, d->device);
	json_object_set_new(o, "address", json_string(d->addr));
	json_object_set_new(o, "id", json_string(id));
	json_object_set_new(o, "class", json_integer(d->class_code));
	json_object_set_new(o, "name", json_string(d->name));
	json_object_set_new(o, "kind", d->kind ? json_string(d->kind)
					       : json_null());
	json_object_set_new(o, "driver", d->driver ? json_string(d->driver)
						   : json_null());
	json_object_set_new(o, "irq", d->irq ? json_integer(d->irq)
					     : json_null());
	for (i = 0; i < d->nmsi; i++)
		json_array_append_new(m, json_integer(d->msi[i]));
	json_object_set_new(o, "msi_irqs", m);
	if (d->error)
		json_object_set_new(o, "error", json_string(d->error));
	return o;
}

json_t *pcidev_json(const struct pcidev_list *l)
{
	json_t *a = json_array();
	size_t i;

	for (i = 0; i < l->n; i++)
		json_array_append_new(a, dev_json(&l->v[i]));
	return a;
}

static void print_dev(FILE *f, const struct pcidev *d)
{
	size_t i;

	fprintf(f, "  %s %04x:%04x %s", d->addr, d->vendor, d->device,
		d->name);
	if (d->kind)
		fprintf(f, " (%s)", d->kind);
	fprintf(f, _("  driver %s"), d->driver ? d->driver : _("none"));
	/* on MSI or MSI-X the legacy line is unused (often another
	 * device's): the vectors are its IRQs */
	if (d->irq && !d->nmsi)
		fprintf(f, "  IRQ %u", d->irq);
	for (i = 0; i < d->nmsi; i++)
		fprintf(f, "%s%u", i ? "," : "  MSI ", d->msi[i]);
	fputc('\n', f);
	if (d->error)
		fprintf(f, _("      error: %s\n"), d->error);
}

void pcidev_print(FILE *f, const struct pcidev_list *l)
{
	size_t i;

	fprintf(f, "PCI\n");
	if (l->error)
		fprintf(f, "  %s\n", l->error);
	else if (!l->n)
		fprintf(f, "%s", _("  no PCI devices\n"));
	for (i = 0; i < l->n; i++)
		print_dev(f, &l->v[i]);
}
