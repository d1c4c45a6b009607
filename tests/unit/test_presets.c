/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Tests for presets: the shipped presets.conf, user overrides, sizes,
 * kind defaults and one sentence per malformed line. */
#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "bench/presets.h"
#include "testutil.h"

static int parse(const char *text, struct presets *ps, unsigned *line,
		 char *msg)
{
	return presets_parse(text, strlen(text), ps, line, msg, 160);
}

START_TEST(shipped_presets)
{
	struct presets ps;
	const struct preset *p;
	char err[300];

	setenv("BENCHTOP_DATADIR", DATA_DIR, 1);
	setenv("XDG_CONFIG_HOME", "/nonexistent", 1);
	ck_assert_int_ge(presets_load(&ps, err, sizeof(err)), 6);
	p = presets_find(&ps, "seq-direct");
	ck_assert_ptr_nonnull(p);
	ck_assert_int_eq(p->kind, BENCH_SEQ_DIRECT);
	ck_assert_uint_eq(p->size, 512ULL << 20);
	ck_assert_uint_eq(p->block, 8ULL << 20);
	ck_assert(!p->buffered);
	p = presets_find(&ps, "iozone-sweep");
	ck_assert_ptr_nonnull(p);
	ck_assert_uint_eq(p->nrecords, 6);
	ck_assert_uint_eq(p->records[0], 4096);
	ck_assert_uint_eq(p->records[5], 16ULL << 20);
	ck_assert_uint_eq(p->file_size, 100ULL << 20);
	ck_assert(presets_find(&ps, "seq-buffered-fsync")->buffered);
	ck_assert(presets_find(&ps, "iperf-reverse")->reverse);
	ck_assert_ptr_nonnull(presets_find(&ps, "read-timing"));
	ck_assert_ptr_nonnull(presets_find(&ps, "bonnie-style"));
	presets_free(&ps);
}
END_TEST

START_TEST(sizes)
{
	uint64_t v;

	ck_assert_int_eq(presets_parse_size("512M", 4, &v), 0);
	ck_assert_uint_eq(v, 512ULL << 20);
	ck_assert_int_eq(presets_parse_size("16384k", 6, &v), 0);
	ck_assert_uint_eq(v, 16ULL << 20);
	ck_assert_int_eq(presets_parse_size("1GiB", 4, &v), 0);
	ck_assert_uint_eq(v, 1ULL << 30);
	ck_assert_int_eq(presets_parse_size("4096", 4, &v), 0);
	ck_assert_uint_eq(v, 4096);
	ck_assert_int_eq(presets_parse_size("", 0, &v), -EINVAL);
	ck_assert_int_eq(presets_parse_size("M", 1, &v), -EINVAL);
	ck_assert_int_eq(presets_parse_size("12X", 3, &v), -EINVAL);
	ck_assert_int_eq(presets_parse_size("99999999999999999999", 20, &v),
			 -EINVAL);
	ck_assert_int_eq(presets_parse_size("99999999999T", 12, &v), -EINVAL);
}
END_TEST

START_TEST(user_file_overrides_and_adds)
{
	struct presets ps = { 0 };
	char msg[160] = "";
	unsigned line;

	ck_assert_int_eq(parse("[a]\nkind = iperf\n[b]\nkind=seq-direct\n",
			       &ps, &line, msg), 2);
	ck_assert_int_eq(parse("# mine\n[a]\nkind = iperf\nduration = 30\n"
			       "streams = 4\n", &ps, &line, msg), 2);
	ck_assert_uint_eq(presets_find(&ps, "a")->duration_s, 30);
	ck_assert_uint_eq(presets_find(&ps, "a")->streams, 4);
	ck_assert_uint_eq(presets_find(&ps, "a")->timeout_s, 60);
	ck_assert_uint_eq(presets_find(&ps, "b")->size, 512ULL << 20);
	presets_free(&ps);
}
END_TEST

START_TEST(errors_name_the_line)
{
	static const struct { const char *text; unsigned line;
			      const char *word; } cases[] = {
		{ "[a]\nkind = dd\n", 2, "kind must be" },
		{ "[a]\nkind = iperf\nstreams = 0\n", 3, "whole number" },
		{ "[a]\nkind = iperf\nreverse = maybe\n", 3, "yes or no" },
		{ "[a]\nsize = 1000\nkind = seq-direct\n", 2, "multiple of 512" },
		{ "[a]\nrecords = 4k 3x\nkind = iozone\n", 2, "records" },
		{ "kind = iperf\n", 1, "outside" },
		{ "[a b]\n", 1, "section" },
		{ "[a]\nkind = iperf\nport = 70000\n", 3, "port" },
		{ "[a]\nsize = 4M\n", 2, "no kind" },
		{ "[a]\nkind = iperf\nmargin = 0\n", 3, "percentage" },
		{ "[a]\nkind = iperf\nmargin = 50.5%\n", 3, "percentage" },
		{ "[a]\nkind = iperf\nmargin = 2.25\n", 3, "percentage" },
		{ "[a]\nkind = iperf\nmargin = -3\n", 3, "percentage" },
	};
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct presets ps = { 0 };
		char msg[160] = "";
		unsigned line = 0;

		ck_assert_int_eq(parse(cases[i].text, &ps, &line, msg),
				 -EINVAL);
		ck_assert_msg(line == cases[i].line, "case %zu: line %u", i,
			      line);
		ck_assert_msg(strstr(msg, cases[i].word), "case %zu: %s", i,
			      msg);
		presets_free(&ps);
	}
}
END_TEST

/* An experiment's margin of "the same": a percentage with one decimal at
 * most, the % optional; 0 (the default) when not given. */
START_TEST(margin)
{
	struct presets ps = { 0 };
	char msg[160] = "";
	unsigned line = 0;

	ck_assert_int_eq(parse("[a]\nkind = iperf\nmargin = 2.5%\n[b]\n"
			       "kind = iperf\nmargin = 10\n[c]\nkind = iperf\n",
			       &ps, &line, msg), 3);
	ck_assert_uint_eq(ps.n, 3);
	ck_assert_double_eq_tol(ps.v[0].margin_pct, 2.5, 1e-12);
	ck_assert_double_eq_tol(ps.v[1].margin_pct, 10, 1e-12);
	ck_assert_double_eq_tol(ps.v[2].margin_pct, 0, 1e-12);
	presets_free(&ps);
}
END_TEST

/* An unknown key is one warning for its line; the presets around it, and
 * the rest of its own section, are used. */
START_TEST(unknown_key_is_a_warning)
{
	static const char text[] = "[a]\nkind = iperf\ncolour = red\n"
				   "port = 5399\nshade = blue\n"
				   "[b]\nkind = seq-direct\n";
	struct presets ps = { 0 };
	char msg[160] = "";
	unsigned line = 0;

	ck_assert_int_eq(parse(text, &ps, &line, msg), 2);
	ck_assert_uint_eq(ps.nwarnings, 2);
	ck_assert_str_eq(ps.warning, "line 3: unknown key, line ignored "
			 "(\"colour\")");
	ck_assert_uint_eq(presets_find(&ps, "a")->port, 5399);
	ck_assert_ptr_nonnull(presets_find(&ps, "b"));
	presets_free(&ps);
}
END_TEST

START_TEST(kinds)
{
	ck_assert_str_eq(presets_kind_name(BENCH_IOZONE), "iozone");
	ck_assert_ptr_null(presets_kind_name(BENCH_NKINDS));
	ck_assert(presets_kind_writes(BENCH_SEQ_DIRECT));
	ck_assert(!presets_kind_writes(BENCH_READ_TIMING));
	ck_assert(!presets_kind_writes(BENCH_IPERF));
}
END_TEST

int main(void)
{
	Suite *s = suite_create("presets");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, shipped_presets);
	tcase_add_test(tc, sizes);
	tcase_add_test(tc, user_file_overrides_and_adds);
	tcase_add_test(tc, errors_name_the_line);
	tcase_add_test(tc, kinds);
	tcase_add_test(tc, unknown_key_is_a_warning);
	tcase_add_test(tc, margin);
	suite_add_tcase(s, tc);
	return testutil_run(s);
}
