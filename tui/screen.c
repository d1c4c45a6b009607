/* SPDX-License-Identifier: GPL-2.0-or-later */
/* screen: what happens at each tick and each key, and the frame around
 * the panels (header line, key bar, "terminal too small"). */
#include "config.h"

#include "screen.h"

#include <curses.h>
#include <stdio.h>
#include <string.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

#include "app.h"
#include "stale.h"
#include "draw.h"
#include "hotplugui.h"
#include "frame.h"
#include "keymap.h"
#include "keys.h"
#include "listfilter.h"
#include "base/i18n.h"
#include "cli/options.h"
#include "panel.h"
#include "base/settings.h"
#include "feature.h"
#include "tuneui.h"
#include "wrap.h"

#define AFF_RELOAD_S 10.0	/* IRQ affinities: re-read this often */

/* The live reading as the monitor keeps it: affinities every
 * AFF_RELOAD_S, the whole hardware model at a hotplug message (or every
 * HOTPLUGUI_FALLBACK_S without the socket: hotplugui_open), without the
 * PCI names it does not show; a file that fails keeps its last good
 * values, marked stale (stale.c). */
static const struct live_opts screen_live = {
	.aff_keep_s = AFF_RELOAD_S,
	.carry = true,
};

void screen_app_init(struct app *a, const struct options *opts,
		     const struct settings *cfg)
{
	memset(a, 0, sizeof(*a));
	a->opts = opts;
	a->cfg = cfg;
	a->interval_s = opts->interval_set ? opts->interval_s : cfg->interval_s;
	a->show_all = opts->all || cfg->show_idle_virtual;
	a->panel = a->back = PANEL_MAIN;
	live_init(&a->live, &screen_live);
	a->hotplug.fd = -1;
	features_init(a);
}

void screen_app_fini(struct app *a)
{
	features_fini(a);	/* the last set up first */
	live_fini(&a->live);
	moment_fini(&a->moment.m);
	hotplugui_close(a);
	history_free(&a->hist);
	frame_free(&a->frame);
	irqrows_fini(&a->irqrows);
	overview_fini(&a->overview);
}

/* "KIND:NAME" into KEY (96 bytes, cut as snprintf would). */
static void history_key(char *key, const char *kind, const char *name)
{
	size_t k = strlen(kind), n = strnlen(name, 96 - k - 2);

	memcpy(key, kind, k);
	key[k] = ':';
	memcpy(key + k + 1, name, n);
	key[k + 1 + n] = '\0';
}

static void push_history(struct app *a, const struct moment *r)
{
	char key[96];
	size_t i;

	history_tick(&a->hist);
	for (i = 0; i < r->ndisks; i++) {
		history_key(key, "disk", r->disks[i].name);
		history_push(&a->hist, key, r->disks[i].valid ?
			     r->disks[i].rd_bytes_per_s +
			     r->disks[i].wr_bytes_per_s : 0);
	}
	for (i = 0; i < r->nnets; i++) {
		history_key(key, "net", r->nets[i].name);
		history_push(&a->hist, key, r->nets[i].valid ?
			     r->nets[i].rx_bytes_per_s +
			     r->nets[i].tx_bytes_per_s : 0);
	}
}

void screen_tick(struct app *a)
{
	unsigned long ticks = a->live.ticks;

	if (features_source_tick(a))	/* a recording instead of /proc */
		return;
	if (live_tick(&a->live,
		      a->tuning.tune.journal.n) && a->live.ticks == ticks)
		return;		/* no reading: nothing moved */
	stale_say(a);
	app_data_changed(a);
	if (a->live.have_rates)	/* the moment of this tick, built once here */
		push_history(a, app_moment(a));
	features_tick(a);
}

/* The header's text: [benchtop] [host] [board] [kernel] [up UPTIME] load
 * L1 L2 L3, each part left out when empty. */
static void header_line(char *dst, size_t size, int width, const char *host,
			const char *board, const char *release, const char *up,
			const double load[3])
{
	int n = snprintf(dst, size, "%s", width >= 100 ? PACKAGE "  " : "");
	const char *part[3] = { host, board, release };
	size_t i;

	for (i = 0; i < 3 && n >= 0 && (size_t)n < size; i++)
		if (part[i][0])
			n += snprintf(dst + n, size - (size_t)n, "%s  ",
				      part[i]);
	if (up[0] && n >= 0 && (size_t)n < size)
		n += snprintf(dst + n, size - (size_t)n, "%s %s  ", _("up"),
			      up);
	if (n >= 0 && (size_t)n < size)
		snprintf(dst + n, size - (size_t)n, "%s %.2f %.2f %.2f",
			 _("load"), load[0], load[1], load[2]);
}

static void draw_header(struct app *a, int width)
{
	const struct moment *m = app_moment(a);
	char host[64] = "", up[32] = "", clock[16], line[256];
	const char *board = m->have_hw && m->board ? m->board : "", *kept;
	struct frame_key k;
	struct utsname u;
	int level;
	time_t now = time(NULL);
	struct tm tm;

	if (features_draw_header(a, width))
		return;
	gethostname(host, sizeof(host) - 1);
	if (uname(&u))
		strcpy(u.release, "?");
	if (m->has_uptime)
		loadavg_format_uptime(m->uptime_s, up, sizeof(up));
	localtime_r(&now, &tm);
	/* Minutes, as the uptime: a clock of seconds alone would send bytes
	 * every second from a board where nothing moves. */
	strftime(clock, sizeof(clock), "%H:%M", &tm);
	frame_key_init(&k);
	frame_key_add(&k, &width, sizeof(width));
	frame_key_str(&k, host);
	frame_key_str(&k, board);
	frame_key_str(&k, u.release);
	frame_key_str(&k, up);
	frame_key_add(&k, m->load, sizeof(m->load));
	kept = textcache_line(&a->text, TEXTCACHE_HEADER, &k);
	/* The load average must stay whole: when the line is too long, the
	 * kernel's local version ("-fc-v973") goes first, then the host,
	 * the kernel and the uptime; the board stays. */
	for (level = 0; !kept && level < 5; level++) {
		if (level == 1)
			u.release[strcspn(u.release, "-+")] = '\0';
		if (level == 2)
			host[0] = '\0';
		if (level == 3)
			u.release[0] = '\0';
		if (level == 4)
			up[0] = '\0';
		header_line(line, sizeof(line), width, host, board, u.release,
			    up, m->load);
		if ((int)strlen(line) <= width - 9)
			break;
	}
	if (!kept)	/* the line is made again when a part of it moves */
		textcache_line_keep(&a->text, TEXTCACHE_HEADER, &k, line);
	draw_style(a->color, STYLE_HEADER);
	draw_fill(0, 0, width);
	draw_text(0, 0, width - 9, kept ? kept : line);
	draw_text(0, width - 5, 5, clock);
}

/* The key words in MOUSE.BAR_W columns into DST: made again only when
 * the screen, the mode or the room changes (textcache.c). */
static void bar_words(struct app *a, char *dst, size_t size)
{
	bool replay = a->replay != NULL;
	const char *kept = textcache_bar(&a->text, (int)a->panel,
					 a->mouse.bar_w, replay,
					 a->tuning.readonly);
	char words[TEXTCACHE_LINE];

	if (!kept) {
		keys_bar(a, a->mouse.bar_w, words, sizeof(words));
		textcache_bar_keep(&a->text, (int)a->panel, a->mouse.bar_w,
				   replay, a->tuning.readonly, words);
		kept = words;
	}
	snprintf(dst, size, "%s", kept);
}

/* The status line, in place of the key bar: wrapped, up to four lines
 * over the panel's last rows while it stands (a path and a reason do
 * not fit 80 columns; a long path takes a row of its own). */
#define MESSAGE_ROWS 4

static void draw_message(struct app *a, int y, int width)
{
	int n = wrap_count(a->message, width), i;

	n = n > MESSAGE_ROWS ? MESSAGE_ROWS : n < 1 ? 1 : n;
	for (i = 1; i < n; i++)
		draw_fill(y - i, 0, width);
	wrap_draw(y - n + 1, 0, width, n, a->message);
	draw_style(a->color, STYLE_NORMAL);
}

static void draw_keybar(struct app *a, int y, int width)
{
	char line[256];

	draw_style(a->color, STYLE_HEADER);
	draw_fill(y, 0, width);
	if (a->message[0]) {
		draw_message(a, y, width);
	} else {
		const char *note = tuneui_bar_note(a);
		size_t n = 0;

		line[0] = '\0';
		if (note)
			n = (size_t)snprintf(line, sizeof(line), "%s  ", note);
		listfilter_note(a, line + n, sizeof(line) - n);
		if (line[n]) {	/* the / filter, then the keys */
			n += strlen(line + n);
			n += (size_t)snprintf(line + n, sizeof(line) - n, "  ");
		}
		a->mouse.bar_x = draw_width(line);
		a->mouse.bar_w = width - a->mouse.bar_x;
		/* room for tuneui_draw's reason */
		if (a->tuning.ro && width >= 100)
			a->mouse.bar_w -= draw_width(tuneui_ro_reason(a)) + 2;
		a->mouse.bar_shown = true;
		bar_words(a, line + n, sizeof(line) - n);
		draw_text(y, 0, width, line);
	}
}

static void draw_too_small(struct app *a)
{
	char line[128];
	int n;

	draw_style(a->color, STYLE_BAD);
	/* Wrapped to fit any width (at 40x10 and below). */
	snprintf(line, sizeof(line), _("terminal too small: need %dx%d (now "
		 "%dx%d)"), SCREEN_MIN_COLS, SCREEN_MIN_ROWS, COLS, LINES);
	n = wrap_count(line, COLS);
	wrap_draw(n >= LINES ? 0 : (LINES - n) / 2, 0, COLS, LINES, line);
	draw_style(a->color, STYLE_NORMAL);
}

/* The frame is drawn whole each time, into frame.c's rows: curses gets
 * only the rows that changed, and sends only the cells that did. */
static bool too_small(void)
{
	return LINES < SCREEN_MIN_ROWS || COLS < SCREEN_MIN_COLS;
}

void screen_draw(struct app *a)
{
	int rows;

	frame_begin(&a->frame);
	if (too_small()) {
		draw_too_small(a);
	} else {
		mouse_clear(a);
		draw_header(a, COLS);
		draw_style(a->color, STYLE_NORMAL);
		rows = features_rows(a);	/* the BENCH row... */
		panels_get(a->panel)->draw(a, 1, LINES - 2 - rows, COLS);
		features_draw_rows(a, LINES - 1 - rows, COLS);
		draw_keybar(a, LINES - 1, COLS);
		features_draw_over(a);	/* dialogs, choices, notes */
		draw_style(a->color, STYLE_NORMAL);
	}
	frame_end(&a->frame);
	refresh();
}

void screen_key(struct app *a, int ch)
{
	/* Too small to show what a key does: a key typed blind (P y, g
	 * Enter) would tune. Only q and F10 act until it is larger. */
	if (too_small() && ch != KEY_RESIZE && ch != 'q' && ch != 'Q' &&
	    ch != KEY_F(10))
		return;
	app_say_clear(a);
	if (features_modal_key(a, ch))	/* a dialog, a choice */
		return;
	if (features_typing(a)) {	/* a typed path or host */
		panels_get(a->panel)->key(a, ch);
		return;
	}
	if (ch != KEY_RESIZE && listfilter_key(a, ch))	/* / is open */
		return;
	if (ch == KEY_MOUSE) {	/* a row selected, or a key-bar word's key */
		int col;

		if (!mouse_read(a, &col) ||
		    !(ch = keys_bar_key(a, a->mouse.bar_w, col)))
			return;
	}
	if (ch != KEY_RESIZE)
		keymap_run(a, ch);
}
