/* SPDX-License-Identifier: GPL-2.0-or-later */
/* testutil: fixture loading and a TAP-printing runner for Check suites. */
#include "config.h"

#include "testutil.h"

#include <stdio.h>
#include <stdlib.h>

#include "base/buf.h"

char *testutil_load(const char *name, size_t *len)
{
	char path[4096];
	struct buf b = { 0 };
	int rc;

	snprintf(path, sizeof(path), "%s/%s", TESTDATA_DIR, name);
	rc = buf_read_file(&b, path);
	ck_assert_msg(rc == 0, "cannot read fixture %s (%d)", path, rc);
	if (len)
		*len = b.len;
	return b.data;
}

int testutil_run(Suite *suite)
{
	SRunner *sr = srunner_create(suite);
	int failed;

	srunner_set_tap(sr, "-");
	srunner_run_all(sr, CK_SILENT);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
