/* SPDX-License-Identifier: GPL-2.0-or-later */
/* textcache: text that stays the same frame after frame, made once: each
 * translated string (the locale does not change within a run), the
 * overview's column titles, and the key bar for its screen and width. */
#ifndef BENCHTOP_TEXTCACHE_H
#define BENCHTOP_TEXTCACHE_H

#include <stdbool.h>
#include <stddef.h>

#define TEXTCACHE_TR 128	/* translated strings kept */
#define TEXTCACHE_LINE 256

enum textcache_title {
	TEXTCACHE_CLUSTERS, TEXTCACHE_DISKS, TEXTCACHE_NETS, TEXTCACHE_IRQS,
	TEXTCACHE_TITLES
};

/* The key bar's inputs (keys.c: on_bar, bar_layout) and its text. */
struct textcache_bar {
	bool valid;
	int panel, width;
	bool replay, readonly;
	char text[TEXTCACHE_LINE];
};

/* A line made from the bytes of a key (frame.h's struct frame_key). */
enum textcache_slot { TEXTCACHE_HEADER, TEXTCACHE_SORT, TEXTCACHE_SLOTS };

struct textcache_line {
	bool valid;
	size_t n;
	unsigned char key[512];
	char text[TEXTCACHE_LINE];
};

struct textcache {
	const char *id[TEXTCACHE_TR], *tr[TEXTCACHE_TR];
	bool have_title[TEXTCACHE_TITLES];
	char title[TEXTCACHE_TITLES][160];
	struct textcache_bar bar;
	struct textcache_line line[TEXTCACHE_SLOTS];
};

/* gettext(MSGID), looked up once per MSGID (a string literal: its
 * address is the key). */
const char *textcache_tr(struct textcache *c, const char *msgid);

/* The column title of section K (cells.c's), formatted once. */
const char *textcache_title(struct textcache *c, enum textcache_title k);

/* The kept key bar when it was made for these inputs, else NULL. */
const char *textcache_bar(const struct textcache *c, int panel, int width,
			  bool replay, bool readonly);
/* Keep TEXT as the key bar for these inputs. */
void textcache_bar_keep(struct textcache *c, int panel, int width,
			bool replay, bool readonly, const char *text);

struct frame_key;

/* Slot S's line when it was made from the key K, else NULL. */
const char *textcache_line(const struct textcache *c, enum textcache_slot s,
			   const struct frame_key *k);
/* Keep TEXT as slot S's line, made from K (not kept when K is too long). */
void textcache_line_keep(struct textcache *c, enum textcache_slot s,
			 const struct frame_key *k, const char *text);

#endif
