/* SPDX-License-Identifier: GPL-2.0-or-later */
/* httpd_slots: the connections the metrics server holds, so that a new
 * client can be served ahead of the oldest idler when every slot is taken
 * (a slowloris holds slots by sending a byte now and then). */
#ifndef BENCHTOP_HTTPD_SLOTS_H
#define BENCHTOP_HTTPD_SLOTS_H

#include <stdbool.h>
#include <stddef.h>

struct httpd_slot {
	int fd;			/* -1: free */
	double since;		/* accepted, or its last answer sent */
	bool sending;		/* an answer is on its way */
	bool evicted;		/* shut down, not yet closed by the library */
};

struct httpd_slots {
	struct httpd_slot *v;
	size_t n;		/* slots: the connection limit */
	size_t open, evicting;
};

/* N slots, all free.  0 or -ENOMEM. */
int httpd_slots_init(struct httpd_slots *s, size_t n);
void httpd_slots_fini(struct httpd_slots *s);

/* A free slot for connection FD accepted at NOW, or NULL if none is. */
struct httpd_slot *httpd_slots_take(struct httpd_slots *s, int fd,
				    double now);

/* Free SLOT (NULL: nothing). */
void httpd_slots_drop(struct httpd_slots *s, struct httpd_slot *slot);

/* When a new connection would take the last slot: the connection to shut
 * down for it (the oldest that is not being answered nor already shut
 * down), marked evicted; else NULL. */
struct httpd_slot *httpd_slots_victim(struct httpd_slots *s);

#endif
