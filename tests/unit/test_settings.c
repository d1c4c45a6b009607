/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test_settings: the config file: example files, every key's accepted and
 * rejected values, the warning sentence, comments, odd bytes, and loading. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/settings.h"
#include "testutil.h"

#define FULL "config/full.conf"
#define ERRORS "config/errors.conf"
#define CRLF "config/crlf.conf"

static int parse_str(const char *txt, struct settings *s,
		     struct settings_error *err)
{
	return settings_parse(txt, strlen(txt), s, err);
}

/* Parse fixture NAME over the defaults into S; the return value. */
static int parse_file(const char *name, struct settings *s,
		      struct settings_error *err)
{
	size_t len;
	char *buf = testutil_load(name, &len);
	int rc;

	settings_defaults(s);
	rc = settings_parse(buf, len, s, err);
	free(buf);
	return rc;
}

static void assert_full(const struct settings *s)
{
	static const char *const hide[] = { "loop*", "ram*", "docker0",
					    "veth*", "zram0" };

	ck_assert_double_eq(s->interval_s, 2.5);
	ck_assert_uint_eq(s->nhide, 5);
	for (size_t i = 0; i < 5; i++)
		ck_assert_str_eq(s->hide[i], hide[i]);
	ck_assert(!s->show_idle_virtual);
	ck_assert_int_eq(s->color, SETTINGS_COLOR_AUTO);
	ck_assert(s->restore_on_signal);
	ck_assert_str_eq(s->snapshot_dir, "~/benchtop/snapshots");
	ck_assert_uint_eq(s->set, SETTINGS_INTERVAL | SETTINGS_HIDE |
			  SETTINGS_SHOW_IDLE_VIRTUAL | SETTINGS_COLOR |
			  SETTINGS_RESTORE_ON_SIGNAL | SETTINGS_SNAPSHOT_DIR);
}

START_TEST(defaults)
{
	struct settings s;

	settings_defaults(&s);
	ck_assert_double_eq(s.interval_s, 1.0);
	ck_assert_ptr_null(s.hide);
	ck_assert_uint_eq(s.nhide, 0);
	ck_assert(!s.show_idle_virtual);
	ck_assert_int_eq(s.color, SETTINGS_COLOR_AUTO);
	ck_assert(s.restore_on_signal);
	ck_assert_ptr_null(s.snapshot_dir);
	ck_assert(!s.snapshot_on_exit);
	ck_assert_uint_eq(s.set, 0);
	ck_assert(!settings_hidden(&s, "loop0"));
	ck_assert(!settings_hidden(&s, ""));
	settings_fini(&s);
}
END_TEST

/* Every key, comments, a tab before a trailing comment, odd spacing. */
START_TEST(full_example)
{
	struct settings s;
	struct settings_error err;

	ck_assert_int_eq(parse_file(FULL, &s, &err), 8);
	ck_assert_uint_eq(err.count, 0);
	ck_assert_uint_eq(err.line, 0);
	ck_assert_str_eq(err.msg, "");
	assert_full(&s);
	settings_fini(&s);
	ck_assert_ptr_null(s.hide);
	ck_assert_ptr_null(s.snapshot_dir);
	ck_assert_double_eq(s.interval_s, 1.0);
	/* Reusable after settings_fini. */
	ck_assert_int_eq(parse_str("hide = sda\n", &s, &err), 1);
	ck_assert_uint_eq(s.nhide, 1);
	settings_fini(&s);
}
END_TEST

/* What the DISK and NET panels leave off with the example's patterns. */
START_TEST(full_example_hidden)
{
	static const char *const hidden[] = { "loop0", "loop12", "ram15",
					      "zram0", "docker0", "veth1a2b",
					      "ram" };
	static const char *const shown[] = { "sda", "mmcblk0p1", "zram1",
					     "eth0", "docker1", "lo",
					     "xloop0", "" };
	struct settings s;
	struct settings_error err;

	parse_file(FULL, &s, &err);
	for (size_t i = 0; i < sizeof(hidden) / sizeof(hidden[0]); i++)
		ck_assert_msg(settings_hidden(&s, hidden[i]), "%s", hidden[i]);
	for (size_t i = 0; i < sizeof(shown) / sizeof(shown[0]); i++)
		ck_assert_msg(!settings_hidden(&s, shown[i]), "%s", shown[i]);
	settings_fini(&s);
}
END_TEST

/* Five bad lines: the first is described, the good lines still apply and
 * the keys of the bad ones keep what they had. */
START_TEST(errors_example)
{
	struct settings s;
	struct settings_error err;

	ck_assert_int_eq(parse_file(ERRORS, &s, &err), -EINVAL);
	ck_assert_uint_eq(err.line, 3);
	ck_assert_uint_eq(err.count, 5);
	ck_assert_str_eq(err.msg, "line 3: color must be auto, yes or no, "
			 "not 'sometimes'");
	ck_assert_double_eq(s.interval_s, 0.5);
	ck_assert_int_eq(s.color, SETTINGS_COLOR_AUTO);
	ck_assert_uint_eq(s.nhide, 1);
	ck_assert_str_eq(s.hide[0], "sd?1");
	ck_assert(settings_hidden(&s, "sdb1"));
	ck_assert(!settings_hidden(&s, "sdb"));
	ck_assert(!settings_hidden(&s, "sdb12"));
	ck_assert(!s.restore_on_signal);
	ck_assert_ptr_null(s.snapshot_dir);
	ck_assert_uint_eq(s.set, SETTINGS_INTERVAL | SETTINGS_HIDE |
			  SETTINGS_RESTORE_ON_SIGNAL);
	settings_fini(&s);
}
END_TEST

/* The sentence for each kind of mistake, alone in a file. */
START_TEST(error_sentences)
{
	static const struct {
		const char *txt, *msg;
	} t[] = {
		{ "\n\ninterval = fast\n", "line 3: interval must be seconds "
		  "from 0.1 to 3600, not 'fast'" },
		{ "colour = no", "line 1: unknown key 'colour'; the keys are "
		  "interval, hide, show_idle_virtual, color, "
		  "restore_on_signal, snapshot_dir, snapshot_on_exit and "
		  "readonly" },
		{ "# x\nshow_idle_virtual\n", "line 2: expected 'key = "
		  "value', not 'show_idle_virtual'" },
		{ "show_idle_virtual = maybe", "line 1: show_idle_virtual "
		  "must be yes or no, not 'maybe'" },
		{ "restore_on_signal =", "line 1: restore_on_signal must be "
		  "yes or no, not ''" },
		{ "hide = , ,", "line 1: hide must be device or interface "
		  "names or patterns such as loop*, not ', ,'" },
		{ "snapshot_dir = snaps", "line 1: snapshot_dir must be an "
		  "absolute path or one that starts with ~/, not 'snaps'" },
		{ "= 2", "line 1: unknown key ''; the keys are interval, "
		  "hide, show_idle_virtual, color, restore_on_signal, "
		  "snapshot_dir, snapshot_on_exit and readonly" },
		{ "Interval = 2", "line 1: unknown key 'Interval'; the keys "
		  "are interval, hide, show_idle_virtual, color, "
		  "restore_on_signal, snapshot_dir, snapshot_on_exit and "
		  "readonly" },
		{ "interval == 2", "line 1: interval must be seconds from 0.1 "
		  "to 3600, not '= 2'" },
	};
	for (size_t i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		struct settings s;
		struct settings_error err;

		settings_defaults(&s);
		ck_assert_int_eq(parse_str(t[i].txt, &s, &err), -EINVAL);
		ck_assert_str_eq(err.msg, t[i].msg);
		ck_assert_uint_eq(err.count, 1);
		ck_assert_uint_eq(s.set, 0);
		settings_fini(&s);
	}
}
END_TEST

START_TEST(crlf_example)
{
	struct settings s;
	struct settings_error err;

	ck_assert_int_eq(parse_file(CRLF, &s, &err), 3);
	ck_assert_double_eq(s.interval_s, 4.0);
	ck_assert_str_eq(s.hide[0], "eth1");
	ck_assert(settings_hidden(&s, "eth1"));
	ck_assert_int_eq(s.color, SETTINGS_COLOR_NO);
	settings_fini(&s);
}
END_TEST

/* Interval VALUE; WANT < 0 when it must be refused. */
static void check_interval(const char *value, double want)
{
	char txt[256];
	struct settings s;
	struct settings_error err;
	int rc;

	settings_defaults(&s);
	s.interval_s = 7.0;
	snprintf(txt, sizeof(txt), "interval = %s\n", value);
	rc = parse_str(txt, &s, &err);
	if (want < 0) {
		ck_assert_msg(rc == -EINVAL, "accepted '%s'", value);
		ck_assert_double_eq(s.interval_s, 7.0);
		ck_assert_uint_eq(s.set, 0);
	} else {
		ck_assert_msg(rc == 1, "refused '%s': %s", value, err.msg);
		ck_assert_double_eq(s.interval_s, want);
		ck_assert_uint_eq(s.set, SETTINGS_INTERVAL);
	}
	settings_fini(&s);
}

START_TEST(interval_values)
{
	check_interval("0.1", 0.1);
	check_interval("3600", 3600.0);
	check_interval("1", 1.0);
	check_interval("0.5", 0.5);
	check_interval(".25", 0.25);
	check_interval("10.", 10.0);
	check_interval("0003600.000", 3600.0);
	check_interval("0.1000000000000000000000000000001", 0.1);
	check_interval("0.09", -1);
	check_interval("0.0999999", -1);
	check_interval("3600.001", -1);
	check_interval("0", -1);
	check_interval("-1", -1);
	check_interval("+1", -1);
	check_interval("1e3", -1);
	check_interval("inf", -1);
	check_interval("nan", -1);
	check_interval("0x10", -1);
	check_interval("1,5", -1);
	check_interval("2s", -1);
	check_interval("2 s", -1);
	check_interval(".", -1);
	check_interval("1.2.3", -1);
	check_interval("", -1);
	/* Huge numbers, beyond 2^64 too. */
	check_interval("18446744073709551616", -1);
	check_interval("99999999999999999999999999999999999999999", -1);
}
END_TEST

START_TEST(bool_and_color_values)
{
	static const char *const yes[] = { "yes", "YES", "True", "on", "1" };
	static const char *const no[] = { "no", "No", "FALSE", "off", "0" };
	static const char *const bad[] = { "y", "2", "yess", "o", "" };
	struct settings s;
	struct settings_error err;
	char txt[128];

	for (size_t i = 0; i < 5; i++) {
		settings_defaults(&s);
		snprintf(txt, sizeof(txt), "show_idle_virtual = %s\n"
			 "restore_on_signal = %s\ncolor = %s\n", yes[i], no[i],
			 no[i]);
		ck_assert_int_eq(parse_str(txt, &s, &err), 3);
		ck_assert(s.show_idle_virtual && !s.restore_on_signal);
		ck_assert_int_eq(s.color, SETTINGS_COLOR_NO);
		snprintf(txt, sizeof(txt), "color = %s\nshow_idle_virtual = "
			 "%s\nrestore_on_signal = %s\n", yes[i], bad[i],
			 bad[i]);
		ck_assert_int_eq(parse_str(txt, &s, &err), -EINVAL);
		ck_assert_uint_eq(err.count, 2);
		ck_assert_uint_eq(err.line, 2);
		ck_assert_int_eq(s.color, SETTINGS_COLOR_YES);
		ck_assert(s.show_idle_virtual && !s.restore_on_signal);
		settings_fini(&s);
	}
	settings_defaults(&s);
	ck_assert_int_eq(parse_str("color = no\ncolor = AUTO", &s, &err), 2);
	ck_assert_int_eq(s.color, SETTINGS_COLOR_AUTO);
	ck_assert_int_eq(parse_str("color = always", &s, &err), -EINVAL);
	ck_assert_int_eq(s.color, SETTINGS_COLOR_AUTO);
}
END_TEST

/* snapshot_on_exit: off by default, yes/no words, a bad value keeps it. */
START_TEST(snapshot_on_exit_values)
{
	struct settings s;
	struct settings_error err;

	settings_defaults(&s);
	ck_assert_int_eq(parse_str("snapshot_on_exit = yes\n", &s, &err), 1);
	ck_assert(s.snapshot_on_exit);
	ck_assert_uint_eq(s.set, SETTINGS_SNAPSHOT_ON_EXIT);
	ck_assert_int_eq(parse_str("snapshot_on_exit = sometimes\n", &s,
				   &err), -EINVAL);
	ck_assert_str_eq(err.msg, "line 1: snapshot_on_exit must be yes or "
			 "no, not 'sometimes'");
	ck_assert(s.snapshot_on_exit);
	ck_assert_int_eq(parse_str("snapshot_on_exit\t= off # later\n", &s,
				   &err), 1);
	ck_assert(!s.snapshot_on_exit);
	settings_fini(&s);
	ck_assert(!s.snapshot_on_exit);
}
END_TEST

START_TEST(hide_lists)
{
	struct settings s;
	struct settings_error err;

	settings_defaults(&s);
	ck_assert_int_eq(parse_str("hide = a,b c\t,,d\nhide=sd[a-c]\n", &s,
				   &err), 2);
	ck_assert_uint_eq(s.nhide, 5);
	ck_assert_str_eq(s.hide[0], "a");
	ck_assert_str_eq(s.hide[1], "b");
	ck_assert_str_eq(s.hide[2], "c");
	ck_assert_str_eq(s.hide[3], "d");
	ck_assert(settings_hidden(&s, "sdb"));
	ck_assert(!settings_hidden(&s, "sdd"));
	ck_assert(!settings_hidden(&s, "ab"));
	/* A bad hide line adds nothing; later lines still add. */
	ck_assert_int_eq(parse_str("hide = ,\nhide = e", &s, &err), -EINVAL);
	ck_assert_uint_eq(s.nhide, 6);
	ck_assert(settings_hidden(&s, "e"));
	settings_fini(&s);
}
END_TEST

START_TEST(comments_and_blanks)
{
	struct settings s;
	struct settings_error err;

	settings_defaults(&s);
	ck_assert_int_eq(parse_str("# only a comment\n   # indented\n\n \t\n"
				   "interval = 3 # seconds\n"
				   "snapshot_dir = /tmp/a#b\n", &s, &err), 2);
	ck_assert_double_eq(s.interval_s, 3.0);
	ck_assert_str_eq(s.snapshot_dir, "/tmp/a#b");
	ck_assert_int_eq(parse_str("snapshot_dir = /tmp/my dir #b\n"
				   "\tinterval\t=\t2\t\n interval=0.2 \n"
				   "#interval = 5", &s, &err), 3);
	ck_assert_str_eq(s.snapshot_dir, "/tmp/my dir");
	ck_assert_double_eq(s.interval_s, 0.2);
	ck_assert_int_eq(parse_str("snapshot_dir = ~", &s, &err), 1);
	ck_assert_str_eq(s.snapshot_dir, "~");
	ck_assert_int_eq(parse_str("snapshot_dir = ~bob/x", &s, &err),
			 -EINVAL);
	ck_assert_int_eq(parse_str("inter val = 2", &s, &err), -EINVAL);
	ck_assert_str_eq(s.snapshot_dir, "~");
	settings_fini(&s);
}
END_TEST

START_TEST(empty_input)
{
	struct settings s;
	struct settings_error err;

	settings_defaults(&s);
	ck_assert_int_eq(settings_parse("", 0, &s, &err), 0);
	ck_assert_int_eq(settings_parse(NULL, 0, &s, &err), 0);
	ck_assert_int_eq(parse_str("\n\n  \r\n# x", &s, &err), 0);
	ck_assert_uint_eq(err.count, 0);
	ck_assert_uint_eq(err.line, 0);
	ck_assert_uint_eq(s.set, 0);
	ck_assert_double_eq(s.interval_s, 1.0);
	/* No newline at the end, and a byte order mark at the start. */
	ck_assert_int_eq(parse_str("\xef\xbb\xbfinterval = 2", &s, &err), 1);
	ck_assert_double_eq(s.interval_s, 2.0);
	settings_fini(&s);
}
END_TEST

/* A NUL or an escape sequence never reaches the message as such. */
START_TEST(odd_bytes)
{
	static const char nul[] = "interval = 2\0\ncolor = no\n";
	struct settings s;
	struct settings_error err;
	char *big;

	settings_defaults(&s);
	ck_assert_int_eq(settings_parse(nul, sizeof(nul) - 1, &s, &err),
			 -EINVAL);
	ck_assert_str_eq(err.msg, "line 1: a NUL byte: this is not a text "
			 "file");
	ck_assert_double_eq(s.interval_s, 1.0);
	ck_assert_int_eq(s.color, SETTINGS_COLOR_NO);
	ck_assert_int_eq(parse_str("color = \x1b[31mred\x7f\xc3\xa9", &s,
				   &err), -EINVAL);
	ck_assert_str_eq(err.msg, "line 1: color must be auto, yes or no, "
			 "not '?[31mred???" "'");
	/* A 1 MB value is quoted by its first 40 bytes. */
	big = malloc((1 << 20) + 16);
	strcpy(big, "color = ");
	memset(big + 8, 'x', 1 << 20);
	big[8 + (1 << 20)] = '\0';
	ck_assert_int_eq(parse_str(big, &s, &err), -EINVAL);
	ck_assert_str_eq(err.msg, "line 1: color must be auto, yes or no, "
			 "not 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...'");
	free(big);
	settings_fini(&s);
}
END_TEST

/* No line-length cap: 1 MB of blanks, 100000 patterns on one line. */
START_TEST(long_lines)
{
	size_t big = 1 << 20, n = 100000;
	char *txt = malloc(big + 64);
	struct settings s;
	struct settings_error err;

	settings_defaults(&s);
	strcpy(txt, "interval =");
	memset(txt + 10, ' ', big);
	strcpy(txt + 10 + big, "2.5\n");
	ck_assert_int_eq(parse_str(txt, &s, &err), 1);
	ck_assert_double_eq(s.interval_s, 2.5);
	strcpy(txt, "hide =");
	for (size_t i = 0; i < n; i++)
		memcpy(txt + 6 + 2 * i, " x", 2);
	strcpy(txt + 6 + 2 * n, ",y\n");
	ck_assert_int_eq(parse_str(txt, &s, &err), 1);
	ck_assert_uint_eq(s.nhide, n + 1);
	ck_assert_str_eq(s.hide[n], "y");
	ck_assert(settings_hidden(&s, "y"));
	ck_assert(!settings_hidden(&s, "z"));
	free(txt);
	settings_fini(&s);
}
END_TEST

/* Later lines win; a value replaced frees the old one (ASan checks). */
START_TEST(later_lines_win)
{
	struct settings s;
	struct settings_error err;

	settings_defaults(&s);
	ck_assert_int_eq(parse_str("interval = 2\ninterval = 3\n"
				   "snapshot_dir = /a\nsnapshot_dir = /b\n"
				   "interval = 0\n", &s, &err), -EINVAL);
	ck_assert_uint_eq(err.line, 5);
	ck_assert_double_eq(s.interval_s, 3.0);
	ck_assert_str_eq(s.snapshot_dir, "/b");
	settings_fini(&s);
}
END_TEST

/* The full example cut at every byte: a prefix of its settings, or an
 * error for the cut line, and never a value out of range. */
START_TEST(truncated_example)
{
	size_t len;
	char *buf = testutil_load(FULL, &len);
	int ok = 0;

	for (size_t cut = 0; cut <= len; cut++) {
		char *copy = malloc(cut + 1);
		struct settings s;
		struct settings_error err;
		int rc;

		memcpy(copy, buf, cut);	/* exact size: ASan sees overreads */
		settings_defaults(&s);
		rc = settings_parse(copy, cut, &s, &err);
		ck_assert_msg(rc == -EINVAL || (rc >= 0 && rc <= 8),
			      "cut %zu: %d", cut, rc);
		ck_assert(rc != -EINVAL || err.count == 1);
		ok += rc >= 0;
		ck_assert(s.interval_s >= 0.1 && s.interval_s <= 3600);
		ck_assert_uint_le(s.nhide, 5);
		if (cut == len)
			assert_full(&s);
		settings_fini(&s);
		free(copy);
	}
	ck_assert_int_gt(ok, (int)len / 2);
	free(buf);
}
END_TEST

START_TEST(load_files)
{
	char path[4096];
	struct settings s;
	struct settings_error err;

	settings_defaults(&s);
	snprintf(path, sizeof(path), "%s/%s", TESTDATA_DIR, FULL);
	ck_assert_int_eq(settings_load(&s, path, &err), 8);
	assert_full(&s);
	settings_fini(&s);
	snprintf(path, sizeof(path), "%s/%s", TESTDATA_DIR, ERRORS);
	ck_assert_int_eq(settings_load(&s, path, &err), -EINVAL);
	ck_assert_uint_eq(err.line, 3);
	ck_assert_double_eq(s.interval_s, 0.5);
	settings_fini(&s);
}
END_TEST

/* No file is no error; a file that cannot be a config file is one. */
START_TEST(load_missing_and_odd)
{
	char dir[] = "/tmp/test_settings.XXXXXX", path[4096];
	struct settings s;
	struct settings_error err;
	int fd;

	settings_defaults(&s);
	s.interval_s = 9.0;
	ck_assert_int_eq(settings_load(&s, "/nonexistent/benchtop/config",
				       &err), 0);
	snprintf(path, sizeof(path), "%s/%s/x", TESTDATA_DIR, FULL);
	ck_assert_int_eq(settings_load(&s, path, &err), 0);	/* ENOTDIR */
	ck_assert_uint_eq(err.count, 0);
	ck_assert_double_eq(s.interval_s, 9.0);
	ck_assert_int_eq(settings_load(&s, TESTDATA_DIR, &err), -EINVAL);
	ck_assert_str_eq(err.msg, "is not a regular file");
	ck_assert_uint_eq(err.line, 0);
	ck_assert_ptr_nonnull(mkdtemp(dir));
	/* A FIFO would block a reader: refused at once, not waited on. */
	snprintf(path, sizeof(path), "%s/fifo", dir);
	ck_assert_int_eq(mkfifo(path, 0600), 0);
	ck_assert_int_eq(settings_load(&s, path, &err), -EINVAL);
	unlink(path);
	snprintf(path, sizeof(path), "%s/big", dir);
	fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0600);
	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(ftruncate(fd, (1 << 20) + 1), 0);
	close(fd);
	ck_assert_int_eq(settings_load(&s, path, &err), -EFBIG);
	ck_assert_str_eq(err.msg, "is larger than 1 MiB: not a config file");
	unlink(path);
	rmdir(dir);
	ck_assert_double_eq(s.interval_s, 9.0);
	ck_assert_uint_eq(s.set, 0);
}
END_TEST

START_TEST(default_path)
{
	char p[64];

	setenv("XDG_CONFIG_HOME", "/srv/conf", 1);
	setenv("HOME", "/home/odroid", 1);
	ck_assert_str_eq(settings_default_path(p, sizeof(p)),
			 "/srv/conf/benchtop/config");
	/* The XDG spec: a relative or empty value is ignored. */
	setenv("XDG_CONFIG_HOME", "conf", 1);
	ck_assert_str_eq(settings_default_path(p, sizeof(p)),
			 "/home/odroid/.config/benchtop/config");
	setenv("XDG_CONFIG_HOME", "", 1);
	ck_assert_ptr_eq(settings_default_path(p, sizeof(p)), p);
	unsetenv("XDG_CONFIG_HOME");
	ck_assert_str_eq(settings_default_path(p, sizeof(p)),
			 "/home/odroid/.config/benchtop/config");
	/* 36 bytes and its NUL: 37 fit, 36 do not. */
	ck_assert_ptr_eq(settings_default_path(p, 37), p);
	ck_assert_ptr_null(settings_default_path(p, 36));
	ck_assert_ptr_null(settings_default_path(NULL, 0));
	setenv("HOME", "", 1);
	ck_assert_ptr_null(settings_default_path(p, sizeof(p)));
	unsetenv("HOME");
	ck_assert_ptr_null(settings_default_path(p, sizeof(p)));
}
END_TEST

START_TEST(color_on)
{
	struct settings s;

	settings_defaults(&s);
	ck_assert(settings_color_on(&s, true, NULL));
	ck_assert(settings_color_on(&s, true, ""));
	ck_assert(!settings_color_on(&s, true, "1"));
	ck_assert(!settings_color_on(&s, false, NULL));
	s.color = SETTINGS_COLOR_YES;
	ck_assert(settings_color_on(&s, true, "1"));
	ck_assert(!settings_color_on(&s, false, NULL));
	s.color = SETTINGS_COLOR_NO;
	ck_assert(!settings_color_on(&s, true, NULL));
}
END_TEST

static Suite *settings_suite(void)
{
	Suite *s = suite_create("settings");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, defaults);
	tcase_add_test(tc, full_example);
	tcase_add_test(tc, full_example_hidden);
	tcase_add_test(tc, errors_example);
	tcase_add_test(tc, error_sentences);
	tcase_add_test(tc, crlf_example);
	tcase_add_test(tc, interval_values);
	tcase_add_test(tc, bool_and_color_values);
	tcase_add_test(tc, snapshot_on_exit_values);
	tcase_add_test(tc, hide_lists);
	tcase_add_test(tc, comments_and_blanks);
	tcase_add_test(tc, empty_input);
	tcase_add_test(tc, odd_bytes);
	tcase_add_test(tc, long_lines);
	tcase_add_test(tc, later_lines_win);
	tcase_add_test(tc, truncated_example);
	tcase_add_test(tc, load_files);
	tcase_add_test(tc, load_missing_and_odd);
	tcase_add_test(tc, default_path);
	tcase_add_test(tc, color_on);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return testutil_run(settings_suite());
}
