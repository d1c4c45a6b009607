/* SPDX-License-Identifier: GPL-2.0-or-later */
/* bench_seq: seq-direct, dd's "if=/dev/zero oflag=direct bs=8M count=64"
 * then "iflag=direct": a sequential write (fsync timed in) and read back,
 * in MB/s as dd prints them (10^6 bytes).  Like dd, the write reads each
 * block from /dev/zero before writing it: dd's figure includes that copy
 * (12-15 % of the write time on this VM's disk), so ours does too; the
 * time inside the writes alone is in the details. */
#include "config.h"

#include "bench/bench.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

#include "bench/benchdisk.h"
#include "base/i18n.h"

int bench_seq_run(const struct bench_job *j, json_t *res, char *err,
		  size_t errsize)
{
	struct benchdisk d = { .dir = j->target, .direct = !j->p.buffered,
			       .out = j->out, .fd = -1 };
	size_t block = (size_t)(j->p.block < j->p.size ? j->p.block :
				j->p.size);
	uint64_t size = j->p.size / block * block;
	struct benchdisk_pass w = { .size = size, .block = block,
				    .write = true, .fsync = true,
				    .zero_fill = true,
				    .fspan = 0.5, .phase = "write" };
	struct benchdisk_pass r = w;
	json_t *figs = json_object_get(res, "figures");
	int rc = benchdisk_open(&d, size);

	if (rc == 0 && !(w.buf = r.buf = benchdisk_buffer(&d, block)))
		rc = benchdisk_fail(&d, -ENOMEM, N_("allocating buffers"));
	if (rc == 0)
		rc = benchdisk_seq(&d, &w);
	if (rc == 0 && !d.direct && (rc = benchdisk_drop_cache(&d)))
		rc = benchdisk_fail(&d, rc, N_("dropping the page cache"));
	r.write = false;
	r.frac0 = 0.5;
	r.phase = "read";
	if (rc == 0)
		rc = benchdisk_seq(&d, &r);
	benchdisk_close(&d);
	free(w.buf);
	if (rc) {
		snprintf(err, errsize, "%s", d.err);
		return rc;
	}
	bench_figure(figs, "write", (double)size / w.secs / 1e6, "MB/s", true);
	bench_figure(figs, "read", (double)size / r.secs / 1e6, "MB/s", true);
	json_object_set_new(res, "details", json_pack(
		"{s:I s:I s:f s:f s:f s:s s:s}", "bytes", (json_int_t)size,
		"block_bytes", (json_int_t)block, "write_s", w.secs,
		"write_io_s", w.io_secs, "read_s", r.secs,
		"io", d.direct ? "O_DIRECT" :
		"buffered+fsync", "fstype", d.fstype));
	return 0;
}
