/* SPDX-License-Identifier: GPL-2.0-or-later */
/* bench_iozone: iozone -e -I -a -s 100M -r 4k ... -r 16384k -i 0 -i 1
 * -i 2: write, rewrite, read, reread, random read, random write per
 * record size on a fresh nameless file, O_DIRECT, fsync timed in; KB/s
 * with 1024 bytes, a table shaped like iozone's. */
#include "config.h"

#include "bench/bench.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/i18n.h"
#include "base/monoclock.h"
#include "bench/benchdisk.h"
#include "bench/benchmsg.h"

#define NOPS 6

static const char *const op_names[NOPS] = {
	"write", "rewrite", "read", "reread", "random read", "random write"
};

/* Record indexes 0..N-1 in a fixed pseudo-random order. */
static uint64_t *shuffle(uint64_t n)
{
	uint64_t *v = malloc((size_t)n * sizeof(*v)), x = 88172645463325252ULL;
	uint64_t i;

	if (!v)
		return NULL;
	for (i = 0; i < n; i++)
		v[i] = i;
	for (i = n; i > 1; i--) {
		uint64_t k, t;

		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		k = x % i;
		t = v[i - 1];
		v[i - 1] = v[k];
		v[k] = t;
	}
	return v;
}

static int random_pass(struct benchdisk *d, void *buf, uint64_t size,
		       size_t rec, bool wr, double *secs)
{
	uint64_t n = size / rec, i, *order = shuffle(n);
	double t0 = monoclock_s();
	int rc = order ? 0 : -ENOMEM;

	for (i = 0; rc == 0 && i < n; i++)
		rc = wr ? benchdisk_pwrite(d, buf, rec, order[i] * rec) :
			  benchdisk_pread(d, buf, rec, order[i] * rec);
	if (rc == 0 && wr && fsync(d->fd))
		rc = -errno;
	*secs = monoclock_s() - t0;
	free(order);
	if (rc)
		rc = benchdisk_fail(d, rc, wr ? N_("writing") : N_("reading"));
	return rc;
}

/* The six operations for record size REC into KBPS[]. */
static int one_record(struct benchdisk *d, uint64_t size, size_t rec,
		      double frac0, double fspan, double kbps[NOPS])
{
	struct benchdisk_pass ps = { .size = size / rec * rec, .block = rec,
				     .fsync = true };
	double secs = 0;
	int op, rc = benchdisk_open(d, size);

	if (rc == 0 && !(ps.buf = benchdisk_buffer(d, rec)))
		rc = benchdisk_fail(d, -ENOMEM, N_("allocating buffers"));
	for (op = 0; rc == 0 && op < NOPS; op++) {
		ps.write = op < 2;
		ps.phase = op < 2 ? "write" : "read";
		ps.frac0 = frac0 + fspan * op / NOPS;
		ps.fspan = fspan / NOPS;
		if (op < 4) {
			rc = benchdisk_seq(d, &ps);
			secs = ps.secs;
		} else {
			rc = random_pass(d, ps.buf, ps.size, rec, op == 5,
					 &secs);
			benchmsg_progress(d->out, ps.frac0 + ps.fspan,
					  op == 5 ? "randwrite" : "randread",
					  (double)ps.size / secs);
		}
		kbps[op] = (double)ps.size / 1024.0 / (secs > 0 ? secs : 1e-9);
	}
	benchdisk_close(d);
	free(ps.buf);
	return rc;
}

static void rec_label(uint64_t rec, char *dst, size_t size)
{
	if (rec % (1024 * 1024) == 0)
		snprintf(dst, size, "%lluM", (unsigned long long)(rec >> 20));
	else
		snprintf(dst, size, "%lluk", (unsigned long long)(rec >> 10));
}

static void add_row(json_t *res, uint64_t size, uint64_t rec,
		    const double kbps[NOPS], bool first_or_last)
{
	json_t *row = json_pack("[I I]", (json_int_t)(size >> 10),
				(json_int_t)(rec >> 10));
	char name[64], lab[24];
	int op;

	rec_label(rec, lab, sizeof(lab));
	for (op = 0; op < NOPS; op++) {
		json_array_append_new(row, json_integer((json_int_t)kbps[op]));
		snprintf(name, sizeof(name), "%s %s", op_names[op], lab);
		bench_figure(json_object_get(res, "figures"), name, kbps[op],
			     "KB/s", first_or_last && op != 1 && op != 3);
	}
	json_array_append_new(json_object_get(json_object_get(res, "table"),
					      "rows"), row);
}

int bench_iozone_run(const struct bench_job *j, json_t *res, char *err,
		     size_t errsize)
{
	struct benchdisk d = { .dir = j->target, .direct = !j->p.buffered,
			       .out = j->out, .fd = -1 };
	uint64_t size = j->p.file_size;
	size_t i, n = 0;
	int rc = 0;

	for (i = 0; i < j->p.nrecords; i++)
		n += j->p.records[i] <= size;
	json_object_set_new(res, "table", json_pack("{s:[s s s s s s s s] s:[]}",
		"columns", "kB", "reclen", "write", "rewrite", "read",
		"reread", "random read", "random write", "rows"));
	for (i = 0; rc == 0 && i < j->p.nrecords; i++) {
		double kbps[NOPS];
		size_t k = json_array_size(json_object_get(
				json_object_get(res, "table"), "rows"));

		if (j->p.records[i] > size)
			continue;
		rc = one_record(&d, size, (size_t)j->p.records[i],
				(double)k / (double)n, 1.0 / (double)n, kbps);
		if (rc == 0)
			add_row(res, size, j->p.records[i], kbps,
				k == 0 || k + 1 == n);
	}
	if (rc == 0 && n == 0)
		snprintf(d.err, sizeof(d.err), _("every record size is "
			 "larger than the file (%llu KiB)"),
			 (unsigned long long)(size >> 10));
	if (rc || n == 0) {
		snprintf(err, errsize, "%s", d.err);
		return rc ? rc : -EINVAL;
	}
	json_object_set_new(res, "details", json_pack("{s:I s:s s:s}",
		"file_bytes", (json_int_t)size, "io", d.direct ? "O_DIRECT" :
		"buffered+fsync", "fstype", d.fstype));
	return 0;
}
