/* SPDX-License-Identifier: GPL-2.0-or-later */
/* fuzz_snapshot: libFuzzer target for snapshot_load; a file it accepts is
 * rendered (Markdown plain and redacted, CSV, compare with itself) and
 * saved again, and the save must load back to the same bytes; a refusal is
 * one sentence. */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "session/snapcompare.h"
#include "session/snapreport.h"
#include "session/snapshot.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void render(const json_t *doc)
{
	FILE *f = fopen("/dev/null", "w");
	char err[400] = "";
	struct snapdoc d;
	struct snapcompare c;
	bool have_c = false;

	if (!f)
		abort();
	if (snapdoc_load(&d, doc, err, sizeof(err)) == 0) {
		have_c = snapcompare_build(&c, &d, &d, "a", "b", false) == 0;
		snapreport_markdown(f, &d, false);
		snapreport_markdown(f, &d, true);
	} else if (!err[0] || strchr(err, '\n')) {
		abort();	/* a refusal is one sentence */
	}
	snapreport_csv(f, doc);
	if (have_c) {
		snapcompare_print(f, &c, SNAPCOMPARE_TEXT);
		snapcompare_print(f, &c, SNAPCOMPARE_MD);
		snapcompare_print(f, &c, SNAPCOMPARE_JSON);
		snapcompare_fini(&c);
	}
	snapdoc_fini(&d);
	fclose(f);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char err[400] = "";
	json_t *doc, *again;
	char *a, *b;

	if (snapshot_load((const char *)data, size, &doc, err, sizeof(err))) {
		if (!err[0] || strchr(err, '\n'))
			abort();
		for (const char *m = err; *m; m++)
			if ((unsigned char)*m < 0x20 || *m == 0x7f)
				abort();
		return 0;
	}
	render(doc);
	a = snapshot_dumps(doc);
	if (!a || snapshot_load(a, strlen(a), &again, err, sizeof(err)))
		abort();
	b = snapshot_dumps(again);
	if (!b || strcmp(a, b) != 0)
		abort();
	free(a);
	free(b);
	json_decref(again);
	json_decref(doc);
	return 0;
}
