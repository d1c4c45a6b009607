/* SPDX-License-Identifier: GPL-2.0-or-later */
/* frame: a frame as each row's drawing calls; at the end only the rows
 * whose calls differ from the last frame's are handed to curses, so a
 * frame like the last costs no curses work and sends no byte. */
#include "config.h"

#include "frame.h"

#include <curses.h>
#include <stdlib.h>
#include <string.h>

enum op_kind {
	OP_TEXT = 'T',		/* UTF-8, already cleaned by draw.c */
	OP_FILL = 'F',		/* blanks */
	OP_WIDE = 'W',		/* wide characters (sparklines, bars) */
	OP_ASCII = 'A',		/* single-byte characters */
	OP_RESTYLE = 'C'	/* change the cells' attributes */
};

struct op {
	unsigned long attr;
	int x, n;
	short pair;
	char kind;
};

/* A call's header, field by field (no padding in the compared bytes). */
#define OFF_X 1
#define OFF_N (OFF_X + sizeof(int))
#define OFF_ATTR (OFF_N + sizeof(int))
#define OFF_PAIR (OFF_ATTR + sizeof(unsigned long))
#define OP_HDR (OFF_PAIR + sizeof(short))

#define RUN_MAX 128

/* Row y's key in one frame: what its first UPTO bytes of calls were
 * drawn from (VALID), or a key waiting for frame_row_keep (PENDING). */
struct frame_rowkey {
	struct buf key;
	size_t upto;
	unsigned long attr_in, attr_out;	/* draw_style's, before, after */
	bool valid, pending;
};

/* The frame the draw_ calls go into: the one drawing target, as curses'
 * own stdscr is; set between frame_begin and frame_end only. */
static struct frame *active;

struct frame *frame_active(void)
{
	return active;
}

static void op_put(char *p, const struct op *o)
{
	p[0] = o->kind;
	memcpy(p + OFF_X, &o->x, sizeof(int));
	memcpy(p + OFF_N, &o->n, sizeof(int));
	memcpy(p + OFF_ATTR, &o->attr, sizeof(unsigned long));
	memcpy(p + OFF_PAIR, &o->pair, sizeof(short));
}

static void op_get(const char *p, struct op *o)
{
	o->kind = p[0];
	memcpy(&o->x, p + OFF_X, sizeof(int));
	memcpy(&o->n, p + OFF_N, sizeof(int));
	memcpy(&o->attr, p + OFF_ATTR, sizeof(unsigned long));
	memcpy(&o->pair, p + OFF_PAIR, sizeof(short));
}

static struct buf *row_of(struct frame *f, int half, int y)
{
	return &f->row[half * f->rows + y];
}

/* Room for NEED bytes in B: rows hold a few hundred bytes, so they start
 * small (buf_reserve's 4 KiB each would be 400 KiB at 200x50). */
static int row_reserve(struct buf *b, size_t need)
{
	size_t cap = b->cap ? b->cap : 256;
	char *p;

	if (need <= b->cap)
		return 0;
	while (cap < need) {
		if (cap > ((size_t)-1) / 2)
			return -1;
		cap *= 2;
	}
	p = realloc(b->data, cap);
	if (!p)
		return -1;
	b->data = p;
	b->cap = cap;
	return 0;
}

/* Room for a call of PAYLOAD bytes on row Y at X, its header written;
 * NULL off the frame or without memory (then all is drawn again). */
static char *op_room(struct frame *f, int y, const struct op *o,
		     size_t payload)
{
	struct buf *b;

	if (y < 0 || y >= f->rows || o->x < 0 || o->x >= f->cols)
		return NULL;
	b = row_of(f, f->cur, y);
	if (row_reserve(b, b->len + OP_HDR + payload)) {
		f->redraw = true;
		return NULL;
	}
	op_put(b->data + b->len, o);
	return b->data + b->len + OP_HDR;
}

static void op_add(struct frame *f, int y, const struct op *o,
		   const void *payload, size_t size)
{
	char *p = op_room(f, y, o, size);

	if (!p)
		return;
	if (size)
		memcpy(p, payload, size);
	row_of(f, f->cur, y)->len += OP_HDR + size;
}

char *frame_text_room(struct frame *f, int y, int x, size_t max)
{
	struct op o = { f->attr, x, 0, 0, OP_TEXT };

	return op_room(f, y, &o, max);
}

void frame_text_done(struct frame *f, int y, size_t n)
{
	struct buf *b = row_of(f, f->cur, y);
	int k = (int)n;

	if (!n)
		return;
	memcpy(b->data + b->len + OFF_N, &k, sizeof(int));
	b->len += OP_HDR + n;
}

void frame_fill(struct frame *f, int y, int x, int w)
{
	struct op o = { f->attr, x, w, 0, OP_FILL };

	if (w > 0)
		op_add(f, y, &o, NULL, 0);
}

void frame_wide(struct frame *f, int y, int x, const wchar_t *s, size_t n)
{
	struct op o = { f->attr, x, (int)n, 0, OP_WIDE };

	if (n)
		op_add(f, y, &o, s, n * sizeof(wchar_t));
}

void frame_ascii(struct frame *f, int y, int x, const char *s, size_t n)
{
	struct op o = { f->attr, x, (int)n, 0, OP_ASCII };

	if (n)
		op_add(f, y, &o, s, n);
}

void frame_restyle(struct frame *f, int y, int x, int w,
		   unsigned long attr, short pair)
{
	struct op o = { attr, x, w, pair, OP_RESTYLE };

	op_add(f, y, &o, NULL, 0);
}

static void free_rows(struct frame *f)
{
	int i;

	for (i = 0; f->row && i < 2 * f->rows; i++)
		buf_free(&f->row[i]);
	for (i = 0; f->key && i < 2 * f->rows; i++)
		buf_free(&f->key[i].key);
	free(f->row);
	free(f->key);
	f->row = NULL;
	f->key = NULL;
	f->rows = f->cols = 0;
}

void frame_begin(struct frame *f)
{
	int y;

	if (!f->row || f->rows != LINES || f->cols != COLS) {
		free_rows(f);
		f->row = calloc(2 * (size_t)(LINES > 0 ? LINES : 1),
				sizeof(*f->row));
		f->key = calloc(2 * (size_t)(LINES > 0 ? LINES : 1),
				sizeof(*f->key));
		if (!f->row || !f->key) {
			free_rows(f);
			return;	/* nothing drawn: curses keeps the last */
		}
		f->rows = LINES;
		f->cols = COLS;
		f->redraw = true;
	}
	f->cur = !f->cur;
	for (y = 0; y < f->rows; y++) {
		row_of(f, f->cur, y)->len = 0;
		f->key[f->cur * f->rows + y].valid = false;
		f->key[f->cur * f->rows + y].pending = false;
	}
	f->attr = A_NORMAL;
	active = f;
}

/* UTF-8 S (N bytes, cleaned) at (Y, X), one curses call per run. */
static void put_text(int y, int x, const char *s, size_t n)
{
	wchar_t run[RUN_MAX];
	mbstate_t st;
	int k = 0;

	memset(&st, 0, sizeof(st));
	move(y, x);
	while (n) {
		size_t m = 1;
		wchar_t wc = (unsigned char)*s;

		if (wc >= 0x80) {
			m = mbrtowc(&wc, s, n, &st);
			if (m == (size_t)-1 || m == (size_t)-2 || m == 0) {
				wc = L'?', m = 1;
				memset(&st, 0, sizeof(st));
			}
		}
		run[k++] = wc;
		if (k == RUN_MAX) {
			addnwstr(run, k);
			k = 0;
		}
		s += m;
		n -= m;
	}
	if (k)
		addnwstr(run, k);
}

static void put_wide(int y, int x, const char *p, int n)
{
	wchar_t run[RUN_MAX];

	move(y, x);
	while (n > 0) {
		int k = n < RUN_MAX ? n : RUN_MAX;

		memcpy(run, p, (size_t)k * sizeof(wchar_t));
		addnwstr(run, k);
		p += (size_t)k * sizeof(wchar_t);
		n -= k;
	}
}

/* Row Y cleared and drawn again from its calls B. */
static void replay_row(const struct buf *b, int y)
{
	size_t i = 0;
	int k;

	move(y, 0);
	clrtoeol();
	while (i + OP_HDR <= b->len) {
		const char *p = b->data + i + OP_HDR;
		struct op o;

		op_get(b->data + i, &o);
		attrset((attr_t)o.attr);
		i += OP_HDR;
		switch (o.kind) {
		case OP_TEXT:
			put_text(y, o.x, p, (size_t)o.n);
			i += (size_t)o.n;
			break;
		case OP_FILL:
			mvhline(y, o.x, ' ', o.n);
			break;
		case OP_WIDE:
			put_wide(y, o.x, p, o.n);
			i += (size_t)o.n * sizeof(wchar_t);
			break;
		case OP_ASCII:
			move(y, o.x);
			for (k = 0; k < o.n; k++)
				addch((chtype)(unsigned char)p[k]);
			i += (size_t)o.n;
			break;
		case OP_RESTYLE:
			mvchgat(y, o.x, o.n, (attr_t)o.attr, o.pair, NULL);
			break;
		}
	}
}

#define PATCH_MAX 32	/* calls on a row patched in place */

static size_t op_payload(const struct op *o)
{
	if (o->kind == OP_TEXT || o->kind == OP_ASCII)
		return (size_t)o->n;
	if (o->kind == OP_WIDE)
		return (size_t)o->n * sizeof(wchar_t);
	return 0;
}

static bool is_ascii(const char *p, int n)
{
	int i;

	for (i = 0; i < n; i++)
		if ((unsigned char)p[i] >= 0x80)
			return false;
	return true;
}

/* The columns a call covers; -1 when not known (UTF-8 text). */
static int op_cols(const struct op *o, const char *payload)
{
	if (o->kind == OP_TEXT && !is_ascii(payload, o->n))
		return -1;
	return o->n;
}

/* The first and last character (one column each) where the payloads C
 * and P of call O differ; false when they cannot be told apart by column
 * (UTF-8 text). */
static bool diff_span(const struct op *o, const char *c, const char *p,
		      int *first, int *last)
{
	size_t unit = o->kind == OP_WIDE ? sizeof(wchar_t) : 1;
	int i;

	if (o->kind == OP_TEXT && (!is_ascii(c, o->n) || !is_ascii(p, o->n)))
		return false;
	*first = *last = -1;
	for (i = 0; i < o->n; i++)
		if (memcmp(c + (size_t)i * unit, p + (size_t)i * unit, unit)) {
			if (*first < 0)
				*first = i;
			*last = i;
		}
	return true;
}

/* Whether a call after the K-th of the N at AT covers its span. */
static bool covered(const struct buf *c, const size_t *at, int k, int n,
		    int first, int last)
{
	struct op o, l;
	int j, w;

	op_get(c->data + at[k], &o);
	for (j = k + 1; j < n; j++) {
		op_get(c->data + at[j], &l);
		w = op_cols(&l, c->data + at[j] + OP_HDR);
		if (l.x <= o.x + last && (w < 0 || l.x + w > o.x + first))
			return true;
	}
	return false;
}

static void put_span(const struct op *o, const char *payload, int y,
		     int first, int last)
{
	int k, n = last - first + 1;

	attrset((attr_t)o->attr);
	if (o->kind == OP_TEXT) {
		put_text(y, o->x + first, payload + first, (size_t)n);
	} else if (o->kind == OP_WIDE) {
		put_wide(y, o->x + first, payload + (size_t)first *
			 sizeof(wchar_t), n);
	} else {
		move(y, o->x + first);
		for (k = first; k <= last; k++)
			addch((chtype)(unsigned char)payload[k]);
	}
}

/* Row Y, drawn from the calls P, made that of the calls C by writing only
 * the characters that differ, when C is P but for some characters of
 * their text (a figure that moved) and no later call covers them; else
 * false and nothing done.  A row of 80 cells then costs curses the few
 * that changed, not a clear and 80. */
static bool patch_row(const struct buf *c, const struct buf *p, int y)
{
	size_t at[PATCH_MAX], i = 0;
	int first[PATCH_MAX], last[PATCH_MAX], n = 0, k;
	struct op o;

	if (c->len != p->len)
		return false;
	while (i < c->len) {
		const char *cp = c->data + i + OP_HDR;
		const char *pp = p->data + i + OP_HDR;
		size_t sz;

		if (n == PATCH_MAX || memcmp(c->data + i, p->data + i, OP_HDR))
			return false;
		op_get(c->data + i, &o);
		sz = op_payload(&o);
		at[n] = i;
		first[n] = last[n] = -1;
		if (sz && memcmp(cp, pp, sz) &&
		    !diff_span(&o, cp, pp, &first[n], &last[n]))
			return false;
		n++;
		i += OP_HDR + sz;
	}
	for (k = 0; k < n; k++)
		if (first[k] >= 0 && covered(c, at, k, n, first[k], last[k]))
			return false;
	for (k = 0; k < n; k++) {
		if (first[k] < 0)
			continue;
		op_get(c->data + at[k], &o);
		put_span(&o, c->data + at[k] + OP_HDR, y, first[k], last[k]);
	}
	return true;
}

static bool row_same(const struct buf *c, const struct buf *p)
{
	return c->len == p->len && (!c->len ||
				    memcmp(c->data, p->data, c->len) == 0);
}

void frame_end(struct frame *f)
{
	int y;

	if (active != f)
		return;
	active = NULL;
	for (y = 0; y < f->rows; y++) {
		const struct buf *c = row_of(f, f->cur, y);
		const struct buf *p = row_of(f, !f->cur, y);

		if (f->redraw)
			replay_row(c, y);
		else if (!row_same(c, p) && !patch_row(c, p, y))
			replay_row(c, y);
	}
	attrset(A_NORMAL);
	f->redraw = false;
}

void frame_redraw(struct frame *f)
{
	f->redraw = true;
}

void frame_free(struct frame *f)
{
	free_rows(f);
	if (active == f)
		active = NULL;
}

void frame_key_init(struct frame_key *k)
{
	k->n = 0;
	k->over = false;
}

void frame_key_add(struct frame_key *k, const void *p, size_t n)
{
	if (k->over || n > sizeof(k->b) - k->n) {
		k->over = true;
		return;
	}
	memcpy(k->b + k->n, p, n);
	k->n += n;
}

void frame_key_str(struct frame_key *k, const char *s)
{
	size_t n = strlen(s);

	frame_key_add(k, &n, sizeof(n));
	frame_key_add(k, s, n);
}

/* Row Y's calls of the last frame (UPTO bytes, drawn from K) taken into
 * this one; false when the keys differ or there is no room. */
static bool take_last(struct frame *f, int y, const struct frame_key *k)
{
	struct frame_rowkey *pk = &f->key[!f->cur * f->rows + y];
	struct buf *c = row_of(f, f->cur, y);
	const struct buf *p = row_of(f, !f->cur, y);

	if (!pk->valid || pk->attr_in != f->attr || pk->key.len != k->n ||
	    memcmp(pk->key.data, k->b, k->n) || pk->upto > p->len ||
	    row_reserve(c, pk->upto))
		return false;
	if (pk->upto)
		memcpy(c->data, p->data, pk->upto);
	c->len = pk->upto;
	return true;
}

bool frame_row_kept(struct frame *f, int y, const struct frame_key *k)
{
	struct frame_rowkey *ck;

	if (!f || !f->row || y < 0 || y >= f->rows)
		return false;
	ck = &f->key[f->cur * f->rows + y];
	ck->valid = ck->pending = false;
	if (k->over || row_of(f, f->cur, y)->len ||
	    row_reserve(&ck->key, k->n ? k->n : 1))
		return false;
	memcpy(ck->key.data, k->b, k->n);
	ck->key.len = k->n;
	ck->attr_in = f->attr;
	if (take_last(f, y, k)) {
		ck->upto = row_of(f, f->cur, y)->len;
		ck->attr_out = f->attr = f->key[!f->cur * f->rows + y].attr_out;
		ck->valid = true;
		return true;
	}
	ck->pending = true;
	return false;
}

void frame_row_keep(struct frame *f, int y)
{
	struct frame_rowkey *ck;

	if (!f || !f->row || y < 0 || y >= f->rows)
		return;
	ck = &f->key[f->cur * f->rows + y];
	if (!ck->pending)
		return;
	ck->pending = false;
	ck->upto = row_of(f, f->cur, y)->len;
	ck->attr_out = f->attr;
	ck->valid = true;
}
