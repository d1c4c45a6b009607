/* SPDX-License-Identifier: GPL-2.0-or-later */
/* benchdisk: the disk benchmarks' common child-side parts: checks,
 * nameless files, aligned buffers and the failure sentences. */
#include "config.h"

#include "bench/benchdisk.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/statvfs.h>
#include <time.h>
#include <unistd.h>

#include "base/i18n.h"
#include "base/monoclock.h"
#include "bench/benchmsg.h"

#define ALIGN 4096
#define MIB (1024.0 * 1024.0)

static const struct { unsigned long magic; const char *name; } fs_names[] = {
	{ 0xEF53, "ext4" }, { 0x01021994, "tmpfs" }, { 0x858458f6, "ramfs" },
	{ 0x58465342, "xfs" }, { 0x9123683e, "btrfs" }, { 0x4d44, "vfat" },
	{ 0x2011bab0, "exfat" }, { 0x5346544e, "ntfs" }, { 0xf2f52010, "f2fs" },
	{ 0x6969, "nfs" }, { 0x65735546, "fuse" }, { 0x794c7630, "overlay" },
	{ 0xca451a4e, "bcachefs" }, { 0x2fc12fc1, "zfs" },
};

static void fs_name(const char *dir, char *dst, size_t size)
{
	struct statfs sf;
	size_t i;

	snprintf(dst, size, "?");
	if (statfs(dir, &sf))
		return;
	for (i = 0; i < sizeof(fs_names) / sizeof(fs_names[0]); i++)
		if ((unsigned long)sf.f_type == fs_names[i].magic)
			snprintf(dst, size, "%s", fs_names[i].name);
	if (!strcmp(dst, "?"))
		snprintf(dst, size, "0x%lx", (unsigned long)sf.f_type);
}

void benchdisk_explain(int err, const char *doing, const char *dir,
		       const char *fstype, char *dst, size_t size)
{
	err = err < 0 ? -err : err;
	doing = _(doing);	/* an N_() phrase: "writing", "reading" */
	if (err == ENOSPC || err == EDQUOT)
		/* TRANSLATORS: a folder, ENOSPC or EDQUOT, and what was being
		 * done ("writing"). */
		snprintf(dst, size, _("the filesystem at %s is full (%s) while "
			 "%s; nothing was left behind: free some space or "
			 "choose a smaller size"), dir,
			 err == ENOSPC ? "ENOSPC" : "EDQUOT", doing);
	else if (err == EIO)
		/* TRANSLATORS: a folder or device, and what was being done
		 * ("reading"). */
		snprintf(dst, size, _("the disk under %s reported an I/O error "
			 "(EIO) while %s: check the cable, the power supply "
			 "and dmesg"), dir, doing);
	else if (err == ENOENT || err == ENOTDIR)
		snprintf(dst, size, _("%s is not a folder"), dir);
	else if (err == EACCES || err == EPERM || err == EROFS)
		snprintf(dst, size, _("cannot write in %s: %s"), dir,
			 strerror(err));
	else
		/* TRANSLATORS: what was being done ("writing"), a folder or
		 * device, its filesystem type ("ext4", or "block device")
		 * and the system's reason. */
		snprintf(dst, size, _("%s in %s (%s) failed: %s"), doing, dir,
			 fstype, strerror(err));
}

void benchdisk_explain_space(const char *dir, uint64_t avail, uint64_t need,
			     char *dst, size_t size)
{
	snprintf(dst, size, _("not enough free space in %s: %.0f MiB free, "
		 "the run needs %.0f MiB (it would end in ENOSPC); free some "
		 "space or choose a smaller size"), dir, (double)avail / MIB,
		 (double)need / MIB);
}

static int check_dir(struct benchdisk *d)
{
	struct stat st;

	if (stat(d->dir, &st))
		/* TRANSLATORS: this and the other phrases passed to
		 * benchdisk_fail() go into "while %s" and into "%s in
		 * FOLDER (FILESYSTEM) failed: REASON". */
		return benchdisk_fail(d, -errno, N_("looking at the target"));
	if (S_ISBLK(st.st_mode)) {
		snprintf(d->err, sizeof(d->err), _("%s is a block device: "
			 "write tests need a folder on a mounted filesystem, "
			 "never a raw device"), d->dir);
		return -EINVAL;
	}
	if (!S_ISDIR(st.st_mode))
		return benchdisk_fail(d, -ENOTDIR, N_("looking at the target"));
	return 0;
}

/* Whether NEED bytes (and 1 MiB to spare) fit; filesystems that report
 * no size at all (ramfs) are let through. */
static int check_space(struct benchdisk *d, uint64_t need)
{
	struct statvfs sv;
	uint64_t avail;

	if (statvfs(d->dir, &sv))
		return benchdisk_fail(d, -errno, N_("checking the free space"));
	avail = (uint64_t)sv.f_bavail * sv.f_frsize;
	if (sv.f_blocks && avail < need + (1u << 20)) {
		benchdisk_explain_space(d->dir, avail, need, d->err,
					sizeof(d->err));
		return -ENOSPC;
	}
	return 0;
}

/* Fallback for filesystems without O_TMPFILE: a unique name, unlinked at
 * once (also when open fails after creating it). */
static int open_named(struct benchdisk *d, int flags)
{
	char path[4200];
	int fd, err;

	snprintf(path, sizeof(path), "%s/.benchtop-%ld-%lx", d->dir,
		 (long)getpid(), (unsigned long)monoclock_s() * 7919UL);
	fd = open(path, flags | O_CREAT | O_EXCL, 0600);
	err = fd < 0 ? errno : 0;
	if (err != EEXIST)
		unlink(path);
	return fd < 0 ? -err : fd;
}

static int open_tmp(struct benchdisk *d, int flags)
{
	int fd = open(d->dir, O_TMPFILE | flags, 0600);

	if (fd >= 0)
		return fd;
	if (errno == EOPNOTSUPP || errno == EISDIR)
		return open_named(d, flags);
	if (errno == EINVAL && (flags & O_DIRECT)) {
		/* EINVAL: O_TMPFILE and O_DIRECT; which one is refused? */
		fd = open(d->dir, O_TMPFILE | (flags & ~O_DIRECT), 0600);
		if (fd >= 0) {
			close(fd);
			return -EINVAL;
		}
		return open_named(d, flags);
	}
	return -errno;
}

int benchdisk_open(struct benchdisk *d, uint64_t need)
{
	int flags = O_RDWR | O_CLOEXEC | (d->direct ? O_DIRECT : 0);
	int rc;

	d->fd = -1;
	d->align = ALIGN;
	fs_name(d->dir, d->fstype, sizeof(d->fstype));
	if ((rc = check_dir(d)) != 0)
		return rc;
	rc = open_tmp(d, flags);	/* nameless: nothing to clean up */
	if (rc == -EINVAL && d->direct) {
		snprintf(d->err, sizeof(d->err), _("the filesystem at %s (%s) "
			 "does not support O_DIRECT; choose a folder on a "
			 "disk, or a buffered-with-fsync preset such as "
			 "seq-buffered-fsync"), d->dir, d->fstype);
		return rc;
	}
	if (rc < 0)
		return benchdisk_fail(d, rc, N_("creating the test file"));
	d->fd = rc;
	if ((rc = check_space(d, need)) != 0)
		benchdisk_close(d);
	return rc;
}

void benchdisk_close(struct benchdisk *d)
{
	if (d->fd >= 0)
		close(d->fd);
	d->fd = -1;
}

void *benchdisk_buffer(const struct benchdisk *d, size_t size)
{
	uint64_t x = 0x9e3779b97f4a7c15ULL;
	uint64_t *p;
	size_t i;

	if (posix_memalign((void **)&p, d->align, size ? size : d->align))
		return NULL;
	for (i = 0; i < size / sizeof(*p); i++) {
		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		p[i] = x;
	}
	return p;
}

static int xfer(struct benchdisk *d, void *buf, size_t size, uint64_t off,
		bool wr)
{
	char *p = buf;

	while (size) {
		ssize_t n = wr ? pwrite(d->fd, p, size, (off_t)off) :
				 pread(d->fd, p, size, (off_t)off);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return -errno;
		if (n == 0)
			return wr ? -ENOSPC : -EIO;
		p += n;
		size -= (size_t)n;
		off += (uint64_t)n;
	}
	return 0;
}

int benchdisk_pwrite(struct benchdisk *d, const void *buf, size_t size,
		     uint64_t off)
{
	return xfer(d, (void *)buf, size, off, true);
}

int benchdisk_pread(struct benchdisk *d, void *buf, size_t size,
		    uint64_t off)
{
	return xfer(d, buf, size, off, false);
}

int benchdisk_drop_cache(struct benchdisk *d)
{
	if (fdatasync(d->fd))
		return -errno;
	return -posix_fadvise(d->fd, 0, 0, POSIX_FADV_DONTNEED);
}

int benchdisk_fail(struct benchdisk *d, int err, const char *doing)
{
	benchdisk_explain(err, doing, d->dir, d->fstype[0] ? d->fstype : "?",
			  d->err, sizeof(d->err));
	return err < 0 ? err : -err;
}

/* One request of a pass: write, read, or read then write back. */
static int pass_io(struct benchdisk *d, struct benchdisk_pass *ps,
		   uint64_t off)
{
	int rc;

	if (ps->rewrite) {
		rc = benchdisk_pread(d, ps->buf, ps->block, off);
		if (rc)
			return benchdisk_fail(d, rc, N_("reading"));
		((unsigned char *)ps->buf)[0]++;
	}
	rc = ps->write || ps->rewrite ?
	     benchdisk_pwrite(d, ps->buf, ps->block, off) :
	     benchdisk_pread(d, ps->buf, ps->block, off);
	if (rc)
		return benchdisk_fail(d, rc, ps->write || ps->rewrite ?
				      N_("writing") : N_("reading"));
	return 0;
}

/* dd's input side: fill BUF from /dev/zero (ZFD). */
static int zero_fill(struct benchdisk *d, int zfd, void *buf, size_t size)
{
	char *p = buf;

	while (size) {
		ssize_t n = read(zfd, p, size);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return benchdisk_fail(d, n < 0 ? -errno : -EIO,
					      N_("reading /dev/zero"));
		p += n;
		size -= (size_t)n;
	}
	return 0;
}

static int seq_loop(struct benchdisk *d, struct benchdisk_pass *ps, int zfd)
{
	double t0 = monoclock_s(), last = t0, t, lat;
	uint64_t off;
	int rc;

	ps->max_lat_s = 0;
	ps->io_secs = 0;
	for (off = 0; off < ps->size; off += ps->block) {
		if (zfd >= 0 && (rc = zero_fill(d, zfd, ps->buf, ps->block)))
			return rc;
		t = monoclock_s();
		if ((rc = pass_io(d, ps, off)) != 0)
			return rc;
		lat = monoclock_s() - t;
		ps->io_secs += lat;
		if (lat > ps->max_lat_s)
			ps->max_lat_s = lat;
		if (t + lat - last >= 0.2 && t > t0) {
			last = t + lat;
			benchmsg_progress(d->out, ps->frac0 + ps->fspan *
					  (double)off / (double)ps->size,
					  ps->phase, (double)off / (last - t0));
		}
	}
	if ((ps->write || ps->rewrite) && ps->fsync && fsync(d->fd))
		return benchdisk_fail(d, -errno, N_("flushing (fsync)"));
	ps->secs = monoclock_s() - t0;
	return 0;
}

int benchdisk_seq(struct benchdisk *d, struct benchdisk_pass *ps)
{
	int zfd = -1, rc;

	if (ps->zero_fill && ps->write &&
	    (zfd = open("/dev/zero", O_RDONLY | O_CLOEXEC)) < 0)
		return benchdisk_fail(d, -errno, N_("opening /dev/zero"));
	rc = seq_loop(d, ps, zfd);
	if (zfd >= 0)
		close(zfd);
	return rc;
}
