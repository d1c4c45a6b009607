/* SPDX-License-Identifier: GPL-2.0-or-later */
/* testutil: shared helpers for the Check unit tests (TAP output). */
#ifndef BENCHTOP_TESTUTIL_H
#define BENCHTOP_TESTUTIL_H

#include <check.h>
#include <stddef.h>

/* Load tests/data/NAME (NUL-terminated); aborts the test if missing. */
char *testutil_load(const char *name, size_t *len);

/* Run SUITE with TAP on stdout; returns the exit status for main(). */
int testutil_run(Suite *suite);

#endif
