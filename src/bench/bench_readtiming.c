/* SPDX-License-Identifier: GPL-2.0-or-later */
/* bench_readtiming: hdparm -T (the same 2 MiB read again and again from
 * the page cache, seek overhead taken out), -t (buffered reads of the
 * device after BLKFLSBUF) and -t --direct (O_DIRECT), on a block device,
 * opened read only.  MiB/s, which hdparm prints as "MB/sec". */
#include "config.h"

#include "bench/bench.h"

#include <errno.h>
#include <fcntl.h>
#include <linux/fs.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/i18n.h"
#include "base/monoclock.h"
#include "bench/benchdisk.h"
#include "bench/benchmsg.h"

#define CHUNK (2u << 20)	/* hdparm's TIMING_BUF_MB */
#define MIB (1024.0 * 1024.0)
#define CACHED_S 2.0

struct rt {
	const char *dev;
	int out;
	void *buf;
	uint64_t devsize;
	double dur;
	char *err;
	size_t errsize;
};

static int fail(struct rt *r, int err, const char *doing)
{
	int e = err < 0 ? -err : err;

	/* A device read, not a folder written: say what is true. */
	if (e == ENOENT || e == ENOTDIR || e == ENXIO || e == ENODEV)
		snprintf(r->err, r->errsize, _("%s: no such block device (%s)"),
			 r->dev, strerror(e));
	else if (e == EACCES || e == EPERM)
		snprintf(r->err, r->errsize, _("cannot read %s: %s (reading a "
			 "block device needs root or the disk group)"), r->dev,
			 strerror(e));
	else
		/* TRANSLATORS: in place of a filesystem type ("ext4"). */
		benchdisk_explain(err, doing, r->dev, _("block device"),
				  r->err, r->errsize);
	return err < 0 ? err : -err;
}

static int read_chunk(int fd, void *buf, uint64_t off)
{
	ssize_t n = pread(fd, buf, CHUNK, (off_t)off);

	return n == (ssize_t)CHUNK ? 0 : n < 0 ? -errno : -EIO;
}

/* hdparm -T: MiB/s of repeated reads of the first 2 MiB. */
static int cached(struct rt *r, int fd, double *mibps)
{
	double t0, el, el2;
	unsigned long it = 0, k;
	int rc = read_chunk(fd, r->buf, 0);

	t0 = monoclock_s();
	do {
		if (rc || (rc = read_chunk(fd, r->buf, 0)))
			return fail(r, rc, N_("reading"));
		it++;
		el = monoclock_s() - t0;
	} while (el < CACHED_S);
	t0 = monoclock_s();	/* take out the cost of the timing itself */
	for (k = 0; k < it; k++)
		lseek(fd, 0, SEEK_SET);
	el2 = monoclock_s() - t0;
	*mibps = (double)it * CHUNK / MIB / (el - el2 > 0 ? el - el2 : el);
	return 0;
}

/* hdparm -t (O_DIRECT when DIRECT): sequential 2 MiB reads for DUR s. */
static int disk(struct rt *r, int fd, double frac0, const char *phase,
		double *mibps)
{
	double t0, el = 0, last;
	uint64_t off = 0;
	int rc;

	fsync(fd);
	ioctl(fd, BLKFLSBUF, NULL);	/* needs CAP_SYS_ADMIN; best effort */
	posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED);
	t0 = last = monoclock_s();
	while (el < r->dur && off + CHUNK <= r->devsize) {
		if ((rc = read_chunk(fd, r->buf, off)) != 0)
			return fail(r, rc, N_("reading"));
		off += CHUNK;
		el = monoclock_s() - t0;
		if (el - (last - t0) >= BENCH_PROGRESS_S) {
			last = monoclock_s();
			benchmsg_progress(r->out, frac0 + 0.4 * el / r->dur,
					  phase, (double)off / el);
		}
	}
	if (off == 0)
		return fail(r, -EIO, N_("reading (the device is smaller "
					"than 2 MiB)"));
	*mibps = (double)off / MIB / el;
	return 0;
}

static int open_dev(struct rt *r, int flags)
{
	struct stat st;
	int fd = open(r->dev, O_RDONLY | O_CLOEXEC | flags);

	if (fd < 0)
		return fail(r, -errno, N_("opening"));
	if (fstat(fd, &st) || !S_ISBLK(st.st_mode)) {
		close(fd);
		snprintf(r->err, r->errsize, _("%s is not a block device: "
			 "read-timing reads a disk such as /dev/sda"), r->dev);
		return -ENOTBLK;
	}
	if (ioctl(fd, BLKGETSIZE64, &r->devsize))
		r->devsize = 0;
	return fd;
}

static int run_all(struct rt *r, double v[3])
{
	int fd = open_dev(r, 0), rc;

	if (fd < 0)
		return fd;
	benchmsg_progress(r->out, 0, "cached", -1);
	rc = cached(r, fd, &v[0]);
	if (rc == 0)
		rc = disk(r, fd, 0.2, "buffered", &v[1]);
	close(fd);
	if (rc == 0 && (fd = open_dev(r, O_DIRECT)) < 0)
		rc = fd;
	if (rc == 0) {
		rc = disk(r, fd, 0.6, "direct", &v[2]);
		close(fd);
	}
	return rc;
}

int bench_readtiming_run(const struct bench_job *j, json_t *res, char *err,
			 size_t errsize)
{
	struct rt r = { .dev = j->target, .out = j->out, .err = err,
			.errsize = errsize, .dur = j->p.duration_s };
	json_t *figs = json_object_get(res, "figures");
	double v[3];
	int rc;

	if (posix_memalign(&r.buf, 4096, CHUNK))
		return -ENOMEM;
	benchmsg_expect(j->out, CACHED_S + 2 * r.dur);
	rc = run_all(&r, v);
	free(r.buf);
	if (rc)
		return rc;
	bench_figure(figs, "cached reads", v[0], "MiB/s", true);
	bench_figure(figs, "buffered disk reads", v[1], "MiB/s", true);
	bench_figure(figs, "O_DIRECT disk reads", v[2], "MiB/s", true);
	json_object_set_new(res, "details", json_pack("{s:s s:I s:f}",
		"device", r.dev, "device_bytes", (json_int_t)r.devsize,
		"seconds_per_phase", r.dur));
	return 0;
}
