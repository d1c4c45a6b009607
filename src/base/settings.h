/* SPDX-License-Identifier: GPL-2.0-or-later */
/* settings: the configuration files (/etc/benchtop/config, then the user's
 * $XDG_CONFIG_HOME/benchtop/config), "key = value" lines read once at start;
 * benchtop runs without them. */
#ifndef BENCHTOP_SETTINGS_H
#define BENCHTOP_SETTINGS_H

#include <stdbool.h>
#include <stddef.h>

#define SETTINGS_INTERVAL_MIN 0.1
#define SETTINGS_INTERVAL_MAX 3600.0

enum settings_color {
	SETTINGS_COLOR_AUTO,	/* if the terminal has colours; NO_COLOR off */
	SETTINGS_COLOR_YES,
	SETTINGS_COLOR_NO,
};

/* Bits of struct settings.set: the keys the file gave a valid value. */
enum settings_key {
	SETTINGS_INTERVAL = 1u << 0,
	SETTINGS_HIDE = 1u << 1,
	SETTINGS_SHOW_IDLE_VIRTUAL = 1u << 2,
	SETTINGS_COLOR = 1u << 3,
	SETTINGS_RESTORE_ON_SIGNAL = 1u << 4,
	SETTINGS_SNAPSHOT_DIR = 1u << 5,
	SETTINGS_SNAPSHOT_ON_EXIT = 1u << 6,
	SETTINGS_READONLY = 1u << 7,
};

struct settings {
	double interval_s;	/* seconds between samples: 1.0 */
	char **hide;		/* fnmatch(3) patterns of devices to hide */
	size_t nhide;		/* none by default */
	bool show_idle_virtual;	/* idle loop/ram/zram rows: false */
	enum settings_color color;	/* SETTINGS_COLOR_AUTO */
	bool restore_on_signal;	/* undo tunings on SIGTERM/SIGHUP: true */
	char *snapshot_dir;	/* as written (may start with ~/); NULL */
	bool snapshot_on_exit;	/* the monitor saves the session on q,
				 * SIGTERM and SIGHUP: false */
	bool readonly;		/* the monitor never tunes (--readonly): false */
	unsigned set;		/* enum settings_key bits set by the file */
};

struct settings_error {
	unsigned line;		/* 1-based line of the first error; 0: I/O */
	unsigned count;		/* lines in error */
	char msg[200];		/* one sentence, "line 3: interval must ..." */
};

/* Fill S with the defaults; owns no memory yet. */
void settings_defaults(struct settings *s);

/* Free what S owns and leave it as settings_defaults() does. */
void settings_fini(struct settings *s);

/*
 * Apply the lines of BUF (LEN bytes, not NUL-terminated) on top of S, which
 * holds defaults or earlier settings.  Every line is read; a bad one is
 * skipped (its key keeps its value) and the first is described in *ERR.
 * Returns the number of settings applied, -EINVAL if any line was wrong
 * (the good ones are applied all the same), or -ENOMEM.
 */
int settings_parse(const char *buf, size_t len, struct settings *s,
		   struct settings_error *err);

/*
 * Read the file at PATH and settings_parse() it into S.  A missing file is
 * no error: 0 and S untouched.  Otherwise the count of settings applied or
 * -errno with *ERR saying why (line 0 when the file could not be read).
 */
int settings_load(struct settings *s, const char *path,
		  struct settings_error *err);

/* The config file's path from $XDG_CONFIG_HOME or $HOME into DST; DST, or
 * NULL when neither is usable or the path does not fit in SIZE bytes. */
const char *settings_default_path(char *dst, size_t size);

/* The system-wide config file, read before the user's: SYSCONFDIR
 * (/etc)/benchtop/config, or $BENCHTOP_SYSCONFDIR/benchtop/config when that
 * is an absolute path (tests); DST, or NULL when it does not fit. */
const char *settings_system_path(char *dst, size_t size);

/* Whether NAME (a disk or interface) matches one of the hide patterns. */
bool settings_hidden(const struct settings *s, const char *name);

/* Whether to draw in colour, given that the terminal TERM_COLORS and the
 * value of $NO_COLOR (NULL when unset; an empty value counts as unset). */
bool settings_color_on(const struct settings *s, bool term_colors,
		       const char *no_color);

#endif
