/* SPDX-License-Identifier: GPL-2.0-or-later */
/* testutil: fixture loading and a TAP-printing runner for Check suites. */
#include "config.h"

#include "testutil.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

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

void testutil_json_set(json_t *doc, const char *path, json_t *v)
{
	char key[64];
	const char *dot;
	json_t *o = doc;

	while (o && (dot = strchr(path, '.')) != NULL) {
		snprintf(key, sizeof(key), "%.*s", (int)(dot - path), path);
		o = json_is_array(o) ? json_array_get(o, strtoul(key, NULL, 10))
				     : json_object_get(o, key);
		path = dot + 1;
	}
	ck_assert_msg(o != NULL, "no %s", path);
	if (json_is_array(o))
		ck_assert_int_eq(json_array_set_new(o, strtoul(path, NULL, 10),
						    v), 0);
	else
		ck_assert_int_eq(json_object_set_new(o, path, v), 0);
}

void testutil_put(const char *root, const char *rel, const char *text)
{
	char path[512], *p;
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", root, rel);
	for (p = path + strlen(root) + 1; (p = strchr(p, '/')); p++) {
		*p = '\0';
		mkdir(path, 0755);
		*p = '/';
	}
	f = fopen(path, "w");
	ck_assert_ptr_nonnull(f);
	fputs(text, f);
	fclose(f);
}

json_t *testutil_json(const char *text)
{
	json_error_t e;
	json_t *doc = json_loads(text, JSON_DECODE_ANY, &e);

	ck_assert_msg(doc != NULL, "%s", e.text);
	return doc;
}
