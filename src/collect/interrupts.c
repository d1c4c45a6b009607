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
#include "collect/irqcounts.h"

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
	if (irqcounts_read(&p, le, SIZE_MAX, NULL, &lay->ncpus, NULL))
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

/* Where a row's strings are in the input, until they are copied. */
struct row_span {
	const char *key, *colon, *desc, *desc_end;
	const struct irq_row *from;	/* unchanged: PREV's row, or NULL */
};

/* Bump allocator over the table's blocks: counts in the block of rows,
 * strings in their own block, sized once the rows are read. */
struct pool {
	uint64_t *counts;
	size_t counts_left;
	struct row_span *spans;	/* one per row, freed after the copy */
	size_t str_need;	/* bytes the strings of the rows take */
	char *str;
	size_t str_left;
	const struct irq_table *prev;	/* the last reading, when its CPUs
					 * are these: rows to take over */
	size_t hint;		/* where in PREV to look for the next key */
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
 * input.  The strings get their block later (rows_strings), sized from
 * what the rows hold: not from the whole file, most of which is counts.
 */
static int table_alloc(struct irq_table *t, const struct layout *lay,
		       size_t len, struct pool *pl)
{
	size_t nrows = lay->nlines, ncounts = len / 2 + 1;
	size_t off_counts = 0, off_cpus, total;
	char *block;

	memset(pl, 0, sizeof(*pl));
	if (lay->ncpus <= ncounts / nrows)
		ncounts = lay->ncpus * nrows;
	if (!size_add(&off_counts, nrows, sizeof(struct irq_row)))
		return -ENOMEM;
	off_cpus = off_counts;
	if (!size_add(&off_cpus, ncounts, sizeof(uint64_t)))
		return -ENOMEM;
	total = off_cpus;
	if (!size_add(&total, lay->ncpus, sizeof(unsigned)))
		return -ENOMEM;
	block = malloc(total);
	pl->spans = calloc(nrows, sizeof(*pl->spans));
	if (!block || !pl->spans) {
		free(block);
		free(pl->spans);
		return -ENOMEM;
	}
	t->rows = (struct irq_row *)(void *)block;
	pl->counts = (uint64_t *)(void *)(block + off_counts);
	pl->counts_left = ncounts;
	t->cpus = (unsigned *)(void *)(block + off_cpus);
	t->ncpus = lay->ncpus;
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

/* The strings of an unchanged row, copied from its row in PREV. */
static int row_strings_from(struct irq_row *r, struct pool *pl,
			    const struct irq_row *f)
{
	const char *src[6] = { f->key, f->desc, f->chip, f->hwirq, f->trigger,
			       f->action };
	char **dst[6] = { &r->key, &r->desc, &r->chip, &r->hwirq,
			  &r->trigger, &r->action };

	for (size_t i = 0; i < 6; i++)
		if (!(*dst[i] = pool_str(pl, src[i], strlen(src[i]))))
			return -EINVAL;
	return 0;
}

static int row_strings(struct irq_row *r, struct pool *pl,
		       const struct row_span *sp)
{
	struct span part[4];
	char **dst[4] = { &r->chip, &r->hwirq, &r->trigger, &r->action };
	bool split;

	if (sp->from)
		return row_strings_from(r, pl, sp->from);
	split = r->numeric && split_desc(sp->desc, sp->desc_end, part);
	r->key = pool_str(pl, sp->key, (size_t)(sp->colon - sp->key));
	r->desc = pool_str(pl, sp->desc, (size_t)(sp->desc_end - sp->desc));
	if (!r->key || !r->desc)
		return -EINVAL;
	for (size_t i = 0; i < 4; i++) {
		const char *s = split ? part[i].p : sp->desc;
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

/* The row of PREV with key [KEY, COLON) whose line hashed to HASH, trying
 * the row after the last match first; NULL when none. */
static const struct irq_row *unchanged(struct pool *pl, const char *key,
				       const char *colon, uint64_t hash)
{
	const struct irq_table *t = pl->prev;
	size_t n = (size_t)(colon - key);

	for (size_t k = 0; t && k < t->nrows; k++) {
		size_t i = (pl->hint + k) % t->nrows;
		const struct irq_row *r = &t->rows[i];

		if (strncmp(r->key, key, n) == 0 && r->key[n] == '\0') {
			pl->hint = i + 1;
			return r->text_hash == hash &&
			       r->ncounts <= pl->counts_left ? r : NULL;
		}
	}
	return NULL;
}

/* Bytes the strings of a row take at most: key, desc and desc's four
 * parts, each with a NUL; false on overflow. */
static bool str_need(struct pool *pl, size_t key, size_t desc)
{
	return size_add(&pl->str_need, 1, key + 6) &&
	       size_add(&pl->str_need, 2, desc);
}

/* One row: its counts into the pool, its strings' place into SP (copied
 * by rows_strings once every row is read); an unchanged row from PREV. */
static int parse_row(const char *p, const char *end, size_t ncpus,
		     struct pool *pl, struct irq_row *r, struct row_span *sp)
{
	const char *key, *colon = find_key(p, end, &key);
	uint64_t hash = irqcounts_hash(p, end);
	const struct irq_row *f;

	memset(r, 0, sizeof(*r));
	if (!colon)
		return -EINVAL;
	r->counts = pl->counts;
	r->text_hash = hash;
	if ((f = unchanged(pl, key, colon, hash))) {
		memcpy(r->counts, f->counts, f->ncounts * sizeof(*f->counts));
		r->ncounts = f->ncounts;
		r->total = f->total;
		r->numeric = f->numeric;
		r->irq = f->irq;
		*sp = (struct row_span){ .from = f };
	} else {
		p = colon + 1;
		if (ncpus > pl->counts_left)
			ncpus = pl->counts_left; /* never binds: table_alloc */
		if (irqcounts_read(&p, end, ncpus, r->counts, &r->ncounts,
				   &r->total) || r->ncounts == 0)
			return -EINVAL;
		row_key(r, key, colon);
		p = skip_blanks(p, end);
		*sp = (struct row_span){ key, colon, p, trim_end(p, end), NULL };
	}
	pl->counts += r->ncounts;
	pl->counts_left -= r->ncounts;
	if (f)
		return str_need(pl, strlen(f->key), strlen(f->desc)) ?
		       0 : -ENOMEM;
	return str_need(pl, (size_t)(colon - key),
			(size_t)(sp->desc_end - sp->desc)) ? 0 : -ENOMEM;
}

/* The rows from P on; LINE is P's 1-based line in the file.  A row that
 * does not parse is left out and counted. */
static int parse_rows(const char *p, const char *end, struct irq_table *t,
		      struct pool *pl, unsigned line)
{
	for (; p < end; line++) {
		const char *le = line_end(p, end);
		int rc;

		if (blank_line(p, le)) {
			p = le < end ? le + 1 : end;
			continue;
		}
		rc = parse_row(p, le, t->ncpus, pl, &t->rows[t->nrows],
			       &pl->spans[t->nrows]);
		if (rc == -ENOMEM)
			return rc;
		if (rc == 0)
			t->nrows++;
		else if (t->nskipped++ == 0)
			t->skip_line = line;
		p = le < end ? le + 1 : end;
	}
	return t->nrows || !t->nskipped ? 0 : -EINVAL;
}

/* Copy the rows' strings into a block of their own (T->strings). */
static int rows_strings(struct irq_table *t, struct pool *pl)
{
	t->strings = malloc(pl->str_need + 1);
	if (!t->strings)
		return -ENOMEM;
	pl->str = t->strings;
	pl->str_left = pl->str_need + 1;
	for (size_t i = 0; i < t->nrows; i++)
		if (row_strings(&t->rows[i], pl, &pl->spans[i]))
			return -ENOMEM;	/* never: str_need bounds them */
	return 0;
}

/* The 1-based line number of P in BUF. */
static unsigned line_of(const char *buf, const char *p)
{
	unsigned n = 1;

	for (; buf < p; buf++)
		n += *buf == '\n';
	return n;
}

static bool same_columns(const struct irq_table *prev,
			 const struct irq_table *cur);

int interrupts_parse_since(const char *buf, size_t len,
			   const struct irq_table *prev, struct irq_table *out)
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
	if (!rc && prev && prev->nrows && same_columns(prev, out))
		pl.prev = prev;
	if (!rc)
		rc = parse_rows(lay.rows, end, out, &pl,
				line_of(buf, lay.rows));
	if (!rc)
		rc = rows_strings(out, &pl);
	free(pl.spans);
	if (rc) {
		interrupts_free(out);
		return rc;
	}
	return (int)out->nrows;
}

int interrupts_parse(const char *buf, size_t len, struct irq_table *out)
{
	return interrupts_parse_since(buf, len, NULL, out);
}

void interrupts_free(struct irq_table *t)
{
	free(t->rows);	/* one block: also cpus and counts */
	free(t->strings);
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

		if (map[i] >= p->ncounts)
			d = 0;		/* no baseline: back online */
		else if (c->counts[i] >= p->counts[map[i]])
			d = c->counts[i] - p->counts[map[i]];
		else if (!counter_delta(p->counts[map[i]], c->counts[i], &d))
			return false;
		sum = sum + d < sum ? UINT64_MAX : sum + d;
		r->per_cpu[i] = (double)d / dt;	/* counter_rate, dt > 0 */
	}
	r->total_per_s = counter_rate(sum, dt);
	return true;
}

/* Whether PREV and CUR have the same columns (no CPU came or went). */
static bool same_columns(const struct irq_table *prev,
			 const struct irq_table *cur)
{
	return prev->ncpus == cur->ncpus &&
	       memcmp(prev->cpus, cur->cpus,
		      cur->ncpus * sizeof(*cur->cpus)) == 0;
}

/* Whether row C counts what P counted, column for column: its rates are
 * all 0 and share one array of zeros. */
static bool row_still(const struct irq_row *p, const struct irq_row *c)
{
	return p->ncounts == c->ncounts && p->total == c->total &&
	       memcmp(p->counts, c->counts,
		      c->ncounts * sizeof(*c->counts)) == 0;
}

/* Per row of CUR: its row in PREV (NULL: new); how many rows changed. */
struct rate_plan {
	const struct irq_row **prev_of;
	bool *still;
	size_t nchanged;
};

static int rate_plan(const struct irq_table *prev, const struct irq_table *cur,
		     struct rate_plan *pl)
{
	size_t hint = 0;
	bool same = prev && same_columns(prev, cur);

	pl->nchanged = 0;
	pl->prev_of = calloc(cur->nrows, sizeof(*pl->prev_of));
	pl->still = calloc(cur->nrows, sizeof(*pl->still));
	if (!pl->prev_of || !pl->still)
		return -ENOMEM;
	for (size_t i = 0; prev && i < cur->nrows; i++) {
		const struct irq_row *c = &cur->rows[i];
		const struct irq_row *p = match_row(prev, c->key, &hint);

		pl->prev_of[i] = p;
		pl->still[i] = p && same && row_still(p, c);
		pl->nchanged += p && !pl->still[i];
	}
	return 0;
}

/* The rates and, after them, NCHANGED + 1 arrays of per-CPU rates (the
 * first all zeros, for every row that did not move): one block. */
static struct irq_rate *rates_alloc(size_t nrows, size_t nchanged,
				    size_t ncpus)
{
	size_t n = 0;

	if (!size_add(&n, nrows, sizeof(struct irq_rate)) ||
	    nchanged == SIZE_MAX || ncpus > SIZE_MAX / sizeof(double) ||
	    !size_add(&n, nchanged + 1, ncpus * sizeof(double)))
		return NULL;
	/* calloc: columns past a short row's counts (ERR) read 0 */
	return calloc(1, n ? n : 1);
}

/* Rates of row I of CUR from the plan into R, PER_CPU its array (the
 * zeros when it did not move); invalid for a new row or a reset. */
static void rate_row(const struct rate_plan *pl, const struct irq_row *c,
		     size_t i, const size_t *map, double dt, double *per_cpu,
		     struct irq_rate *r)
{
	*r = (struct irq_rate){ .row = c, .per_cpu = per_cpu };
	if (pl->still[i])
		r->valid = true;
	else
		r->valid = pl->prev_of[i] &&
			   row_rates(pl->prev_of[i], c, map, dt, r);
	if (!r->valid)
		*r = (struct irq_rate){ .row = c };
}

int interrupts_rates(const struct irq_table *prev, const struct irq_table *cur,
		     double dt, struct irq_rate **out)
{
	struct rate_plan pl;
	struct irq_rate *r = NULL;
	double *zeros, *next;
	size_t *map;
	bool ok_dt = dt > 0 && isfinite(dt);
	int rc;

	*out = NULL;
	if (!cur->nrows)
		return 0;
	map = malloc((cur->ncpus ? cur->ncpus : 1) * sizeof(*map));
	rc = map ? rate_plan(ok_dt ? prev : NULL, cur, &pl) : -ENOMEM;
	if (rc == 0 && !(r = rates_alloc(cur->nrows, pl.nchanged, cur->ncpus)))
		rc = -ENOMEM;
	if (rc == 0) {
		zeros = next = (double *)(void *)(r + cur->nrows);
		if (prev)
			map_columns(prev, cur, map);
		for (size_t i = 0; i < cur->nrows; i++) {
			bool moved = pl.prev_of[i] && !pl.still[i];

			if (moved)
				next += cur->ncpus;
			rate_row(&pl, &cur->rows[i], i, map, dt,
				 moved ? next : zeros, &r[i]);
		}
	}
	free(map);
	if (map) {
		free(pl.prev_of);
		free(pl.still);
	}
	if (rc)
		return rc;
	*out = r;
	return (int)cur->nrows;
}

void interrupts_rates_free(struct irq_rate *r, size_t n)
{
	(void)n;	/* one block holds the rates and their per_cpu arrays */
	free(r);
}
