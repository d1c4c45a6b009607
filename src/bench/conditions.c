/* SPDX-License-Identifier: GPL-2.0-or-later */
/* conditions: the facts recorded around each benchmark run, from the
 * hardware model (clusters, thermal, USB/block chains) and mountinfo. */
#include "config.h"

#include "bench/conditions.h"

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

#include "base/buf.h"
#include "base/jsondoc.h"
#include "base/monoclock.h"
#include "hw/usbdesc.h"

static json_t *time_now(void)
{
	char s[40];

	jsondoc_time(s, sizeof(s), time(NULL));
	return json_string(s);
}

static json_t *clusters_now(const struct hwmodel *hw)
{
	json_t *a = json_array();
	char cpus[128];
	size_t i;

	for (i = 0; i < hw->clusters.n; i++) {
		const struct cluster *c = &hw->clusters.v[i];

		cpulist_format(&c->cpus, cpus, sizeof(cpus));
		json_array_append_new(a, json_pack("{s:i s:s s:o s:o s:o s:b}",
			"policy", (int)c->policy, "cpus", cpus,
			"governor", c->has_freq && c->freq.governor ?
			json_string(c->freq.governor) : json_null(),
			"cur_khz", c->has_freq && c->freq.cur_khz ?
			json_integer((json_int_t)c->freq.cur_khz) :
			json_null(),
			"max_khz", c->has_freq && c->freq.max_khz ?
			json_integer((json_int_t)c->freq.max_khz) :
			json_null(), "throttled", c->throttled));
	}
	return a;
}

int conditions_mount_of(const struct blockdev_mnts *m, const char *path)
{
	size_t i, best_len = 0;
	int best = -1;

	for (i = 0; i < m->n; i++) {
		const char *mp = m->v[i].mountpoint;
		size_t n = strlen(mp);

		if (strncmp(mp, path, n) || (n > 1 && path[n] != '/' &&
					     path[n] != '\0'))
			continue;
		if (best < 0 || n >= best_len) {
			best = (int)i;
			best_len = n;
		}
	}
	return best;
}

/* The disk ("sda") of block device MAJ:MIN, from /sys/dev/block. */
static void disk_of(unsigned maj, unsigned min, char *dst, size_t size)
{
	char link[64], *real, *slash, part[PATH_MAX];

	dst[0] = '\0';
	snprintf(link, sizeof(link), "/sys/dev/block/%u:%u", maj, min);
	if (!(real = realpath(link, NULL)))
		return;
	snprintf(part, sizeof(part), "%s/partition", real);
	if (access(part, F_OK) == 0 && (slash = strrchr(real, '/')))
		*slash = '\0';
	slash = strrchr(real, '/');
	snprintf(dst, size, "%s", slash ? slash + 1 : real);
	free(real);
}

/* The mount of folder PATH: {path, mountpoint, fstype, source}. */
static json_t *mount_json(const char *path, unsigned *maj, unsigned *min)
{
	struct blockdev_mnts m = { 0 };
	struct buf b = { 0 };
	char *real = realpath(path, NULL);
	json_t *o = json_pack("{s:s}", "path", path);
	int k = -1;

	if (real && buf_read_file(&b, "/proc/self/mountinfo") == 0 &&
	    blockdev_parse_mountinfo(b.data, b.len, &m, NULL) > 0)
		k = conditions_mount_of(&m, real);
	if (k >= 0) {
		json_object_set_new(o, "mountpoint",
				    json_string(m.v[k].mountpoint));
		json_object_set_new(o, "fstype", json_string(m.v[k].fstype));
		json_object_set_new(o, "source", json_string(m.v[k].source));
		*maj = m.v[k].major;
		*min = m.v[k].minor;
	} else if (real) {
		/* its mount is outside what this process sees (a chroot, a
		 * container): the disk still comes from the folder's device */
		struct stat st;

		if (stat(real, &st) == 0) {
			*maj = major(st.st_dev);
			*min = minor(st.st_dev);
		}
	}
	blockdev_mnts_free(&m);
	buf_free(&b);
	free(real);
	return o;
}

static json_t *usb_json(const struct hwmodel *hw, const struct chain *ch)
{
	const struct usbdev *d = usbdev_find(&hw->chain.usb,
					     ch->path.usb_dev);
	char sp[16];

	if (!d)
		return json_null();
	usbdesc_format_speed(d->speed_kbps, sp, sizeof(sp));
	return json_pack("{s:s s:s s:o s:o s:o s:o}", "device", d->name,
		"speed", sp, "driver", usbdev_driver(d) ?
		json_string(usbdev_driver(d)) : json_null(),
		"uas", json_boolean(d->uas_bound),
		"bridge", d->bridge ? json_string(d->bridge) : json_null(),
		"product", d->product ? json_string(d->product) : json_null());
}

static json_t *irqs_json(const struct chain *ch)
{
	json_t *a = json_array();
	char aff[128];
	size_t i;

	for (i = 0; i < ch->nirqs; i++) {
		const struct chain_irq *q = &ch->irqs[i];

		if (q->has_affinity)
			cpulist_format(&q->affinity, aff, sizeof(aff));
		json_array_append_new(a, json_pack("{s:i s:s s:o s:o}",
			"irq", (int)q->irq, "action", q->action ? q->action : "",
			"affinity", q->has_affinity ? json_string(aff) :
			json_null(), "top_cpu", q->top_cpu >= 0 ?
			json_integer(q->top_cpu) : json_null()));
	}
	return a;
}

/* "disk", "usb" and "irqs" of the chain of disk DEV (or of every network
 * interface when DEV is NULL) into T. */
static void chain_into(const struct hwmodel *hw, const char *dev, json_t *t)
{
	json_t *ifs = dev ? NULL : json_array();
	size_t i;

	for (i = 0; i < hw->chain.chains.n; i++) {
		const struct chain *ch = &hw->chain.chains.v[i];

		if (dev && !strcmp(ch->dev, dev)) {
			json_object_set_new(t, "usb", usb_json(hw, ch));
			json_object_set_new(t, "irqs", irqs_json(ch));
		} else if (!dev && !strcmp(ch->kind, "net")) {
			json_array_append_new(ifs, json_pack("{s:s s:o s:o}",
				"name", ch->dev, "usb", usb_json(hw, ch),
				"irqs", irqs_json(ch)));
		}
	}
	if (ifs)
		json_object_set_new(t, "interfaces", ifs);
}

/* "disk_model" and "disk_size_bytes" of disk DEV into T (null when the
 * kernel does not say): what tells like disks apart when runs on several
 * are averaged (session/snapavg.h). */
static void disk_into(const struct hwmodel *hw, const char *dev, json_t *t)
{
	const struct blockdev *b = blockdev_find(&hw->chain.block, dev);

	json_object_set_new(t, "disk_model", b && b->model ?
			    json_string(b->model) : json_null());
	json_object_set_new(t, "disk_size_bytes", b && b->has_size ?
			    json_integer((json_int_t)b->size_bytes) :
			    json_null());
}

static json_t *target_json(const struct hwmodel *hw, enum bench_kind kind,
			   const char *target)
{
	unsigned maj = 0, min = 0;
	char disk[64] = "";
	struct stat st;
	json_t *t;

	if (kind == BENCH_IPERF) {
		t = json_pack("{s:s}", "host", target);
		if (hw)
			chain_into(hw, NULL, t);
		return t;
	}
	if (stat(target, &st) == 0 && S_ISBLK(st.st_mode)) {
		t = json_pack("{s:s}", "device_path", target);
		maj = major(st.st_rdev);
		min = minor(st.st_rdev);
	} else {
		t = mount_json(target, &maj, &min);
	}
	if (maj || min)
		disk_of(maj, min, disk, sizeof(disk));
	json_object_set_new(t, "disk", disk[0] ? json_string(disk) :
			    json_null());
	json_object_set_new(t, "usb", json_null());
	json_object_set_new(t, "irqs", json_array());
	if (disk[0] && hw) {
		chain_into(hw, disk, t);
		disk_into(hw, disk, t);
	}
	return t;
}

int conditions_begin(struct conditions *c, enum bench_kind kind,
		     const char *target)
{
	struct utsname u;
	char host[256] = "";

	memset(c, 0, sizeof(*c));
	c->have_hw = hwmodel_load(&c->hw) == 0;
	c->t0 = monoclock_s();
	gethostname(host, sizeof(host) - 1);
	if (uname(&u))
		memset(&u, 0, sizeof(u));
	c->obj = json_pack("{s:o s:s s:s s:s s:o s:o s:o}",
		"time_start", time_now(), "kernel", u.release,
		"machine", u.machine, "hostname", host,
		"board", c->have_hw && c->hw.board ? json_string(c->hw.board) :
		json_null(), "target", target_json(c->have_hw ? &c->hw : NULL,
						   kind, target),
		"clusters_start", c->have_hw ? clusters_now(&c->hw) :
		json_array());
	if (!c->obj)
		return -ENOMEM;
	conditions_sample(c);
	return 0;
}

void conditions_sample(struct conditions *c)
{
	size_t i;

	if (!c->have_hw || hwmodel_refresh(&c->hw))
		return;
	for (i = 0; i < c->hw.thermal.nzones; i++) {
		const struct thermal_zone *z = &c->hw.thermal.zones[i];
		double t = (double)z->temp_mc / 1000.0;

		if (!z->has_temp)
			continue;
		if (!c->have_temp || t < c->temp_min_c)
			c->temp_min_c = t;
		if (!c->have_temp || t > c->temp_max_c)
			c->temp_max_c = t;
		c->have_temp = true;
	}
	for (i = 0; i < c->hw.clusters.n && i < 64; i++)
		if (c->hw.clusters.v[i].throttled)
			c->throttled |= 1ULL << i;
}

json_t *conditions_end(struct conditions *c)
{
	json_t *thr = json_array();
	size_t i;

	conditions_sample(c);
	for (i = 0; c->have_hw && i < c->hw.clusters.n && i < 64; i++)
		if (c->throttled & (1ULL << i))
			json_array_append_new(thr, json_integer(
				c->hw.clusters.v[i].policy));
	json_object_set_new(c->obj, "time_end", time_now());
	json_object_set_new(c->obj, "duration_s", json_real(
		round((monoclock_s() - c->t0) * 1000) / 1000));
	json_object_set_new(c->obj, "clusters_end", c->have_hw ?
			    clusters_now(&c->hw) : json_array());
	json_object_set_new(c->obj, "temperature_min_c", c->have_temp ?
			    json_real(c->temp_min_c) : json_null());
	json_object_set_new(c->obj, "temperature_max_c", c->have_temp ?
			    json_real(c->temp_max_c) : json_null());
	json_object_set_new(c->obj, "throttled", json_boolean(c->throttled));
	json_object_set_new(c->obj, "throttled_policies", thr);
	return json_incref(c->obj);
}

void conditions_fini(struct conditions *c)
{
	if (c->have_hw)
		hwmodel_fini(&c->hw);
	json_decref(c->obj);
	memset(c, 0, sizeof(*c));
}
