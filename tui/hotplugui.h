/* SPDX-License-Identifier: GPL-2.0-or-later */
/* hotplugui: the live screen's uevent socket - a device that comes or
 * goes marks the hardware model stale (read again at the next tick), a
 * removal is said in one sentence; without the socket, a slow timer. */
#ifndef BENCHTOP_HOTPLUGUI_H
#define BENCHTOP_HOTPLUGUI_H

#include <poll.h>
#include <stdbool.h>

struct app;

/* The uevent socket (A->hotplug). */
struct hotplugui {
	int fd;		/* -1 when none */
	int err;	/* why there is none (-errno), or 0 */
};

#define HOTPLUGUI_FALLBACK_S 60.0	/* no uevent socket: re-read this
					 * often */

/* Open the socket (a->hotplug.fd, -1 when none: the devices are then
 * re-read every HOTPLUGUI_FALLBACK_S, and hotplugui_draw_note says so). */
void hotplugui_open(struct app *a);

/* On row Y of the USB screen: why there are no hotplug messages, in one
 * sentence; nothing when there are. */
void hotplugui_draw_note(const struct app *a, int y, int width);

void hotplugui_close(struct app *a);

/* The socket's entry for the event loop into PFD: 1, or 0 when none. */
int hotplugui_pollfds(const struct app *a, struct pollfd *pfd);

/* Read every message waiting (PFD as filled above, N of them). */
void hotplugui_on_poll(struct app *a, const struct pollfd *pfd, int n);

#endif
