/* SPDX-License-Identifier: GPL-2.0-or-later */
/* blockdev: disks from /sys/block with their scheduler, mounts (from
 * /proc/self/mountinfo) and md/dm members; pure parsers for the texts. */
#include "config.h"

#include "hw/blockdev.h"
#include "base/i18n.h"

#include <dirent.h>
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "base/buf.h"
#include "base/errlist.h"
#include "base/jsondoc.h"
#include "base/strclean.h"

/* ---- /proc/self/mountinfo ---------------------------------------------- */

/* Next space-separated field of L[0..N) from *OFF; NULL at the end. */
static const char *next_field(const char *l, size_t n, size_t *off,
			      size_t *flen)
{
	size_t i = *off, s;

	while (i < n && l[i] == ' ')
		i++;
	if (i == n)
		return NULL;
	s = i;
	while (i < n && l[i] != ' ')
		i++;
	*off = i;
	*flen = i - s;
	return l + s;
}

static bool is_oct(char c)
{
	return c >= '0' && c <= '7';
}

/* Undo the kernel's octal escapes ("\040" for a space), then clean. */
static char *unescape(const char *s, size_t n)
{
	char *tmp = malloc(n + 1), *out;
	size_t i, j = 0;

	if (!tmp)
		return NULL;
	for (i = 0; i < n; i++) {
		if (s[i] == '\\' && n - i >= 4 && is_oct(s[i + 1]) &&
		    is_oct(s[i + 2]) && is_oct(s[i + 3])) {
			tmp[j++] = (char)((s[i + 1] - '0') << 6 |
					  (s[i + 2] - '0') << 3 |
					  (s[i + 3] - '0'));
			i += 3;
		} else {
			tmp[j++] = s[i];
		}
	}
	out = strclean_dup(tmp, j);
	free(tmp);
	return out;
}

static int parse_uint(const char *s, size_t n, unsigned *v)
{
	uint64_t x = 0;
	size_t i;

	if (n == 0)
		return -EINVAL;
	for (i = 0; i < n; i++) {
		if (s[i] < '0' || s[i] > '9')
			return -EINVAL;
		x = x * 10 + (uint64_t)(s[i] - '0');
		if (x > UINT32_MAX)
			return -ERANGE;
	}
	*v = (unsigned)x;
	return 0;
}

static int parse_majmin(const char *s, size_t n, unsigned *maj,
			unsigned *min)
{
	const char *c = memchr(s, ':', n);

	if (!c || parse_uint(s, (size_t)(c - s), maj) ||
	    parse_uint(c + 1, n - (size_t)(c + 1 - s), min))
		return -EINVAL;
	return 0;
}

static void mnt_free(struct blockdev_mnt *m)
{
	free(m->mountpoint);
	free(m->fstype);
	free(m->source);
}

/* One mountinfo row L[0..N): 1 added, 0 blank, -errno. */
static int mountinfo_line(const char *l, size_t n, struct blockdev_mnts *out)
{
	const char *f[6], *p;
	size_t fl[6], off = 0, pl, k;
	struct blockdev_mnt m = { 0 }, *v;
	unsigned id;

	for (k = 0; k < 6; k++) {
		f[k] = next_field(l, n, &off, &fl[k]);
		if (!f[k])
			return k == 0 ? 0 : -EINVAL;
	}
	if (parse_uint(f[0], fl[0], &id) || parse_uint(f[1], fl[1], &id) ||
	    parse_majmin(f[2], fl[2], &m.major, &m.minor))
		return -EINVAL;
	do {	/* optional fields end at a lone "-" */
		p = next_field(l, n, &off, &pl);
	} while (p && !(pl == 1 && *p == '-'));
	if (!p || !(f[0] = next_field(l, n, &off, &fl[0])) ||
	    !(f[1] = next_field(l, n, &off, &fl[1])))
		return -EINVAL;
	m.mountpoint = unescape(f[4], fl[4]);
	m.fstype = unescape(f[0], fl[0]);
	m.source = unescape(f[1], fl[1]);
	v = realloc(out->v, (out->n + 1) * sizeof(*v));
	if (!m.mountpoint || !m.fstype || !m.source || !v) {
		if (v)
			out->v = v;
		mnt_free(&m);
		return -ENOMEM;
	}
	out->v = v;
	out->v[out->n++] = m;
	return 1;
}

int blockdev_parse_mountinfo(const char *buf, size_t len,
			     struct blockdev_mnts *out, size_t *line)
{
	size_t off = 0, lineno = 0;

	memset(out, 0, sizeof(*out));
	while (off < len) {
		const char *nl = memchr(buf + off, '\n', len - off);
		size_t n = nl ? (size_t)(nl - (buf + off)) : len - off;
		int rc = mountinfo_line(buf + off, n, out);

		lineno++;
		if (rc == -EINVAL && out->nskipped++ == 0)
			out->skip_line = lineno;
		if (rc == -ENOMEM) {
			if (line)
				*line = lineno;
			blockdev_mnts_free(out);
			return rc;
		}
		off += n + 1;
	}
	if (out->n == 0 && out->nskipped) {
		if (line)
			*line = out->skip_line;
		blockdev_mnts_free(out);
		return -EINVAL;
	}
	return (int)out->n;
}

void blockdev_mnts_free(struct blockdev_mnts *m)
{
	size_t i;

	for (i = 0; i < m->n; i++)
		mnt_free(&m->v[i]);
	free(m->v);
	m->v = NULL;
	m->n = 0;
}

/* ---- queue/scheduler ----------------------------------------------------- */

static void copy_out(char *dst, size_t size, const char *s, size_t n)
{
	if (!size)
		return;
	if (n >= size)
		n = size - 1;
	memcpy(dst, s, n);
	dst[n] = '\0';
}

static void append_word(char *dst, size_t size, const char *w, size_t n)
{
	size_t have = strnlen(dst, size);

	if (have && have + 1 < size)
		dst[have++] = ' ';
	if (have < size)
		copy_out(dst + have, size - have, w, n);
}

int blockdev_parse_sched(const char *buf, size_t len, char *cur,
			 size_t cursize, char *avail, size_t availsize)
{
	size_t off = 0, wl;
	const char *w;
	int count = 0;
	bool seen = false;

	copy_out(cur, cursize, "", 0);
	copy_out(avail, availsize, "", 0);
	while (len && (buf[len - 1] == '\n' || buf[len - 1] == ' '))
		len--;
	while ((w = next_field(buf, len, &off, &wl))) {
		bool open = w[0] == '[', close = w[wl - 1] == ']';

		if (open != close || (open && (seen || wl < 3)))
			return -EINVAL;
		if (open) {
			w++;
			wl -= 2;
			seen = true;
			copy_out(cur, cursize, w, wl);
		}
		if (memchr(w, '[', wl) || memchr(w, ']', wl))
			return -EINVAL;
		append_word(avail, availsize, w, wl);
		count++;
	}
	return count ? count : -EINVAL;
}

/* ---- reading /sys/block ------------------------------------------------ */

/* Read DIR/NAME into B with trailing white space cut; 0 or -errno. */

static int parse_u64(const char *s, uint64_t *v)
{
	char *end;

	if (*s < '0' || *s > '9')
		return -EINVAL;
	errno = 0;
	*v = strtoull(s, &end, 10);
	if (errno == ERANGE)
		return -ERANGE;
	return *end ? -EINVAL : 0;
}

/* Add a sentence to D->error ("; " between several). */

static const char *errtext(int rc)
{
	if (rc == -ENOENT)
		return "vanished while reading";
	if (rc == -EINVAL || rc == -ERANGE)
		return "garbled value";
	return strerror(-rc);
}

static void read_size(struct blockdev *d, struct buf *b, const char *dir)
{
	uint64_t sectors;
	struct stat st;
	int rc = buf_read_attr(b, dir, "size");

	if (!rc)
		rc = parse_u64(b->data, &sectors);
	if (!rc && sectors > UINT64_MAX / 512)
		rc = -ERANGE;
	/* no size file in a folder that is still there: the kernel (or a
	 * driver) never made one; not a disk that went away */
	if (rc == -ENOENT && stat(dir, &st) == 0)
		errlist_add(&d->error, "size: not provided");
	else if (rc)
		errlist_add(&d->error, "size: %s", errtext(rc));
	else {
		d->size_bytes = sectors * 512;
		d->has_size = true;
	}
}

static void read_queue(struct blockdev *d, struct buf *b, const char *dir)
{
	char cur[64], avail[256];
	uint64_t v;
	int rc;

	d->rotational = -1;
	if (!buf_read_attr(b, dir, "queue/rotational") &&
	    !parse_u64(b->data, &v) && v <= 1)
		d->rotational = (int)v;
	if (!buf_read_attr(b, dir, "queue/logical_block_size") &&
	    !parse_u64(b->data, &v) && v <= UINT32_MAX)
		d->logical_block = (unsigned)v;
	rc = buf_read_attr(b, dir, "queue/scheduler");
	if (rc == -ENOENT)
		return;
	if (!rc)
		rc = blockdev_parse_sched(b->data, b->len, cur, sizeof(cur),
					  avail, sizeof(avail));
	if (rc < 0) {
		errlist_add(&d->error, "scheduler: %s", errtext(rc));
		return;
	}
	d->sched = strclean_dup(cur, strlen(cur));
	d->sched_avail = strclean_dup(avail, strlen(avail));
}

static int add_name(char ***v, size_t *n, const char *name)
{
	char **p = realloc(*v, (*n + 1) * sizeof(*p));

	if (!p)
		return -ENOMEM;
	*v = p;
	p[*n] = strclean_dup(name, strlen(name));
	if (!p[*n])
		return -ENOMEM;
	(*n)++;
	return 0;
}

/* md members and dm slaves: DIR/slaves/, or DIR/md/dev-* for md. */
static void read_slaves(struct blockdev *d, const char *dir)
{
	char path[4096];
	struct dirent *e;
	DIR *dp;

	if ((size_t)snprintf(path, sizeof(path), "%s/slaves", dir) >=
	    sizeof(path))
		return;
	dp = opendir(path);
	while (dp && (e = readdir(dp)))
		if (e->d_name[0] != '.')
			add_name(&d->slaves, &d->nslaves, e->d_name);
	if (dp)
		closedir(dp);
	if (d->nslaves)
		return;
	if ((size_t)snprintf(path, sizeof(path), "%s/md", dir) >= sizeof(path))
		return;
	dp = opendir(path);
	while (dp && (e = readdir(dp))) {
		if (strncmp(e->d_name, "dev-", 4) == 0)
			add_name(&d->slaves, &d->nslaves, e->d_name + 4);
	}
	if (dp)
		closedir(dp);
}

static int add_mount(struct blockdev *d, const char *part,
		     const struct blockdev_mnt *m)
{
	struct blockdev_mount *v = realloc(d->mounts,
					   (d->nmounts + 1) * sizeof(*v));
	struct blockdev_mount n;

	if (!v)
		return -ENOMEM;
	d->mounts = v;
	n.part = strdup(part);
	n.mountpoint = strdup(m->mountpoint);
	n.fstype = strdup(m->fstype);
	if (!n.part || !n.mountpoint || !n.fstype) {
		free(n.part);
		free(n.mountpoint);
		free(n.fstype);
		return -ENOMEM;
	}
	v[d->nmounts++] = n;
	return 0;
}

/* The mounts of block device NAME (disk or partition) found in DIR. */
static void match_mounts(struct blockdev *d, struct buf *b, const char *dir,
			 const char *name, const struct blockdev_mnts *mi)
{
	unsigned maj, min;
	size_t i;
	bool have = !buf_read_attr(b, dir, "dev") &&
		    !parse_majmin(b->data, b->len, &maj, &min);

	for (i = 0; i < mi->n; i++) {
		const struct blockdev_mnt *m = &mi->v[i];
		bool by_dev = have && m->major == maj && m->minor == min;
		bool by_src = strncmp(m->source, "/dev/", 5) == 0 &&
			      strcmp(m->source + 5, name) == 0;

		if (by_dev || by_src)
			add_mount(d, name, m);
	}
}

static void read_partitions(struct blockdev *d, struct buf *b,
			    const char *dir, const struct blockdev_mnts *mi)
{
	char sub[4096];
	struct dirent *e;
	struct stat st;
	DIR *dp = opendir(dir);

	match_mounts(d, b, dir, d->name, mi);
	while (dp && (e = readdir(dp))) {
		if (e->d_name[0] == '.')
			continue;
		if ((size_t)snprintf(sub, sizeof(sub), "%s/%s/partition", dir,
				     e->d_name) >= sizeof(sub) ||
		    stat(sub, &st) != 0)
			continue;
		if ((size_t)snprintf(sub, sizeof(sub), "%s/%s", dir,
				     e->d_name) < sizeof(sub))
			match_mounts(d, b, sub, e->d_name, mi);
	}
	if (dp)
		closedir(dp);
}

static void read_disk(struct blockdev *d, const char *sys_block,
		      const struct blockdev_mnts *mi)
{
	struct buf b = { 0 };
	char dir[4096];
	struct stat st;

	if ((size_t)snprintf(dir, sizeof(dir), "%s/%s", sys_block, d->name) >=
	    sizeof(dir) || stat(dir, &st) != 0) {
		errlist_add(&d->error, "%s: %s", d->name, errtext(-errno));
		return;
	}
	read_size(d, &b, dir);
	read_queue(d, &b, dir);
	if (!buf_read_attr(&b, dir, "device/model") && b.len)
		d->model = strclean_dup(b.data, b.len);
	read_partitions(d, &b, dir, mi);
	read_slaves(d, dir);
	buf_free(&b);
}

static bool skip_disk(const struct blockdev *d, const char *sys_block)
{
	char path[4096];
	struct stat st;

	/* /sys/block holds disks only; umockdev also links partitions */
	if ((size_t)snprintf(path, sizeof(path), "%s/%s/partition", sys_block,
			     d->name) < sizeof(path) && stat(path, &st) == 0)
		return true;
	if (strncmp(d->name, "ram", 3) == 0)
		return true;
	return strncmp(d->name, "loop", 4) == 0 && d->size_bytes == 0 &&
	       !d->error;
}

static int cmp_disk(const void *a, const void *b)
{
	return strcmp(((const struct blockdev *)a)->name,
		      ((const struct blockdev *)b)->name);
}

static void disk_free(struct blockdev *d);

/* Load mountinfo; a broken one is reported, the disks still listed. */
static void load_mounts(struct blockdev_list *out, const char *proc_root,
			struct blockdev_mnts *mi)
{
	struct buf b = { 0 };
	char path[4096], msg[64];
	size_t line = 0;
	int rc;

	snprintf(path, sizeof(path), "%s/self/mountinfo", proc_root);
	rc = buf_read_file(&b, path);
	if (!rc)
		rc = blockdev_parse_mountinfo(b.data, b.len, mi, &line);
	if (rc < 0) {
		snprintf(msg, sizeof(msg), "line %zu malformed", line);
		errlist_add(&out->error, "mountinfo: %s",
			    rc == -EINVAL ? msg : errtext(rc));
	} else if (mi->nskipped) {
		snprintf(msg, sizeof(msg), "%zu line%s not understood (line %zu)",
			 mi->nskipped, mi->nskipped == 1 ? "" : "s",
			 mi->skip_line);
		errlist_add(&out->error, "mountinfo: %s", msg);
	}
	buf_free(&b);
}

int blockdev_scan(const char *sys_root, const char *proc_root,
		  struct blockdev_list *out)
{
	struct blockdev_mnts mi = { 0 };
	char dir[4096];
	struct dirent *e;
	DIR *dp;

	memset(out, 0, sizeof(*out));
	load_mounts(out, proc_root, &mi);
	snprintf(dir, sizeof(dir), "%s/block", sys_root);
	dp = opendir(dir);
	if (!dp) {
		if (errno != ENOENT)
			errlist_add(&out->error, "%s: %s", dir,
				    strerror(errno));
		blockdev_mnts_free(&mi);
		return 0;
	}
	while ((e = readdir(dp))) {
		struct blockdev *v, *d;

		if (e->d_name[0] == '.')
			continue;
		v = realloc(out->v, (out->n + 1) * sizeof(*v));
		if (!v)
			break;
		out->v = v;
		d = memset(&v[out->n], 0, sizeof(*d));
		d->name = strclean_dup(e->d_name, strlen(e->d_name));
		if (!d->name)
			break;
		read_disk(d, dir, &mi);
		if (skip_disk(d, dir))
			disk_free(d);
		else
			out->n++;
	}
	closedir(dp);
	blockdev_mnts_free(&mi);
	if (out->n)
		qsort(out->v, out->n, sizeof(*out->v), cmp_disk);
	return (int)out->n;
}

static void disk_free(struct blockdev *d)
{
	size_t i;

	for (i = 0; i < d->nmounts; i++) {
		free(d->mounts[i].part);
		free(d->mounts[i].mountpoint);
		free(d->mounts[i].fstype);
	}
	for (i = 0; i < d->nslaves; i++)
		free(d->slaves[i]);
	free(d->mounts);
	free(d->slaves);
	free(d->name);
	free(d->model);
	free(d->sched);
	free(d->sched_avail);
	free(d->error);
	memset(d, 0, sizeof(*d));
}

void blockdev_list_free(struct blockdev_list *l)
{
	size_t i;

	for (i = 0; i < l->n; i++)
		disk_free(&l->v[i]);
	free(l->v);
	free(l->error);
	memset(l, 0, sizeof(*l));
}

const struct blockdev *blockdev_find(const struct blockdev_list *l,
				     const char *name)
{
	size_t i;

	for (i = 0; i < l->n; i++)
		if (strcmp(l->v[i].name, name) == 0)
			return &l->v[i];
	return NULL;
}

/* ---- output ------------------------------------------------------------ */


static json_t *disk_json(const struct blockdev *d)
{
	json_t *o = json_object(), *m = json_array(), *s = json_array();
	size_t i;

	json_object_set_new(o, "name", json_string(d->name));
	json_object_set_new(o, "model", jsondoc_str(d->model));
	json_object_set_new(o, "size_bytes", !d->has_size ? json_null() :
		json_integer((json_int_t)(d->size_bytes > INT64_MAX ?
					  INT64_MAX : d->size_bytes)));
	json_object_set_new(o, "rotational", d->rotational < 0 ? json_null()
			    : json_boolean(d->rotational));
	json_object_set_new(o, "logical_block_size",
			    json_integer(d->logical_block));
	json_object_set_new(o, "scheduler", jsondoc_str(d->sched));
	json_object_set_new(o, "schedulers", jsondoc_str(d->sched_avail));
	for (i = 0; i < d->nmounts; i++)
		json_array_append_new(m, json_pack("{s:s,s:s,s:s}",
			"part", d->mounts[i].part,
			"mountpoint", d->mounts[i].mountpoint,
			"fstype", d->mounts[i].fstype));
	for (i = 0; i < d->nslaves; i++)
		json_array_append_new(s, json_string(d->slaves[i]));
	json_object_set_new(o, "mounts", m);
	json_object_set_new(o, "slaves", s);
	if (d->error)
		json_object_set_new(o, "error", json_string(d->error));
	return o;
}

json_t *blockdev_json(const struct blockdev_list *l)
{
	json_t *a = json_array();
	size_t i;

	for (i = 0; i < l->n; i++)
		json_array_append_new(a, disk_json(&l->v[i]));
	return a;
}

static void print_size(FILE *f, uint64_t bytes)
{
	static const char *const unit[] = { "B", "KiB", "MiB", "GiB", "TiB",
					    "PiB", "EiB" };
	double v = (double)bytes;
	size_t u = 0;

	while (v >= 1024 && u + 1 < sizeof(unit) / sizeof(unit[0])) {
		v /= 1024;
		u++;
	}
	fprintf(f, "%.1f %s", v, unit[u]);
}

static void print_disk(FILE *f, const struct blockdev *d)
{
	size_t i;

	fprintf(f, "  %-8s ", d->name);
	if (d->has_size)
		print_size(f, d->size_bytes);
	else
		fputs("?", f);
	fprintf(f, "  %s", d->rotational < 0 ? "?" :
		d->rotational ? _("rotational") : _("non-rotational"));
	if (d->logical_block)
		fprintf(f, _("  %u-byte blocks"), d->logical_block);
	if (d->sched)
		fprintf(f, _("  scheduler %s (of %s)"), *d->sched ? d->sched :
			"?", d->sched_avail);
	if (d->model)
		fprintf(f, "  \"%s\"", d->model);
	fputc('\n', f);
	for (i = 0; i < d->nmounts; i++)
		fprintf(f, _("           %s on %s (%s)\n"), d->mounts[i].part,
			d->mounts[i].mountpoint, d->mounts[i].fstype);
	for (i = 0; i < d->nslaves; i++)
		fprintf(f, _("           member %s\n"), d->slaves[i]);
	if (d->error)
		fprintf(f, _("           error: %s\n"), d->error);
}

void blockdev_print(FILE *f, const struct blockdev_list *l)
{
	size_t i;

	fprintf(f, "%s", _("Block devices\n"));
	if (l->error)
		fprintf(f, _("  error: %s\n"), l->error);
	if (!l->n)
		fprintf(f, "%s", _("  no block devices\n"));
	for (i = 0; i < l->n; i++)
		print_disk(f, &l->v[i]);
}
