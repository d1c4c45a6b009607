/* SPDX-License-Identifier: GPL-2.0-or-later */
/* fuzz_replay: libFuzzer target for replay over a snapshot that loads: the
 * samples, rates and hardware model of its first, middle and last rows are
 * built and freed, however the system facts and the series are shaped. */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "session/replay.h"
#include "session/snapshot.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void row(const struct replay *rp, size_t i)
{
	struct sample prev, cur;
	struct sample_rates r;
	struct hwmodel hw;

	if (replay_samples(rp, i, &prev, &cur, &r) == 0) {
		if (r.ndisks > cur.disks.nrows || r.nirqs > cur.irqs.nrows)
			abort();
		sample_rates_free(&r);
		sample_free(&prev);
		sample_free(&cur);
	}
	if (replay_hwmodel(rp, i, &hw) == 0)
		hwmodel_fini(&hw);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char err[400] = "";
	struct replay rp;
	json_t *doc;

	if (snapshot_load((const char *)data, size, &doc, err, sizeof(err)))
		return 0;
	if (replay_open(&rp, doc, err, sizeof(err)) == 0) {
		row(&rp, 0);
		row(&rp, rp.n / 2);
		row(&rp, rp.n - 1);
		replay_fini(&rp);
	} else if (!err[0]) {
		abort();
	}
	json_decref(doc);
	return 0;
}
