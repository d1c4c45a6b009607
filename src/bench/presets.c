/* SPDX-License-Identifier: GPL-2.0-or-later */
/* presets: parse presets.conf (pure) and find the installed and the
 * user's files; every preset gets its kind's defaults for unset keys. */
#include "config.h"

#include "bench/presets.h"
#include "base/i18n.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/buf.h"
#include "base/regfile.h"
#include "base/datadir.h"
#include "base/numparse.h"
#include "base/strclean.h"
#include "bench/presets_builtin.h"

#define MIB (1024ULL * 1024)

static const char *const kind_names[BENCH_NKINDS] = {
	[BENCH_SEQ_DIRECT] = "seq-direct",
	[BENCH_IOZONE] = "iozone",
	[BENCH_READ_TIMING] = "read-timing",
	[BENCH_BONNIE] = "bonnie",
	[BENCH_IPERF] = "iperf",
};

const char *presets_kind_name(enum bench_kind k)
{
	return (unsigned)k < BENCH_NKINDS ? kind_names[k] : NULL;
}

bool presets_kind_writes(enum bench_kind k)
{
	return k == BENCH_SEQ_DIRECT || k == BENCH_IOZONE || k == BENCH_BONNIE;
}

int presets_parse_size(const char *s, size_t len, uint64_t *out)
{
	uint64_t v = 0, mul = 1;
	size_t i = 0;

	if (len == 0 || s[0] < '0' || s[0] > '9')
		return -EINVAL;
	for (; i < len && s[i] >= '0' && s[i] <= '9'; i++) {
		if (v > (UINT64_MAX - 9) / 10)
			return -EINVAL;
		v = v * 10 + (uint64_t)(s[i] - '0');
	}
	if (i < len) {
		const char *u = strchr("kKmMgGtT", s[i]);

		if (!u || !s[i])
			return -EINVAL;
		mul = 1ULL << (10 * (1 + (u - "kKmMgGtT") / 2));
		if (++i < len && (s[i] == 'i' || s[i] == 'B'))
			i += s[i] == 'i' && i + 1 < len && s[i + 1] == 'B' ? 2 : 1;
	}
	if (i != len || v > UINT64_MAX / mul)
		return -EINVAL;
	*out = v * mul;
	return 0;
}

/* The parser's state: the preset being read and the keys it was given. */
struct pstate {
	struct preset p;
	bool open, has_kind;
	bool lenient;		/* a bad line skips its preset, not the file */
	bool skip;		/* the lines up to the next [section] */
	unsigned *line;
	char *msg;
	size_t msgsize;
	struct presets *out;	/* for its warning */
};

static void kind_defaults(struct preset *p)
{
	static const uint64_t recs[] = { 4096, 16384, 32768, 524288, 1048576,
					 16777216 };

	if (!p->size)
		p->size = p->kind == BENCH_BONNIE ? 256 * MIB : 512 * MIB;
	if (!p->block)
		p->block = p->kind == BENCH_BONNIE ? 64 * 1024 : 8 * MIB;
	if (!p->nrecords) {
		memcpy(p->records, recs, sizeof(recs));
		p->nrecords = sizeof(recs) / sizeof(recs[0]);
	}
	if (!p->file_size)
		p->file_size = 100 * MIB;
	if (!p->duration_s)
		p->duration_s = p->kind == BENCH_READ_TIMING ? 3 : 10;
	if (!p->streams)
		p->streams = 1;
	if (!p->seeks)
		p->seeks = 8000;
	if (!p->timeout_s)
		p->timeout_s = p->kind == BENCH_IPERF ? p->duration_s + 30 :
			       p->kind == BENCH_READ_TIMING ? 120 : 1800;
}

static int fail(struct pstate *st, const char *what, const char *val,
		size_t vlen)
{
	char v[64];

	strclean_copy(v, sizeof(v), val, vlen);
	/* TRANSLATORS: line, what is wrong, the text found. */
	snprintf(st->msg, st->msgsize, _("line %u: %s (\"%s\")"), *st->line,
		 what, v);
	return -EINVAL;
}

/* A line that does not stop the file: counted, the first one said. */
static int ignore(struct pstate *st, const char *what, const char *val,
		  size_t vlen)
{
	char v[64];

	if (st->out->nwarnings++ == 0) {
		strclean_copy(v, sizeof(v), val, vlen);
		snprintf(st->out->warning, sizeof(st->out->warning),
			 _("line %u: %s (\"%s\")"), *st->line, what, v);
	}
	return 0;
}

static int parse_uint(const char *v, size_t n, unsigned max, unsigned *out)
{
	uint64_t x;

	if (n > 9 || numparse_u64(v, v + n, &x) || x > max)
		return -EINVAL;
	*out = (unsigned)x;
	return 0;
}

static int parse_bool(const char *v, size_t n, bool *out)
{
	if ((n == 3 && !memcmp(v, "yes", 3)) || (n == 4 && !memcmp(v, "true", 4)))
		*out = true;
	else if ((n == 2 && !memcmp(v, "no", 2)) ||
		 (n == 5 && !memcmp(v, "false", 5)))
		*out = false;
	else
		return -EINVAL;
	return 0;
}

/* "4k 16k 32k": record sizes, multiples of 512, 512 B to 1 GiB. */
static int parse_records(struct preset *p, const char *v, size_t n)
{
	size_t i = 0, k = 0;

	while (i < n) {
		size_t j = i;
		uint64_t x;

		while (j < n && v[j] != ' ' && v[j] != '\t' && v[j] != ',')
			j++;
		if (j > i) {
			if (k == PRESET_RECORDS_MAX ||
			    presets_parse_size(v + i, j - i, &x) ||
			    x < 512 || x % 512 || x > 1024 * MIB)
				return -EINVAL;
			p->records[k++] = x;
		}
		i = j + 1;
	}
	p->nrecords = k;
	return k ? 0 : -EINVAL;
}

static int set_kind(struct pstate *st, const char *v, size_t n)
{
	int k;

	for (k = 0; k < BENCH_NKINDS; k++)
		if (strlen(kind_names[k]) == n && !memcmp(kind_names[k], v, n)) {
			st->p.kind = (enum bench_kind)k;
			st->has_kind = true;
			return 0;
		}
	return fail(st, _("kind must be seq-direct, iozone, read-timing, "
		    "bonnie or iperf"), v, n);
}

static int size_key(struct pstate *st, uint64_t *dst, const char *v,
		    size_t n, uint64_t min)
{
	if (presets_parse_size(v, n, dst) || *dst < min || *dst % 512)
		return fail(st, _("needs a size such as 512M, at least 4k and a "
			    "multiple of 512"), v, n);
	return 0;
}

/* "3", "2.5" or "2.5%": a margin from 0.1 to 50 %, one decimal. */
static int parse_margin(const char *v, size_t n, double *out)
{
	unsigned whole = 0, tenth = 0;
	size_t i = 0, digits = 0;

	if (n && v[n - 1] == '%')
		n--;
	while (n && (v[n - 1] == ' ' || v[n - 1] == '\t'))
		n--;
	for (; i < n && v[i] >= '0' && v[i] <= '9' && digits < 3; i++) {
		whole = whole * 10 + (unsigned)(v[i] - '0');
		digits++;
	}
	if (i + 2 == n && v[i] == '.' && v[i + 1] >= '0' &&
	    v[i + 1] <= '9') {
		tenth = (unsigned)(v[i + 1] - '0');
		i += 2;
	}
	if (!digits || i != n || whole * 10 + tenth < 1 ||
	    whole * 10 + tenth > 500)
		return -EINVAL;
	*out = whole + tenth / 10.0;
	return 0;
}

#define KEY(s) (kl == sizeof(s) - 1 && !memcmp(k, s, kl))

static int set_key(struct pstate *st, const char *k, size_t kl,
		   const char *v, size_t n)
{
	struct preset *p = &st->p;

	if (KEY("kind"))
		return set_kind(st, v, n);
	if (KEY("description")) {
		strclean_copy(p->desc, sizeof(p->desc), v, n);
		return 0;
	}
	if (KEY("size"))
		return size_key(st, &p->size, v, n, 4096);
	if (KEY("block"))
		return size_key(st, &p->block, v, n, 4096);
	if (KEY("file_size"))
		return size_key(st, &p->file_size, v, n, 4096);
	if (KEY("records"))
		return parse_records(p, v, n) ? fail(st, _("records must be "
			"sizes such as 4k 16k 16M (multiples of 512)"), v, n) : 0;
	if (KEY("duration") || KEY("timeout") || KEY("streams") ||
	    KEY("seeks")) {
		unsigned *d = KEY("duration") ? &p->duration_s :
			      KEY("timeout") ? &p->timeout_s :
			      KEY("streams") ? &p->streams : &p->seeks;

		if (parse_uint(v, n, KEY("streams") ? 128 : 999999999, d) || !*d)
			return fail(st, _("needs a whole number above 0"), v, n);
		return 0;
	}
	if (KEY("port"))
		return parse_uint(v, n, 65535, &p->port) || !p->port ?
		       fail(st, _("port needs a number from 1 to 65535"), v, n)
		       : 0;
	if (KEY("margin"))
		return parse_margin(v, n, &p->margin_pct) ? fail(st, _("needs "
			"a percentage from 0.1 to 50, such as 3%"), v, n) : 0;
	if (KEY("reverse") || KEY("buffered_fsync"))
		return parse_bool(v, n, KEY("reverse") ? &p->reverse :
				  &p->buffered) ?
		       fail(st, _("must be yes or no"), v, n) : 0;
	return ignore(st, _("unknown key, line ignored"), k, kl);
}

/* Add or replace the preset just read in OUT. */
static int close_section(struct pstate *st, struct presets *out)
{
	struct preset *v;
	size_t i;

	if (!st->open)
		return 0;
	st->open = false;
	if (!st->has_kind)
		return fail(st, _("the section has no kind"), st->p.name,
			    strlen(st->p.name));
	kind_defaults(&st->p);
	for (i = 0; i < out->n; i++)
		if (!strcmp(out->v[i].name, st->p.name)) {
			out->v[i] = st->p;
			return 0;
		}
	/* a bound on the presets keeps the name look-ups above linear in
	 * the file's size, whatever the file holds */
	if (out->n >= PRESETS_MAX)
		return fail(st, _("more presets than benchtop keeps (256)"),
			    st->p.name, strlen(st->p.name));
	v = realloc(out->v, (out->n + 1) * sizeof(*v));
	if (!v)
		return -ENOMEM;
	out->v = v;
	out->v[out->n++] = st->p;
	return 0;
}

static bool name_ok(const char *s, size_t n)
{
	size_t i;

	if (n == 0 || n >= PRESET_NAME_MAX)
		return false;
	for (i = 0; i < n; i++)
		if (!((s[i] >= 'a' && s[i] <= 'z') || (s[i] >= '0' && s[i] <= '9')
		      || s[i] == '-' || s[i] == '_' || s[i] == '.' ||
		      (s[i] >= 'A' && s[i] <= 'Z')))
			return false;
	return true;
}

static size_t trim(const char **s, size_t n)
{
	while (n && (**s == ' ' || **s == '\t')) {
		(*s)++;
		n--;
	}
	while (n && ((*s)[n - 1] == ' ' || (*s)[n - 1] == '\t' ||
		     (*s)[n - 1] == '\r'))
		n--;
	return n;
}

/* Lenient: the bad line ST->msg says skips the preset it is in (its
 * lines up to the next section), counted and said as a warning. */
static int skip_preset(struct pstate *st)
{
	if (st->out->nwarnings++ == 0 && st->p.name[0])
		snprintf(st->out->warning, sizeof(st->out->warning),
			 _("%s; preset [%s] skipped"), st->msg, st->p.name);
	else if (st->out->nwarnings == 1)
		snprintf(st->out->warning, sizeof(st->out->warning),
			 _("%s; its section skipped"), st->msg);
	st->skip = true;
	st->open = false;
	memset(&st->p, 0, sizeof(st->p));
	return 0;
}

static int parse_one(struct pstate *st, struct presets *out, const char *l,
		     size_t n)
{
	const char *eq, *v;
	size_t kn, vn;
	int rc;

	n = trim(&l, n);
	if (n == 0 || l[0] == '#' || l[0] == ';')
		return 0;
	if (st->skip && l[0] != '[')
		return 0;	/* the rest of a preset with a bad line */
	st->skip = false;
	if (l[0] == '[') {
		rc = close_section(st, out);
		if (rc == -EINVAL && st->lenient)
			rc = skip_preset(st);	/* and read this section */
		if (rc)
			return rc;
		st->skip = false;
		memset(&st->p, 0, sizeof(st->p));
		if (l[n - 1] != ']' || !name_ok(l + 1, n - 2))
			return fail(st, _("a section is [name] with letters, "
				    "digits, - _ ."), l, n);
		memset(&st->p, 0, sizeof(st->p));
		memcpy(st->p.name, l + 1, n - 2);
		st->open = true;
		st->has_kind = false;
		return 0;
	}
	eq = memchr(l, '=', n);
	if (!eq || !st->open)
		return fail(st, st->open ? _("expected key = value") :
			    _("a key outside any [section]"), l, n);
	/* trimmed before the call: the order in which C evaluates a call's
	 * arguments is unspecified (gcc on arm64 read v before trim moved it,
	 * and every built-in preset's kind lost its last letter) */
	v = eq + 1;
	vn = trim(&v, (size_t)(l + n - v));
	kn = trim(&l, (size_t)(eq - l));
	return set_key(st, l, kn, v, vn);
}

static int parse_text(struct pstate *st, const char *buf, size_t len,
		      unsigned *line)
{
	size_t off = 0;
	int rc = 0;

	while (off < len && rc == 0) {
		const char *nl = memchr(buf + off, '\n', len - off);
		size_t n = nl ? (size_t)(nl - buf - off) : len - off;

		(*line)++;
		rc = parse_one(st, st->out, buf + off, n);
		if (rc == -EINVAL && st->lenient)
			rc = skip_preset(st);
		off += n + 1;
	}
	if (rc == 0)
		rc = close_section(st, st->out);
	if (rc == -EINVAL && st->lenient)
		rc = skip_preset(st);
	return rc < 0 ? rc : (int)st->out->n;
}

int presets_parse(const char *buf, size_t len, struct presets *out,
		  unsigned *line, char *msg, size_t msgsize)
{
	unsigned ln = 0;
	struct pstate st = { .line = &ln, .msg = msg, .msgsize = msgsize,
			     .out = out };
	int rc = parse_text(&st, buf, len, &ln);

	if (line)
		*line = ln;
	return rc;
}

int presets_parse_lenient(const char *buf, size_t len, struct presets *out)
{
	unsigned ln = 0;
	char msg[160] = "";
	struct pstate st = { .line = &ln, .msg = msg, .msgsize = sizeof(msg),
			     .out = out, .lenient = true };

	return parse_text(&st, buf, len, &ln);
}

/* Why a presets file could not be read, as a user needs it. */
static const char *read_error(int rc)
{
	if (rc == -EINVAL)
		return _("not a regular file");
	if (rc == -EFBIG)
		return _("larger than 1 MiB");
	return strerror(-rc);
}

/* Read and parse PATH on top of OUT; a missing file counts when MUST (the
 * data file, all or nothing), and in the user's (not MUST) a bad line
 * skips its preset only. */
static int load_file(struct presets *out, const char *path, bool must,
		     char *err, size_t errsize)
{
	char msg[160] = "", was[sizeof(out->warning)], *text = NULL;
	unsigned line = 0, nw = out->nwarnings;
	size_t len = 0;
	/* a regular file of bounded size only: a FIFO would hang the read,
	 * a link to /dev/zero would never end */
	int rc = regfile_read(path, PRESETS_FILE_MAX, &text, &len);

	if (rc == -ENOENT && !must)
		return 0;
	if (rc && !must) {	/* optional: a warning, not the end */
		snprintf(out->unreadable, sizeof(out->unreadable), "%s: %s",
			 path, read_error(rc));
		return 0;
	}
	if (rc)
		snprintf(err, errsize, "%s: %s", path, read_error(rc));
	else if (!must)	/* the user's: a bad line skips its preset */
		rc = presets_parse_lenient(text, len, out);
	else if ((rc = presets_parse(text, len, out, &line, msg,
				     sizeof(msg))) < 0)	/* all or nothing */
		snprintf(err, errsize, "%s: %s", path, msg);
	if (nw == 0 && out->nwarnings) {
		snprintf(was, sizeof(was), "%s", out->warning);
		snprintf(out->warning, sizeof(out->warning), "%.150s: %.160s",
			 path, was);
	}
	free(text);
	return rc < 0 ? rc : 0;
}

/* PATH's presets on top of OUT, all or nothing: a missing or damaged file
 * leaves OUT as it was, with the warning in WARN.  0 or -ENOMEM. */
static int overlay_file(struct presets *out, const char *path, char *warn,
			size_t warnsize)
{
	struct presets t = { 0 };
	char why[400] = "";
	int rc;

	if (out->n && !(t.v = malloc(out->n * sizeof(*t.v))))
		return -ENOMEM;
	if (out->n)
		memcpy(t.v, out->v, out->n * sizeof(*t.v));
	t.n = out->n;
	rc = load_file(&t, path, true, why, sizeof(why));
	if (rc) {
		presets_free(&t);
		if (rc != -ENOMEM)
			/* what it means first: a status line may cut
			 * the end of a long path */
			snprintf(warn, warnsize, _("using the built-in "
						   "presets: %s"), why);
		return rc == -ENOMEM ? rc : 0;
	}
	presets_free(out);
	*out = t;
	return 0;
}

int presets_load(struct presets *out, char *err, size_t errsize)
{
	const char *xdg = getenv("XDG_CONFIG_HOME"), *home = getenv("HOME");
	char path[4200], msg[160];
	int rc;

	memset(out, 0, sizeof(*out));
	if (errsize)
		err[0] = '\0';
	rc = presets_parse(presets_builtin_text, presets_builtin_len, out,
			   NULL, msg, sizeof(msg));
	if (rc < 0) {
		/* MSG names its line already */
		snprintf(err, errsize, "built-in presets: %s", msg);
		return rc;
	}
	if (datadir_file(path, sizeof(path), "presets.conf") &&
	    (rc = overlay_file(out, path, err, errsize)))
		return rc;
	path[0] = '\0';
	if (xdg && xdg[0] == '/')
		snprintf(path, sizeof(path), "%s/benchtop/presets.conf", xdg);
	else if (home && home[0] == '/')
		snprintf(path, sizeof(path), "%s/.config/benchtop/presets.conf",
			 home);
	if (path[0] && (rc = load_file(out, path, false, err, errsize)))
		return rc;
	return (int)out->n;
}

void presets_free(struct presets *p)
{
	free(p->v);
	p->v = NULL;
	p->n = 0;
}

const struct preset *presets_find(const struct presets *p, const char *name)
{
	size_t i;

	for (i = 0; i < p->n; i++)
		if (!strcmp(p->v[i].name, name))
			return &p->v[i];
	return NULL;
}
