/* SPDX-License-Identifier: GPL-2.0-or-later */
/* bench_bonnie: bonnie++-style phases on a nameless file: block write,
 * rewrite (read, change, write back), block read and random seeks (read
 * an 8 KiB chunk, write one back every tenth time), each with the
 * slowest request's latency, as bonnie++ 1.96 prints them (K/sec = 1024);
 * then the per-char phases (putc, getc through stdio) on a second file;
 * each phase with bonnie++'s %CP: user + system CPU time over elapsed. */
#include "config.h"

#include "bench/bench.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <unistd.h>

#include "base/i18n.h"
#include "base/monoclock.h"
#include "bench/benchdisk.h"
#include "bench/benchmsg.h"

#define SEEK_CHUNK 8192
#define CHAR_MAX_BYTES (20u << 20)	/* bonnie++ -f's default, 20M */

/* The phases, in the order of the figures and of CP[] below. */
enum { PH_WRITE, PH_REWRITE, PH_READ, PH_SEEKS, PH_PUTC, PH_GETC, PH_N };

/* User plus system CPU seconds this process has used (what bonnie++'s
 * timer reads with getrusage(RUSAGE_SELF)); 0 when it cannot be read. */
static double cpu_s(void)
{
	struct rusage ru;

	if (getrusage(RUSAGE_SELF, &ru))
		return 0;
	return (double)(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) +
	       (double)(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e6;
}

/* bonnie++'s %CP: CPU seconds C over elapsed seconds SECS, in %. */
static double cp(double c, double secs)
{
	return secs > 0 && c > 0 ? 100.0 * c / secs : 0;
}

static int seeks(struct benchdisk *d, void *buf, uint64_t size, unsigned n,
		 double *secs, double *max_lat)
{
	uint64_t x = 0x2545f4914f6cdd1dULL, chunks = size / SEEK_CHUNK;
	double t0 = monoclock_s(), last = t0;
	unsigned i;
	int rc = 0;

	*max_lat = 0;
	for (i = 0; rc == 0 && i < n; i++) {
		uint64_t off;
		double t = monoclock_s(), lat;

		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		off = x % chunks * SEEK_CHUNK;
		rc = benchdisk_pread(d, buf, SEEK_CHUNK, off);
		if (rc == 0 && i % 10 == 0)
			rc = benchdisk_pwrite(d, buf, SEEK_CHUNK, off);
		lat = monoclock_s() - t;
		*max_lat = lat > *max_lat ? lat : *max_lat;
		if (t - last >= BENCH_PROGRESS_S) {
			last = t;
			benchmsg_progress(d->out, 0.75 + 0.25 * i / n, "seeks",
					  i / (t - t0));
		}
	}
	*secs = monoclock_s() - t0;
	return rc ? benchdisk_fail(d, rc, N_("seeking")) : 0;
}

/* The block phases and the seeks, each phase's %CP into CPS. */
static int phases(struct benchdisk *d, struct benchdisk_pass ps[3],
		  unsigned nseeks, double *ssecs, double *slat, double *cps)
{
	static const char *const names[3] = { "write", "rewrite", "read" };
	double c0;
	int i, rc = 0;

	for (i = 0; rc == 0 && i < 3; i++) {
		ps[i] = ps[0];
		ps[i].write = i == 0;
		ps[i].rewrite = i == 1;
		ps[i].frac0 = 0.25 * i;
		ps[i].fspan = 0.25;
		ps[i].phase = names[i];
		c0 = cpu_s();
		rc = benchdisk_seq(d, &ps[i]);
		cps[i] = cp(cpu_s() - c0, ps[i].secs);
	}
	if (rc)
		return rc;
	c0 = cpu_s();
	rc = seeks(d, ps[0].buf, ps[0].size, nseeks, ssecs, slat);
	cps[PH_SEEKS] = cp(cpu_s() - c0, *ssecs);
	return rc;
}

/* bonnie++'s per-char write: SIZE bytes through putc(), then fflush and
 * fsync timed in (as every benchtop write phase); seconds into *SECS. */
static int putc_pass(struct benchdisk *c, FILE *f, uint64_t size,
		     double *secs)
{
	double t0 = monoclock_s();
	uint64_t i;

	for (i = 0; i < size; i++)
		if (putc((int)(i & 0x7f), f) == EOF)
			return benchdisk_fail(c, -errno, N_("writing"));
	if (fflush(f) || fsync(fileno(f)))
		return benchdisk_fail(c, -errno, N_("writing"));
	*secs = monoclock_s() - t0;
	return 0;
}

/* bonnie++'s per-char read: SIZE bytes through getc() from where F
 * stands (the start, the file's pages already dropped from the cache:
 * outside the phase's time and CPU time). */
static int getc_pass(struct benchdisk *c, FILE *f, uint64_t size,
		     double *secs)
{
	double t0;
	uint64_t i;

	t0 = monoclock_s();
	for (i = 0; i < size && getc(f) != EOF; i++)
		;
	if (i < size)
		return benchdisk_fail(c, ferror(f) ? -errno : -EIO,
				      N_("reading"));
	*secs = monoclock_s() - t0;
	return 0;
}

/* The per-char phases on a second, buffered nameless file of SIZE bytes
 * in D's folder (stdio has no O_DIRECT, nor has bonnie++'s per-char);
 * seconds into SECS[2], %CP into CPS. */
static int per_char(struct benchdisk *d, uint64_t size, double secs[2],
		    double *cps)
{
	struct benchdisk c = { .dir = d->dir, .out = d->out, .fd = -1 };
	FILE *f = NULL;
	double c0;
	int rc = benchdisk_open(&c, size);

	if (rc == 0 && !(f = fdopen(c.fd, "w+")))
		rc = benchdisk_fail(&c, -errno, N_("creating the test file"));
	if (rc) {
		benchdisk_close(&c);
		snprintf(d->err, sizeof(d->err), "%s", c.err);
		return rc;
	}
	benchmsg_progress(d->out, 1.0, "putc", -1);
	c0 = cpu_s();
	rc = putc_pass(&c, f, size, &secs[0]);
	cps[PH_PUTC] = cp(cpu_s() - c0, secs[0]);
	if (rc == 0 && (fseeko(f, 0, SEEK_SET) || benchdisk_drop_cache(&c)))
		rc = benchdisk_fail(&c, -EIO, N_("reading"));
	if (rc == 0) {
		benchmsg_progress(d->out, 1.0, "getc", -1);
		c0 = cpu_s();
		rc = getc_pass(&c, f, size, &secs[1]);
		cps[PH_GETC] = cp(cpu_s() - c0, secs[1]);
	}
	fclose(f);	/* closes c.fd */
	if (rc)
		snprintf(d->err, sizeof(d->err), "%s", c.err);
	return rc;
}

/* The %CP figures, "block write %CP" ..., after the rates. */
static void cp_figures(json_t *figs, const double *cps)
{
	static const char *const names[PH_N] = {
		"block write %CP", "rewrite %CP", "block read %CP",
		"random seeks %CP", "putc %CP", "getc %CP" };
	int i;

	for (i = 0; i < PH_N; i++)
		bench_figure(figs, names[i], cps[i], "%", false);
}

int bench_bonnie_run(const struct bench_job *j, json_t *res, char *err,
		     size_t errsize)
{
	struct benchdisk d = { .dir = j->target, .direct = !j->p.buffered,
			       .out = j->out, .fd = -1 };
	size_t block = (size_t)(j->p.block < j->p.size ? j->p.block :
				j->p.size);
	struct benchdisk_pass ps[3] = { { .size = j->p.size / block * block,
					  .block = block, .fsync = true } };
	json_t *figs = json_object_get(res, "figures");
	double ssecs = 0, slat = 0, kb = (double)ps[0].size / 1024;
	double cps[PH_N] = { 0 }, csecs[2] = { 0, 0 };
	uint64_t chars = j->p.size < CHAR_MAX_BYTES ? j->p.size :
			 CHAR_MAX_BYTES;
	int rc = benchdisk_open(&d, ps[0].size);

	if (rc == 0 && ps[0].size < SEEK_CHUNK) {
		snprintf(d.err, sizeof(d.err), _("bonnie-style needs at "
			 "least %d bytes"), SEEK_CHUNK);
		rc = -EINVAL;
	}
	if (rc == 0 && !(ps[0].buf = benchdisk_buffer(&d, block > SEEK_CHUNK ?
						      block : SEEK_CHUNK)))
		rc = benchdisk_fail(&d, -ENOMEM, N_("allocating buffers"));
	if (rc == 0)
		rc = phases(&d, ps, j->p.seeks, &ssecs, &slat, cps);
	benchdisk_close(&d);
	if (rc == 0)
		rc = per_char(&d, chars, csecs, cps);
	free(ps[0].buf);
	if (rc) {
		snprintf(err, errsize, "%s", d.err);
		return rc;
	}
	bench_figure(figs, "block write", kb / ps[0].secs, "KB/s", true);
	bench_figure(figs, "rewrite", kb / ps[1].secs, "KB/s", true);
	bench_figure(figs, "block read", kb / ps[2].secs, "KB/s", true);
	bench_figure(figs, "random seeks", j->p.seeks / ssecs, "/s", true);
	bench_figure(figs, "write latency", ps[0].max_lat_s * 1e3, "ms", false);
	bench_figure(figs, "rewrite latency", ps[1].max_lat_s * 1e3, "ms",
		     false);
	bench_figure(figs, "read latency", ps[2].max_lat_s * 1e3, "ms", false);
	bench_figure(figs, "seek latency", slat * 1e3, "ms", false);
	bench_figure(figs, "putc", (double)chars / 1024 / csecs[0], "KB/s",
		     false);
	bench_figure(figs, "getc", (double)chars / 1024 / csecs[1], "KB/s",
		     false);
	cp_figures(figs, cps);
	json_object_set_new(res, "details", json_pack("{s:I s:I s:I s:s s:s}",
		"bytes", (json_int_t)ps[0].size, "block_bytes",
		(json_int_t)block, "char_bytes", (json_int_t)chars, "io",
		d.direct ? "O_DIRECT" : "buffered+fsync", "fstype",
		d.fstype));
	return 0;
}
