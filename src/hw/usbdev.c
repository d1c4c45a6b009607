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

#include "hw/boscache.h"
#include "hw/bridges.h"
#include "base/buf.h"
#include "base/errlist.h"
#include "base/dynlib.h"
#include "base/strclean.h"

#define PATH_SZ 4200

/* Append "WHAT[: DETAIL]" to the sentences in *ERR. */

static const char *errtext(int rc)
{
	if (rc == -ENOENT)
		return "vanished while reading";
	return strerror(-rc);
}

/* Read DIR/NAME into B, trailing newline and spaces cut; 0 or -errno. */

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
	int rc = buf_read_attr(b, dir, name);

	if (!rc)
		rc = parse_num(b->data, base, max, &v);
	if (rc == -ENOENT && access(dir, F_OK) == 0)
		errlist_add(err, "%s: %s", name, "missing");
	else if (rc)
		errlist_add(err, "%s: %s", name,
			    rc == -EINVAL || rc == -ERANGE ? "garbled value" :
							     errtext(rc));
	return rc ? 0 : v;
}

static char *str_attr(struct buf *b, const char *dir, const char *name)
{
	if (buf_read_attr(b, dir, name) || b->len == 0)
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
	if (!buf_read_attr(&b, dir, "speed"))
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
	int rc = buf_read_attr(b, dir, "descriptors");

	if (rc) {
		errlist_add(&d->error, "descriptors: %s", errtext(rc));
		return;
	}
	rc = usbdesc_parse(b->data, b->len, &desc);
	snprintf(size, sizeof(size), "%zu", b->len);
	if (rc < 0) {
		errlist_add(&d->error, "descriptors unreadable, bytes: %s",
			    size);
		return;
	}
	if (desc.truncated)
		errlist_add(&d->error, "descriptors cut short, bytes: %s",
			    size);
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
	 * us the bcdUSB rule unless libusb can fetch the BOS (fetch_bos()). */
	if (buf_read_attr(b, dir, "bos_descriptors"))
		return;
	if (usbdesc_parse_bos(b->data, b->len, &d->bos) < 0) {
		errlist_add(&d->error, "bos_descriptors: unreadable");
	} else {
		d->has_bos = true;
		d->bos_from = "sysfs";
	}
}

static void read_speed(struct usbdev *d, const char *dir, struct buf *b)
{
	int rc = buf_read_attr(b, dir, "speed");

	if (rc)
		errlist_add(&d->error, "speed: %s", errtext(rc));
	else if (b->len == 0)
		errlist_add(&d->error, "speed: empty");
	else if (usbdesc_parse_speed(b->data, b->len, &d->speed_kbps))
		errlist_add(&d->error, "speed: garbled value");
}

static void read_device(struct usbdev *d, const char *dir)
{
	struct buf b = { 0 };

	d->syspath = realpath(dir, NULL);
	if (!d->syspath) {
		errlist_add(&d->error, "%s", errtext(-errno));
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

/* libusb-1.0, loaded with dlopen for the scan and closed after it: between
 * scans the live screen maps neither it nor libudev (200 kB resident).
 * One list of the functions used; each is called through L->name. */
#define USB_FUNCS(X) X(libusb_init) X(libusb_exit) \
	X(libusb_get_device_list) X(libusb_free_device_list) \
	X(libusb_get_bus_number) X(libusb_get_device_address) \
	X(libusb_get_device_speed) X(libusb_get_device_descriptor) \
	X(libusb_get_active_config_descriptor) \
	X(libusb_free_config_descriptor) X(libusb_open) X(libusb_close) \
	X(libusb_get_bos_descriptor) X(libusb_free_bos_descriptor) \
	X(libusb_get_ss_usb_device_capability_descriptor) \
	X(libusb_free_ss_usb_device_capability_descriptor) \
	X(libusb_error_name)

struct usb_lib {
	void *handle;
#define X(f) __typeof__(f) *f;
	USB_FUNCS(X)
#undef X
};

static int usb_lib_open(struct usb_lib *l, char *err, size_t errsize)
{
	const struct dynlib_sym syms[] = {
#define X(f) { #f, (void **)&l->f },
		USB_FUNCS(X)
#undef X
	};

	l->handle = dynlib_open(LIBUSB_SONAME, syms, sizeof(syms) /
				sizeof(syms[0]), _("the USB scan"), err,
				errsize);
	return l->handle ? 0 : -ENOTSUP;
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

/* The BOS as the device sent it, rebuilt from libusb's parsed copy so
 * that the one parser (usbdesc_parse_bos) reads it as it reads sysfs. */
static void take_bos(const struct usb_lib *L, struct usbdev *d,
		     const struct libusb_bos_descriptor *bos)
{
	unsigned char raw[1024];
	struct libusb_ss_usb_device_capability_descriptor *ss = NULL;
	size_t n = 5, i;

	for (i = 0; i < bos->bNumDeviceCaps; i++) {
		const struct libusb_bos_dev_capability_descriptor *c =
			bos->dev_capability[i];

		if (c->bLength < 3 || n + c->bLength > sizeof(raw))
			break;
		memcpy(raw + n, c, 3);
		memcpy(raw + n + 3, c->dev_capability_data, c->bLength - 3u);
		n += c->bLength;
		if (c->bDevCapabilityType == LIBUSB_BT_SS_USB_DEVICE_CAPABILITY
		    && !ss)
			L->libusb_get_ss_usb_device_capability_descriptor(NULL,
				(struct libusb_bos_dev_capability_descriptor *)
				c, &ss);
	}
	raw[0] = 5;
	raw[1] = LIBUSB_DT_BOS;
	raw[2] = (unsigned char)(n & 0xff);
	raw[3] = (unsigned char)(n >> 8);
	raw[4] = (unsigned char)i;
	if (usbdesc_parse_bos(raw, n, &d->bos) >= 0) {
		d->has_bos = true;
		d->bos_from = "libusb";
		d->bos.ss |= ss != NULL;
		if ((d->bos_raw = malloc(n)) != NULL) {
			memcpy(d->bos_raw, raw, n);
			d->bos_len = n;
		}
	}
	L->libusb_free_ss_usb_device_capability_descriptor(ss);
}

/* RC: a libusb error (L then is not NULL), or 0. */
static void set_note(const struct usb_lib *L, struct usbdev *d,
		     const char *why, int rc)
{
	char t[160];

	if (rc && L)
		snprintf(t, sizeof(t), "%s (%s)", why,
			 L->libusb_error_name(rc));
	else
		snprintf(t, sizeof(t), "%s", why);
	free(d->capable_note);
	d->capable_note = strdup(t);
}

/* The BOS root's `benchtop metrics --write-bos-cache` read from D at
 * boot, for a service without root; whether there was one. */
static bool cached_bos(struct usbdev *d)
{
	struct buf b = { 0 };
	bool ok = boscache_read(d->busnum, d->devnum, d->vid, d->pid,
				&b) == 0 &&
		  usbdesc_parse_bos(b.data, b.len, &d->bos) >= 0;

	buf_free(&b);
	if (ok) {
		d->has_bos = true;
		d->bos_from = "cache";
	}
	return ok;
}

/*
 * Linux < 6.7 has no sysfs bos_descriptors.  A device of bcdUSB 2.01 or
 * later has a BOS, and a USB 3 device attached at high speed says it is
 * SuperSpeed only there.  As root, open it and send GET_DESCRIPTOR(BOS):
 * nothing is claimed, configured or reset (libusb needs a read-write
 * usbfs handle even for that).  Without root, say what is missing.
 */
static void fetch_bos(const struct usb_lib *L, struct usbdev *d,
		      libusb_device *ld, bool as_root)
{
	struct libusb_bos_descriptor *bos = NULL;
	libusb_device_handle *h = NULL;
	int rc;

	if (d->has_bos || d->bcd_usb < 0x0201 || d->bcd_usb >= 0x0300)
		return;
	if (!as_root) {
		set_note(L, d, "capable speed unknown (needs root or Linux "
			 "6.7)", 0);
		return;
	}
	rc = L->libusb_open(ld, &h);
	if (rc) {
		set_note(L, d, "capable speed unknown: the device could not be "
			 "opened to read its BOS descriptor", rc);
		return;
	}
	rc = L->libusb_get_bos_descriptor(h, &bos);
	if (rc)
		set_note(L, d, "capable speed unknown: the device did not give "
			 "its BOS descriptor", rc);
	else
		take_bos(L, d, bos);
	L->libusb_free_bos_descriptor(bos);
	L->libusb_close(h);
}

static void check_libusb_dev(const struct usb_lib *L, struct usbdev_list *l,
			     libusb_device *ld, bool as_root)
{
	struct libusb_config_descriptor *c;
	struct libusb_device_descriptor dd;
	struct usbdev *d = find_busdev(l, L->libusb_get_bus_number(ld),
				       L->libusb_get_device_address(ld));

	if (!d)
		return;		/* a root hub, or gone from sysfs */
	d->libusb_seen = true;
	d->libusb_kbps = libusb_kbps(L->libusb_get_device_speed(ld));
	if (L->libusb_get_device_descriptor(ld, &dd) == 0 && !d->bcd_usb)
		d->bcd_usb = dd.bcdUSB;
	if (L->libusb_get_active_config_descriptor(ld, &c) == 0) {
		take_libusb_alts(d, c);
		L->libusb_free_config_descriptor(c);
	}
	fetch_bos(L, d, ld, as_root);
}

static void check_libusb(struct usbdev_list *l, bool as_root)
{
	struct usb_lib L;
	libusb_context *ctx = NULL;
	libusb_device **list;
	char err[512];
	ssize_t n, i;
	int rc;

	if (usb_lib_open(&L, err, sizeof(err))) {
		errlist_add(&l->error, "%s", err);
		return;
	}
	rc = L.libusb_init(&ctx);
	if (rc) {
		errlist_add(&l->error, "libusb: %s", L.libusb_error_name(rc));
		dynlib_close(L.handle);
		return;
	}
	n = L.libusb_get_device_list(ctx, &list);
	if (n < 0) {
		errlist_add(&l->error, "libusb: %s",
			    L.libusb_error_name((int)n));
	} else {
		for (i = 0; i < n; i++)
			check_libusb_dev(&L, l, list[i], as_root);
		L.libusb_free_device_list(list, 1);
	}
	L.libusb_exit(ctx);
	dynlib_close(L.handle);
}

static void read_quirks(const char *sys_root, struct buf *q)
{
	char dir[PATH_SZ];

	snprintf(dir, sizeof(dir), "%s/module/usb_storage/parameters",
		 sys_root);
	if (buf_read_attr(q, dir, "quirks"))
		q->len = 0;
}

static void conclude(struct usbdev_list *l, struct usbdev *d,
		     const struct buf *quirks, bool as_root)
{
	struct usbdesc_state st = { 0 };
	char flags[64], sp[16];

	if (d->libusb_seen && d->libusb_kbps && d->speed_kbps &&
	    d->libusb_kbps != d->speed_kbps) {
		usbdesc_format_speed(d->libusb_kbps, sp, sizeof(sp));
		errlist_add(&d->error, "libusb reports a different speed: %s",
			    sp);
	}
	if (!d->libusb_seen && d->syspath && !l->error)
		errlist_add(&d->error, "libusb does not list this device");
	if (!d->has_bos && !as_root && cached_bos(d)) {
		free(d->capable_note);	/* root asked the device at boot */
		d->capable_note = NULL;
	}
	d->capable_kbps = usbdesc_capable_kbps(d->bcd_usb,
					       d->has_bos ? &d->bos : NULL,
					       d->speed_kbps);
	if (!d->has_bos && !d->capable_note && d->bcd_usb >= 0x0201 &&
	    d->bcd_usb < 0x0300)	/* libusb could not even list it */
		set_note(NULL, d, as_root ? "capable speed unknown: libusb "
			 "could not ask the device" : "capable speed unknown "
			 "(needs root or Linux 6.7)", 0);
	if (!d->has_bos && d->capable_note)
		d->capable_kbps = 0;	/* bcdUSB 2.1x: maybe SuperSpeed */
	d->capable_from = !d->capable_kbps ? NULL : d->has_bos ? d->bos_from :
			  "usb_version";
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
	return usbdev_scan_as(sys_root, geteuid() == 0, out);
}

int usbdev_scan_as(const char *sys_root, bool as_root,
		   struct usbdev_list *out)
{
	struct buf quirks = { 0 };
	size_t i;
	int rc;

	memset(out, 0, sizeof(*out));
	rc = list_sysfs(out, sys_root);
	if (rc == 0 && out->n) {
		out->bridges = calloc(1, sizeof(*out->bridges));
		if (out->bridges && bridges_load(out->bridges) < 0)
			errlist_add(&out->error, "usb-bridges.conf: %s",
				    "not readable, bridge chips unnamed");
		check_libusb(out, as_root);
		read_quirks(sys_root, &quirks);
		for (i = 0; i < out->n; i++)
			conclude(out, &out->v[i], &quirks, as_root);
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
	free(d->capable_note);
	free(d->bos_raw);
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

const char *usbdev_screen_label(const struct usbdev *d, char *buf,
				size_t size)
{
	if (d->bridge)
		return bridges_short(d->bridge, d->product, buf, size);
	return usbdev_label(d, buf, size);
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
