/* SPDX-License-Identifier: GPL-2.0-or-later */
/* textcache: translated strings, column titles and the key bar made once
 * and kept in the app (glibc's gettext walks its catalogue list on every
 * call, even for a locale without one). */
#include "config.h"

#include "textcache.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "base/i18n.h"
#include "cells.h"
#include "frame.h"

const char *textcache_tr(struct textcache *c, const char *msgid)
{
	size_t i = (size_t)(((uintptr_t)msgid >> 3) % TEXTCACHE_TR), n;

	for (n = 0; n < TEXTCACHE_TR; n++, i = (i + 1) % TEXTCACHE_TR) {
		if (c->id[i] == msgid)
			return c->tr[i];
		if (!c->id[i]) {
			c->id[i] = msgid;
			c->tr[i] = gettext(msgid);
			return c->tr[i];
		}
	}
	return gettext(msgid);	/* full: look it up each time */
}

const char *textcache_title(struct textcache *c, enum textcache_title k)
{
	static void (*const make[TEXTCACHE_TITLES])(char *, size_t) = {
		cells_cluster_title, cells_disk_title, cells_net_title,
		cells_irq_title,
	};

	if (!c->have_title[k]) {
		make[k](c->title[k], sizeof(c->title[k]));
		c->have_title[k] = true;
	}
	return c->title[k];
}

const char *textcache_bar(const struct textcache *c, int panel, int width,
			  bool replay, bool readonly)
{
	const struct textcache_bar *b = &c->bar;

	if (b->valid && b->panel == panel && b->width == width &&
	    b->replay == replay && b->readonly == readonly)
		return b->text;
	return NULL;
}

void textcache_bar_keep(struct textcache *c, int panel, int width,
			bool replay, bool readonly, const char *text)
{
	struct textcache_bar *b = &c->bar;

	b->valid = true;
	b->panel = panel;
	b->width = width;
	b->replay = replay;
	b->readonly = readonly;
	snprintf(b->text, sizeof(b->text), "%s", text);
}

const char *textcache_line(const struct textcache *c, enum textcache_slot s,
			   const struct frame_key *k)
{
	const struct textcache_line *l = &c->line[s];

	if (l->valid && !k->over && l->n == k->n &&
	    memcmp(l->key, k->b, k->n) == 0)
		return l->text;
	return NULL;
}

void textcache_line_keep(struct textcache *c, enum textcache_slot s,
			 const struct frame_key *k, const char *text)
{
	struct textcache_line *l = &c->line[s];

	l->valid = !k->over && k->n <= sizeof(l->key);
	if (!l->valid)
		return;
	memcpy(l->key, k->b, k->n);
	l->n = k->n;
	snprintf(l->text, sizeof(l->text), "%s", text);
}
