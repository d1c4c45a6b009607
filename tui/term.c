/* SPDX-License-Identifier: GPL-2.0-or-later */
/* term: curses set-up for the monitor: no echo, no line buffering, no
 * cursor, keypad keys, colour only when wanted and available. */
#include "config.h"

#include "term.h"

#include <curses.h>
#include <errno.h>
#include <signal.h>
#include <langinfo.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "draw.h"
#include "base/settings.h"

int term_start(const struct settings *cfg, bool *color, bool *utf8)
{
	const char *cs = nl_langinfo(CODESET);

	if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO))
		return -ENOTTY;
	*utf8 = cs && strcmp(cs, "UTF-8") == 0;
	/* ESC alone must back out at once, not after a second. */
	if (!getenv("ESCDELAY"))
		set_escdelay(25);
	if (!initscr())
		return -ENOTTY;
	cbreak();
	noecho();
	nonl();
	intrflush(stdscr, FALSE);
	keypad(stdscr, TRUE);
	/* Clicks as in htop: presses at once, no wait to tell a click. */
	mousemask(BUTTON1_PRESSED, NULL);
	mouseinterval(0);
	nodelay(stdscr, TRUE);
	curs_set(0);
	/* The cursor is hidden: no move to it after each refresh (one cursor
	 * motion and its bytes for every frame that changed). */
	leaveok(stdscr, TRUE);
	*color = settings_color_on(cfg, has_colors(), getenv("NO_COLOR"));
	if (*color) {
		start_color();
	}
	draw_init_styles(*color);
	return 0;
}

/* A crash still gives the shell back a usable terminal (as htop does):
 * endwin() then the default action.  Sanitizer builds keep their own
 * handlers, which print the report. */
#if !defined(__SANITIZE_ADDRESS__)
static void on_crash(int sig)
{
	endwin();
	signal(sig, SIG_DFL);
	raise(sig);
}
#endif

void term_crash_handlers(void)
{
#if !defined(__SANITIZE_ADDRESS__)
	static const int sigs[] = { SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT };
	size_t i;

	for (i = 0; i < sizeof(sigs) / sizeof(sigs[0]); i++)
		signal(sigs[i], on_crash);
#endif
}

/* Whether the terminal keeps the shell's screen apart (smcup/rmcup):
 * TERM=linux and vt100 do not, and would keep the last frame after quit. */
static bool alt_screen(void)
{
	char cap[] = "rmcup";
	const char *s = tigetstr(cap);

	return s && s != (const char *)-1 && *s;
}

void term_stop(void)
{
	if (!isendwin()) {
		if (!alt_screen()) {	/* no screen of its own: a blank one */
			clear();
			refresh();
		}
		curs_set(1);
		endwin();
	}
}

void term_resume(void)
{
	/* ncurses' SIGTSTP handler left the keypad's transmit mode (rmkx)
	 * at the suspend and does not send smkx again at the resume: the
	 * terminal then sends arrows as ESC [ B, which reads as a lone Esc
	 * and two keys.  Say it again, and redraw what the shell drew. */
	keypad(stdscr, FALSE);
	keypad(stdscr, TRUE);
	term_resize();
	clearok(curscr, TRUE);
}

void term_resize(void)
{
	struct winsize ws;

	if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_row > 0 &&
	    ws.ws_col > 0)
		resizeterm(ws.ws_row, ws.ws_col);
}
