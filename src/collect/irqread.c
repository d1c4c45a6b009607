/* SPDX-License-Identifier: GPL-2.0-or-later */
/* irqread: /proc/interrupts into rows of per-CPU counts keyed by IRQ
 * number or name ("105", "IPI0", "LOC"), one whole line at a time, so the
 * file is read in pieces (5.8 MB at 256 CPUs and 2000 IRQs); a line the
 * last reading had word for word takes that reading's row. */
#include "config.h"

#include "collect/irqread.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "base/numparse.h"
#include "base/stamp.h"
#include "collect/irqcounts.h"

/* Per row, until the arrays stop moving: where its counts and its six
 * strings (key, desc, chip, hwirq, trigger, action) are. */
#define NOFF 7

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

/* N more than *CAP items of EACH bytes: the new capacity, 0 on overflow. */
static size_t more(size_t cap, size_t need, size_t each)
{
	size_t n = cap ? cap : 64;

	while (n < need) {
		if (n > SIZE_MAX / 2 / each)
			return 0;
		n *= 2;
	}
	return n;
}

/* Room for one more row; 0 or -ENOMEM. */
static int room_row(struct irqread *r)
{
	size_t n = more(r->cap_rows, r->t.nrows + 1,
			NOFF * sizeof(size_t) + sizeof(struct irq_row));
	struct irq_row *rows;
	size_t *off;

	if (r->t.nrows < r->cap_rows)
		return 0;
	if (!n)
		return -ENOMEM;
	rows = realloc(r->t.rows, n * sizeof(*rows));
	if (rows)
		r->t.rows = rows;
	off = rows ? realloc(r->off, n * NOFF * sizeof(*off)) : NULL;
	if (!off)
		return -ENOMEM;
	r->off = off;
	r->cap_rows = n;
	return 0;
}

/* Room for N more counts; 0 or -ENOMEM. */
static int room_counts(struct irqread *r, size_t n)
{
	size_t cap;
	uint32_t *c;

	if (n <= r->cap_counts - r->ncounts)
		return 0;
	if (n > SIZE_MAX - r->ncounts ||
	    !(cap = more(r->cap_counts, r->ncounts + n, sizeof(*c))))
		return -ENOMEM;
	c = realloc(r->counts, cap * sizeof(*c));
	if (!c)
		return -ENOMEM;
	r->counts = c;
	r->cap_counts = cap;
	return 0;
}

/* Copy the N bytes at S and a NUL to the strings; its offset into *AT. */
static int str_add(struct irqread *r, const char *s, size_t n, size_t *at)
{
	size_t cap;
	char *p;

	if (n >= SIZE_MAX - r->nstr)
		return -ENOMEM;
	if (r->nstr + n + 1 > r->cap_str) {
		if (!(cap = more(r->cap_str ? r->cap_str : 4096,
				 r->nstr + n + 1, 1)))
			return -ENOMEM;
		if (!(p = realloc(r->str, cap)))
			return -ENOMEM;
		r->str = p;
		r->cap_str = cap;
	}
	memcpy(r->str + r->nstr, s, n);
	r->str[r->nstr + n] = '\0';
	*at = r->nstr;
	r->nstr += n + 1;
	return 0;
}

void irqread_begin(struct irqread *r, const struct irq_table *prev)
{
	memset(r, 0, sizeof(*r));
	r->prev = prev && prev->nrows ? prev : NULL;
	if (r->prev)	/* as many rows as last time: no growing at all */
		r->rc = room_row(r) ? -ENOMEM : 0;
}

void irqread_reuse(struct irqread *r, struct irq_table *old)
{
	if (old->rows_cap > r->cap_rows) {
		size_t *off = realloc(r->off,
				      old->rows_cap * NOFF * sizeof(*off));

		if (off) {
			free(r->t.rows);
			r->t.rows = old->rows;
			r->cap_rows = old->rows_cap;
			r->off = off;
			old->rows = NULL;
		}
	}
	if (!r->counts) {
		r->counts = old->count_block;
		r->cap_counts = old->count_cap;
		old->count_block = NULL;
	}
	if (!r->str) {
		r->str = old->strings;
		r->cap_str = old->str_cap;
		old->strings = NULL;
	}
	/* what is left of OLD (interrupts_free's work: irqread is what
	 * interrupts_parse uses, so it does not call back) */
	free(old->rows);
	free(old->cpus);
	free(old->count_block);
	free(old->strings);
	memset(old, 0, sizeof(*old));
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

/* The columns: N CPUs, from the header [P, END) or numbered 0..N-1. */
static int columns(struct irqread *r, size_t n, const char *p,
		   const char *end)
{
	const struct irq_table *pv = r->prev;

	r->t.cpus = malloc((n ? n : 1) * sizeof(*r->t.cpus));
	if (!r->t.cpus)
		return -ENOMEM;
	r->t.ncpus = n;
	if (p && parse_header(p, end, &r->t))
		return -EINVAL;
	for (size_t i = 0; !p && i < n; i++)
		r->t.cpus[i] = (unsigned)i;
	/* other CPUs than last time: every row is read again */
	if (pv && (pv->ncpus != n ||
		   memcmp(pv->cpus, r->t.cpus, n * sizeof(*pv->cpus))))
		r->prev = NULL;
	if (r->prev) {	/* room for last time's counts, and no more */
		size_t need = n;

		for (size_t i = 0; i < r->prev->nrows; i++)
			need += r->prev->rows[i].ncounts;
		if (need > r->cap_counts) {
			uint32_t *c = realloc(r->counts,
					      need * sizeof(*r->counts));

			if (!c)
				return -ENOMEM;
			r->counts = c;
			r->cap_counts = need;
		}
	}
	return 0;
}

/* The first line that is not blank: the header, or (a pasted excerpt)
 * the first row, whose leading counts number the CPUs.  True when it is
 * a row, to be read as one. */
static bool first_line(struct irqread *r, const char *p, const char *end)
{
	const char *key, *colon, *q = skip_blanks(p, end);
	size_t n = 0;

	if (end - q >= 3 && memcmp(q, "CPU", 3) == 0) {
		for (p = q; p < end; p = skip_blanks(token_end(p, end), end))
			n++;
		r->rc = columns(r, n, q, end);
		return false;
	}
	colon = find_key(q, end, &key);
	if (colon) {
		p = colon + 1;
		if (irqcounts_read(&p, end, SIZE_MAX, NULL, &n, NULL))
			n = 0;
	}
	r->rc = n ? columns(r, n, NULL, NULL) : -EINVAL;
	return r->rc == 0;
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

/* The kernels before 4.x (and many vendor ARM ones) printed no hwirq and
 * joined the chip to the flow handler's name in one token: "PCI-MSI-edge",
 * "IR-IO-APIC-fasteoi", then the action ("eth1-TxRx-4").  True when
 * [P, TE) is such a token: a chip that is not a number, a dash, a lower
 * case flow name; *DASH gets the dash. */
static bool is_chip_flow(const char *p, const char *te, const char **dash)
{
	const char *q = te;

	while (q > p && q[-1] >= 'a' && q[-1] <= 'z')
		q--;
	if (q == te || q - p < 2 || q[-1] != '-' || all_digits(p, q - 1))
		return false;
	*dash = q - 1;
	return true;
}

/* Split desc [P, END) into chip, hwirq, trigger, action (the old format's
 * chip-flow token when no trigger stands alone); false when neither is
 * found. */
static bool split_desc(const char *p, const char *end, struct span part[4])
{
	struct span prev = { NULL, NULL };
	const char *d = p, *first = skip_blanks(p, end), *te, *dash;

	for (p = first; p < end; p = skip_blanks(p, end)) {
		te = token_end(p, end);
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
	te = token_end(first, end);
	if (first < end && is_chip_flow(first, te, &dash)) {	/* old format */
		part[0] = (struct span){ first, dash };
		part[1] = (struct span){ dash, dash };
		part[2] = (struct span){ dash + 1, te };
		part[3] = (struct span){ skip_blanks(te, end), end };
		return true;
	}
	return false;
}

/* A new row's six strings from the line: the key [KEY, COLON), the
 * description [D, END) and, for numbered rows, its four parts. */
static int row_strings(struct irqread *r, const struct irq_row *x,
		       size_t *off, const struct span *key,
		       const char *d, const char *end)
{
	struct span s[6] = { *key, { d, end }, { d, d }, { d, d }, { d, d },
			     { d, d } };
	int rc = 0;

	if (x->numeric)
		split_desc(d, end, s + 2);
	for (size_t i = 0; i < 6 && !rc; i++)
		rc = str_add(r, s[i].p, (size_t)(s[i].end - s[i].p), &off[i]);
	return rc;
}

/* The row of PREV with key [KEY, COLON), trying the row after the last
 * match first; NULL when none. */
static const struct irq_row *prev_row(struct irqread *r, const char *key,
				      const char *colon)
{
	const struct irq_table *t = r->prev;
	size_t n = (size_t)(colon - key);

	for (size_t k = 0; t && k < t->nrows; k++) {
		size_t i = (r->hint + k) % t->nrows;
		const struct irq_row *o = &t->rows[i];

		/* the line may hold a NUL (checked only when it is read) */
		if (strnlen(o->key, n + 1) == n &&
		    memcmp(o->key, key, n) == 0) {
			r->hint = i + 1;
			return o;
		}
	}
	return NULL;
}

/* Whether the string S is the text [P, END) (which holds no NUL). */
static bool same_text(const char *s, const char *p, const char *end)
{
	size_t n = (size_t)(end - p);

	return strnlen(s, n + 1) == n && memcmp(s, p, n) == 0;
}

/* Whether the six strings S follow one another, each after the last's
 * NUL, as str_add lays a row's out (then one copy takes them all). */
static bool one_span(const char *const s[6])
{
	for (size_t i = 1; i < 6; i++)
		if (s[i] <= s[i - 1] || s[i][-1] != '\0' ||
		    (size_t)(s[i] - s[i - 1]) > INT_MAX)
			return false;
	return true;
}

/* The six strings S (one_span) to the strings in one copy; their offsets
 * into OFF. */
static int span_add(struct irqread *r, const char *const s[6], size_t *off)
{
	size_t n = (size_t)(s[5] - s[0]) + strlen(s[5]);

	if (str_add(r, s[0], n, &off[0]))
		return -ENOMEM;
	for (size_t i = 1; i < 6; i++)
		off[i] = off[0] + (size_t)(s[i] - s[0]);
	return 0;
}

/* Row X's key and description, and what is made of them, as PREV's row
 * F has them (the same key and the same text after the counts). */
static int take_strings(struct irqread *r, struct irq_row *x, size_t *off,
			const struct irq_row *f)
{
	const char *s[6] = { f->key, f->desc, f->chip, f->hwirq, f->trigger,
			     f->action };
	int rc = 0;

	x->numeric = f->numeric;
	x->irq = f->irq;
	if (one_span(s))	/* as irqread laid them out: one copy */
		return span_add(r, s, off);
	for (size_t i = 0; i < 6 && !rc; i++)
		rc = str_add(r, s[i], strlen(s[i]), &off[i]);
	return rc;
}

/* take_strings, counting the row in R->same_names when F is PREV's row of
 * X's place. */
static int same_strings(struct irqread *r, struct irq_row *x, size_t *off,
			const struct irq_row *f)
{
	if ((size_t)(f - r->prev->rows) == r->t.nrows)
		r->same_names++;
	return take_strings(r, x, off, f);
}

/* Row X as PREV's row F had it (its line did not change). */
static int take_over(struct irqread *r, struct irq_row *x, size_t *off,
		     const struct irq_row *f)
{
	memcpy(r->counts + r->ncounts, f->counts,
	       f->ncounts * sizeof(*f->counts));
	x->ncounts = f->ncounts;
	x->total = f->total;
	x->top = f->top;
	x->up = true;	/* no rise: up_sum 0 */
	x->up_base = f->counts;
	x->up_base_total = f->total;
	return same_strings(r, x, off, f);
}

/* One row line [P, END): 0, -EINVAL (left out, counted), -EILSEQ (a NUL:
 * not a text file) or -ENOMEM. */
static int row(struct irqread *r, const char *p, const char *end)
{
	const char *key, *colon = find_key(p, end, &key), *line;
	const char *desc, *desc_end;
	struct irq_row *x;
	const struct irq_row *f;
	struct irqcounts c;
	size_t *off;
	uint64_t v;
	bool same;

	if (!colon)
		return memchr(p, '\0', (size_t)(end - p)) ? -EILSEQ : -EINVAL;
	if (room_row(r) || room_counts(r, r->t.ncpus))
		return -ENOMEM;
	x = &r->t.rows[r->t.nrows];
	off = &r->off[r->t.nrows * NOFF];
	memset(x, 0, sizeof(*x));
	off[0] = r->ncounts;
	f = prev_row(r, key, colon);
	/* a line that moved the last time is read whole: on a busy machine
	 * it moves again, and its digest (3 M instructions a tick at 256
	 * CPUs and 2000 IRQs) would be for nothing; one that did not is
	 * digested, and taken over when the last reading had it (that one
	 * had no NUL) */
	x->hashed = !f || !f->moved;
	if (x->hashed)
		x->text_hash = irqcounts_hash(p, end);
	if (f && f->hashed && x->hashed && f->text_hash == x->text_hash)
		return take_over(r, x, off + 1, f);
	line = p;
	p = colon + 1;
	/* the rises from the last reading's row in the same pass (the lazy
	 * rates' work), when it has a count for every CPU; the top column
	 * is then left to interrupts_row_top */
	c = (struct irqcounts){ .dst = r->counts + r->ncounts };
	if (f && f->ncounts == r->t.ncpus) {
		c.base = f->counts;
		c.nbase = f->ncounts;
	}
	if (irqcounts_row(&p, end, r->t.ncpus, &c) || c.n == 0)
		return memchr(line, '\0', (size_t)(end - line)) ? -EILSEQ :
		       -EINVAL;
	/* the counts read are blanks and digits: a NUL (not a text file)
	 * is before them or after; not when the key and the text after
	 * them are the last reading's (found and compared: no NUL), a busy
	 * machine's every line */
	desc = skip_blanks(p, end);
	desc_end = trim_end(desc, end);
	same = f && same_text(f->desc, desc, desc_end);
	if (!same && (memchr(line, '\0', (size_t)(colon - line)) ||
		      memchr(p, '\0', (size_t)(end - p))))
		return -EILSEQ;
	x->ncounts = c.n;
	x->total = c.total;
	x->top = c.top;
	if (c.base && c.up && c.n == c.nbase) {
		x->up = true;
		x->up_sum = c.up_sum;
		x->up_base = f->counts;
		x->up_base_total = f->total;
	}
	/* none went down and none rose: the last reading's counts */
	x->moved = f && (x->up ? x->up_sum != 0 :
			 f->ncounts != c.n || f->total != c.total ||
			 memcmp(f->counts, c.dst, c.n * sizeof(*c.dst)));
	p = desc;
	end = desc_end;
	/* only the counts moved (a busy machine's every line): the key and
	 * the description are the last reading's, and so is their split */
	if (same)
		return same_strings(r, x, off + 1, f);
	x->numeric = numparse_u64(key, colon, &v) == 0 && v <= UINT_MAX;
	x->irq = x->numeric ? (unsigned)v : 0;
	return row_strings(r, x, off + 1, &(struct span){ key, colon }, p,
			   end);
}

/* Line [P, END) of the file. */
static void line(struct irqread *r, const char *p, const char *end)
{
	int rc;

	r->line++;
	if (r->rc)
		return;
	/* a NUL anywhere: not a text file (a row line is checked in row(),
	 * only when it is read: one that did not change had none) */
	if (!r->started && memchr(p, '\0', (size_t)(end - p))) {
		r->rc = -EINVAL;
		return;
	}
	if (skip_blanks(p, end) == end)
		return;
	if (!r->started) {
		r->started = true;
		if (!first_line(r, p, end))
			return;
	}
	rc = row(r, p, end);
	if (rc == 0) {
		r->ncounts += r->t.rows[r->t.nrows].ncounts;
		r->t.nrows++;
	} else if (rc == -EILSEQ) {
		r->rc = -EINVAL;	/* not a text file */
	} else if (rc == -ENOMEM) {
		r->rc = rc;
	} else if (r->t.nskipped++ == 0) {
		r->t.skip_line = r->line;
	}
}

size_t irqread_feed(struct irqread *r, const char *buf, size_t len,
		    bool last)
{
	const char *p = buf, *end = buf + len;

	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));

		if (!nl && !last)
			break;
		line(r, p, nl ? nl : end);
		p = nl ? nl + 1 : end;
	}
	if ((size_t)(p - buf) > (size_t)INT_MAX - r->len)
		r->rc = r->rc ? r->rc : -ENOMEM; /* the count must fit an int */
	else
		r->len += (size_t)(p - buf);
	return (size_t)(p - buf);
}

static void spent(struct irqread *r)
{
	free(r->t.rows);
	free(r->t.cpus);
	free(r->counts);
	free(r->str);
	free(r->off);
	memset(r, 0, sizeof(*r));
}

/* The rows' pointers into the counts and strings, which stopped moving. */
static void point_rows(struct irqread *r)
{
	for (size_t i = 0; i < r->t.nrows; i++) {
		struct irq_row *x = &r->t.rows[i];
		const size_t *o = &r->off[i * NOFF];

		x->counts = r->counts + o[0];
		x->key = r->str + o[1];
		x->desc = r->str + o[2];
		x->chip = r->str + o[3];
		x->hwirq = r->str + o[4];
		x->trigger = r->str + o[5];
		x->action = r->str + o[6];
	}
}

/* Here, not in interrupts.c: the reader makes it (interrupts.c calls
 * the reader, and tests/cycles.sh keeps the symbol graph acyclic). */
uint64_t interrupts_names_stamp(const struct irq_table *t)
{
	uint64_t h = STAMP_START;

	for (size_t i = 0; i < t->nrows; i++) {
		const struct irq_row *r = &t->rows[i];

		h = stamp_bytes(h, r->key, strlen(r->key) + 1);
		h = stamp_bytes(h, r->desc, strlen(r->desc) + 1);
	}
	return h;
}

int irqread_end(struct irqread *r, struct irq_table *out)
{
	int rc = r->rc ? r->rc : !r->started ? -EINVAL : 0;
	struct irq_row *rows;
	uint32_t *c;
	char *s;

	memset(out, 0, sizeof(*out));
	if (!rc && !r->t.nrows && r->t.nskipped)
		rc = -EINVAL;
	if (!rc && !r->t.rows && room_row(r))
		rc = -ENOMEM;	/* a header alone: an empty table */
	if (rc) {
		spent(r);
		return rc;
	}
	/* the arrays stop moving: give back what they did not use */
	if (r->cap_counts != r->ncounts &&
	    (c = realloc(r->counts, (r->ncounts ? r->ncounts : 1) *
			 sizeof(*c)))) {
		r->counts = c;
		r->cap_counts = r->ncounts ? r->ncounts : 1;
	}
	if (r->str && r->cap_str != r->nstr &&
	    (s = realloc(r->str, r->nstr))) {
		r->str = s;
		r->cap_str = r->nstr;
	}
	if (r->t.nrows && r->cap_rows != r->t.nrows &&
	    (rows = realloc(r->t.rows, r->t.nrows * sizeof(*rows)))) {
		r->t.rows = rows;	/* 2135 rows had room for 4096 */
		r->cap_rows = r->t.nrows;
	}
	point_rows(r);
	/* the rows' names as the last reading's, at the same places: its
	 * stamp (live reloads the hardware model when it changes) */
	r->t.names = r->prev && r->same_names == r->t.nrows &&
		     r->t.nrows == r->prev->nrows ? r->prev->names :
		     interrupts_names_stamp(&r->t);
	*out = r->t;
	out->count_block = r->counts;
	out->strings = r->str;
	out->rows_cap = r->cap_rows;
	out->count_cap = r->cap_counts;
	out->str_cap = r->cap_str;
	free(r->off);
	memset(r, 0, sizeof(*r));
	return (int)out->nrows;
}
