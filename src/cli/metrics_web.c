/* SPDX-License-Identifier: GPL-2.0-or-later */
/* metrics_web: the web configuration of `metrics --listen` (TLS, basic
 * auth; src/metrics/webconfig parses it) read from disk, with paths in
 * it taken from the file's folder as exporter-toolkit does. */
#include "config.h"

#include "cli/metrics_web.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/i18n.h"
#include "base/strclean.h"

#define MAX_FILE (64 * 1024)	/* a web config or a PEM file */

/* PATH as it may be shown on a terminal. */
static const char *shown(const char *path, char *dst, size_t size)
{
	strclean_copy(dst, size, path, strlen(path));
	return dst;
}

/* Read PATH (at most MAX_FILE bytes) into B, ST its status; 0 or
 * -errno (-EFBIG past the limit). */
static int read_small(struct buf *b, const char *path, struct stat *st)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC), rc;

	if (fd < 0)
		return -errno;
	if (fstat(fd, st))
		rc = -errno;
	else if (!S_ISREG(st->st_mode))
		rc = -EINVAL;
	else if (st->st_size > MAX_FILE)
		rc = -EFBIG;
	else
		rc = buf_read_fd(b, fd);
	close(fd);
	return rc;
}

static const char *read_error(int rc)
{
	return rc == -EFBIG ? _("it is longer than 64 KiB") :
	       rc == -EINVAL ? _("it is not a regular file") : strerror(-rc);
}

/* NAME (cert_file, ...) of the web config CONF, relative to CONF's
 * folder unless absolute, read into B; it must hold BEGIN.  -1 or 2. */
static int read_pem(struct buf *b, const char *conf, const char *name,
		    const char *file, const char *begin)
{
	char path[PATH_MAX], s1[256], s2[256];
	const char *slash = strrchr(conf, '/');
	struct stat st;
	int n, rc;

	if (file[0] == '/' || !slash)
		n = snprintf(path, sizeof(path), "%s", file);
	else
		n = snprintf(path, sizeof(path), "%.*s/%s",
			     (int)(slash - conf), conf, file);
	rc = n < 0 || (size_t)n >= sizeof(path) ? -ENAMETOOLONG :
	     read_small(b, path, &st);
	if (rc) {
		fprintf(stderr, _("benchtop metrics: cannot read %s (%s of "
				  "%s): %s\n"), shown(path, s1, sizeof(s1)),
			name, shown(conf, s2, sizeof(s2)), read_error(rc));
		return 2;
	}
	if (!strstr(b->data, begin) || memchr(b->data, '\0', b->len)) {
		fprintf(stderr, _("benchtop metrics: %s (%s of %s) is not "
				  "in PEM form (no '%s' line)\n"),
			shown(path, s1, sizeof(s1)), name,
			shown(conf, s2, sizeof(s2)), begin);
		return 2;
	}
	return -1;
}

static int read_pems(struct metrics_web *mw, const char *path)
{
	const struct webconfig *w = &mw->w;
	int rc;

	if (!w->tls)
		return -1;
	rc = read_pem(&mw->cert, path, "cert_file", w->cert_file,
		      "-----BEGIN CERTIFICATE-----");
	if (rc < 0)
		rc = read_pem(&mw->key, path, "key_file", w->key_file,
			      "PRIVATE KEY-----");
	if (rc < 0 && *w->client_ca_file)
		rc = read_pem(&mw->ca, path, "client_ca_file",
			      w->client_ca_file,
			      "-----BEGIN CERTIFICATE-----");
	return rc;
}

int metrics_web_load(struct metrics_web *mw, const char *path)
{
	struct buf b = { 0 };
	struct stat st;
	const char *why;
	char s[256];
	unsigned line;
	int rc;

	memset(mw, 0, sizeof(*mw));
	if ((rc = read_small(&b, path, &st)) != 0) {
		fprintf(stderr, _("benchtop metrics: cannot read the web "
				  "configuration %s: %s\n"),
			shown(path, s, sizeof(s)), read_error(rc));
		buf_free(&b);
		return 2;
	}
	rc = webconfig_parse(b.data, b.len, &mw->w, &line, &why);
	buf_free(&b);
	if (rc && line) {
		fprintf(stderr, _("benchtop metrics: %s, line %u: %s\n"),
			shown(path, s, sizeof(s)), line, _(why));
		return 2;
	} else if (rc) {
		fprintf(stderr, "benchtop metrics: %s: %s\n",
			shown(path, s, sizeof(s)), _(why));
		return 2;
	}
	if (mw->w.nusers && (st.st_mode & S_IROTH))
		fprintf(stderr, _("benchtop metrics: warning: %s holds "
				  "password hashes and every user can read "
				  "it (chmod o-r)\n"),
			shown(path, s, sizeof(s)));
	return read_pems(mw, path);
}

void metrics_web_fini(struct metrics_web *mw)
{
	buf_free(&mw->cert);
	if (mw->key.data)
		explicit_bzero(mw->key.data, mw->key.cap);
	buf_free(&mw->key);
	buf_free(&mw->ca);
}
