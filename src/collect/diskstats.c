/* SPDX-License-Identifier: GPL-2.0-or-later */
/* diskstats: parse /proc/diskstats (4, 11, 15, 17 or more stat fields a
 * line) and turn two samples into per-device throughput, IOPS, %util and
 * await. */
#include "config.h"

#include "collect/diskstats.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "base/counter.h"
#include "base/numparse.h"
#include "base/vec.h"

#define SECTOR_BYTES 512.0	/* diskstats sectors are 512 B on any device */
#define NSTATS 17		/* stat fields read: all 5.5+ kernels print */
#define MAX_STATS 64		/* more is not diskstats but garbage */
#define MAX_TOKENS (3 + MAX_STATS)	/* major, minor, name, stat fields */

struct tok {
	const char *s;
	size_t n;
};

/* Split [P, END) at blanks into at most MAX tokens; the total count. */
static size_t split_tokens(const char *p, const char *end, struct tok *t,
			   size_t max)
{
	size_t n = 0;

	while (p < end) {
		const char *s;

		while (p < end && (*p == ' ' || *p == '\t'))
			p++;
		if (p == end)
			break;
		s = p;
		while (p < end && *p != ' ' && *p != '\t')
			p++;
		if (n < max)
			t[n] = (struct tok){ s, (size_t)(p - s) };
		n++;
	}
	return n;
}

static int parse_u64(const struct tok *t, uint64_t *v)
{
	return numparse_u64(t->s, t->s + t->n, v);
}

static int parse_uint(const struct tok *t, unsigned *v)
{
	uint64_t x;

	if (parse_u64(t, &x) < 0 || x > UINT_MAX)
		return -EINVAL;
	*v = (unsigned)x;
	return 0;
}

/* Store 17 stat values in the order of the 11/15/17-field format. */
static void row_store(struct disk_row *r, const uint64_t v[NSTATS])
{
	r->rd_ios = v[0];
	r->rd_merges = v[1];
	r->rd_sectors = v[2];
	r->rd_ticks = v[3];
	r->wr_ios = v[4];
	r->wr_merges = v[5];
	r->wr_sectors = v[6];
	r->wr_ticks = v[7];
	r->in_flight = v[8];
	r->io_ticks = v[9];
	r->time_in_queue = v[10];
	r->dc_ios = v[11];
	r->dc_merges = v[12];
	r->dc_sectors = v[13];
	r->dc_ticks = v[14];
	r->fl_ios = v[15];
	r->fl_ticks = v[16];
}

static int parse_name(const struct tok *t, struct disk_row *r)
{
	if (t->n >= sizeof(r->name) || memchr(t->s, '\0', t->n))
		return -EINVAL;
	memcpy(r->name, t->s, t->n);
	r->name[t->n] = '\0';
	r->kind = diskstats_kind_from_name(r->name);
	return 0;
}

/* One line into *R: 1 for a row, 0 for a blank line, or -EINVAL. */
static int parse_line(const char *p, const char *end, struct disk_row *r)
{
	struct tok t[MAX_TOKENS];
	uint64_t v[NSTATS] = { 0 };
	size_t n = split_tokens(p, end, t, MAX_TOKENS);

	if (n == 0)
		return 0;
	/* 4 (2.6 partitions), 11, 15 (4.18+) or 17 (5.5+) stat fields; a
	 * later kernel may append more, of which the first 17 are read. */
	if (n != 7 && n != 14 && n != 18 && (n < 20 || n > MAX_TOKENS))
		return -EINVAL;
	memset(r, 0, sizeof(*r));
	if (parse_uint(&t[0], &r->major) < 0 ||
	    parse_uint(&t[1], &r->minor) < 0 || parse_name(&t[2], r) < 0)
		return -EINVAL;
	r->nfields = (unsigned)n - 3;
	for (size_t i = 0; i < r->nfields; i++) {
		uint64_t x;

		if (parse_u64(&t[3 + i], &x) < 0)
			return -EINVAL;
		if (i < NSTATS)
			v[i] = x;
	}
	if (r->nfields == 4) {
		/* 2.6 partition lines: ios and sectors, read then write. */
		uint64_t w_ios = v[2], w_sect = v[3];

		v[2] = v[1];
		v[1] = 0;
		v[3] = 0;
		v[4] = w_ios;
		v[6] = w_sect;
	}
	row_store(r, v);
	return 1;
}

static int table_push(struct disk_table *t, size_t *cap,
		      const struct disk_row *r)
{
	if (vec_reserve(&t->rows, cap, t->nrows + 1, sizeof(*r)))
		return -ENOMEM;
	t->rows[t->nrows++] = *r;
	return 0;
}

int diskstats_parse(const char *buf, size_t len, struct disk_table *out)
{
	const char *p = buf, *end = buf + len;
	size_t cap = 0;
	unsigned line = 0;

	memset(out, 0, sizeof(*out));
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		const char *eol = nl ? nl : end;
		struct disk_row r;
		int rc;

		line++;
		rc = parse_line(p, eol, &r);
		if (rc < 0 && out->nskipped++ == 0)
			out->skip_line = line;
		if (rc > 0 && table_push(out, &cap, &r) < 0) {
			diskstats_free(out);
			return -ENOMEM;
		}
		p = nl ? nl + 1 : end;
	}
	if (out->nrows == 0 && out->nskipped) {
		out->err_line = out->skip_line;
		return -EINVAL;
	}
	return (int)out->nrows;
}

void diskstats_free(struct disk_table *t)
{
	free(t->rows);
	memset(t, 0, sizeof(*t));
}

#define DIGITS "0123456789"
#define LOWER "abcdefghijklmnopqrstuvwxyz"

/* NAME after PREFIX is letters then optional digits: sda, sdab12, xvda1. */
static bool letters_digits(const char *name, const char *prefix, bool *part)
{
	size_t n = strlen(prefix), l, d;

	if (strncmp(name, prefix, n) != 0)
		return false;
	l = n + strspn(name + n, LOWER);
	d = l + strspn(name + l, DIGITS);
	if (l == n || name[d])
		return false;
	*part = d != l;
	return true;
}

/* The N bytes of S start with PREFIX, followed by one or more digits. */
static bool prefix_digits(const char *s, size_t n, const char *prefix)
{
	size_t k = strlen(prefix);

	if (n <= k || strncmp(s, prefix, k) != 0)
		return false;
	for (size_t i = k; i < n; i++)
		if (s[i] < '0' || s[i] > '9')
			return false;
	return true;
}

/* The length of NAME without a "pN" partition suffix that follows a digit
 * (mmcblk0p1, nvme0n1p2, md126p1, loop0p1), or 0 if it has none. */
static size_t part_base(const char *name)
{
	const char *p = strrchr(name, 'p');

	if (!p || p == name || p[-1] < '0' || p[-1] > '9' || !p[1] ||
	    p[1 + strspn(p + 1, DIGITS)])
		return 0;
	return (size_t)(p - name);
}

/* Kind of the first N bytes of S, a name without its pN suffix, for the
 * families that are not sdX/hdX/vdX/xvdX. */
static enum disk_kind base_kind(const char *s, size_t n)
{
	static const char *const virt[] = { "loop", "zram", "ram", "nbd" };

	for (size_t i = 0; i < sizeof(virt) / sizeof(virt[0]); i++)
		if (prefix_digits(s, n, virt[i]))
			return DISK_VIRTUAL;
	if (prefix_digits(s, n, "dm-"))
		return DISK_DM;
	if (prefix_digits(s, n, "md") || prefix_digits(s, n, "md_d"))
		return DISK_MD;
	return DISK_WHOLE;
}

enum disk_kind diskstats_kind_from_name(const char *name)
{
	static const char *const sd[] = { "sd", "hd", "vd", "xvd" };
	size_t n;
	bool part;

	for (size_t i = 0; i < sizeof(sd) / sizeof(sd[0]); i++)
		if (letters_digits(name, sd[i], &part))
			return part ? DISK_PARTITION : DISK_WHOLE;
	n = part_base(name);
	if (n == 0)
		return base_kind(name, strlen(name));
	/* A partition of a loop or nbd device is still virtual; partitions
	 * of md arrays are partitions (the array row already has their I/O).
	 * mmcblk0, nvme0n1, mtdblock0, sr0 and unknown names are whole. */
	return base_kind(name, n) == DISK_VIRTUAL ? DISK_VIRTUAL
						   : DISK_PARTITION;
}

const char *diskstats_kind_name(enum disk_kind kind)
{
	switch (kind) {
	case DISK_WHOLE:
		return "disk";
	case DISK_PARTITION:
		return "partition";
	case DISK_VIRTUAL:
		return "virtual";
	case DISK_MD:
		return "md";
	case DISK_DM:
		return "dm";
	}
	return "unknown";
}

/* Every counter of a row (all stat fields but in_flight, a gauge). */
enum {
	C_RD_IOS, C_RD_MERGES, C_RD_SECTORS, C_RD_TICKS,
	C_WR_IOS, C_WR_MERGES, C_WR_SECTORS, C_WR_TICKS,
	C_IO_TICKS, C_QUEUE, C_DC_IOS, C_DC_MERGES, C_DC_SECTORS, C_DC_TICKS,
	C_FL_IOS, C_FL_TICKS, NCOUNTERS
};

static void row_counters(const struct disk_row *r, uint64_t c[NCOUNTERS])
{
	const uint64_t v[NCOUNTERS] = {
		r->rd_ios, r->rd_merges, r->rd_sectors, r->rd_ticks,
		r->wr_ios, r->wr_merges, r->wr_sectors, r->wr_ticks,
		r->io_ticks, r->time_in_queue,
		r->dc_ios, r->dc_merges, r->dc_sectors, r->dc_ticks,
		r->fl_ios, r->fl_ticks,
	};

	memcpy(c, v, sizeof(v));
}

/* Row of PREV named like R; tries index HINT first (order rarely changes). */
static const struct disk_row *find_prev(const struct disk_table *prev,
					const struct disk_row *r, size_t hint)
{
	if (!prev)
		return NULL;
	if (hint < prev->nrows && strcmp(prev->rows[hint].name, r->name) == 0)
		return &prev->rows[hint];
	for (size_t i = 0; i < prev->nrows; i++)
		if (strcmp(prev->rows[i].name, r->name) == 0)
			return &prev->rows[i];
	return NULL;
}

/* Deltas from P to R into D; false for a reset or another device. */
static bool row_deltas(const struct disk_row *p, const struct disk_row *r,
		       uint64_t d[NCOUNTERS])
{
	uint64_t a[NCOUNTERS], b[NCOUNTERS];

	row_counters(p, a);
	row_counters(r, b);
	return counter_deltas(a, b, d, NCOUNTERS) && p->major == r->major &&
	       p->minor == r->minor;
}

static void rate_row(const struct disk_row *p, const struct disk_row *r,
		     double dt, struct disk_rate *out)
{
	uint64_t d[NCOUNTERS];
	double ios, util;

	memset(out, 0, sizeof(*out));
	out->row = r;
	/* No baseline, a reset, or no time passed: show nothing this tick. */
	if (!p || !(dt > 0) || !row_deltas(p, r, d))
		return;
	out->valid = true;
	out->rd_bytes_per_s = (double)d[C_RD_SECTORS] * SECTOR_BYTES / dt;
	out->wr_bytes_per_s = (double)d[C_WR_SECTORS] * SECTOR_BYTES / dt;
	out->rd_iops = counter_rate(d[C_RD_IOS], dt);
	out->wr_iops = counter_rate(d[C_WR_IOS], dt);
	util = (double)d[C_IO_TICKS] / (dt * 1000.0) * 100.0;
	out->util_pct = util > 100.0 ? 100.0 : util;
	/* As iostat's await: reads, writes and discards (4.18+, fields 12
	 * and 15) over the requests of those kinds completed.  Flushes
	 * (fields 16-17) stay out: iostat shows them apart (f_await), and
	 * with them a flush-heavy idle root read 67 ms where iostat says 0. */
	ios = (double)d[C_RD_IOS] + (double)d[C_WR_IOS] + (double)d[C_DC_IOS];
	if (ios > 0)
		out->await_ms = ((double)d[C_RD_TICKS] + (double)d[C_WR_TICKS] +
				 (double)d[C_DC_TICKS]) / ios;
}

int diskstats_rates(const struct disk_table *prev, const struct disk_table *cur,
		    double dt, struct disk_rate **out)
{
	struct disk_rate *r;

	*out = NULL;
	if (!cur || cur->nrows == 0)
		return 0;
	if (cur->nrows > INT_MAX)
		return -EINVAL;
	r = calloc(cur->nrows, sizeof(*r));
	if (!r)
		return -ENOMEM;
	for (size_t i = 0; i < cur->nrows; i++)
		rate_row(find_prev(prev, &cur->rows[i], i), &cur->rows[i], dt,
			 &r[i]);
	*out = r;
	return (int)cur->nrows;
}
