/* SPDX-License-Identifier: GPL-2.0-or-later */
/* tui: the live monitor's one event loop: poll() on the terminal, a
 * timerfd for the sampling tick and a signalfd for SIGWINCH, SIGCHLD and
 * every signal that would end the process.  No threads, no busy waiting. */
#include "config.h"

#include "tui.h"

#include <curses.h>
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/signalfd.h>
#include <sys/timerfd.h>
#include <time.h>
#include <unistd.h>

#include "app.h"
#include "base/endsig.h"
#include "base/i18n.h"
#include "base/monoclock.h"
#include "cli/options.h"
#include "panel.h"
#include "hotplugui.h"
#include "keymap.h"
#include "screen.h"
#include "base/settings.h"
#include "term.h"
#include "feature.h"
#include "replayui.h"

struct loop_fds {
	int timer;
	int sig;
	sigset_t old_mask;
};

static struct timespec timespec_of(double s)
{
	struct timespec ts;

	ts.tv_sec = (time_t)s;
	ts.tv_nsec = (long)((s - (double)(time_t)s) * 1e9);
	return ts;
}

/* Every S seconds, the first after FIRST (<= S). */
static int arm_timer_first(int fd, double first, double s)
{
	struct itimerspec it;

	it.it_interval = timespec_of(s);
	it.it_value = timespec_of(first < s ? first : s);
	return timerfd_settime(fd, 0, &it, NULL) ? -errno : 0;
}

static int arm_timer(int fd, double s)
{
	return arm_timer_first(fd, s, s);
}

/* The first pair of readings FIRST_PAIR_S apart, then every interval: the
 * first rates (figures 50 ms after the start, before htop's first meters,
 * tests/bench/README.md) are over 50 ms, coarse (5 clock ticks of a CPU,
 * 20/s steps of an IRQ), and the second reading, one interval later,
 * replaces them with rates over a whole interval.  The first expiry is
 * FIRST_PAIR_S after the first reading's own time (an absolute time on
 * the monotonic clock, like sample.c's): the first tick and frame (the
 * many-CPU beds take longer than 50 ms) never shorten the first pair. */
#define FIRST_PAIR_S 0.05

static int arm_timer_after(int fd, double t0, double first, double s)
{
	struct itimerspec it;

	it.it_interval = timespec_of(s);
	it.it_value = timespec_of(t0 + first);
	return timerfd_settime(fd, TFD_TIMER_ABSTIME, &it, NULL) ? -errno : 0;
}

/* After the first tick: the replay every interval, the live monitor's
 * second reading FIRST_PAIR_S after its first. */
static int arm_first(struct app *a, int fd)
{
	if (a->replay)
		return arm_timer(fd, a->interval_s);
	return arm_timer_after(fd, a->live.nsamples ? app_cur(a)->time_s :
			       monoclock_s(), a->interval_s < FIRST_PAIR_S ?
			       a->interval_s : FIRST_PAIR_S, a->interval_s);
}

static int loop_open(struct loop_fds *f)
{
	sigset_t mask;

	sigemptyset(&mask);
	sigaddset(&mask, SIGWINCH);
	sigaddset(&mask, SIGCHLD);
	sigaddset(&mask, SIGCONT);	/* blocked, it still continues us */
	/* every signal that would end the run (SIGSYS and SIGTRAP too): each
	 * ends it as SIGTERM does, tunings and terminal restored, exit
	 * 128+N.  Faults (SIGSEGV...) are term.c's. */
	endsig_set(&mask);
	if (sigprocmask(SIG_BLOCK, &mask, &f->old_mask))
		return -errno;
	f->sig = signalfd(-1, &mask, SFD_CLOEXEC | SFD_NONBLOCK);
	f->timer = timerfd_create(CLOCK_MONOTONIC, TFD_CLOEXEC | TFD_NONBLOCK);
	if (f->sig < 0 || f->timer < 0)
		return -errno;
	return 0;
}

static void loop_close(struct loop_fds *f)
{
	if (f->sig >= 0)
		close(f->sig);
	if (f->timer >= 0)
		close(f->timer);
	sigprocmask(SIG_SETMASK, &f->old_mask, NULL);
}

/* Handle every pending signal; returns the one that ends the run, or 0. */
static int on_signals(struct app *a, int fd)
{
	struct signalfd_siginfo si;
	int end = 0;

	while (read(fd, &si, sizeof(si)) == (ssize_t)sizeof(si)) {
		switch (si.ssi_signo) {
		case SIGWINCH:
			term_resize();
			screen_draw(a);
			break;
		case SIGCONT:
			term_resume();
			screen_draw(a);
			break;
		case SIGCHLD:
			features_reap(a);
			break;
		default:
			end = (int)si.ssi_signo;
		}
	}
	return end;
}

/* Read every key waiting; false when the terminal is gone (EOF). A key
 * that changed the interval (+ -) re-arms the timer. */
static bool on_keys(struct app *a, int timer_fd)
{
	double was = a->interval_s;
	int ch, n = 0;

	while ((ch = getch()) != ERR) {
		n++;
		screen_key(a, ch);
	}
	if (a->interval_s != was)
		arm_timer(timer_fd, a->interval_s);
	return n > 0;
}

/* The terminal is gone (a dropped SSH link): the SIGHUP that comes with
 * the hang-up (exit 129), else -EIO.  The kernel sends it to the
 * foreground group when the session's leader exits, a moment after the
 * terminal reads EOF: wait half a second for it. */
static int term_gone(struct app *a, int sig_fd)
{
	struct pollfd p = { .fd = sig_fd, .events = POLLIN };
	int end = on_signals(a, sig_fd);

	if (!end && poll(&p, 1, 500) == 1)
		end = on_signals(a, sig_fd);
	return end ? end : -EIO;
}

static int run_loop(struct app *a, struct loop_fds *f)
{
	struct pollfd pfd[8] = {	/* 3 + uevents + the features' */
		{ .fd = STDIN_FILENO, .events = POLLIN },
		{ .fd = f->timer, .events = POLLIN },
		{ .fd = f->sig, .events = POLLIN },
	};
	int end = 0, nfds = 3, nhp;

	while (!a->quit && !end) {
		uint64_t ticks;

		nhp = hotplugui_pollfds(a, pfd + 3);	/* uevents */
		nfds = 3 + nhp + features_pollfds(a, pfd + 3 + nhp,
						  8 - 3 - nhp);
		if (poll(pfd, (nfds_t)nfds, -1) < 0 && errno != EINTR)
			return -errno;
		if (pfd[0].revents & (POLLHUP | POLLERR | POLLNVAL))
			return term_gone(a, f->sig);
		if ((pfd[0].revents & POLLIN) && !on_keys(a, f->timer))
			return term_gone(a, f->sig);	/* nothing: EOF */
		if ((pfd[1].revents & POLLIN) &&
		    read(f->timer, &ticks, sizeof(ticks)) > 0)
			screen_tick(a);
		hotplugui_on_poll(a, pfd + 3, nhp);
		features_on_poll(a, pfd + 3 + nhp, nfds - 3 - nhp);
		if (pfd[2].revents & POLLIN)
			end = on_signals(a, f->sig);
		if (!end)
			screen_draw(a);
	}
	return end;
}

void tui_list_keys(FILE *f)
{
	keymap_list(f);
}

/* The hardware model before the terminal starts (its hotplug socket
 * first, so that no message is missed): the scan's libraries (libpci,
 * libusb-1.0, dlopen) and buffers come and go before curses allocates its
 * windows, so that the peak RSS is not their sum. */
static void load_hw_first(struct app *a)
{
	hotplugui_open(a);
	if (a->replay)
		return;
	live_load_hw(&a->live, a->tuning.tune.journal.n);
}

int tui_run(const struct options *opts, const struct settings *cfg)
{
	struct loop_fds f = { .timer = -1, .sig = -1 };
	struct app a;
	int rc;

	screen_app_init(&a, opts, cfg);
	/* --replay: a bad file is one sentence, and no terminal */
	if (opts->replay && (rc = replayui_open(&a, opts->replay)) != 0) {
		screen_app_fini(&a);
		return rc;
	}
	load_hw_first(&a);
	rc = term_start(cfg, &a.color, &a.utf8);
	if (rc) {
		fprintf(stderr, _("%s: the live monitor needs a terminal; use "
				  "--once for a one-off reading\n"), PACKAGE);
		hotplugui_close(&a);
		screen_app_fini(&a);
		return 2;
	}
	term_crash_handlers();
	rc = loop_open(&f);
	if (rc == 0) {
		screen_tick(&a);
		rc = arm_first(&a, f.timer);
	}
	if (rc == 0) {
		screen_draw(&a);
		rc = run_loop(&a, &f);
	}
	/* rc: 0 after q, the signal number, or -errno */
	features_exit(&a, rc);
	term_stop();
	features_exit_note(&a, stderr);	/* after the terminal is restored */
	loop_close(&f);
	screen_app_fini(&a);
	if (rc < 0 && rc != -EIO) {
		fprintf(stderr, _("%s: %s\n"), PACKAGE, strerror(-rc));
		return EXIT_FAILURE;
	}
	return rc > 0 ? 128 + rc : EXIT_SUCCESS;
}
