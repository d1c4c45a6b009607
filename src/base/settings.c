/* SPDX-License-Identifier: GPL-2.0-or-later */
/* settings: parse the user's config file ("key = value" lines, # comments)
 * into struct settings; a bad line is reported with its number and skipped,
 * so the other lines still apply. */
#include "config.h"

#include "base/settings.h"

#include "base/i18n.h"
#include "base/numparse.h"
#include "base/regfile.h"

#ifndef SYSCONFDIR
#define SYSCONFDIR "/etc"
#endif

#include <errno.h>
#include <fcntl.h>
#include <fnmatch.h>
#include <limits.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define FILE_MAX (1u << 20)	/* a config file is a few hundred bytes */
#define QUOTE_MAX 40		/* bytes of a bad value quoted in a message */

struct span {
	const char *s;
	size_t n;
};

struct key_desc {
	const char *name;
	const char *want;	/* "NAME must be WANT, not '...'" */
	unsigned bit;
	int (*set)(struct settings *s, struct span v);
};

static bool is_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v';
}

static struct span trim(const char *p, const char *end)
{
	while (p < end && is_blank(*p))
		p++;
	while (end > p && is_blank(end[-1]))
		end--;
	return (struct span){ p, (size_t)(end - p) };
}

/* Where the comment of [P, END) starts: a '#' first on the line or after a
 * blank ("hide = loop* # virtual"); a '#' inside a word is kept. */
static const char *comment_start(const char *p, const char *end)
{
	for (const char *q = p; q < end; q++)
		if (*q == '#' && (q == p || is_blank(q[-1])))
			return q;
	return end;
}

/* V is WORD in any case (ASCII only, so no locale can change it). */
static bool word_is(struct span v, const char *word)
{
	if (strlen(word) != v.n)
		return false;
	for (size_t i = 0; i < v.n; i++) {
		char c = v.s[i];

		if (c >= 'A' && c <= 'Z')
			c = (char)(c - 'A' + 'a');
		if (c != word[i])
			return false;
	}
	return true;
}

/* Plain decimal seconds ("2", "0.5", ".25", "10."): no sign, exponent,
 * hex, inf or nan, and no locale-dependent decimal comma as strtod has. */
static int parse_seconds(struct span v, double *out)
{
	return numparse_decimal(v.s, v.s + v.n, out);
}

static int set_interval(struct settings *s, struct span v)
{
	double x;

	if (parse_seconds(v, &x) < 0 ||
	    x < SETTINGS_INTERVAL_MIN ||
	    x > SETTINGS_INTERVAL_MAX)
		return -EINVAL;
	s->interval_s = x;
	return 0;
}

static bool is_sep(char c)
{
	return c == ',' || is_blank(c);
}

/* The next comma- or blank-separated word of *REST into *W; false at end. */
static bool next_word(struct span *rest, struct span *w)
{
	const char *p = rest->s, *end = rest->s + rest->n;

	while (p < end && is_sep(*p))
		p++;
	w->s = p;
	while (p < end && !is_sep(*p))
		p++;
	w->n = (size_t)(p - w->s);
	*rest = (struct span){ p, (size_t)(end - p) };
	return w->n > 0;
}

/* Add every word of V to the hide patterns, all or (out of memory) none. */
static int set_hide(struct settings *s, struct span v)
{
	size_t n = 0, old = s->nhide;
	struct span rest = v, w;
	char **nh;

	while (next_word(&rest, &w))
		n++;
	if (n == 0)
		return -EINVAL;
	if (n > SIZE_MAX / sizeof(*nh) - old)
		return -ENOMEM;
	nh = realloc(s->hide, (old + n) * sizeof(*nh));
	if (!nh)
		return -ENOMEM;
	s->hide = nh;
	for (rest = v; next_word(&rest, &w);) {
		char *p = strndup(w.s, w.n);

		if (!p) {
			while (s->nhide > old)
				free(s->hide[--s->nhide]);
			return -ENOMEM;
		}
		s->hide[s->nhide++] = p;
	}
	return 0;
}

static int parse_bool(struct span v, bool *out)
{
	static const char *const yes[] = { "yes", "true", "on", "1" };
	static const char *const no[] = { "no", "false", "off", "0" };

	for (size_t i = 0; i < sizeof(yes) / sizeof(yes[0]); i++) {
		if (word_is(v, yes[i]) || word_is(v, no[i])) {
			*out = word_is(v, yes[i]);
			return 0;
		}
	}
	return -EINVAL;
}

static int set_show_idle_virtual(struct settings *s, struct span v)
{
	return parse_bool(v, &s->show_idle_virtual);
}

static int set_restore_on_signal(struct settings *s, struct span v)
{
	return parse_bool(v, &s->restore_on_signal);
}

static int set_snapshot_on_exit(struct settings *s, struct span v)
{
	return parse_bool(v, &s->snapshot_on_exit);
}

static int set_readonly(struct settings *s, struct span v)
{
	return parse_bool(v, &s->readonly);
}

static int set_color(struct settings *s, struct span v)
{
	bool on;

	if (word_is(v, "auto")) {
		s->color = SETTINGS_COLOR_AUTO;
		return 0;
	}
	if (parse_bool(v, &on) < 0)
		return -EINVAL;
	s->color = on ? SETTINGS_COLOR_YES : SETTINGS_COLOR_NO;
	return 0;
}

/* Kept as written: "~/" is expanded by whoever writes the snapshots. */
static int set_snapshot_dir(struct settings *s, struct span v)
{
	char *p;

	if (v.n == 0 || (v.s[0] != '/' &&
			 !(v.s[0] == '~' && (v.n == 1 || v.s[1] == '/'))))
		return -EINVAL;
	p = strndup(v.s, v.n);
	if (!p)
		return -ENOMEM;
	free(s->snapshot_dir);
	s->snapshot_dir = p;
	return 0;
}

static const struct key_desc keys[] = {
	{ "interval", N_("seconds from 0.1 to 3600"), SETTINGS_INTERVAL,
	  set_interval },
	{ "hide", N_("device or interface names or patterns such as loop*"),
	  SETTINGS_HIDE, set_hide },
	{ "show_idle_virtual", N_("yes or no"), SETTINGS_SHOW_IDLE_VIRTUAL,
	  set_show_idle_virtual },
	{ "color", N_("auto, yes or no"), SETTINGS_COLOR, set_color },
	{ "restore_on_signal", N_("yes or no"), SETTINGS_RESTORE_ON_SIGNAL,
	  set_restore_on_signal },
	{ "snapshot_dir", N_("an absolute path or one that starts with ~/"),
	  SETTINGS_SNAPSHOT_DIR, set_snapshot_dir },
	{ "snapshot_on_exit", N_("yes or no"), SETTINGS_SNAPSHOT_ON_EXIT,
	  set_snapshot_on_exit },
	{ "readonly", N_("yes or no"), SETTINGS_READONLY, set_readonly },
};
#define NKEYS (sizeof(keys) / sizeof(keys[0]))

static const struct key_desc *find_key(struct span k)
{
	for (size_t i = 0; i < NKEYS; i++)
		if (strlen(keys[i].name) == k.n &&
		    memcmp(keys[i].name, k.s, k.n) == 0)
			return &keys[i];
	return NULL;
}

/* V for a message: printable ASCII only (no escape sequence from the file
 * reaches the terminal), cut after QUOTE_MAX bytes. */
static void quote(char *dst, struct span v)
{
	size_t n = v.n > QUOTE_MAX ? QUOTE_MAX : v.n;

	for (size_t i = 0; i < n; i++)
		dst[i] = v.s[i] >= ' ' && v.s[i] <= '~' ? v.s[i] : '?';
	strcpy(dst + n, v.n > QUOTE_MAX ? "..." : "");
}

/* Count bad line NO; the first one's sentence goes to ERR.  -EINVAL. */
__attribute__((format(printf, 3, 4)))
static int fail(struct settings_error *err, unsigned no, const char *fmt, ...)
{
	va_list ap;

	if (err->count++ == 0) {
		err->line = no;
		va_start(ap, fmt);
		vsnprintf(err->msg, sizeof(err->msg), fmt, ap);
		va_end(ap);
	}
	return -EINVAL;
}

/* Line NO, [P, END): 1 when a setting was applied, 0 for a blank or a
 * comment, -EINVAL (counted in ERR) or -ENOMEM. */
static int parse_line(const char *p, const char *end, unsigned no,
		      struct settings *s, struct settings_error *err)
{
	char q[QUOTE_MAX + 4];
	const struct key_desc *d;
	struct span t, k, v;
	const char *eq;
	int rc;

	if (memchr(p, '\0', (size_t)(end - p)))
		return fail(err, no, _("line %u: a NUL byte: this is not a "
			    "text file"), no);
	t = trim(p, comment_start(p, end));
	if (t.n == 0)
		return 0;
	eq = memchr(t.s, '=', t.n);
	if (!eq) {
		quote(q, t);
		return fail(err, no, _("line %u: expected 'key = value', not "
			    "'%s'"), no, q);
	}
	k = trim(t.s, eq);
	v = trim(eq + 1, t.s + t.n);
	d = find_key(k);
	if (!d) {
		quote(q, k);
		return fail(err, no, _("line %u: unknown key '%s'; the keys "
			    "are interval, hide, show_idle_virtual, color, "
			    "restore_on_signal, snapshot_dir, "
			    "snapshot_on_exit and readonly"), no, q);
	}
	rc = d->set(s, v);
	if (rc == -ENOMEM)
		return rc;
	if (rc < 0) {
		quote(q, v);
		/* TRANSLATORS: line, key name, what it takes ("yes or
		 * no"), the value found. */
		return fail(err, no, _("line %u: %s must be %s, not '%s'"), no,
			    d->name, _(d->want), q);
	}
	s->set |= d->bit;
	return 1;
}

int settings_parse(const char *buf, size_t len, struct settings *s,
		   struct settings_error *err)
{
	const char *p = buf, *end;
	unsigned no = 0;
	int applied = 0;

	memset(err, 0, sizeof(*err));
	if (len == 0)
		return 0;
	/* A byte order mark that some editors put first. */
	end = buf + len;
	if (len >= 3 && memcmp(buf, "\xef\xbb\xbf", 3) == 0)
		p += 3;
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		const char *eol = nl ? nl : end;
		int rc = parse_line(p, eol, ++no, s, err);

		if (rc == -ENOMEM) {
			snprintf(err->msg, sizeof(err->msg),
				 _("line %u: out of memory"), no);
			err->line = no;
			return rc;
		}
		if (rc > 0 && applied < INT_MAX)
			applied++;
		p = nl ? nl + 1 : end;
	}
	return err->count ? -EINVAL : applied;
}

int settings_load(struct settings *s, const char *path,
		  struct settings_error *err)
{
	char *buf = NULL;
	size_t len = 0;
	int rc;

	memset(err, 0, sizeof(*err));
	/* a FIFO in the config's place must not hang the start */
	rc = regfile_read(path, FILE_MAX, &buf, &len);
	if (rc == -ENOENT || rc == -ENOTDIR)
		return 0;
	if (rc < 0) {
		err->count = 1;
		if (rc == -EINVAL)
			snprintf(err->msg, sizeof(err->msg),
				 "is not a regular file");
		else if (rc == -EFBIG)
			snprintf(err->msg, sizeof(err->msg),
				 "is larger than 1 MiB: not a config file");
		else
			snprintf(err->msg, sizeof(err->msg),
				 "cannot be read: %s", strerror(-rc));
		return rc;
	}
	rc = settings_parse(buf, len, s, err);
	free(buf);
	return rc;
}

const char *settings_default_path(char *dst, size_t size)
{
	const char *xdg = getenv("XDG_CONFIG_HOME"), *home = getenv("HOME");
	int n;

	/* The XDG base directory spec: a relative value is to be ignored. */
	if (xdg && xdg[0] == '/')
		n = snprintf(dst, size, "%s/benchtop/config", xdg);
	else if (home && home[0] == '/')
		n = snprintf(dst, size, "%s/.config/benchtop/config", home);
	else
		return NULL;
	if (n < 0 || (size_t)n >= size)
		return NULL;
	return dst;
}

const char *settings_system_path(char *dst, size_t size)
{
	const char *dir = getenv("BENCHTOP_SYSCONFDIR");
	int n;

	if (!dir || dir[0] != '/')
		dir = SYSCONFDIR;
	n = snprintf(dst, size, "%s/benchtop/config", dir);
	return n < 0 || (size_t)n >= size ? NULL : dst;
}

void settings_defaults(struct settings *s)
{
	memset(s, 0, sizeof(*s));
	s->interval_s = 1.0;
	s->color = SETTINGS_COLOR_AUTO;
	s->restore_on_signal = true;
}

void settings_fini(struct settings *s)
{
	for (size_t i = 0; i < s->nhide; i++)
		free(s->hide[i]);
	free(s->hide);
	free(s->snapshot_dir);
	settings_defaults(s);
}

bool settings_hidden(const struct settings *s, const char *name)
{
	for (size_t i = 0; i < s->nhide; i++)
		if (fnmatch(s->hide[i], name, 0) == 0)
			return true;
	return false;
}

bool settings_color_on(const struct settings *s, bool term_colors,
		       const char *no_color)
{
	switch (s->color) {
	case SETTINGS_COLOR_YES:
		return term_colors;
	case SETTINGS_COLOR_NO:
		return false;
	case SETTINGS_COLOR_AUTO:
		break;
	}
	/* https://no-color.org: set and not empty means no colour. */
	return term_colors && !(no_color && no_color[0]);
}
