/* SPDX-License-Identifier: GPL-2.0-or-later */
/* interrupts: /proc/interrupts parsed into rows of per-CPU counts keyed by
 * IRQ number or name ("105", "IPI0", "LOC"), and rates between two samples.
 * Each table lives in one allocation sized from the input, not per line. */
#include "config.h"

#include "collect/interrupts.h"

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/counter.h"
#include "base/numparse.h"

static bool is_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

static bool is_digit(char c)
{
	return c >= '0' && c <= '9';
}

static const char *skip_blanks(const char *p, const char *end)
{
	while (p < end && is_blank(*p))
		p++;
	return p;
}

static const char *token_end(const char *p, const char *end)
{
	while (p < end && !is_blank(*p))
		p++;
	return p;
}

static const char *trim_end(const char *p, const char *end)
{
	while (end > p && is_blank(end[-1]))
		end--;
	return end;
}

static bool all_digits(const char *p, const char *end)
{
	if (p == end)
		return false;
	for (; p < end; p++)
		if (!is_digit(*p))
			return false;
	return true;
}

/* End of the line starting at P (the '\n' or END). */
static const char *line_end(const char *p, const char *end)
{
	const char *nl = memchr(p, '\n', (size_t)(end - p));

	return nl ? nl : end;
}

/* What a first pass learns before anything is allocated. */
struct layout {
	bool header;
	size_t ncpus;
	size_t nlines;
	const char *first;	/* first non-blank line: header or row */
	const char *rows;	/* first line after the header, or first row */
};

/* Read up to MAX counts from *P into DST (may be NULL); -EINVAL on a
 * number too large for 64 bits.  *P ends after the last count. */
static int read_counts(const char **p, const char *end, size_t max,
		       uint64_t *dst, size_t *n)
{
	*n = 0;
	while (*n < max) {	/* one pass per count: the hot loop at 256 CPUs */
		const char *q = skip_blanks(*p, end), *te = q;
		uint64_t v = 0;
		bool over = false;

		for (; te < end && is_digit(*te); te++) {
			unsigned d = (unsigned)(*te - '0');

			over = over || v > (UINT64_MAX - d) / 10;
			v = v * 10 + d;
		}
		if (te == q || (te < end && !is_blank(*te)))
			break;		/* not a count: the description */
		if (over)
			return -EINVAL;
		if (dst)
			dst[*n] = v;
		(*n)++;
		*p = te;
	}
	return 0;
}

/* Find the key's colon on the line [P, END); the key is [*KEY, colon). */
static const char *find_key(const char *p, const char *end, const char **key)
{
	const char *q;

	p = skip_blanks(p, end);
	for (q = p; q < end && *q != ':' && !is_blank(*q); q++)
		;
	if (q == p || q == end || *q != ':')
		return NULL;
	*key = p;
	return q;
}

static bool blank_line(const char *p, const char *end)
{
	return skip_blanks(p, end) == end;
}

static int scan_first(const char *p, const char *end, struct layout *lay)
{
	const char *le = line_end(p, end), *key, *colon;

	lay->first = p;
	p = skip_blanks(p, le);
	if ((size_t)(le - p) >= 3 && memcmp(p, "CPU", 3) == 0) {
		lay->header = true;
		lay->rows = le < end ? le + 1 : end;
		for (; p < le; p = skip_blanks(token_end(p, le), le))
			lay->ncpus++;
		return 0;
	}
	/* No header (a pasted excerpt): as many CPUs as the first row has
	 * leading counts, numbered 0..n-1. */
	lay->rows = p;
	colon = find_key(p, le, &key);
	if (!colon)
		return -EINVAL;
	p = colon + 1;
	if (read_counts(&p, le, SIZE_MAX, NULL, &lay->ncpus))
		return -EINVAL;
	return 0;
}

static int scan_layout(const char *buf, size_t len, struct layout *lay)
{
	const char *p = buf, *end = buf + len;

	memset(lay, 0, sizeof(*lay));
	if (!len || memchr(buf, '\0', len))
		return -EINVAL;
	while (p < end) {
		const char *le = line_end(p, end);

		if (!lay->nlines && !blank_line(p, le) &&
		    scan_first(p, end, lay))
			return -EINVAL;
		if (lay->rows)
			lay->nlines++;
		p = le < end ? le + 1 : end;
	}
	return lay->rows && lay->ncpus ? 0 : -EINVAL;
}

/* Bump allocator over the table's single block. */
struct pool {
	uint64_t *counts;
	size_t counts_left;
	char *str;
	size_t str_left;
};

static char *pool_str(struct pool *pl, const char *s, size_t n)
{
	char *d = pl->str;

	if (n >= pl->str_left)
		return NULL;
	memcpy(d, s, n);
	d[n] = '\0';
	pl->str += n + 1;
	pl->str_left -= n + 1;
	return d;
}

/* *ACC += N * EACH; false on overflow. */
static bool size_add(size_t *acc, size_t n, size_t each)
{
	if (each && n > (SIZE_MAX - *acc) / each)
		return false;
	*acc += n * each;
	return true;
}

/*
 * Sizes: a row has at most ncpus counts and each count takes two bytes of
 * input; the strings of a line (key, desc and its four split parts, each
 * NUL-terminated) take at most twice its length plus six.
 */
static int table_alloc(struct irq_table *t, const struct layout *lay,
		       size_t len, struct pool *pl)
{
	size_t nrows = lay->nlines, ncounts = len / 2 + 1, nstr = 1;
	size_t off_counts = 0, off_cpus, off_str, total;
	char *block;

	if (lay->ncpus <= ncounts / nrows)
		ncounts = lay->ncpus * nrows;
	if (!size_add(&nstr, len, 2) || !size_add(&nstr, nrows, 6) ||
	    !size_add(&off_counts, nrows, sizeof(struct irq_row)))
		return -ENOMEM;
	off_cpus = off_counts;
	if (!size_add(&off_cpus, ncounts, sizeof(uint64_t)))
		return -ENOMEM;
	off_str = off_cpus;
	if (!size_add(&off_str, lay->ncpus, sizeof(unsigned)))
		return -ENOMEM;
	total = off_str;
	if (!size_add(&total, nstr, 1))
		return -ENOMEM;
	block = malloc(total);
	if (!block)
		return -ENOMEM;
	t->rows = (struct irq_row *)(void *)block;
	pl->counts = (uint64_t *)(void *)(block + off_counts);
	pl->counts_left = ncounts;
	t->cpus = (unsigned *)(void *)(block + off_cpus);
	t->ncpus = lay->ncpus;
	pl->str = block + off_str;
	pl->str_left = nstr;
	return 0;
}

/* "CPU0 CPU1 CPU4 CPU5": ids of the online CPUs, strictly increasing. */
static int parse_header(const char *p, const char *end, struct irq_table *t)
{
	size_t i = 0;

	for (p = skip_blanks(p, end); p < end && i < t->ncpus; i++) {
		const char *te = token_end(p, end);
		uint64_t id;

		if (te - p < 4 || memcmp(p, "CPU", 3) != 0 ||
		    numparse_u64(p + 3, te, &id) || id > INT_MAX ||
		    (i && id <= t->cpus[i - 1]))
			return -EINVAL;
		t->cpus[i] = (unsigned)id;
		p = skip_blanks(te, end);
	}
	return i == t->ncpus ? 0 : -EINVAL;
}

/* Trigger at token [P, TE): "Edge"/"Level"/"edge"/"level", or x86's
 * "5-edge", "9-fasteoi" (hwirq joined to the flow handler's name). */
static bool is_trigger(const char *p, const char *te, const char **dash)
{
	static const char *const words[] = { "Edge", "Level", "edge", "level" };
	size_t n = (size_t)(te - p);
	const char *q = p;

	*dash = NULL;
	for (size_t i = 0; i < sizeof(words) / sizeof(words[0]); i++)
		if (n == strlen(words[i]) && memcmp(p, words[i], n) == 0)
			return true;
	while (q < te && is_digit(*q))
		q++;
	if (q == p || q + 1 >= te || *q != '-')
		return false;
	for (const char *w = q + 1; w < te; w++)
		if (*w < 'a' || *w > 'z')
			return false;
	*dash = q;
	return true;
}

struct span {
	const char *p, *end;
};

/* Split desc [P, END) into chip, hwirq, trigger, action; false when no
 * trigger is found. */
static bool split_desc(const char *p, const char *end, struct span part[4])
{
	struct span prev = { NULL, NULL };
	const char *d = p;

	for (p = skip_blanks(p, end); p < end; p = skip_blanks(p, end)) {
		const char *te = token_end(p, end), *dash;

		if (is_trigger(p, te, &dash)) {
			bool hw = !dash && prev.p &&
				  all_digits(prev.p, prev.end);
			const char *chip_end = hw ? prev.p : p;

			part[0] = (struct span){ d, trim_end(d, chip_end) };
			part[1] = (struct span){ p, dash ? dash : p };
			if (hw)
				part[1] = prev;
			part[2] = (struct span){ dash ? dash + 1 : p, te };
			part[3] = (struct span){ skip_blanks(te, end), end };
			return true;
		}
		prev = (struct span){ p, te };
		p = te;
	}
	return false;
}

static int row_strings(struct irq_row *r, struct pool *pl, const char *key,
		       const char *colon, const char *desc, const char *end)
{
	struct span part[4];
	char **dst[4] = { &r->chip, &r->hwirq, &r->trigger, &r->action };
	bool split = r->numeric && split_desc(desc, end, part);

	r->key = pool_str(pl, key, (size_t)(colon - key));
	r->desc = pool_str(pl, desc, (size_t)(end - desc));
	if (!r->key || !r->desc)
		return -EINVAL;
	for (size_t i = 0; i < 4; i++) {
		const char *s = split ? part[i].p : desc;
		size_t n = split ? (size_t)(part[i].end - part[i].p) : 0;

		*dst[i] = pool_str(pl, s, n);
		if (!*dst[i])
			return -EINVAL;
	}
	return 0;
}

static void row_key(struct irq_row *r, const char *key, const char *colon)
{
	uint64_t v;

	r->numeric = numparse_u64(key, colon, &v) == 0 && v <= UINT_MAX;
	r->irq = r->numeric ? (unsigned)v : 0;
}

static int parse_row(const char *p, const char *end, size_t ncpus,
		     struct pool *pl, struct irq_row *r)
{
	const char *key, *colon = find_key(p, end, &key);

	memset(r, 0, sizeof(*r));
	if (!colon)
		return -EINVAL;
	p = colon + 1;
	r->counts = pl->counts;
	if (ncpus > pl->counts_left)
		ncpus = pl->counts_left;	/* never binds: table_alloc */
	if (read_counts(&p, end, ncpus, r->counts, &r->ncounts) ||
	    r->ncounts == 0)
		return -EINVAL;
	pl->counts += r->ncounts;
	pl->counts_left -= r->ncounts;
	for (size_t i = 0; i < r->ncounts; i++)
		r->total = r->total + r->counts[i] < r->total ?
			UINT64_MAX : r->total + r->counts[i];
	row_key(r, key, colon);
	p = skip_blanks(p, end);
	return row_strings(r, pl, key, colon, p, trim_end(p, end));
}

/* The rows from P on; LINE is P's 1-based line in the file.  A row that
 * does not parse is left out and counted. */
static int parse_rows(const char *p, const char *end, struct irq_table *t,
		      struct pool *pl, unsigned line)
{
	for (; p < end; line++) {
		const char *le = line_end(p, end);

		if (blank_line(p, le)) {
			/* nothing */
		} else if (parse_row(p, le, t->ncpus, pl,
				     &t->rows[t->nrows]) == 0) {
			t->nrows++;
		} else if (t->nskipped++ == 0) {
			t->skip_line = line;
		}
		p = le < end ? le + 1 : end;
	}
	return t->nrows || !t->nskipped ? 0 : -EINVAL;
}

/* The 1-based line number of P in BUF. */
static unsigned line_of(const char *buf, const char *p)
{
	unsigned n = 1;

	for (; buf < p; buf++)
		n += *buf == '\n';
	return n;
}

int interrupts_parse(const char *buf, size_t len, struct irq_table *out)
{
	const char *end;
	struct layout lay;
	struct pool pl;
	int rc;

	memset(out, 0, sizeof(*out));
	if (!len)
		return -EINVAL;
	if (len > INT_MAX)
		return -ENOMEM;	/* the row count must fit the return */
	end = buf + len;
	rc = scan_layout(buf, len, &lay);
	if (rc)
		return rc;
	rc = table_alloc(out, &lay, len, &pl);
	if (rc)
		return rc;
	if (lay.header)
		rc = parse_header(lay.first, line_end(lay.first, end), out);
	else
		for (size_t i = 0; i < out->ncpus; i++)
			out->cpus[i] = (unsigned)i;
	if (!rc)
		rc = parse_rows(lay.rows, end, out, &pl,
				line_of(buf, lay.rows));
	if (rc) {
		interrupts_free(out);
		return rc;
	}
	return (int)out->nrows;
}

void interrupts_free(struct irq_table *t)
{
	free(t->rows);	/* one block: also cpus, counts, strings */
	memset(t, 0, sizeof(*t));
}

const struct irq_row *interrupts_find(const struct irq_table *t,
				      const char *key)
{
	for (size_t i = 0; i < t->nrows; i++)
		if (strcmp(t->rows[i].key, key) == 0)
			return &t->rows[i];
	return NULL;
}

/* Row of PREV with KEY, trying index *HINT first (rows rarely move). */
static const struct irq_row *match_row(const struct irq_table *prev,
				       const char *key, size_t *hint)
{
	if (*hint < prev->nrows && strcmp(prev->rows[*hint].key, key) == 0)
		return &prev->rows[(*hint)++];
	for (size_t i = 0; i < prev->nrows; i++)
		if (strcmp(prev->rows[i].key, key) == 0) {
			*hint = i + 1;
			return &prev->rows[i];
		}
	return NULL;
}

/* For each column of CUR, its column in PREV or SIZE_MAX (both sorted). */
static void map_columns(const struct irq_table *prev,
			const struct irq_table *cur, size_t *map)
{
	size_t j = 0;

	for (size_t i = 0; i < cur->ncpus; i++) {
		while (j < prev->ncpus && prev->cpus[j] < cur->cpus[i])
			j++;
		map[i] = j < prev->ncpus && prev->cpus[j] == cur->cpus[i] ?
			 j : SIZE_MAX;
	}
}

/* Per-CPU rates of one row; false when a counter went down.  A CPU that
 * was offline in PREV has no baseline and reads 0 this tick. */
static bool row_rates(const struct irq_row *p, const struct irq_row *c,
		      const size_t *map, double dt, struct irq_rate *r)
{
	uint64_t sum = 0;

	for (size_t i = 0; i < c->ncounts; i++) {
		uint64_t d = 0;

		if (map[i] < p->ncounts &&
		    !counter_delta(p->counts[map[i]], c->counts[i], &d))
			return false;
		sum = sum + d < sum ? UINT64_MAX : sum + d;
		r->per_cpu[i] = counter_rate(d, dt);
	}
	r->total_per_s = counter_rate(sum, dt);
	return true;
}

static struct irq_rate *rates_alloc(size_t nrows, size_t ncpus)
{
	size_t each;

	if (ncpus > (SIZE_MAX - sizeof(struct irq_rate)) / sizeof(double))
		return NULL;
	each = sizeof(struct irq_rate) + ncpus * sizeof(double);
	if (nrows > SIZE_MAX / each)
		return NULL;
	/* calloc: columns past a short row's counts (ERR) read 0 */
	return calloc(nrows, each);
}

int interrupts_rates(const struct irq_table *prev, const struct irq_table *cur,
		     double dt, struct irq_rate **out)
{
	struct irq_rate *r;
	double *per_cpu;
	size_t *map, hint = 0;
	bool ok_dt = dt > 0 && isfinite(dt);

	*out = NULL;
	if (!cur->nrows)
		return 0;
	r = rates_alloc(cur->nrows, cur->ncpus);
	map = malloc((cur->ncpus ? cur->ncpus : 1) * sizeof(*map));
	if (!r || !map) {
		free(r);
		free(map);
		return -ENOMEM;
	}
	per_cpu = (double *)(void *)(r + cur->nrows);
	if (prev)
		map_columns(prev, cur, map);
	for (size_t i = 0; i < cur->nrows; i++) {
		const struct irq_row *c = &cur->rows[i];
		const struct irq_row *p = prev ? match_row(prev, c->key, &hint)
					       : NULL;

		r[i] = (struct irq_rate){ .row = c };
		r[i].per_cpu = per_cpu + i * cur->ncpus;
		r[i].valid = ok_dt && p && row_rates(p, c, map, dt, &r[i]);
		if (!r[i].valid)
			r[i] = (struct irq_rate){ .row = c };
	}
	free(map);
	*out = r;
	return (int)cur->nrows;
}

void interrupts_rates_free(struct irq_rate *r, size_t n)
{
	(void)n;	/* one block holds the rates and their per_cpu arrays */
	free(r);
}
