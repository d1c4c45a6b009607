/* SPDX-License-Identifier: GPL-2.0-or-later */
/* fuzz_replay: libFuzzer target for replay over a snapshot that loads: the
 * moment of its first, middle and last rows is built, checked and freed,
 * however the system facts and the series are shaped. */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "session/replay.h"
#include "session/snapshot.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void row(const struct replay *rp, size_t i, struct moment *m)
{
	size_t k, b;

	if (replay_moment(rp, i, m))
		return;
	for (k = 0; k < m->nirqs; k++)
		if (m->irqs[k].ncounts > m->nirq_cpus ||
		    (m->irqs[k].on_cpu >= 0 && !m->nirq_cpus))
			abort();
	for (b = 0; b < m->nbuses; b++)
		for (k = 0; k < m->buses[b].nirqs; k++)
			if (m->buses[b].irq[k] >= m->nirqs)
				abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char err[400] = "";
	struct replay rp;
	json_t *doc;

	if (snapshot_load((const char *)data, size, &doc, err, sizeof(err)))
		return 0;
	if (replay_open(&rp, doc, err, sizeof(err)) == 0) {
		struct moment m;

		moment_init(&m);
		row(&rp, 0, &m);
		row(&rp, rp.n / 2, &m);	/* built again over the last */
		row(&rp, rp.n - 1, &m);
		moment_fini(&m);
		replay_fini(&rp);
	} else if (!err[0]) {
		abort();
	}
	json_decref(doc);
	return 0;
}
