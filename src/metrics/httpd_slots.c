/* SPDX-License-Identifier: GPL-2.0-or-later */
/* httpd_slots: a fixed table of the server's connections (the limit is
 * 128: a scan is cheaper than any index) and the choice of the idler to
 * drop for a new client. */
#include "config.h"

#include "metrics/httpd_slots.h"

#include <errno.h>
#include <stdlib.h>

int httpd_slots_init(struct httpd_slots *s, size_t n)
{
	size_t i;

	s->open = s->evicting = 0;
	s->n = n;
	if (!(s->v = calloc(n ? n : 1, sizeof(*s->v))))
		return -ENOMEM;
	for (i = 0; i < n; i++)
		s->v[i].fd = -1;
	return 0;
}

void httpd_slots_fini(struct httpd_slots *s)
{
	free(s->v);
	s->v = NULL;
	s->n = s->open = s->evicting = 0;
}

struct httpd_slot *httpd_slots_take(struct httpd_slots *s, int fd,
				    double now)
{
	size_t i;

	for (i = 0; i < s->n; i++) {
		if (s->v[i].fd >= 0)
			continue;
		s->v[i] = (struct httpd_slot){ .fd = fd, .since = now };
		s->open++;
		return &s->v[i];
	}
	return NULL;
}

void httpd_slots_drop(struct httpd_slots *s, struct httpd_slot *slot)
{
	if (!slot || slot->fd < 0)
		return;
	if (slot->evicted)
		s->evicting--;
	slot->fd = -1;
	s->open--;
}

struct httpd_slot *httpd_slots_victim(struct httpd_slots *s)
{
	struct httpd_slot *old = NULL;
	size_t i;

	if (s->open - s->evicting + 1 < s->n)
		return NULL;
	for (i = 0; i < s->n; i++) {
		if (s->v[i].fd < 0 || s->v[i].sending || s->v[i].evicted)
			continue;
		if (!old || s->v[i].since < old->since)
			old = &s->v[i];
	}
	if (old) {
		old->evicted = true;
		s->evicting++;
	}
	return old;
}
