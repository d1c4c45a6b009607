/* SPDX-License-Identifier: GPL-2.0-or-later */
/* cpulist: CPU sets parsed from and formatted as the kernel writes them,
 * lists ("0-3,5", smp_affinity_list) and comma-grouped hex masks. */
#include "config.h"

#include "base/cpulist.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "base/numparse.h"

#define WORDS (CPUSET_MAX / 64)

void cpuset_clear(struct cpuset *s)
{
	memset(s, 0, sizeof(*s));
}

void cpuset_add(struct cpuset *s, unsigned cpu)
{
	if (cpu < CPUSET_MAX)
		s->bits[cpu / 64] |= UINT64_C(1) << (cpu % 64);
}

bool cpuset_has(const struct cpuset *s, unsigned cpu)
{
	return cpu < CPUSET_MAX && (s->bits[cpu / 64] >> (cpu % 64)) & 1;
}

unsigned cpuset_count(const struct cpuset *s)
{
	unsigned n = 0;

	for (size_t i = 0; i < WORDS; i++)
		n += (unsigned)__builtin_popcountll(s->bits[i]);
	return n;
}

bool cpuset_equal(const struct cpuset *a, const struct cpuset *b)
{
	return memcmp(a->bits, b->bits, sizeof(a->bits)) == 0;
}

/* Lowest CPU >= FROM in S, or -1. */
static int find_from(const struct cpuset *s, unsigned from)
{
	size_t w = from / 64;
	uint64_t word;

	if (from >= CPUSET_MAX)
		return -1;
	word = s->bits[w] & (~UINT64_C(0) << (from % 64));
	for (;;) {
		if (word)
			return (int)(w * 64 + (size_t)__builtin_ctzll(word));
		if (++w == WORDS)
			return -1;
		word = s->bits[w];
	}
}

int cpuset_first(const struct cpuset *s)
{
	return find_from(s, 0);
}

int cpuset_next(const struct cpuset *s, unsigned cpu)
{
	if (cpu >= CPUSET_MAX - 1)
		return -1;
	return find_from(s, cpu + 1);
}

/* Highest CPU in S, or -1 when empty. */
static int find_last(const struct cpuset *s)
{
	for (size_t w = WORDS; w-- > 0;)
		if (s->bits[w])
			return (int)(w * 64 + 63 -
				     (size_t)__builtin_clzll(s->bits[w]));
	return -1;
}

static bool is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' ||
	       c == '\v' || c == '\f';
}

/* Drop white space (newlines included) from both ends of *S. */
static void trim(const char **s, size_t *len)
{
	while (*len && is_space(**s)) {
		(*s)++;
		(*len)--;
	}
	while (*len && is_space((*s)[*len - 1]))
		(*len)--;
}

static const char *skip_blanks(const char *p, const char *end)
{
	while (p < end && (*p == ' ' || *p == '\t'))
		p++;
	return p;
}

/* Decimal number below CPUSET_MAX at *P; -EINVAL without digits. */
static int get_num(const char **p, const char *end, unsigned *out)
{
	const char *q = *p;
	unsigned v = 0;
	bool big = false;

	for (; q < end && *q >= '0' && *q <= '9'; q++) {
		if (!big)
			v = v * 10 + (unsigned)(*q - '0');
		big = big || v >= CPUSET_MAX;
	}
	if (q == *p)
		return -EINVAL;
	*p = q;
	if (big)
		return -ERANGE;
	*out = v;
	return 0;
}

/* One region "a", "a-b", "a-b:used/group" (kernel) or "a-b:stride". */
struct region {
	unsigned start, end, used, group;
};

static int get_pattern(const char **p, const char *end, struct region *r)
{
	unsigned n;
	int rc = get_num(p, end, &n);

	if (rc)
		return rc;
	if (*p < end && **p == '/') {
		(*p)++;
		r->used = n;
		return get_num(p, end, &r->group);
	}
	/* "0-7:2": a stride, i.e. the kernel's "0-7:1/2". */
	r->used = 1;
	r->group = n;
	return 0;
}

static int get_region(const char **p, const char *end, struct region *r)
{
	int rc = get_num(p, end, &r->start);

	if (rc)
		return rc;
	r->end = r->start;
	if (*p < end && **p == '-') {
		(*p)++;
		rc = get_num(p, end, &r->end);
		if (rc)
			return rc;
		if (*p < end && **p == ':') {
			(*p)++;
			if (r->end < r->start)
				return -EINVAL;
			r->group = r->end - r->start + 1;
			return get_pattern(p, end, r);
		}
	}
	if (r->end < r->start)
		return -EINVAL;
	r->used = r->group = r->end - r->start + 1;
	return 0;
}

/* CPUs LO..HI (those below CPUSET_MAX) into S, a word at a time. */
static void add_range(struct cpuset *s, unsigned lo, unsigned hi)
{
	if (lo >= CPUSET_MAX)
		return;
	if (hi >= CPUSET_MAX)
		hi = CPUSET_MAX - 1;
	for (unsigned w = lo / 64; w <= hi / 64; w++) {
		unsigned a = w == lo / 64 ? lo % 64 : 0;
		unsigned b = w == hi / 64 ? hi % 64 : 63;

		s->bits[w] |= (~UINT64_C(0) >> (63 - (b - a))) << a;
	}
}

static int add_region(struct cpuset *s, const struct region *r)
{
	if (r->end < r->start || r->group == 0 || r->used > r->group)
		return -EINVAL;
	if (r->used == r->group) {	/* "0-255": no stride */
		add_range(s, r->start, r->end);
		return 0;
	}
	for (unsigned cpu = r->start; cpu <= r->end; cpu++)
		if ((cpu - r->start) % r->group < r->used)
			cpuset_add(s, cpu);
	return 0;
}

int cpulist_parse(const char *s, size_t len, struct cpuset *out)
{
	const char *p, *end;

	cpuset_clear(out);
	trim(&s, &len);
	if (!len)
		return 0;
	p = s;
	end = s + len;
	while (p < end) {
		struct region r;
		int rc = get_region(&p, end, &r);

		if (!rc)
			rc = add_region(out, &r);
		p = skip_blanks(p, end);
		if (!rc && p < end && *p++ != ',')
			rc = -EINVAL;
		p = skip_blanks(p, end);
		if (!rc && p == end && end[-1] == ',')
			rc = -EINVAL;	/* trailing comma */
		if (rc) {
			cpuset_clear(out);
			return rc;
		}
	}
	return (int)cpuset_count(out);
}

/*
 * Read right to left: each comma starts the next 32-bit group.  Like the
 * kernel's bitmap_parse(), a group longer than 8 digits spills into the
 * next 32 bits, so "1ffffffff" and "1,ffffffff" mean the same.  Zero
 * groups beyond CPUSET_MAX are fine (MAXSMP x86 kernels print 8192 bits).
 */
int cpumask_parse(const char *s, size_t len, struct cpuset *out)
{
	size_t pos = 0, digits = 0;
	bool big = false;

	cpuset_clear(out);
	trim(&s, &len);
	for (size_t i = len; i-- > 0;) {
		int v = numparse_hexdigit(s[i]);

		if (s[i] == ',' && digits) {
			pos = (pos + 31) / 32 * 32;
			digits = 0;
			continue;
		}
		if (v < 0)
			goto bad;
		if (v && pos + 4 > CPUSET_MAX)
			big = true;
		else if (v)
			out->bits[pos / 64] |= (uint64_t)v << (pos % 64);
		pos += 4;
		digits++;
	}
	if (len && !digits)
		goto bad;
	if (big) {
		cpuset_clear(out);
		return -ERANGE;
	}
	return (int)cpuset_count(out);
bad:
	cpuset_clear(out);
	return -EINVAL;
}

/* snprintf at offset N of DST without running past SIZE. */
static size_t put_range(char *dst, size_t size, size_t n, int a, int b)
{
	char *d = n < size ? dst + n : NULL;
	size_t room = n < size ? size - n : 0;
	const char *sep = n ? "," : "";
	int w;

	if (a == b)
		w = snprintf(d, room, "%s%d", sep, a);
	else
		w = snprintf(d, room, "%s%d-%d", sep, a, b);
	return w > 0 ? (size_t)w : 0;
}

/* The last CPU of the run of set CPUs from A (set), a word at a time. */
static int run_end(const struct cpuset *s, unsigned a)
{
	for (size_t w = a / 64; w < WORDS; w++) {
		unsigned off = w == a / 64 ? a % 64 : 0;
		uint64_t unset = ~s->bits[w] >> off;

		if (unset)
			return (int)(w * 64 + off +
				     (size_t)__builtin_ctzll(unset)) - 1;
	}
	return CPUSET_MAX - 1;
}

size_t cpulist_format(const struct cpuset *s, char *dst, size_t size)
{
	size_t n = 0;
	int a = cpuset_first(s);

	if (size)
		dst[0] = '\0';
	while (a >= 0) {
		int b = run_end(s, (unsigned)a);

		n += put_range(dst, size, n, a, b);
		a = cpuset_next(s, (unsigned)b);
	}
	return n;
}

static void put_char(char *dst, size_t size, size_t *n, char c)
{
	if (*n + 1 < size)
		dst[*n] = c;
	(*n)++;
}

size_t cpumask_format(const struct cpuset *s, unsigned nbits, char *dst,
		      size_t size)
{
	static const char hex[] = "0123456789abcdef";
	size_t width = nbits, n = 0, ndigits;
	int last = find_last(s);

	if (last >= 0 && (size_t)last + 1 > width)
		width = (size_t)last + 1;
	ndigits = width ? (width + 3) / 4 : 1;
	for (size_t d = ndigits; d-- > 0;) {
		size_t bit = d * 4;
		unsigned v = 0;

		if (bit < CPUSET_MAX)
			v = (unsigned)(s->bits[bit / 64] >> (bit % 64)) & 0xf;
		put_char(dst, size, &n, hex[v]);
		if (d && d % 8 == 0)
			put_char(dst, size, &n, ',');
	}
	if (size)
		dst[n < size ? n : size - 1] = '\0';
	return n;
}
