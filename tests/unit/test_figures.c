/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Tests for the table of figures (src/view/figures.c) against what the
 * documents say of it: doc/json.md's disks[] and net[] keys, doc/snapshot.md's
 * disk and net channels, doc/metrics.md's disk and network families (with
 * their type and unit), and the schemas once.json and snapshot.json.  A
 * figure added to the table without its documents fails here, and so does
 * a document that lists a figure the table does not have.  And each row
 * reads its own field of the rate or the kernel's row, and the overview's
 * columns (tui/cells.c walks them) are whole: each has a title, a cell
 * and a width, reads the moment, and the row leaves the link room. */
#include "config.h"

#include <math.h>
#include <regex.h>
#include <stdlib.h>
#include <string.h>

#include "view/figures.h"
#include "view/moment.h"
#include "testutil.h"

#define MAXW 64		/* words of one list */

struct words {
	char w[MAXW][96];
	size_t n;
};

static void add(struct words *ws, const char *s, size_t len)
{
	size_t i;

	ck_assert_uint_lt(len, sizeof(ws->w[0]));
	for (i = 0; i < ws->n; i++)
		if (strlen(ws->w[i]) == len && !memcmp(ws->w[i], s, len))
			return;
	ck_assert_uint_lt(ws->n, MAXW);
	memcpy(ws->w[ws->n], s, len);
	ws->w[ws->n++][len] = '\0';
}

static bool has(const struct words *ws, const char *s)
{
	size_t i;

	for (i = 0; i < ws->n; i++)
		if (strcmp(ws->w[i], s) == 0)
			return true;
	return false;
}

/* The text of DOC from the line HEADING to the next heading. */
static char *section(const char *doc, const char *heading)
{
	const char *a = strstr(doc, heading), *b;

	ck_assert_msg(a != NULL, "no section '%s'", heading);
	a += strlen(heading);
	b = strstr(a, "\n#");
	return strndup(a, b ? (size_t)(b - a) : strlen(a));
}

/* The cell COL (0-based) of the table line at LINE, its extent in *LEN. */
static const char *cell(const char *line, unsigned col, size_t *len)
{
	const char *p = line, *end;
	unsigned c;

	for (c = 0; c <= col; c++) {
		p = strchr(p, '|');
		if (!p)
			return NULL;
		p++;
	}
	end = strchr(p, '|');
	if (!end)
		return NULL;
	*len = (size_t)(end - p);
	return p;
}

/* The `words` of cell COL of every table row of TEXT that start with
 * PREFIX, into WS. */
static void table_words(const char *text, unsigned col, const char *prefix,
			struct words *ws)
{
	const char *line;

	for (line = text; line; line = strchr(line, '\n')) {
		const char *c, *q, *e;
		size_t len;

		line += *line == '\n';
		if (*line != '|' || !(c = cell(line, col, &len)))
			continue;
		for (q = c; (q = memchr(q, '`', len - (size_t)(q - c)));
		     q = e + 1) {
			e = memchr(q + 1, '`', len - (size_t)(q + 1 - c));
			if (!e)
				break;
			if (!strncmp(q + 1, prefix, strlen(prefix)))
				add(ws, q + 1, (size_t)(e - q - 1));
		}
	}
}

static char *doc(const char *name)
{
	char rel[256];

	snprintf(rel, sizeof(rel), "../../doc/%s", name);
	return testutil_load(rel, NULL);
}

/* The keys that are not figures: the device's name and numbers. */
static bool naming_key(const char *k)
{
	return !strcmp(k, "name") || !strcmp(k, "major") ||
	       !strcmp(k, "minor") || !strcmp(k, "kind");
}

/* doc/json.md's section HEADING lists exactly T's JSON keys. */
static void json_md(const struct figure_table *t, const char *heading)
{
	char *text = doc("json.md"), *sec = section(text, heading);
	struct words ws = { .n = 0 }, keys = { .n = 0 };
	size_t i;

	table_words(sec, 0, "", &ws);
	for (i = 0; i < t->n; i++)
		if (t->v[i].json) {
			add(&keys, t->v[i].json, strlen(t->v[i].json));
			ck_assert_msg(has(&ws, t->v[i].json),
				      "doc/json.md %s lacks `%s`", heading,
				      t->v[i].json);
		}
	for (i = 0; i < ws.n; i++)
		ck_assert_msg(naming_key(ws.w[i]) || has(&keys, ws.w[i]),
			      "doc/json.md %s lists `%s`, not a figure",
			      heading, ws.w[i]);
	free(sec);
	free(text);
}

START_TEST(json_md_lists_the_figures)
{
	json_md(&figures_disk, "## `disks[]`");
	json_md(&figures_net, "## `net[]`");
}
END_TEST

/* KEY matches one of the patternProperties of DEF. */
static bool pattern_key(const json_t *def, const char *key)
{
	const json_t *pp = json_object_get(def, "patternProperties");
	const char *re;
	json_t *v;
	bool hit = false;

	json_object_foreach((json_t *)pp, re, v) {
		regex_t rx;

		ck_assert_int_eq(regcomp(&rx, re, REG_EXTENDED | REG_NOSUB), 0);
		hit = hit || regexec(&rx, key, 0, NULL, 0) == 0;
		regfree(&rx);
	}
	return hit;
}

/* once.json's $defs.NAME takes T's JSON keys, and names no other. */
static void once_schema(const json_t *schema, const struct figure_table *t,
			const char *name)
{
	const json_t *def = json_object_get(json_object_get(schema, "$defs"),
					    name);
	const json_t *props = json_object_get(def, "properties");
	const char *key;
	json_t *v;
	size_t i;
	bool found;

	ck_assert_ptr_nonnull(def);
	for (i = 0; i < t->n; i++)
		if (t->v[i].json)
			ck_assert_msg(json_object_get(props, t->v[i].json) ||
				      pattern_key(def, t->v[i].json),
				      "once.json's %s lacks %s", name,
				      t->v[i].json);
	json_object_foreach((json_t *)props, key, v) {
		for (i = 0, found = false; i < t->n; i++)
			found = found || (t->v[i].json &&
					  !strcmp(t->v[i].json, key));
		ck_assert_msg(found || naming_key(key),
			      "once.json's %s has %s, not a figure", name,
			      key);
	}
}

START_TEST(once_schema_takes_the_figures)
{
	char *text = doc("schema/once.json");
	json_t *schema = testutil_json(text);

	once_schema(schema, &figures_disk, "disk");
	once_schema(schema, &figures_net, "net");
	json_decref(schema);
	free(text);
}
END_TEST

/* doc/snapshot.md names exactly T's channels as `KIND:NAME:METRIC`, and
 * snapshot.json's channel pattern takes each. */
static void snapshot_doc(const struct figure_table *t, const char *kind,
			 const char *md, regex_t *rx)
{
	struct words ws = { .n = 0 }, chans = { .n = 0 };
	char prefix[32], ch[128];
	size_t i;

	snprintf(prefix, sizeof(prefix), "%s:NAME:", kind);
	table_words(md, 0, prefix, &ws);
	for (i = 0; i < t->n; i++) {
		if (!t->v[i].channel)
			continue;
		snprintf(ch, sizeof(ch), "%s%s", prefix, t->v[i].channel);
		add(&chans, ch, strlen(ch));
		ck_assert_msg(has(&ws, ch), "doc/snapshot.md lacks `%s`", ch);
		snprintf(ch, sizeof(ch), "%s:dev0:%s", kind, t->v[i].channel);
		ck_assert_msg(regexec(rx, ch, 0, NULL, 0) == 0,
			      "snapshot.json refuses the channel %s", ch);
	}
	for (i = 0; i < ws.n; i++)
		ck_assert_msg(has(&chans, ws.w[i]),
			      "doc/snapshot.md lists `%s`, not a channel",
			      ws.w[i]);
}

START_TEST(snapshot_doc_and_schema_take_the_channels)
{
	char *md = doc("snapshot.md"), *text = doc("schema/snapshot.json");
	json_t *schema = testutil_json(text);
	const json_t *items = json_object_get(json_object_get(json_object_get(
		json_object_get(json_object_get(json_object_get(schema,
		"$defs"), "series"), "properties"), "channels"), "items"),
		"pattern");
	regex_t rx;

	ck_assert_msg(json_is_string(items), "no channel pattern");
	ck_assert_int_eq(regcomp(&rx, json_string_value(items),
				 REG_EXTENDED | REG_NOSUB), 0);
	snapshot_doc(&figures_disk, "disk", md, &rx);
	snapshot_doc(&figures_net, "net", md, &rx);
	regfree(&rx);
	json_decref(schema);
	free(text);
	free(md);
}
END_TEST

/* The row of SEC's table whose first cell names `FAMILY`, or NULL. */
static const char *family_row(const char *sec, const char *family)
{
	char quoted[128];
	const char *p;

	snprintf(quoted, sizeof(quoted), "`%s`", family);
	p = strstr(sec, quoted);
	if (!p)
		return NULL;
	while (p > sec && p[-1] != '\n')
		p--;
	return p;
}

/* Cell COL of LINE without its blanks equals WANT ("" for none). */
static bool cell_is(const char *line, unsigned col, const char *want)
{
	size_t len = 0;
	const char *c = cell(line, col, &len);

	if (!c)
		return false;
	while (len && *c == ' ')
		c++, len--;
	while (len && c[len - 1] == ' ')
		len--;
	return strlen(want) == len && !strncmp(c, want, len);
}

/* doc/metrics.md's disk and network table names exactly T's families,
 * each with its type and unit. */
static void metrics_doc(const struct figure_table *t, const char *sec,
			const char *prefix)
{
	struct words ws = { .n = 0 }, fams = { .n = 0 };
	const struct figure *f;
	const char *row;
	size_t i;

	table_words(sec, 0, prefix, &ws);
	for (f = t->v; f < t->v + t->n; f++) {
		if (!f->prom)
			continue;
		add(&fams, f->prom, strlen(f->prom));
		row = family_row(sec, f->prom);
		ck_assert_msg(row != NULL, "doc/metrics.md lacks `%s`",
			      f->prom);
		ck_assert_msg(cell_is(row, 1, f->prom_gauge ? "gauge" :
				      "counter"), "%s: type", f->prom);
		ck_assert_msg(cell_is(row, 2, f->prom_unit ? f->prom_unit : ""),
			      "%s: unit", f->prom);
	}
	for (i = 0; i < ws.n; i++)
		ck_assert_msg(has(&fams, ws.w[i]),
			      "doc/metrics.md lists `%s`, not a family",
			      ws.w[i]);
}

START_TEST(metrics_doc_lists_the_families)
{
	char *text = doc("metrics.md");
	char *sec = section(text, "### Disks and network interfaces");

	metrics_doc(&figures_disk, sec, "benchtop_disk_");
	metrics_doc(&figures_net, sec, "benchtop_network_");
	free(sec);
	free(text);
}
END_TEST

/* Each output's names are unique within a table; each value has a place. */
static void sane(const struct figure_table *t)
{
	size_t i, k;

	for (i = 0; i < t->n; i++) {
		const struct figure *a = &t->v[i];

		ck_assert(a->name && a->unit);
		ck_assert(a->src != FIG_ROW || (a->mul && a->div));
		ck_assert(a->text == FIG_TEXT_NONE || a->width > 0);
		ck_assert(!a->prom || a->prom_help);
		for (k = i + 1; k < t->n; k++) {
			const struct figure *b = &t->v[k];

			ck_assert(!a->json || !b->json ||
				  strcmp(a->json, b->json));
			ck_assert(!a->channel || !b->channel ||
				  strcmp(a->channel, b->channel));
			ck_assert(!a->prom || !b->prom ||
				  strcmp(a->prom, b->prom));
		}
	}
}

START_TEST(names_are_unique)
{
	sane(&figures_disk);
	sane(&figures_net);
}
END_TEST

/* The overview's columns of T: the first figure of each place says all
 * of the column and the others of the place nothing (they are summed
 * into it); each reads the moment; a disk's needs no interface's flag
 * and the reverse; the titles fit their cells; the name (10), the
 * cells, the history (10) and their blanks leave the link 16 columns of
 * 80; a replay shows each (it has a snapshot channel) or its column reads
 * "-" there (known with the counts only, which a replay has not).  Their
 * titles, in order, are TITLES. */
static void screen_cols(const struct figure_table *t, bool disk,
			const char *const *titles)
{
	const struct figure *c[16], *f;
	size_t n = figures_screen_cols(t, c, 16), i;
	int used = 10 + 1 + 10 + 1;

	for (i = 0; titles[i]; i++) {
		ck_assert_uint_lt(i, n);
		ck_assert_str_eq(c[i]->title, titles[i]);
	}
	ck_assert_uint_eq(n, i);
	for (i = 0; i < n; i++) {
		ck_assert_msg(c[i]->cell != FIG_CELL_NONE, "%s: no cell",
			      c[i]->name);
		ck_assert_msg(c[i]->cell_width > 0, "%s: no width",
			      c[i]->name);
		ck_assert_int_le((int)strlen(c[i]->title), c[i]->cell_width);
		ck_assert(i == 0 || c[i]->screen > c[i - 1]->screen);
		ck_assert(disk ? c[i]->known <= FIG_KNOWN_OPS :
				 c[i]->known != FIG_KNOWN_OPS);
		if (c[i]->cell == FIG_CELL_BYTES ||
		    c[i]->cell == FIG_CELL_BITS)
			ck_assert_str_eq(c[i]->unit, "bytes/s");
		if (c[i]->cell == FIG_CELL_PCT)
			ck_assert_str_eq(c[i]->unit, "%");
		used += c[i]->cell_width + 1;
	}
	ck_assert_int_le(used, 64);
	for (f = t->v; f < t->v + t->n; f++) {
		if (!f->screen) {
			ck_assert_msg(f->cell == FIG_CELL_NONE && !f->title,
				      "%s: a cell but no place", f->name);
			continue;
		}
		ck_assert_msg(f->moment_off != FIG_NONE,
			      "%s: on the screen, not in the moment", f->name);
		for (i = 0; i < n && c[i]->screen != f->screen; i++)
			;
		ck_assert_uint_lt(i, n);
		ck_assert_msg(f->channel || c[i]->known == FIG_KNOWN_COUNTS,
			      "%s: a replay would show it as 0", f->name);
		if (c[i] != f) {	/* summed into the column */
			ck_assert_msg(!f->title && f->cell == FIG_CELL_NONE &&
				      !f->cell_width, "%s: a second "
				      "description of its column", f->name);
			ck_assert_str_eq(f->unit, c[i]->unit);
		}
	}
}

START_TEST(screen_columns_are_whole)
{
	static const char *const disk[] = { "READ/s", "WRITE/s", "IOPS",
					    "UTIL", NULL };
	static const char *const net[] = { "RX/s", "TX/s", "PKT/s", "E+D",
					   NULL };

	screen_cols(&figures_disk, true, disk);
	screen_cols(&figures_net, false, net);
}
END_TEST

/* A column sums the moment's figures of its place: IOPS reads and
 * writes, E+D errors and drops both ways. */
START_TEST(screen_cells_sum_their_place)
{
	struct moment_disk d = { .rd_bytes_per_s = 1, .wr_bytes_per_s = 2,
				 .rd_iops = 3, .wr_iops = 4, .util_pct = 5 };
	struct moment_net n = { .rx_bytes_per_s = 1, .tx_bytes_per_s = 2,
				.rx_packets_per_s = 3, .tx_packets_per_s = 4,
				.rx_errs_per_s = 5, .tx_errs_per_s = 6,
				.rx_drop_per_s = 7, .tx_drop_per_s = 8 };
	static const double dw[] = { 1, 2, 7, 5 }, nw[] = { 1, 2, 7, 26 };
	const struct figure *c[16];
	size_t i, k;

	/* the first four columns (screen_columns_are_whole pins them all) */
	k = figures_screen_cols(&figures_disk, c, 16);
	ck_assert_uint_ge(k, 4);
	for (i = 0; i < 4; i++)
		ck_assert_double_eq(figures_screen_sum(&figures_disk,
						       c[i]->screen, &d), dw[i]);
	k = figures_screen_cols(&figures_net, c, 16);
	ck_assert_uint_ge(k, 4);
	for (i = 0; i < 4; i++)
		ck_assert_double_eq(figures_screen_sum(&figures_net,
						       c[i]->screen, &n), nw[i]);
	ck_assert_uint_eq(figures_screen_cols(&figures_disk, c, 2), 2);
}
END_TEST

/* What a figure should read, by its JSON key or Prometheus family. */
struct want {
	const char *key;
	double v;
};

static const struct want *wanted(const struct want *w, const char *key)
{
	for (; key && w->key; w++)
		if (strcmp(w->key, key) == 0)
			return w;
	return NULL;
}

/* A figure's value from a rate (struct disk_rate or net_rate) over 2 s. */
typedef bool (*value_fn)(const struct figure *f, const void *rate, double *v);

static bool disk_value(const struct figure *f, const void *rate, double *v)
{
	return figures_disk_value(f, rate, 2.0, v);
}

static bool net_value(const struct figure *f, const void *rate, double *v)
{
	return figures_net_value(f, rate, v);
}

/* Every row of T that W names reads W's value from RATE, and every one
 * of W's N keys is a row's. */
static void check_rows(const struct figure_table *t, const struct want *w,
		       size_t n, value_fn value, const void *rate)
{
	const struct figure *f;
	size_t checked = 0;

	for (f = t->v; f < t->v + t->n; f++) {
		const struct want *x = wanted(w, f->json);
		double v;

		if (!x)
			x = wanted(w, f->prom);
		if (!x)
			continue;
		ck_assert(value(f, rate, &v));
		ck_assert_msg(fabs(v - x->v) < 1e-9, "%s: %g, not %g",
			      x->key, v, x->v);
		checked++;
	}
	ck_assert_uint_eq(checked, n);
}

/* Each row reads its own field: two readings 2 s apart, every counter
 * moved by a different amount, every figure worked out by hand. */
START_TEST(each_disk_figure_reads_its_own_field)
{
	static const char prev[] =
		"   8       0 sda 100 1 2000 30 200 2 4000 60 0 500 900\n";
	static const char cur[] =
		"   8       0 sda 110 1 2400 50 230 2 4600 90 5 900 900\n";
	static const struct want w[] = {
		{ "read_bytes_per_s", 400 * 512 / 2.0 },
		{ "write_bytes_per_s", 600 * 512 / 2.0 },
		{ "read_bytes", 400 * 512 }, { "write_bytes", 600 * 512 },
		{ "read_iops", 5 }, { "write_iops", 15 },
		{ "util_pct", 20 },		/* 400 ms of 2000 */
		{ "await_ms", 50 / 40.0 },	/* (20 + 30) ms, 40 I/Os */
		{ "in_flight", 5 },
		{ "benchtop_disk_reads_completed_total", 110 },
		{ "benchtop_disk_read_bytes_total", 2400 * 512 },
		{ "benchtop_disk_read_time_seconds_total", 0.05 },
		{ "benchtop_disk_writes_completed_total", 230 },
		{ "benchtop_disk_written_bytes_total", 4600 * 512 },
		{ "benchtop_disk_write_time_seconds_total", 0.09 },
		{ "benchtop_disk_io_time_seconds_total", 0.9 },
		{ NULL, 0 },
	};
	struct disk_table a = { 0 }, b = { 0 };
	struct disk_rate *r;

	ck_assert_int_eq(diskstats_parse(prev, strlen(prev), &a), 1);
	ck_assert_int_eq(diskstats_parse(cur, strlen(cur), &b), 1);
	ck_assert_int_eq(diskstats_rates(&a, &b, 2.0, &r), 1);
	check_rows(&figures_disk, w, sizeof(w) / sizeof(w[0]) - 1,
		   disk_value, r);
	free(r);
	diskstats_free(&a);
	diskstats_free(&b);
}
END_TEST

START_TEST(each_net_figure_reads_its_own_field)
{
	static const char head[] = "Inter-|   Receive |  Transmit\n"
				   " face |bytes    packets|bytes\n";
	static const char prev[] =
		"  eth0: 1000 10 1 2 0 0 0 0 500 5 3 4 0 0 0 0\n";
	static const char cur[] =
		"  eth0: 3000 30 5 8 0 0 0 0 4500 45 5 12 0 0 0 0\n";
	static const struct want w[] = {
		{ "rx_bytes_per_s", 1000 }, { "tx_bytes_per_s", 2000 },
		{ "rx_packets_per_s", 10 }, { "tx_packets_per_s", 20 },
		{ "rx_errors_per_s", 2 }, { "tx_errors_per_s", 1 },
		{ "rx_drops_per_s", 3 }, { "tx_drops_per_s", 4 },
		{ "rx_errors", 5 }, { "tx_errors", 5 },
		{ "rx_drops", 8 }, { "tx_drops", 12 },
		{ "benchtop_network_receive_bytes_total", 3000 },
		{ "benchtop_network_receive_packets_total", 30 },
		{ "benchtop_network_receive_errors_total", 5 },
		{ "benchtop_network_receive_drop_total", 8 },
		{ "benchtop_network_transmit_bytes_total", 4500 },
		{ "benchtop_network_transmit_packets_total", 45 },
		{ "benchtop_network_transmit_errors_total", 5 },
		{ "benchtop_network_transmit_drop_total", 12 },
		{ NULL, 0 },
	};
	char ta[256], tb[256];
	struct net_table a = { 0 }, b = { 0 };
	struct net_rate *r;

	snprintf(ta, sizeof(ta), "%s%s", head, prev);
	snprintf(tb, sizeof(tb), "%s%s", head, cur);
	ck_assert_int_eq(netdev_parse(ta, strlen(ta), &a), 1);
	ck_assert_int_eq(netdev_parse(tb, strlen(tb), &b), 1);
	ck_assert_int_eq(netdev_rates(&a, &b, 2.0, &r), 1);
	check_rows(&figures_net, w, sizeof(w) / sizeof(w[0]) - 1,
		   net_value, r);
	free(r);
	netdev_free(&a);
	netdev_free(&b);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("figures");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, json_md_lists_the_figures);
	tcase_add_test(tc, once_schema_takes_the_figures);
	tcase_add_test(tc, snapshot_doc_and_schema_take_the_channels);
	tcase_add_test(tc, metrics_doc_lists_the_families);
	tcase_add_test(tc, names_are_unique);
	tcase_add_test(tc, each_disk_figure_reads_its_own_field);
	tcase_add_test(tc, each_net_figure_reads_its_own_field);
	tcase_add_test(tc, screen_columns_are_whole);
	tcase_add_test(tc, screen_cells_sum_their_place);
	suite_add_tcase(s, tc);
	return testutil_run(s);
}
