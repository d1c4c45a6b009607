/* SPDX-License-Identifier: GPL-2.0-or-later */
/* bench_bonnie: bonnie++-style phases on a nameless file: block write,
 * rewrite (read, change, write back), block read and random seeks (read
 * an 8 KiB chunk, write one back every tenth time), each with the
 * slowest request's latency, as bonnie++ 1.96 prints them (K/sec = 1024). */
#include "config.h"

#include "bench/bench.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "base/i18n.h"
#include "base/monoclock.h"
#include "bench/benchdisk.h"
#include "bench/benchmsg.h"

#define SEEK_CHUNK 8192

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

static int phases(struct benchdisk *d, struct benchdisk_pass ps[3],
		  unsigned nseeks, double *ssecs, double *slat)
{
	static const char *const names[3] = { "write", "rewrite", "read" };
	int i, rc = 0;

	for (i = 0; rc == 0 && i < 3; i++) {
		ps[i] = ps[0];
		ps[i].write = i == 0;
		ps[i].rewrite = i == 1;
		ps[i].frac0 = 0.25 * i;
		ps[i].fspan = 0.25;
		ps[i].phase = names[i];
		rc = benchdisk_seq(d, &ps[i]);
	}
	return rc ? rc : seeks(d, ps[0].buf, ps[0].size, nseeks, ssecs, slat);
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
		rc = phases(&d, ps, j->p.seeks, &ssecs, &slat);
	benchdisk_close(&d);
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
	json_object_set_new(res, "details", json_pack("{s:I s:I s:s s:s}",
		"bytes", (json_int_t)ps[0].size, "block_bytes",
		(json_int_t)block, "io", d.direct ? "O_DIRECT" :
		"buffered+fsync", "fstype", d.fstype));
	return 0;
}
