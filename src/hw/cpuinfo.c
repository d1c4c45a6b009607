/* SPDX-License-Identifier: GPL-2.0-or-later */
/* cpuinfo: a pure parser for /proc/cpuinfo in its x86, arm64 and both
 * 32-bit Arm layouts (per-processor blocks, or one "CPU part" for all). */
#include "config.h"

#include "hw/cpuinfo.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "base/cpulist.h"
#include "base/strclean.h"

/* One block of "key : value" lines between blank lines. */
struct block {
	bool has_id;
	struct cpuinfo_cpu c;
};

static bool is_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\r';
}

static bool key_is(const char *k, size_t klen, const char *want)
{
	return strlen(want) == klen && memcmp(k, want, klen) == 0;
}

/* "0xc07" (at most 0xffff) into *OUT; 0 or -EINVAL. */
static int parse_hex(const char *s, size_t n, int *out)
{
	unsigned v = 0;
	size_t i;

	if (n < 3 || n > 6 || s[0] != '0' || (s[1] != 'x' && s[1] != 'X'))
		return -EINVAL;
	for (i = 2; i < n; i++) {
		char c = s[i];
		unsigned d;

		if (c >= '0' && c <= '9')
			d = (unsigned)(c - '0');
		else if (c >= 'a' && c <= 'f')
			d = (unsigned)(c - 'a' + 10);
		else if (c >= 'A' && c <= 'F')
			d = (unsigned)(c - 'A' + 10);
		else
			return -EINVAL;
		v = v * 16 + d;
	}
	*out = (int)v;
	return 0;
}

/* A processor number below CPUSET_MAX; 0, -EINVAL or -ERANGE. */
static int parse_id(const char *s, size_t n, int *out)
{
	unsigned v = 0;
	size_t i;

	if (n == 0)
		return -EINVAL;
	for (i = 0; i < n; i++) {
		if (s[i] < '0' || s[i] > '9')
			return -EINVAL;
		v = v * 10 + (unsigned)(s[i] - '0');
		if (v >= CPUSET_MAX)
			return -ERANGE;
	}
	*out = (int)v;
	return 0;
}

/* Replace *DST with a cleaned copy of S; 0 or -ENOMEM. */
static int set_str(char **dst, const char *s, size_t n)
{
	char *d = strclean_dup(s, n);

	if (!d)
		return -ENOMEM;
	free(*dst);
	*dst = d;
	return 0;
}

static int flush(struct cpuinfo *out, struct block *b);

static int apply(struct cpuinfo *out, struct block *b, const char *k,
		 size_t kl, const char *v, size_t vl)
{
	int rc;

	if (key_is(k, kl, "processor")) {
		/* Some 3.0 Arm kernels put no blank line between blocks. */
		if (b->has_id && (rc = flush(out, b)) < 0)
			return rc;
		b->has_id = true;
		return parse_id(v, vl, &b->c.id);
	}
	if (key_is(k, kl, "CPU implementer"))
		return parse_hex(v, vl, &b->c.implementer);
	if (key_is(k, kl, "CPU part"))
		return parse_hex(v, vl, &b->c.part);
	if (key_is(k, kl, "model name"))
		return set_str(&b->c.model_name, v, vl);
	/* Arm before 3.8: "Processor : ARMv7 Processor rev 4 (v7l)" once,
	 * on the line above "processor : 0", for every processor. */
	if (key_is(k, kl, "Processor"))
		return set_str(&out->common.model_name, v, vl);
	if (key_is(k, kl, "Hardware"))
		return set_str(&out->hardware, v, vl);
	if (key_is(k, kl, "Model"))
		return set_str(&out->model, v, vl);
	return 0;
}

static void block_reset(struct block *b)
{
	free(b->c.model_name);
	b->has_id = false;
	b->c = (struct cpuinfo_cpu){ .id = -1, .implementer = -1, .part = -1 };
}

/* End of a block: a processor's own values, or the common ones. */
static int flush(struct cpuinfo *out, struct block *b)
{
	struct cpuinfo_cpu *c = &out->common, *v;
	size_t i;

	if (b->has_id) {
		for (i = 0; i < out->ncpus; i++)
			if (out->cpus[i].id == b->c.id)
				return -EINVAL;
		v = realloc(out->cpus, (out->ncpus + 1) * sizeof(*v));
		if (!v)
			return -ENOMEM;
		out->cpus = v;
		v[out->ncpus++] = b->c;
		b->c.model_name = NULL;
	} else {
		if (c->implementer < 0)
			c->implementer = b->c.implementer;
		if (c->part < 0)
			c->part = b->c.part;
		if (!c->model_name) {
			c->model_name = b->c.model_name;
			b->c.model_name = NULL;
		}
	}
	block_reset(b);
	return 0;
}

/* One line (without its newline); 0 or -errno. */
static int parse_line(struct cpuinfo *out, struct block *b, const char *p,
		      size_t n)
{
	const char *colon, *v;
	size_t kl, vl;

	while (n > 0 && is_blank(p[n - 1]))
		n--;
	if (n == 0)
		return flush(out, b);
	colon = memchr(p, ':', n);
	if (!colon)
		return -EINVAL;
	kl = (size_t)(colon - p);
	while (kl > 0 && is_blank(p[kl - 1]))
		kl--;
	v = colon + 1;
	vl = n - (size_t)(v - p);
	while (vl > 0 && is_blank(*v))
		v++, vl--;
	return apply(out, b, p, kl, v, vl);
}

int cpuinfo_parse(const char *buf, size_t len, struct cpuinfo *out)
{
	struct block b = { 0 };
	const char *p = buf, *end = buf + len;
	unsigned line = 0;
	int rc = 0;

	memset(out, 0, sizeof(*out));
	out->common = (struct cpuinfo_cpu){ .id = -1, .implementer = -1,
					    .part = -1 };
	block_reset(&b);
	while (rc == 0 && p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t n = nl ? (size_t)(nl - p) : (size_t)(end - p);

		line++;
		rc = parse_line(out, &b, p, n);
		p += n + (nl ? 1 : 0);
	}
	if (rc == 0)
		rc = flush(out, &b);
	block_reset(&b);
	if (rc < 0) {
		cpuinfo_free(out);
		out->err_line = line ? line : 1;
		return rc;
	}
	return (int)out->ncpus;
}

void cpuinfo_free(struct cpuinfo *ci)
{
	size_t i;

	for (i = 0; i < ci->ncpus; i++)
		free(ci->cpus[i].model_name);
	free(ci->cpus);
	free(ci->common.model_name);
	free(ci->hardware);
	free(ci->model);
	memset(ci, 0, sizeof(*ci));
	ci->common = (struct cpuinfo_cpu){ .id = -1, .implementer = -1,
					   .part = -1 };
}

bool cpuinfo_get(const struct cpuinfo *ci, int id, struct cpuinfo_cpu *out)
{
	const struct cpuinfo_cpu *own = NULL, *c = &ci->common;
	size_t i;

	for (i = 0; i < ci->ncpus; i++)
		if (ci->cpus[i].id == id)
			own = &ci->cpus[i];
	*out = (struct cpuinfo_cpu){ .id = id, .implementer = c->implementer,
				     .part = c->part,
				     .model_name = c->model_name };
	if (own) {
		if (own->implementer >= 0)
			out->implementer = own->implementer;
		if (own->part >= 0)
			out->part = own->part;
		if (own->model_name)
			out->model_name = own->model_name;
	}
	return own || out->implementer >= 0 || out->part >= 0 ||
	       out->model_name;
}
