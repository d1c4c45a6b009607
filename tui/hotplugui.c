/* SPDX-License-Identifier: GPL-2.0-or-later */
/* hotplugui: reads the uevent socket in the one event loop; marks the
 * hardware model stale and says what was removed. */
#include "config.h"

#include "hotplugui.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "app.h"
#include "draw.h"
#include "base/i18n.h"
#include "hw/uevent.h"

void hotplugui_open(struct app *a)
{
	int fd = a->replay ? -1 : uevent_open();

	a->hotplug.fd = fd < 0 ? -1 : fd;
	a->hotplug.err = fd < 0 && !a->replay ? fd : 0;
	/* without it, the slow timer */
	a->live.o.hw_keep_s = a->hotplug.fd < 0 ? HOTPLUGUI_FALLBACK_S : 0;
}

void hotplugui_draw_note(const struct app *a, int y, int width)
{
	char line[160];

	if (!a->hotplug.err)
		return;
	snprintf(line, sizeof(line), _("no hotplug messages (%s): devices "
		 "are read again every %.0f s"), strerror(-a->hotplug.err),
		 HOTPLUGUI_FALLBACK_S);
	draw_text(y, 0, width, line);
}

void hotplugui_close(struct app *a)
{
	if (a->hotplug.fd >= 0)
		close(a->hotplug.fd);
	a->hotplug.fd = -1;
}

int hotplugui_pollfds(const struct app *a, struct pollfd *pfd)
{
	if (a->hotplug.fd < 0)
		return 0;
	pfd[0] = (struct pollfd){ .fd = a->hotplug.fd, .events = POLLIN };
	return 1;
}

/* The name the model had for the USB device at bus-port NAME, "" if
 * none. */
static const char *usb_product(const struct app *a, const char *name)
{
	const struct usbdev_list *l = &a->live.hw.chain.usb;
	size_t i;

	for (i = 0; a->live.have_hw && i < l->n; i++)
		if (!strcmp(l->v[i].name, name) && l->v[i].product)
			return l->v[i].product;
	return "";
}

/* One sentence for a device that went away: a USB device, a disk, a
 * NIC or a PCI device (its parts - interfaces, partitions - are not
 * said apart). */
static void say_removed(struct app *a, const struct uevent *ev)
{
	const char *p;

	if (!strcmp(ev->devtype, "usb_device")) {
		p = usb_product(a, ev->name);
		app_say(a, _("USB device %s%s%s%s was removed"), ev->name,
			p[0] ? " (" : "", p, p[0] ? ")" : "");
	} else if (!strcmp(ev->subsystem, "block") &&
		   !strcmp(ev->devtype, "disk")) {
		app_say(a, _("disk %s was removed"), ev->name);
	} else if (!strcmp(ev->subsystem, "net")) {
		app_say(a, _("network interface %s was removed"), ev->name);
	} else if (!strcmp(ev->subsystem, "pci")) {
		app_say(a, _("PCI device %s was removed"), ev->name);
	}
}

void hotplugui_on_poll(struct app *a, const struct pollfd *pfd, int n)
{
	struct uevent ev;
	int rc;

	if (n < 1 || !(pfd[0].revents & (POLLIN | POLLERR)))
		return;
	while ((rc = uevent_read(a->hotplug.fd, &ev)) == 1) {
		if (!uevent_is_hw(&ev))
			continue;
		live_hw_due(&a->live);	/* its IRQs' affinities too */
		if (!strcmp(ev.action, "remove"))
			say_removed(a, &ev);
	}
	if (rc == -ENOBUFS) {	/* messages were lost: read it all again */
		live_hw_due(&a->live);
	} else if (rc < 0) {	/* the socket broke: the slow timer */
		hotplugui_close(a);
		a->hotplug.err = rc;
		a->live.o.hw_keep_s = HOTPLUGUI_FALLBACK_S;
	}
}
