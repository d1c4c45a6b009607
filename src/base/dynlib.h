/* SPDX-License-Identifier: GPL-2.0-or-later */
/* dynlib: a shared library loaded with dlopen when a feature starts (the
 * iperf runs, the metrics server), not mapped into every run; a missing
 * library or symbol is one sentence. */
#ifndef BENCHTOP_DYNLIB_H
#define BENCHTOP_DYNLIB_H

#include <stddef.h>

struct dynlib_sym {
	const char *name;
	void **slot;		/* where its address goes */
};

/* Open SONAME and look up each of the N symbols.  The handle, or NULL
 * with ERR saying why in one sentence ("libiperf.so.0 cannot be loaded
 * (...): install it to use WHAT"). */
void *dynlib_open(const char *soname, const struct dynlib_sym *syms,
		  size_t n, const char *what, char *err, size_t errsize);

void dynlib_close(void *handle);

#endif
