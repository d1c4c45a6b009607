/* SPDX-License-Identifier: GPL-2.0-or-later */
/* usbdev: USB devices from sysfs (attributes, interface drivers, raw
 * descriptors, BOS) cross-checked with libusb (speed, active configuration
 * alternate settings).  libusb's types never leave this file. */
#include "config.h"

#include "hw/usbdev.h"
#include "base/i18n.h"

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <libusb.h>

#include "hw/bridges.h"
#include "base/buf.h"
#include "base/strclean.h"

#define PATH_SZ 4200

/* Append "WHAT[: DETAIL]" to the sentences in *ERR. */
static void add_error(char **err, const char *what, const char *detail)
{
	size_t old = *err ? strlen(*err) : 0;
	size_t n = old + strlen(what) + (detail ? strlen(detail) : 0) + 5;
	char *e = realloc(*err, n);

	if (!e)
		return;
	snprintf(e + old, n - old, "%s%s%s%s", old ? "; " : "", what,
		 detail ? ": " : "", detail ? detail : "");
	*err = e;
}

static const char *errtext(int rc)
{
	if (rc == -ENOENT)
		return "vanished while reading";
	return strerror(-rc);
}

/* Read DIR/NAME into B, trailing newline and spaces cut; 0 or -errno. */
static int read_attr(struct buf *b, const char *dir, const char *name)
{
	char path[PATH_SZ];
	int rc;

	if ((size_t)snprintf(path, sizeof(path), "%s/%s", dir, name) >=
	    sizeof(path))
		return -ENAMETOOLONG;
	rc = buf_read_file(b, path);
	if (rc)
		return rc;
	while (b->len && (b->data[b->len - 1] == '\n' ||
			  b->data[b->len - 1] == ' '))
		b->data[--b->len] = '\0';
	return 0;
}

static int parse_num(const char *s, int base, unsigned long max,
		     unsigned long *v)
{
	char *end;

	while (*s == ' ')
		s++;
	if (!*s || *s == '-' || *s == '+')
		return -EINVAL;
	errno = 0;
	*v = strtoul(s, &end, base);
	if (errno || *v > max)
		return -ERANGE;
	return *end ? -EINVAL : 0;
}

/* A numeric attribute; a missing or garbled one is noted in *ERR. */
static unsigned long num_attr(struct buf *b, const char *dir,
			      const char *name, int base, unsigned long max,
			      char **err)
{
	unsigned long v = 0;
	int rc = read_attr(b, dir, name);

	if (!rc)
		rc = parse_num(b->data, base, max, &v);
	if (rc == -ENOENT && access(dir, F_OK) == 0)
		add_error(err, name, "missing");
	else if (rc)
		add_error(err, name, rc == -EINVAL || rc == -ERANGE ?
			  "garbled value" : errtext(rc));
	return rc ? 0 : v;
}

static char *str_attr(struct buf *b, const char *dir, const char *name)
{
	if (read_attr(b, dir, name) || b->len == 0)
		return NULL;
	return strclean_dup(b->data, b->len);
}

/* Basename of the link DIR/NAME ("driver" -> "uas"), cleaned; or NULL. */
static char *link_base(const char *dir, const char *name)
{
	char path[PATH_SZ], target[PATH_SZ];
	const char *base;
	ssize_t n;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	n = readlink(path, target, sizeof(target) - 1);
	if (n <= 0)
		return NULL;
	target[n] = '\0';
	base = strrchr(target, '/');
	base = base ? base + 1 : target;
	return strclean_dup(base, strlen(base));
}

static int add_bus(struct usbdev_list *out, const char *dir, const char *name)
{
	struct usbdev_bus *v = realloc(out->buses, (out->nbuses + 1) *
				       sizeof(*v)), *bus;
	char *real = realpath(dir, NULL), *slash;
	struct buf b = { 0 };
	unsigned long num;

	if (!v) {
		free(real);
		return -ENOMEM;
	}
	out->buses = v;
	if (!real || parse_num(name + 3, 10, 255, &num)) {
		free(real);
		return 0;	/* vanished, or not a root hub name */
	}
	bus = memset(&v[out->nbuses++], 0, sizeof(*bus));
	bus->busnum = (unsigned)num;
	bus->syspath = real;
	if (!read_attr(&b, dir, "speed"))
		usbdesc_parse_speed(b.data, b.len, &bus->speed_kbps);
	buf_free(&b);
	slash = strrchr(real, '/');
	if (slash && slash != real) {
		*slash = '\0';
		bus->controller = strclean_dup(strrchr(real, '/') + 1,
					       strlen(strrchr(real, '/') + 1));
		bus->driver = link_base(real, "driver");
		*slash = '/';
	}
	return 0;
}

static void read_iface(struct usbdev_iface *f, const char *dir,
		       struct buf *b, char **err)
{
	/* sysfs writes bAlternateSetting in decimal, the rest in hex */
	f->number = num_attr(b, dir, "bInterfaceNumber", 16, 255, err);
	f->alt = num_attr(b, dir, "bAlternateSetting", 10, 255, err);
	f->cls = num_attr(b, dir, "bInterfaceClass", 16, 255, err);
	f->subcls = num_attr(b, dir, "bInterfaceSubClass", 16, 255, err);
	f->proto = num_attr(b, dir, "bInterfaceProtocol", 16, 255, err);
	f->driver = link_base(dir, "driver");
}

static int cmp_iface(const void *a, const void *b)
{
	return strcmp(((const struct usbdev_iface *)a)->name,
		      ((const struct usbdev_iface *)b)->name);
}

/* The interfaces "NAME:c.i" inside the device directory DIR. */
static void read_ifaces(struct usbdev *d, const char *dir, struct buf *b)
{
	size_t nl = strlen(d->name);
	char sub[PATH_SZ];
	struct dirent *e;
	DIR *dp = opendir(dir);

	while (dp && (e = readdir(dp))) {
		struct usbdev_iface *v, *f;

		if (strncmp(e->d_name, d->name, nl) || e->d_name[nl] != ':')
			continue;
		v = realloc(d->ifaces, (d->nifaces + 1) * sizeof(*v));
		if (!v)
			break;
		d->ifaces = v;
		f = memset(&v[d->nifaces], 0, sizeof(*f));
		f->name = strclean_dup(e->d_name, strlen(e->d_name));
		if (!f->name)
			break;
		d->nifaces++;
		if ((size_t)snprintf(sub, sizeof(sub), "%s/%s", dir,
				     e->d_name) < sizeof(sub))
			read_iface(f, sub, b, &d->error);
		if (f->driver && strcmp(f->driver, "uas") == 0)
			d->uas_bound = true;
		if (f->driver && strcmp(f->driver, "usb-storage") == 0)
			d->storage_bound = true;
	}
	if (dp)
		closedir(dp);
	if (d->nifaces)
		qsort(d->ifaces, d->nifaces, sizeof(*d->ifaces), cmp_iface);
}

/* Alternate settings of the active configuration from sysfs descriptors. */
static void take_sysfs_alts(struct usbdev *d, struct usbdesc *desc)
{
	size_t i, n = 0;

	d->alts = calloc(desc->nalts ? desc->nalts : 1, sizeof(*d->alts));
	if (!d->alts)
		return;
	for (i = 0; i < desc->nalts; i++)
		if (!d->config || desc->alts[i].config == d->config)
			d->alts[n++] = desc->alts[i];
	d->nalts = n;
	d->alts_from = "sysfs";
}

static void read_descriptors(struct usbdev *d, const char *dir,
			     struct buf *b)
{
	struct usbdesc desc;
	char size[32];
	int rc = read_attr(b, dir, "descriptors");

	if (rc) {
		add_error(&d->error, "descriptors", errtext(rc));
		return;
	}
	rc = usbdesc_parse(b->data, b->len, &desc);
	snprintf(size, sizeof(size), "%zu", b->len);
	if (rc < 0) {
		add_error(&d->error, "descriptors unreadable, bytes", size);
		return;
	}
	if (desc.truncated)
		add_error(&d->error, "descriptors cut short, bytes", size);
	d->bcd_usb = desc.bcd_usb;
	/* idVendor/idProduct are printed from these very bytes; they win
	 * over a garbled attribute */
	d->vid = desc.vid;
	d->pid = desc.pid;
	take_sysfs_alts(d, &desc);
	usbdesc_free(&desc);
}

static void read_bos(struct usbdev *d, const char *dir, struct buf *b)
{
	/* sysfs bos_descriptors exists since Linux 6.7; older kernels leave
	 * us the bcdUSB rule unless libusb can fetch the BOS. */
	if (read_attr(b, dir, "bos_descriptors"))
		return;
	if (usbdesc_parse_bos(b->data, b->len, &d->bos) < 0)
		add_error(&d->error, "bos_descriptors", "unreadable");
	else
		d->has_bos = true;
}

static void read_speed(struct usbdev *d, const char *dir, struct buf *b)
{
	int rc = read_attr(b, dir, "speed");

	if (rc)
		add_error(&d->error, "speed", errtext(rc));
	else if (b->len == 0)
		add_error(&d->error, "speed", "empty");
	else if (usbdesc_parse_speed(b->data, b->len, &d->speed_kbps))
		add_error(&d->error, "speed", "garbled value");
}

static void read_device(struct usbdev *d, const char *dir)
{
	struct buf b = { 0 };

	d->syspath = realpath(dir, NULL);
	if (!d->syspath) {
		add_error(&d->error, errtext(-errno), NULL);
		return;
	}
	d->busnum = (unsigned)num_attr(&b, dir, "busnum", 10, 255, &d->error);
	d->devnum = (unsigned)num_attr(&b, dir, "devnum", 10, 255, &d->error);
	d->vid = (uint16_t)num_attr(&b, dir, "idVendor", 16, 0xffff,
				    &d->error);
	d->pid = (uint16_t)num_attr(&b, dir, "idProduct", 16, 0xffff,
				    &d->error);
	d->config = (unsigned)num_attr(&b, dir, "bConfigurationValue", 10,
				       255, &d->error);
	d->manufacturer = str_attr(&b, dir, "manufacturer");
	d->product = str_attr(&b, dir, "product");
	read_speed(d, dir, &b);
	read_descriptors(d, dir, &b);
	read_bos(d, dir, &b);
	read_ifaces(d, dir, &b);
	buf_free(&b);
}

static uint32_t libusb_kbps(int speed)
{
	/* LIBUSB_SPEED_LOW .. SUPER_PLUS, and 6 = SUPER_PLUS_X2 (1.0.27) */
	static const uint32_t kbps[] = { 0, 1500, 12000, 480000, 5000000,
					 10000000, 20000000 };

	return speed > 0 && speed < 7 ? kbps[speed] : 0;
}

static struct usbdev *find_busdev(struct usbdev_list *l, unsigned bus,
				  unsigned dev)
{
	size_t i;

	for (i = 0; i < l->n; i++)
		if (l->v[i].busnum == bus && l->v[i].devnum == dev)
			return &l->v[i];
	return NULL;
}

/* Replace D's alternate settings with those libusb reports for the active
 * configuration. */
static void take_libusb_alts(struct usbdev *d,
			     const struct libusb_config_descriptor *c)
{
	size_t n = 0, i;
	int j;
	struct usbdesc_alt *v;

	for (i = 0; i < c->bNumInterfaces; i++)
		n += (size_t)c->interface[i].num_altsetting;
	v = calloc(n ? n : 1, sizeof(*v));
	if (!v)
		return;
	n = 0;
	for (i = 0; i < c->bNumInterfaces; i++) {
		for (j = 0; j < c->interface[i].num_altsetting; j++) {
			const struct libusb_interface_descriptor *a =
				&c->interface[i].altsetting[j];

			v[n++] = (struct usbdesc_alt){
				.config = c->bConfigurationValue,
				.iface = a->bInterfaceNumber,
				.alt = a->bAlternateSetting,
				.cls = a->bInterfaceClass,
				.subcls = a->bInterfaceSubClass,
				.proto = a->bInterfaceProtocol,
				.nendpoints = a->bNumEndpoints };
		}
	}
	free(d->alts);
	d->alts = v;
	d->nalts = n;
	d->alts_from = "libusb";
}

static void check_libusb_dev(struct usbdev_list *l, libusb_device *ld)
{
	struct libusb_config_descriptor *c;
	struct libusb_device_descriptor dd;
	struct usbdev *d = find_busdev(l, libusb_get_bus_number(ld),
				       libusb_get_device_address(ld));

	if (!d)
		return;		/* a root hub, or gone from sysfs */
	d->libusb_seen = true;
	d->libusb_kbps = libusb_kbps(libusb_get_device_speed(ld));
	if (libusb_get_device_descriptor(ld, &dd) == 0 && !d->bcd_usb)
		d->bcd_usb = dd.bcdUSB;
	if (libusb_get_active_config_descriptor(ld, &c) == 0) {
		take_libusb_alts(d, c);
		libusb_free_config_descriptor(c);
	}
}

static void check_libusb(struct usbdev_list *l)
{
	libusb_context *ctx = NULL;
	libusb_device **list;
	ssize_t n, i;
	int rc = libusb_init(&ctx);

	if (rc) {
		add_error(&l->error, "libusb", libusb_error_name(rc));
		return;
	}
	n = libusb_get_device_list(ctx, &list);
	if (n < 0) {
		add_error(&l->error, "libusb", libusb_error_name((int)n));
	} else {
		for (i = 0; i < n; i++)
			check_libusb_dev(l, list[i]);
		libusb_free_device_list(list, 1);
	}
	libusb_exit(ctx);
}

static void read_quirks(const char *sys_root, struct buf *q)
{
	char dir[PATH_SZ];

	snprintf(dir, sizeof(dir), "%s/module/usb_storage/parameters",
		 sys_root);
	if (read_attr(q, dir, "quirks"))
		q->len = 0;
}

static void conclude(struct usbdev_list *l, struct usbdev *d,
		     const struct buf *quirks)
{
	struct usbdesc_state st = { 0 };
	char flags[64], sp[16];

	if (d->libusb_seen && d->libusb_kbps && d->speed_kbps &&
	    d->libusb_kbps != d->speed_kbps) {
		usbdesc_format_speed(d->libusb_kbps, sp, sizeof(sp));
		add_error(&d->error, "libusb reports a different speed", sp);
	}
	if (!d->libusb_seen && d->syspath && !l->error)
		add_error(&d->error, "libusb does not list this device", NULL);
	d->capable_kbps = usbdesc_capable_kbps(d->bcd_usb,
					       d->has_bos ? &d->bos : NULL,
					       d->speed_kbps);
	d->has_bot = usbdesc_has_storage(d->alts, d->nalts, 0,
					 USBDESC_PROTO_BOT);
	d->has_uas = usbdesc_has_storage(d->alts, d->nalts, 0,
					 USBDESC_PROTO_UAS);
	if (quirks->len && usbdesc_quirks_lookup(quirks->data, quirks->len,
						 d->vid, d->pid, flags,
						 sizeof(flags)) == 1)
		d->quirks = strclean_dup(flags, strlen(flags));
	if (l->bridges)
		d->bridge = bridges_lookup(l->bridges, d->vid, d->pid);
	st.speed_kbps = d->speed_kbps;
	st.capable_kbps = d->capable_kbps;
	st.has_uas = d->has_uas;
	st.uas_bound = d->uas_bound;
	st.storage_bound = d->storage_bound;
	st.quirks = d->quirks;
	d->nverdicts = usbdesc_verdicts(&st, d->verdicts);
}

static int cmp_dev(const void *a, const void *b)
{
	const struct usbdev *x = a, *y = b;

	if (x->busnum != y->busnum)
		return x->busnum < y->busnum ? -1 : 1;
	return strcmp(x->name, y->name);
}

static int cmp_bus(const void *a, const void *b)
{
	const struct usbdev_bus *x = a, *y = b;

	return x->busnum < y->busnum ? -1 : x->busnum > y->busnum;
}

static int add_dev(struct usbdev_list *out, const char *name)
{
	struct usbdev *v = realloc(out->v, (out->n + 1) * sizeof(*v));

	if (!v)
		return -ENOMEM;
	out->v = v;
	memset(&v[out->n], 0, sizeof(*v));
	v[out->n].name = strclean_dup(name, strlen(name));
	if (!v[out->n].name)
		return -ENOMEM;
	out->n++;
	return 0;
}

/* Pass 1: the directory listing, devices and root hubs. */
static int list_sysfs(struct usbdev_list *out, const char *sys_root)
{
	char dir[PATH_SZ], sub[PATH_SZ + 256];
	struct dirent *e;
	DIR *dp;
	int rc = 0;

	snprintf(dir, sizeof(dir), "%s/bus/usb/devices", sys_root);
	dp = opendir(dir);
	if (!dp)
		return 0;	/* no USB at all */
	while (!rc && (e = readdir(dp))) {
		if (e->d_name[0] == '.' || strchr(e->d_name, ':'))
			continue;
		snprintf(sub, sizeof(sub), "%s/%s", dir, e->d_name);
		if (strncmp(e->d_name, "usb", 3) == 0) {
			rc = add_bus(out, sub, e->d_name);
			continue;
		}
		rc = add_dev(out, e->d_name);
		if (!rc)
			read_device(&out->v[out->n - 1], sub);
	}
	closedir(dp);
	return rc;
}

int usbdev_scan(const char *sys_root, struct usbdev_list *out)
{
	struct buf quirks = { 0 };
	size_t i;
	int rc;

	memset(out, 0, sizeof(*out));
	rc = list_sysfs(out, sys_root);
	if (rc == 0 && out->n) {
		out->bridges = calloc(1, sizeof(*out->bridges));
		if (out->bridges && bridges_load(out->bridges) < 0)
			add_error(&out->error, "usb-bridges.conf",
				  "not readable, bridge chips unnamed");
		check_libusb(out);
		read_quirks(sys_root, &quirks);
		for (i = 0; i < out->n; i++)
			conclude(out, &out->v[i], &quirks);
		qsort(out->v, out->n, sizeof(*out->v), cmp_dev);
	}
	if (out->nbuses)
		qsort(out->buses, out->nbuses, sizeof(*out->buses), cmp_bus);
	buf_free(&quirks);
	return rc < 0 ? rc : (int)out->n;
}

static void dev_free(struct usbdev *d)
{
	size_t i;

	for (i = 0; i < d->nifaces; i++) {
		free(d->ifaces[i].name);
		free(d->ifaces[i].driver);
	}
	free(d->ifaces);
	free(d->name);
	free(d->manufacturer);
	free(d->product);
	free(d->alts);
	free(d->quirks);
	free(d->syspath);
	free(d->error);
}

void usbdev_list_free(struct usbdev_list *l)
{
	size_t i;

	for (i = 0; i < l->n; i++)
		dev_free(&l->v[i]);
	for (i = 0; i < l->nbuses; i++) {
		free(l->buses[i].controller);
		free(l->buses[i].driver);
		free(l->buses[i].syspath);
	}
	if (l->bridges)
		bridges_free(l->bridges);
	free(l->bridges);
	free(l->v);
	free(l->buses);
	free(l->error);
	memset(l, 0, sizeof(*l));
}

const struct usbdev *usbdev_find(const struct usbdev_list *l,
				 const char *name)
{
	size_t i;

	for (i = 0; i < l->n; i++)
		if (strcmp(l->v[i].name, name) == 0)
			return &l->v[i];
	return NULL;
}

const struct usbdev_bus *usbdev_bus(const struct usbdev_list *l,
				    unsigned busnum)
{
	size_t i;

	for (i = 0; i < l->nbuses; i++)
		if (l->buses[i].busnum == busnum)
			return &l->buses[i];
	return NULL;
}

const char *usbdev_driver(const struct usbdev *d)
{
	size_t i;

	for (i = 0; i < d->nifaces; i++)
		if (d->ifaces[i].driver)
			return d->ifaces[i].driver;
	return NULL;
}

const char *usbdev_label(const struct usbdev *d, char *buf, size_t size)
{
	if (d->bridge)
		return d->bridge;
	if (d->product)
		return d->product;
	snprintf(buf, size, "%04x:%04x", d->vid, d->pid);
	return buf;
}

static json_t *str_or_null(const char *s)
{
	return s ? json_string(s) : json_null();
}

static json_t *speed_json(uint32_t kbps)
{
	char sp[16];

	if (!kbps)
		return json_null();
	usbdesc_format_speed(kbps, sp, sizeof(sp));
	return json_string(sp);
}

static json_t *class_json(uint8_t c, uint8_t s, uint8_t p)
{
	char t[16];

	snprintf(t, sizeof(t), "%02x/%02x/%02x", c, s, p);
	return json_string(t);
}

static json_t *ifaces_json(const struct usbdev *d)
{
	json_t *a = json_array();
	size_t i;

	for (i = 0; i < d->nifaces; i++) {
		const struct usbdev_iface *f = &d->ifaces[i];

		json_array_append_new(a, json_pack("{s:s,s:i,s:i,s:o,s:o}",
			"name", f->name, "number", (int)f->number,
			"alt", (int)f->alt,
			"class", class_json(f->cls, f->subcls, f->proto),
			"driver", str_or_null(f->driver)));
	}
	return a;
}

static json_t *alts_json(const struct usbdev *d)
{
	json_t *a = json_array();
	size_t i;

	for (i = 0; i < d->nalts; i++) {
		const struct usbdesc_alt *x = &d->alts[i];

		json_array_append_new(a, json_pack("{s:i,s:i,s:i,s:o}",
			"config", x->config, "interface", x->iface,
			"alt", x->alt,
			"class", class_json(x->cls, x->subcls, x->proto)));
	}
	return a;
}

static json_t *storage_json(const struct usbdev *d)
{
	if (!d->has_bot && !d->has_uas && !d->uas_bound && !d->storage_bound)
		return json_null();
	return json_pack("{s:b,s:b,s:s?}", "bot", d->has_bot,
			 "uas_capable", d->has_uas, "driver",
			 d->uas_bound ? "uas" : d->storage_bound ?
			 "usb-storage" : NULL);
}

static json_t *quirks_json(const char *q)
{
	json_t *a = json_array();
	const char *n;

	for (; q && *q; q++)
		if ((n = usbdesc_quirk_name(*q)))
			json_array_append_new(a, json_string(n));
	return a;
}

static json_t *dev_json(const struct usbdev_list *l, const struct usbdev *d)
{
	const struct usbdev_bus *bus = usbdev_bus(l, d->busnum);
	json_t *o = json_object(), *v = json_array();
	char t[16];
	size_t i;

	json_object_set_new(o, "name", json_string(d->name));
	json_object_set_new(o, "bus", json_integer(d->busnum));
	json_object_set_new(o, "devnum", json_integer(d->devnum));
	snprintf(t, sizeof(t), "%04x:%04x", d->vid, d->pid);
	json_object_set_new(o, "id", json_string(t));
	json_object_set_new(o, "manufacturer", str_or_null(d->manufacturer));
	json_object_set_new(o, "product", str_or_null(d->product));
	json_object_set_new(o, "bridge", str_or_null(d->bridge));
	snprintf(t, sizeof(t), "%x.%02x", d->bcd_usb >> 8, d->bcd_usb & 0xff);
	json_object_set_new(o, "usb_version", d->bcd_usb ? json_string(t)
							 : json_null());
	json_object_set_new(o, "speed", speed_json(d->speed_kbps));
	json_object_set_new(o, "libusb_speed", speed_json(d->libusb_kbps));
	json_object_set_new(o, "capable_speed", speed_json(d->capable_kbps));
	json_object_set_new(o, "controller", str_or_null(bus ? bus->controller
								 : NULL));
	json_object_set_new(o, "driver", str_or_null(usbdev_driver(d)));
	json_object_set_new(o, "interfaces", ifaces_json(d));
	json_object_set_new(o, "alt_settings", alts_json(d));
	json_object_set_new(o, "alt_settings_from", str_or_null(d->alts_from));
	json_object_set_new(o, "storage", storage_json(d));
	json_object_set_new(o, "quirks", str_or_null(d->quirks));
	json_object_set_new(o, "quirk_names", quirks_json(d->quirks));
	for (i = 0; i < d->nverdicts; i++)
		json_array_append_new(v, json_string(d->verdicts[i]));
	json_object_set_new(o, "verdicts", v);
	if (d->error)
		json_object_set_new(o, "error", json_string(d->error));
	return o;
}

json_t *usbdev_json(const struct usbdev_list *l)
{
	json_t *o = json_object(), *b = json_array(), *d = json_array();
	size_t i;

	for (i = 0; i < l->nbuses; i++)
		json_array_append_new(b, json_pack("{s:i,s:o,s:o,s:o}",
			"bus", (int)l->buses[i].busnum,
			"speed", speed_json(l->buses[i].speed_kbps),
			"controller", str_or_null(l->buses[i].controller),
			"driver", str_or_null(l->buses[i].driver)));
	for (i = 0; i < l->n; i++)
		json_array_append_new(d, dev_json(l, &l->v[i]));
	json_object_set_new(o, "buses", b);
	json_object_set_new(o, "devices", d);
	if (!l->n)
		json_object_set_new(o, "note", json_string("no USB devices"));
	if (l->error)
		json_object_set_new(o, "error", json_string(l->error));
	return o;
}

static void print_dev(FILE *f, const struct usbdev_list *l,
		      const struct usbdev *d)
{
	const struct usbdev_bus *bus = usbdev_bus(l, d->busnum);
	char sp[16], cap[16];
	size_t i;

	fprintf(f, "  %-7s %04x:%04x", d->name, d->vid, d->pid);
	if (d->bridge)
		fprintf(f, " %s", d->bridge);
	if (d->manufacturer || d->product)
		fprintf(f, " \"%s%s%s\"", d->manufacturer ? d->manufacturer
			: "", d->manufacturer && d->product ? " " : "",
			d->product ? d->product : "");
	fputc('\n', f);
	usbdesc_format_speed(d->speed_kbps, sp, sizeof(sp));
	usbdesc_format_speed(d->capable_kbps, cap, sizeof(cap));
	fprintf(f, _("          USB %x.%02x  %s (capable %s)  driver %s"),
		d->bcd_usb >> 8, d->bcd_usb & 0xff, sp, cap,
		usbdev_driver(d) ? usbdev_driver(d) : _("none"));
	if (d->has_uas || d->has_bot)
		fprintf(f, "  %s", !d->has_uas ? _("BOT only") : d->has_bot ?
			_("BOT+UAS offered") : _("UAS offered"));
	if (d->quirks)
		fprintf(f, _("  quirks %s"), d->quirks);
	if (bus && bus->controller)
		fprintf(f, _("  on %s"), bus->controller);
	fputc('\n', f);
	for (i = 0; i < d->nverdicts; i++)
		fprintf(f, "          ! %s\n", d->verdicts[i]);
	if (d->error)
		fprintf(f, _("          error: %s\n"), d->error);
}

void usbdev_print(FILE *f, const struct usbdev_list *l)
{
	size_t i;
	char sp[16];

	fprintf(f, "USB\n");
	for (i = 0; i < l->nbuses; i++) {
		usbdesc_format_speed(l->buses[i].speed_kbps, sp, sizeof(sp));
		fprintf(f, "  bus %-3u %-6s %s (%s)\n", l->buses[i].busnum, sp,
			l->buses[i].controller ? l->buses[i].controller : "?",
			l->buses[i].driver ? l->buses[i].driver : _("no driver"));
	}
	if (!l->n)
		fprintf(f, "%s", _("  no USB devices\n"));
	for (i = 0; i < l->n; i++)
		print_dev(f, l, &l->v[i]);
	if (l->error)
		fprintf(f, _("  error: %s\n"), l->error);
}
