/* SPDX-License-Identifier: GPL-2.0-or-later */
/* snapfile: atomic, symlink-safe, no-clobber writes of the files a user
 * keeps (snapshots): temp file beside the target, fsync, rename, fsync of
 * the folder; on any failure the temp file is removed. */
#include "config.h"

#include "session/snapfile.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/random.h>
#include <unistd.h>

#include "base/i18n.h"
#include "base/strclean.h"

struct target {
	char dir[4096];
	const char *base;	/* into the caller's path */
	char shown[512];	/* the path, cleaned for the terminal */
	int dfd;
	char tmp[300];		/* temp file name in DIR, or "" */
};

static int say(char *err, size_t size, int rc, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

static int say(char *err, size_t size, int rc, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(err, size, fmt, ap);
	va_end(ap);
	return rc;
}

static int open_dir(struct target *t, const char *path, char *err,
		    size_t size)
{
	const char *slash = strrchr(path, '/');
	size_t n = slash ? (size_t)(slash - path) : 0;

	strclean_copy(t->shown, sizeof(t->shown), path, strlen(path));
	t->base = slash ? slash + 1 : path;
	if (!t->base[0] || strcmp(t->base, ".") == 0 ||
	    strcmp(t->base, "..") == 0 || strlen(t->base) > 200)
		return say(err, size, -EINVAL, _("could not save %s: that is "
			   "not a file name"), t->shown);
	if (n >= sizeof(t->dir))
		/* TRANSLATORS: a file, and the system's reason. */
		return say(err, size, -ENAMETOOLONG, _("could not save %s: "
			   "%s"), t->shown, strerror(ENAMETOOLONG));
	memcpy(t->dir, slash ? path : ".", slash ? n : 1);
	t->dir[slash ? n : 1] = '\0';
	if (slash && n == 0)
		strcpy(t->dir, "/");
	t->dfd = open(t->dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (t->dfd < 0)
		return say(err, size, -errno, _("could not save %s: its "
			   "folder cannot be opened: %s"), t->shown,
			   strerror(errno));
	return 0;
}

/* Refuse a link at the target, and an existing file unless FORCE. */
static int check_target(struct target *t, bool force, char *err, size_t size)
{
	struct stat st;

	if (fstatat(t->dfd, t->base, &st, AT_SYMLINK_NOFOLLOW)) {
		if (errno == ENOENT)
			return 0;
		return say(err, size, -errno, _("could not save %s: %s"),
			   t->shown, strerror(errno));
	}
	if (S_ISLNK(st.st_mode))
		return say(err, size, -ELOOP, _("did not save %s: it is a "
			   "symbolic link, and benchtop never writes through "
			   "one"), t->shown);
	if (!force)
		return say(err, size, -EEXIST, _("did not save %s: the file "
			   "exists (give --force to replace it)"), t->shown);
	if (!S_ISREG(st.st_mode))
		return say(err, size, -EEXIST, _("did not save %s: it exists "
			   "and is not a regular file"), t->shown);
	return 0;
}

static int create_temp(struct target *t)
{
	mode_t mode = geteuid() == 0 ? 0600 : 0666;	/* then the umask */
	unsigned r;
	int i, fd;

	for (i = 0; i < 100; i++) {
		if (getrandom(&r, sizeof(r), GRND_NONBLOCK) != sizeof(r))
			r = (unsigned)getpid() * 2654435761u + (unsigned)i;
		snprintf(t->tmp, sizeof(t->tmp), ".%s.%08x.tmp", t->base, r);
		fd = openat(t->dfd, t->tmp, O_WRONLY | O_CREAT | O_EXCL |
			    O_NOFOLLOW | O_CLOEXEC, mode);
		if (fd >= 0 || errno != EEXIST)
			break;
	}
	if (fd < 0)
		t->tmp[0] = '\0';
	return fd < 0 ? -errno : fd;
}

static int write_all(int fd, const char *data, size_t len)
{
	while (len) {
		ssize_t n = write(fd, data, len);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return -errno;
		data += n;
		len -= (size_t)n;
	}
	return fsync(fd) ? -errno : 0;
}

static int fill_temp(struct target *t, const char *data, size_t len)
{
	int fd = create_temp(t), rc;

	if (fd < 0)
		return fd;
	rc = write_all(fd, data, len);
	if (close(fd) && rc == 0)
		rc = -errno;
	return rc;
}

/* Put the temp file in place: never replacing unless FORCE. */
static int publish(struct target *t, bool force)
{
	if (force)
		return renameat(t->dfd, t->tmp, t->dfd, t->base) ? -errno : 0;
	if (renameat2(t->dfd, t->tmp, t->dfd, t->base, RENAME_NOREPLACE) == 0)
		return 0;
	if (errno != EINVAL && errno != ENOSYS)
		return -errno;
	/* File systems without RENAME_NOREPLACE: link fails on EEXIST. */
	if (linkat(t->dfd, t->tmp, t->dfd, t->base, 0))
		return -errno;
	unlinkat(t->dfd, t->tmp, 0);
	return 0;
}

int snapfile_write(const char *path, const char *data, size_t len, bool force,
		   char *err, size_t size)
{
	struct target t = { .dfd = -1 };
	int rc;

	err[0] = '\0';
	rc = open_dir(&t, path, err, size);
	if (rc == 0)
		rc = check_target(&t, force, err, size);
	if (rc == 0)
		rc = fill_temp(&t, data, len);
	if (rc == 0)
		rc = publish(&t, force);
	if (rc == 0)
		t.tmp[0] = '\0';	/* it is the file now */
	if (rc == 0 && fsync(t.dfd) == 0)
		;		/* the rename is on disk too */
	else if (rc == -EEXIST && !err[0])
		say(err, size, rc, _("did not save %s: the file exists (give "
		    "--force to replace it)"), t.shown);
	else if (rc && !err[0])
		/* TRANSLATORS: a file, and the system's reason. */
		say(err, size, rc, _("could not save %s: %s (nothing was "
		    "written)"), t.shown, strerror(-rc));
	if (t.tmp[0])
		unlinkat(t.dfd, t.tmp, 0);
	if (t.dfd >= 0)
		close(t.dfd);
	return rc;
}

int snapfile_check(const char *path, bool force, char *err, size_t size)
{
	struct target t = { .dfd = -1 };
	int rc, fd;

	err[0] = '\0';
	rc = open_dir(&t, path, err, size);
	if (rc == 0)
		rc = check_target(&t, force, err, size);
	if (rc == 0) {
		fd = create_temp(&t);	/* the folder takes a file */
		if (fd < 0)
			rc = say(err, size, fd, _("could not save %s: %s "
				 "(nothing was written)"), t.shown,
				 strerror(-fd));
		else
			close(fd);
	}
	if (t.tmp[0])
		unlinkat(t.dfd, t.tmp, 0);
	if (t.dfd >= 0)
		close(t.dfd);
	return rc;
}

static void clean_host(char *dst, size_t size, const char *host)
{
	size_t o = 0;

	for (; host && *host && o + 1 < size; host++)
		if ((*host >= 'a' && *host <= 'z') ||
		    (*host >= 'A' && *host <= 'Z') ||
		    (*host >= '0' && *host <= '9') || strchr("-_.", *host))
			dst[o++] = *host;
	if (o == 0 && size > 5)
		o = (size_t)snprintf(dst, size, "host");
	dst[o] = '\0';
}

int snapfile_default_path(char *dst, size_t size, const char *dir,
			  const char *host, time_t when)
{
	char name[128], h[64], stamp[32] = "";
	const char *home = NULL;
	struct tm tm;
	int n;

	clean_host(h, sizeof(h), host);
	if (localtime_r(&when, &tm))
		strftime(stamp, sizeof(stamp), "%Y%m%d-%H%M%S", &tm);
	snprintf(name, sizeof(name), "benchtop-%s-%s.json", h, stamp);
	if (!dir || !dir[0])
		n = snprintf(dst, size, "%s", name);
	else if (strncmp(dir, "~/", 2) == 0 || strcmp(dir, "~") == 0) {
		home = getenv("HOME");
		if (!home || !home[0])
			return -ENOENT;
		dir += dir[1] == '/' ? 2 : 1;
		n = snprintf(dst, size, "%s/%s%s%s", home, dir,
			     dir[0] ? "/" : "", name);
	} else {
		n = snprintf(dst, size, "%s/%s", dir, name);
	}
	return n < 0 || (size_t)n >= size ? -ENAMETOOLONG : 0;
}
