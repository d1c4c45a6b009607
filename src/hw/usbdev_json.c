/* SPDX-License-Identifier: GPL-2.0-or-later */
/* usbdev_json: the USB devices as JSON (doc/json.md, "usb") and as the
 * readable section of benchtop --once; no libusb here. */
#include "config.h"

#include "hw/usbdev.h"

#include <stdio.h>

#include "base/figfmt.h"
#include "base/jsondoc.h"
#include "base/i18n.h"


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
			"driver", jsondoc_str(f->driver)));
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
	json_object_set_new(o, "manufacturer", jsondoc_str(d->manufacturer));
	json_object_set_new(o, "product", jsondoc_str(d->product));
	json_object_set_new(o, "bridge", jsondoc_str(d->bridge));
	snprintf(t, sizeof(t), "%x.%02x", d->bcd_usb >> 8, d->bcd_usb & 0xff);
	json_object_set_new(o, "usb_version", d->bcd_usb ? json_string(t)
							 : json_null());
	json_object_set_new(o, "speed", speed_json(d->speed_kbps));
	json_object_set_new(o, "libusb_speed", speed_json(d->libusb_kbps));
	json_object_set_new(o, "capable_speed", speed_json(d->capable_kbps));
	json_object_set_new(o, "capable_speed_from",
			    jsondoc_str(d->capable_from));
	if (d->capable_note)
		json_object_set_new(o, "capable_speed_note",
				    json_string(d->capable_note));
	json_object_set_new(o, "controller", jsondoc_str(bus ? bus->controller
								 : NULL));
	json_object_set_new(o, "driver", jsondoc_str(usbdev_driver(d)));
	json_object_set_new(o, "interfaces", ifaces_json(d));
	json_object_set_new(o, "alt_settings", alts_json(d));
	json_object_set_new(o, "alt_settings_from", jsondoc_str(d->alts_from));
	json_object_set_new(o, "storage", storage_json(d));
	json_object_set_new(o, "quirks", jsondoc_str(d->quirks));
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
			"controller", jsondoc_str(l->buses[i].controller),
			"driver", jsondoc_str(l->buses[i].driver)));
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
	if (d->capable_note)
		fprintf(f, "          %s\n", d->capable_note);
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
			figfmt_driver(l->buses[i].driver));
	}
	if (!l->n)
		fprintf(f, "%s", _("  no USB devices\n"));
	for (i = 0; i < l->n; i++)
		print_dev(f, l, &l->v[i]);
	if (l->error)
		fprintf(f, _("  error: %s\n"), l->error);
}
