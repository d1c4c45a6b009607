/* SPDX-License-Identifier: GPL-2.0-or-later */
/* testutil: shared helpers for the Check unit tests (TAP output). */
#ifndef BENCHTOP_TESTUTIL_H
#define BENCHTOP_TESTUTIL_H

#include <check.h>
#include <stddef.h>

#include <jansson.h>

/* Load tests/data/NAME (NUL-terminated); aborts the test if missing. */
char *testutil_load(const char *name, size_t *len);

/* Set the value at dotted PATH of DOC ("figures.0.value": numbers
 * index lists) to V (consumed); aborts the test if PATH is not there. */
void testutil_json_set(json_t *doc, const char *path, json_t *v);

/* TEXT (JSON, any value) parsed; aborts the test if it is not JSON. */
json_t *testutil_json(const char *text);

/* Write TEXT to ROOT/REL, making the folders on the way; aborts the test
 * when the file cannot be made. */
void testutil_put(const char *root, const char *rel, const char *text);

/* Run SUITE with TAP on stdout; returns the exit status for main(). */
int testutil_run(Suite *suite);

#endif
