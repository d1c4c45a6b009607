/* SPDX-License-Identifier: GPL-2.0-or-later */
/* keys: every key of the live screen, one const row each (tmux's cmd-*.c
 * tables are the model): the keys, the screens, what it calls, its help
 * and key-bar words, and whether it changes the system. */
#include "config.h"

#include "keys.h"

#include <curses.h>
#include <stdio.h>
#include <string.h>

#include "app.h"
#include "base/i18n.h"
#include "benchui.h"
#include "draw.h"
#include "listfilter.h"
#include "panel.h"
#include "replayui.h"
#include "sinceui.h"
#include "snapui.h"
#include "tuneui.h"

#define INTERVAL_MIN_S 0.1
#define INTERVAL_MAX_S 3600.0

#define S(id) (1u << (id))
#define LISTS (S(PANEL_MAIN) | S(PANEL_IRQ) | S(PANEL_JOURNAL) | \
	       S(PANEL_BENCH) | S(PANEL_USB))
#define ALL KEYS_ALL_SCREENS
#define NOT_MAIN (~S(PANEL_MAIN))
#define FILTERED (S(PANEL_MAIN) | S(PANEL_IRQ))	/* the / and S lists */
#define KEYS_BAR_LAST 50	/* the highest bar_at */
#define KEYS_BAR_WORDS 32	/* words on one screen's bar at most */

/* ---- the actions the other modules do not have as they are ------------ */

static void show_help(struct app *a)
{
	app_show(a, PANEL_HELP);
}

static void show_irq(struct app *a)
{
	app_show(a, PANEL_IRQ);
}

static void show_usb(struct app *a)
{
	app_show(a, PANEL_USB);
}

static void show_main(struct app *a)
{
	app_show(a, PANEL_MAIN);
}

static void toggle_all(struct app *a)
{
	a->show_all = !a->show_all;
	app_data_changed(a);
	app_say(a, "%s", a->show_all ?
		_("showing idle loop/ram/zram devices") :
		_("hiding idle loop/ram/zram devices"));
}

/* + -: the next step of a fixed ladder that holds 1 s (as top's and
 * htop's delays are round numbers), from any interval -d gave; the loop
 * re-arms its timer when interval_s changed. */
static bool interval(struct app *a, int ch)
{
	static const double ladder[] = { 0.1, 0.2, 0.5, 1, 2, 5, 10, 30, 60,
					 120, 300, 600, 1800, 3600 };
	const size_t n = sizeof(ladder) / sizeof(*ladder);
	double s = a->interval_s;
	size_t i;

	if (ch == '+' || ch == '=') {
		for (i = 0; i < n && ladder[i] <= s * 1.001; i++)
			;
		s = i < n ? ladder[i] : ladder[n - 1];
	} else {
		for (i = n; i > 0 && ladder[i - 1] >= s * 0.999; i--)
			;
		s = i > 0 ? ladder[i - 1] : ladder[0];
	}
	if (s < INTERVAL_MIN_S)
		s = INTERVAL_MIN_S;
	if (s > INTERVAL_MAX_S)
		s = INTERVAL_MAX_S;
	a->interval_s = s;
	app_say(a, _("interval %.1f s"), s);
	return true;
}

static void redraw(struct app *a)
{
	(void)a;
	clearok(curscr, TRUE);
}

static void quit(struct app *a)
{
	if (!a->replay && tuneui_ask_quit(a))
		return;
	a->quit = true;
}

static void save(struct app *a)
{
	snapui_save(a);
}

static bool replay_step(struct app *a, int ch)
{
	replayui_step(a, ch == ',' || ch == KEY_LEFT ? -1 : 1);
	return true;
}

static bool replay_jump(struct app *a, int ch)
{
	replayui_jump(a, ch == '[' ? -1 : 1);
	return true;
}

static bool replay_ends(struct app *a, int ch)
{
	replayui_ends(a, ch == '<' || ch == KEY_HOME ? -1 : 1);
	return true;
}

static bool replay_speed(struct app *a, int ch)
{
	replayui_speed(a, ch == '+' || ch == '=');
	return true;
}

/* ---- the table, in the help screen's order: the first row that has the
 * key on the screen shown takes it (Esc in the benchmark menu before Esc,
 * a list's Home End before the replay's). A row with neither act nor key
 * hands the key to the screen's own hook (panel_ops.key). ---------------- */

static const struct keys_cmd table[] = {
	/* the screens and the frame */
	{ .keys = { 'h', '?', KEY_F(1) }, .names = "h ? F1", .screens = ALL,
	  .modes = KEYS_BOTH, .act = show_help,
	  .help = N_("this help (j k PgUp PgDn scroll it)"),
	  .bar = N_("h Help"), .bar_at = 10, .bar_screens = ALL },
	{ .keys = { 'q', 'Q', KEY_F(10) }, .names = "q F10", .screens = ALL,
	  .modes = KEYS_BOTH, .act = quit,
	  .help = N_("quit (asks first when changes are in force)"),
	  .bar = N_("q Quit"), .bar_at = 50, .bar_screens = ALL },
	{ .keys = { 27, KEY_BACKSPACE }, .names = "Esc Backspace",
	  .screens = S(PANEL_BENCH), .modes = KEYS_LIVE,
	  .help = N_("back to the list of presets (benchmark menu)") },
	{ .keys = { 27 }, .names = "Esc", .screens = FILTERED,
	  .modes = KEYS_BOTH, .key = listfilter_esc,
	  .help = N_("clear the / filter (overview, IRQ screen)") },
	{ .keys = { 27, KEY_BACKSPACE }, .names = "Esc Backspace",
	  .screens = ALL, .modes = KEYS_BOTH, .act = app_back,
	  .help = N_("back to the previous screen"), .bar = N_("Esc Back"), .bar_at = 45,
	  .bar_screens = NOT_MAIN },
	{ .keys = { '1' }, .names = "1", .screens = ALL, .modes = KEYS_BOTH,
	  .act = show_main,
	  .help = N_("the overview: clusters, disks, network, busiest IRQs"),
	  .bar = N_("1 Main"), .bar_at = 37, .bar_screens = S(PANEL_MAIN) },
	{ .keys = { 'i', KEY_F(3) }, .names = "i F3", .screens = ALL,
	  .modes = KEYS_BOTH, .act = show_irq,
	  .help = N_("every IRQ with per-CPU rates and affinity"),
	  .bar = N_("i IRQs"), .bar_at = 11, .bar_screens = S(PANEL_MAIN) },
	{ .keys = { 'd', KEY_F(5) }, .names = "d F5", .screens = ALL,
	  .modes = KEYS_BOTH, .act = show_usb,
	  .help = N_("USB devices: speed, capable speed, driver, UAS, the "
	  "disk or interface on each and the CPU that takes its IRQ"),
	  .bar = N_("d USB"), .bar_at = 12, .bar_screens = S(PANEL_MAIN) },
	/* lists, the IRQ columns, Enter: the screen's own key hook */
	{ .keys = { 'j', 'k', KEY_DOWN, KEY_UP }, .names = "j k Down Up",
	  .screens = LISTS | S(PANEL_HELP) | S(PANEL_BENCHRES),
	  .modes = KEYS_BOTH, .help = N_("move the selection (scroll the "
	  "help)") },
	{ .keys = { KEY_NPAGE, KEY_PPAGE }, .names = "PgDn PgUp",
	  .screens = LISTS | S(PANEL_HELP), .modes = KEYS_BOTH,
	  .help = N_("a page down, a page up") },
	{ .keys = { KEY_NPAGE, KEY_PPAGE }, .names = "PgDn PgUp",
	  .screens = S(PANEL_BENCHRES), .modes = KEYS_BOTH,
	  .help = N_("results: scroll the run's figures and conditions") },
	{ .keys = { KEY_HOME, KEY_END }, .names = "Home End",
	  .screens = LISTS | S(PANEL_HELP), .modes = KEYS_BOTH,
	  .help = N_("the first row, the last row") },
	{ .keys = { ' ' }, .names = "Space",
	  .screens = S(PANEL_IRQ) | S(PANEL_HELP), .modes = KEYS_BOTH,
	  .help = N_("a page down (IRQ and help screens)") },
	{ .keys = { 'g', 'G' }, .names = "g G",
	  .screens = S(PANEL_IRQ) | S(PANEL_HELP), .modes = KEYS_BOTH,
	  .help = N_("the first row, the last row (IRQ and help screens, "
	  "menus)") },
	{ .keys = { KEY_LEFT, KEY_RIGHT, 'l' }, .names = "Left Right l",
	  .screens = S(PANEL_IRQ), .modes = KEYS_BOTH,
	  .help = N_("IRQ screen: AFF and EFF stay on every row; the CPU "
	  "columns narrow to 4 characters (12k) when all do not fit "
	  "otherwise, and Left Right scroll them a screenful at a time") },
	{ .keys = { '/' }, .names = "/", .screens = FILTERED,
	  .modes = KEYS_BOTH, .act = listfilter_open,
	  .help = N_("filter the rows by name as you type (overview, IRQ "
	  "screen); Enter keeps it, Esc clears it"), .bar = N_("/ Filter"),
	  .bar_at = 31, .bar_screens = FILTERED },
	{ .keys = { 'S' }, .names = "S", .screens = FILTERED,
	  .modes = KEYS_BOTH, .act = listfilter_sort,
	  .help = N_("sort: IRQs by number, rate, name; disks and interfaces "
	  "in kernel order, by rate, by name"), .bar = N_("S Sort"),
	  .bar_at = 32, .bar_screens = FILTERED },
	{ .keys = { '\n', '\r', KEY_ENTER }, .names = "Enter",
	  .screens = S(PANEL_MAIN) | S(PANEL_JOURNAL) | S(PANEL_BENCH) |
	  S(PANEL_USB), .modes = KEYS_BOTH, .help = N_("open the selected "
	  "IRQ in the IRQ screen, or the chain of the selected disk, "
	  "interface or USB device; undo the selected change (journal); "
	  "choose (benchmark)") },
	{ .keys = { '+', '=', '-', '_' }, .names = "+ -", .screens = ALL,
	  .modes = KEYS_LIVE, .key = interval,
	  .help = N_("sampling interval up or down: 0.1 0.2 0.5 1 2 5 10 s..."),
	  .bar = N_("+/- Interval"), .bar_at = 36, .bar_screens = S(PANEL_MAIN) },
	{ .keys = { 'a' }, .names = "a", .screens = ALL, .modes = KEYS_BOTH,
	  .act = toggle_all,
	  .help = N_("show or hide idle loop/ram/zram devices and "
	  "partitions"), .bar = N_("a All devices"), .bar_at = 35,
	  .bar_screens = S(PANEL_MAIN) },
	/* (screen.c turns a click into the key it means, mouse.c) */
	{ .keys = { KEY_MOUSE }, .names = "Mouse", .screens = ALL,
	  .modes = KEYS_BOTH,
	  .help = N_("a click on a key-bar word runs that key; on a row of "
	  "the overview, the IRQ or the USB screen, selects it") },
	{ .keys = { 12 }, .names = "Ctrl-L", .screens = ALL,
	  .modes = KEYS_BOTH, .act = redraw,
	  .help = N_("redraw the whole screen") },
	{ .keys = { 'T' }, .names = "T", .screens = ALL, .modes = KEYS_LIVE,
	  .act = sinceui_say,
	  .help = N_("how long the monitor has watched, and its readings") },
	/* sessions */
	{ .keys = { 'w', KEY_F(6) }, .names = "w F6", .screens = ALL,
	  .modes = KEYS_LIVE, .act = save,
	  .help = N_("save the session (system, series, journal, results) "
	  "to a file"), .bar = N_("w Save"), .bar_at = 29,
	  .bar_screens = S(PANEL_MAIN) },
	{ .keys = { 'L' }, .names = "L", .screens = ALL, .modes = KEYS_LIVE,
	  .act = snapui_baseline_ask,
	  .help = N_("a saved session's results as the baseline of r") },
	/* tuning (root; each asks or says what it did) */
	{ .keys = { 'g' }, .names = "g", .screens = S(PANEL_MAIN),
	  .modes = KEYS_LIVE, .kind = KEYS_TUNE, .act = tuneui_governor,
	  .help = N_("governor of the selected cluster (root)"),
	  .bar = N_("g Governor"), .bar_at = 21, .bar_screens = S(PANEL_MAIN),
	  .cpufreq = true },
	{ .keys = { 'f' }, .names = "f", .screens = ALL, .modes = KEYS_LIVE,
	  .kind = KEYS_TUNE, .act = tuneui_limits,
	  .help = N_("min/max frequency of the selected cluster (root)"),
	  .bar = N_("f Freq"), .bar_at = 22, .bar_screens = S(PANEL_MAIN),
	  .cpufreq = true },
	{ .keys = { 'P' }, .names = "P", .screens = ALL, .modes = KEYS_LIVE,
	  .kind = KEYS_TUNE, .act = tuneui_performance,
	  .help = N_("every cluster to the performance governor, after a "
	  "y/N question naming them (root)"), .bar = N_("P All perf"),
	  .bar_at = 23, .bar_screens = S(PANEL_MAIN), .cpufreq = true },
	{ .keys = { 'p' }, .names = "p", .screens = ALL, .modes = KEYS_LIVE,
	  .kind = KEYS_TUNE, .act = tuneui_pin,
	  .help = N_("pin the selected IRQ: big, LITTLE, a CPU, a list "
	  "(root)"), .bar = N_("p Pin IRQ"), .bar_at = 24,
	  .bar_screens = S(PANEL_MAIN) | S(PANEL_IRQ) | S(PANEL_USB) |
	  S(PANEL_CHAIN) },
	/* Not on the bench screen: there s changes a run's size. */
	{ .keys = { 's' }, .names = "s", .screens = ALL & ~S(PANEL_BENCH),
	  .modes = KEYS_LIVE, .kind = KEYS_TUNE, .act = tuneui_scheduler,
	  .help = N_("I/O scheduler of the selected disk (root)"),
	  .bar = N_("s Sched"), .bar_at = 25, .bar_screens = S(PANEL_MAIN) },
	{ .keys = { 's' }, .names = "s", .screens = S(PANEL_BENCH),
	  .modes = KEYS_LIVE,
	  .help = N_("the size of the run of a preset that writes (bench "
	  "menu; in the list of presets it chooses the selected one "
	  "first)") },
	{ .keys = { 'u' }, .names = "u", .screens = ALL, .modes = KEYS_LIVE,
	  .kind = KEYS_TUNE, .act = tuneui_undo_last,
	  .help = N_("undo the last change (root)"), .bar = N_("u Undo"), .bar_at = 26,
	  .bar_screens = S(PANEL_MAIN) | S(PANEL_IRQ) | S(PANEL_JOURNAL) },
	{ .keys = { 'R' }, .names = "R", .screens = ALL, .modes = KEYS_LIVE,
	  .kind = KEYS_TUNE, .act = tuneui_restore,
	  .help = N_("restore every original value (root)"),
	  .bar = N_("R Restore all"), .bar_at = 27, .bar_screens = S(PANEL_JOURNAL) },
	{ .keys = { 'J', KEY_F(4) }, .names = "J F4", .screens = ALL,
	  .modes = KEYS_BOTH, .act = tuneui_journal,
	  .help = N_("the journal of changes; Enter undoes one"),
	  .bar = N_("J Journal"), .bar_at = 28,
	  .bar_screens = S(PANEL_MAIN) | S(PANEL_IRQ) },
	/* benchmarks */
	{ .keys = { 'b', KEY_F(2) }, .names = "b F2", .screens = ALL,
	  .modes = KEYS_LIVE, .kind = KEYS_RUN, .act = benchui_menu,
	  .help = N_("run a benchmark preset on a folder, disk or host"),
	  .bar = N_("b Bench"), .bar_at = 20, .bar_screens = S(PANEL_MAIN) },
	{ .keys = { 'c' }, .names = "c", .screens = ALL, .modes = KEYS_LIVE,
	  .kind = KEYS_RUN, .act = benchui_cancel,
	  .help = N_("cancel the running benchmark") },
	{ .keys = { 'r' }, .names = "r", .screens = ALL, .modes = KEYS_LIVE,
	  .act = benchui_results,
	  .help = N_("the session's results, with the change against the "
	  "previous run"), .bar = N_("r Results"), .bar_at = 30,
	  .bar_screens = S(PANEL_MAIN) },
	{ .keys = { 'v' }, .names = "v", .screens = ALL, .modes = KEYS_LIVE,
	  .kind = KEYS_RUN, .act = benchui_server,
	  .help = N_("start or stop the built-in iperf3 server") },
	/* the replay's time cursor (after the lists, which keep Home End
	 * Left Right Space) */
	{ .keys = { ',', '.', KEY_LEFT, KEY_RIGHT }, .names = ", . Left Right",
	  .screens = ALL, .modes = KEYS_REPLAY, .key = replay_step,
	  .help = N_("replay: one sample back, on"),
	  .bar = N_(", . step"), .bar_at = 1, .bar_screens = ALL },
	{ .keys = { '[', ']' }, .names = "[ ]", .screens = ALL,
	  .modes = KEYS_REPLAY, .key = replay_jump,
	  .help = N_("replay: 10 % back, on"), .bar = N_("[ ] 10%"), .bar_at = 2,
	  .bar_screens = ALL },
	{ .keys = { '<', '>', KEY_HOME, KEY_END }, .names = "< > Home End",
	  .screens = ALL, .modes = KEYS_REPLAY, .key = replay_ends,
	  .help = N_("replay: first, last sample"),
	  .bar = N_("< > first/last"), .bar_at = 3, .bar_screens = ALL },
	{ .keys = { 'o', ' ' }, .names = "o Space", .screens = ALL,
	  .modes = KEYS_REPLAY, .act = replayui_play,
	  .help = N_("replay: play or pause"), .bar = N_("o play"), .bar_at = 4,
	  .bar_screens = ALL },
	{ .keys = { '+', '=', '-', '_' }, .names = "+ -", .screens = ALL,
	  .modes = KEYS_REPLAY, .key = replay_speed,
	  .help = N_("replay: play faster, slower (1x 2x 4x ... 64x)"),
	  .bar = N_("+/- speed"), .bar_at = 5, .bar_screens = ALL },
	/* experiments (expui.c, persistui.c: their screens take their own
	 * keys first, screen.c) */
	{ .keys = { 'x' }, .names = "x", .screens = S(PANEL_BENCHRES),
	  .modes = KEYS_LIVE, .kind = KEYS_TUNE,
	  .help = N_("results: an experiment on the selected run (root)") },
	{ .keys = { 'K' }, .names = "K", .screens = S(PANEL_JOURNAL),
	  .modes = KEYS_LIVE, .kind = KEYS_TUNE,
	  .help = N_("journal: keep the tunings in force across reboots") },
};

const struct keys_cmd *keys_table(size_t *n)
{
	*n = sizeof(table) / sizeof(table[0]);
	return table;
}

bool keys_hidden(const struct keys_cmd *c, const struct app *a)
{
	return c->kind == KEYS_TUNE && a->tuning.readonly;
}

/* Whether a cluster of the moment shown has cpufreq. */
static bool has_cpufreq(const struct app *a)
{
	size_t i;

	for (i = 0; i < a->moment.m.nclusters; i++)
		if (a->moment.m.clusters[i].has_freq)
			return true;
	return false;
}

static bool on_bar(const struct keys_cmd *c, const struct app *a, int at)
{
	unsigned mode = a->replay ? KEYS_REPLAY : KEYS_LIVE;

	return c->bar && c->bar_at == at && (c->bar_screens & S(a->panel)) &&
	       (c->modes & mode) && !keys_hidden(c, a) &&
	       (!c->cpufreq || has_cpufreq(a));
}

/* The bar's words in their order; the count. */
static size_t bar_words(const struct app *a, const struct keys_cmd **w,
			size_t max)
{
	size_t i, n = 0;
	int at;

	for (at = 1; at <= KEYS_BAR_LAST; at++)
		for (i = 0; i < sizeof(table) / sizeof(table[0]); i++)
			if (n < max && on_bar(&table[i], a, at))
				w[n++] = &table[i];
	return n;
}

/* Lay the bar out in WIDTH columns: the words that fit from the left,
 * the last (q Quit) always, and "+N more: h" between when some do not.
 * Each shown word's first column into X (-1: not shown); the cue's
 * count into *MORE. */
static size_t bar_layout(const struct app *a, int width,
			 const struct keys_cmd **w, int *x, size_t *more)
{
	size_t i, n = bar_words(a, w, KEYS_BAR_WORDS);
	int used = 0, last = n ? draw_width(_(w[n - 1]->bar)) : 0;
	char cue[32];

	*more = 0;
	for (i = 0; i < n; i++)
		used += (i ? 2 : 0) + draw_width(_(w[i]->bar));
	for (i = 0; i < n; i++)
		x[i] = -1;
	if (used <= width) {
		for (i = 0, used = 0; i < n; i++) {
			x[i] = used;
			used += draw_width(_(w[i]->bar)) + 2;
		}
		return n;
	}
	snprintf(cue, sizeof(cue), _("+%zu more: h"), n);
	for (i = 0, used = 0; i + 1 < n; i++) {
		int wd = draw_width(_(w[i]->bar));

		if (used + wd + 2 + draw_width(cue) + 2 + last > width)
			break;
		x[i] = used;
		used += wd + 2;
	}
	*more = n - 1 - i;
	if (n)
		x[n - 1] = width - last;
	return n;
}

/* Append TEXT at column AT (spaces from *COL to it) to DST. */
static void put(char *dst, size_t size, size_t *len, int *col, int at,
		const char *text)
{
	if (*len >= size)
		return;
	*len += (size_t)snprintf(dst + *len, size - *len, "%*s%s",
				 at > *col ? at - *col : 0, "", text);
	*col = (at > *col ? at : *col) + draw_width(text);
}

void keys_bar(const struct app *a, int width, char *dst, size_t size)
{
	const struct keys_cmd *w[KEYS_BAR_WORDS];
	int x[KEYS_BAR_WORDS], col = 0;
	size_t i, n, more, len = 0;
	char cue[32];

	n = bar_layout(a, width, w, x, &more);
	dst[0] = '\0';
	for (i = 0; i < n; i++) {
		if (x[i] < 0)
			continue;
		if (more && i + 1 == n) {
			snprintf(cue, sizeof(cue), _("+%zu more: h"), more);
			put(dst, size, &len, &col, col ? col + 2 : 0, cue);
		}
		put(dst, size, &len, &col, x[i], _(w[i]->bar));
	}
}

int keys_bar_key(const struct app *a, int width, int at)
{
	const struct keys_cmd *w[KEYS_BAR_WORDS];
	int x[KEYS_BAR_WORDS];
	size_t i, n, more;

	n = bar_layout(a, width, w, x, &more);
	for (i = 0; i < n; i++)
		if (x[i] >= 0 && at >= x[i] &&
		    at < x[i] + draw_width(_(w[i]->bar)))
			return w[i]->keys[0];
	return 0;
}
