/* SPDX-License-Identifier: GPL-2.0-or-later */
/* tui: the live monitor's one event loop: poll() on the terminal, a
 * timerfd for the sampling tick and a signalfd for SIGWINCH, SIGTERM,
 * SIGHUP, SIGINT and SIGCHLD.  No threads, no busy waiting. */
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
#include "base/i18n.h"
#include "cli/options.h"
#include "panel.h"
#include "screen.h"
#include "base/settings.h"
#include "term.h"
/* [tune includes: begin] */
#include "tuneui.h"
/* [tune includes: end] */
/* [snapshot includes: begin] */
#include "replayui.h"
#include "snapui.h"
/* [snapshot includes: end] */

#define INTERVAL_MIN_S 0.1
#define INTERVAL_MAX_S 3600.0

struct loop_fds {
	int timer;
	int sig;
	sigset_t old_mask;
};

static int arm_timer(int fd, double s)
{
	struct itimerspec it;

	it.it_interval.tv_sec = (time_t)s;
	it.it_interval.tv_nsec = (long)((s - (double)(time_t)s) * 1e9);
	it.it_value = it.it_interval;
	return timerfd_settime(fd, 0, &it, NULL) ? -errno : 0;
}

static int loop_open(struct loop_fds *f, double interval_s)
{
	sigset_t mask;

	sigemptyset(&mask);
	sigaddset(&mask, SIGWINCH);
	sigaddset(&mask, SIGTERM);
	sigaddset(&mask, SIGHUP);
	sigaddset(&mask, SIGINT);
	sigaddset(&mask, SIGCHLD);
	sigaddset(&mask, SIGQUIT);
	if (sigprocmask(SIG_BLOCK, &mask, &f->old_mask))
		return -errno;
	f->sig = signalfd(-1, &mask, SFD_CLOEXEC | SFD_NONBLOCK);
	f->timer = timerfd_create(CLOCK_MONOTONIC, TFD_CLOEXEC | TFD_NONBLOCK);
	if (f->sig < 0 || f->timer < 0)
		return -errno;
	return arm_timer(f->timer, interval_s);
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
		case SIGCHLD:
			/* [bench reap: begin] */
			benchui_reap(a);
			/* [bench reap: end] */
			break;
		default:
			end = (int)si.ssi_signo;
		}
	}
	return end;
}

static void change_interval(struct app *a, int fd, double factor)
{
	double s = a->interval_s * factor;

	if (s < INTERVAL_MIN_S)
		s = INTERVAL_MIN_S;
	if (s > INTERVAL_MAX_S)
		s = INTERVAL_MAX_S;
	a->interval_s = s;
	arm_timer(fd, s);
	snprintf(a->message, sizeof(a->message), _("interval %.1f s"), s);
}

/* Read every key waiting; false when the terminal is gone (EOF). */
static bool on_keys(struct app *a, int timer_fd)
{
	int ch, n = 0;

	while ((ch = getch()) != ERR) {
		n++;
		/* [bench typing: begin] a typed path or host has '-' */
		if (benchui_typing(a)) {
			screen_key(a, ch);
			continue;
		}
		/* [bench typing: end] */
		/* [tune modal: begin] typed CPU lists have '-' */
		if (tuneui_modal(a))
			screen_key(a, ch);
		else
		/* [tune modal: end] */
		/* [snapshot replay: begin] +/- are the play speed */
		if (a->replay)
			screen_key(a, ch);
		else
		/* [snapshot replay: end] */
		if (ch == '+' || ch == '=')
			change_interval(a, timer_fd, 2.0);
		else if (ch == '-' || ch == '_')
			change_interval(a, timer_fd, 0.5);
		else
			screen_key(a, ch);
	}
	return n > 0;
}

static int run_loop(struct app *a, struct loop_fds *f)
{
	struct pollfd pfd[5] = {	/* [bench loop] 3 + the bench pipes */
		{ .fd = STDIN_FILENO, .events = POLLIN },
		{ .fd = f->timer, .events = POLLIN },
		{ .fd = f->sig, .events = POLLIN },
	};
	int end = 0, nfds = 3;

	while (!a->quit && !end) {
		uint64_t ticks;

		/* [bench loop: begin] the benchmark children's pipes */
		nfds = 3 + benchui_pollfds(a, pfd + 3);
		/* [bench loop: end] */
		if (poll(pfd, (nfds_t)nfds, -1) < 0 && errno != EINTR)
			return -errno;
		if (pfd[0].revents & (POLLHUP | POLLERR | POLLNVAL))
			return -EIO;
		if ((pfd[0].revents & POLLIN) && !on_keys(a, f->timer))
			return -EIO;	/* readable but nothing: EOF */
		if ((pfd[1].revents & POLLIN) &&
		    read(f->timer, &ticks, sizeof(ticks)) > 0)
			screen_tick(a);
		/* [bench loop: begin] */
		benchui_on_poll(a, pfd + 3, nfds - 3);
		/* [bench loop: end] */
		if (pfd[2].revents & POLLIN)
			end = on_signals(a, f->sig);
		if (!end)
			screen_draw(a);
	}
	return end;
}

int tui_run(const struct options *opts, const struct settings *cfg)
{
	struct loop_fds f = { .timer = -1, .sig = -1 };
	struct app a;
	int rc;

	screen_app_init(&a, opts, cfg);
	/* [snapshot replay: begin] a bad file: one sentence, no terminal */
	if (opts->replay && (rc = replayui_open(&a, opts->replay)) != 0) {
		screen_app_fini(&a);
		return rc;
	}
	/* [snapshot replay: end] */
	rc = term_start(cfg, &a.color, &a.utf8);
	if (rc) {
		fprintf(stderr, _("%s: the live monitor needs a terminal; use "
				  "--once for a one-off reading\n"), PACKAGE);
		screen_app_fini(&a);
		return 2;
	}
	term_crash_handlers();
	rc = loop_open(&f, a.interval_s);
	if (rc == 0) {
		screen_tick(&a);
		screen_draw(&a);
		rc = run_loop(&a, &f);
	}
	/* [tune exit: begin] (rc: 0 after q, the signal number, or -errno) */
	tuneui_exit(&a, rc);
	/* [tune exit: end] */
	/* [snapshot exit: begin] */
	snapui_exit(&a, rc);
	/* [snapshot exit: end] */
	term_stop();
	/* [snapshot exit: begin] after the terminal is restored */
	if (a.snap_exit[0])
		fputs(a.snap_exit, stderr);
	/* [snapshot exit: end] */
	loop_close(&f);
	screen_app_fini(&a);
	if (rc < 0 && rc != -EIO) {
		fprintf(stderr, _("%s: %s\n"), PACKAGE, strerror(-rc));
		return EXIT_FAILURE;
	}
	return rc == SIGINT || rc == SIGTERM || rc == SIGHUP || rc == SIGQUIT
		? 128 + rc : EXIT_SUCCESS;
}
