/* SPDX-License-Identifier: GPL-2.0-or-later */
/* dynlib: dlopen and dlsym over a table of symbols. */
#include "config.h"

#include "base/dynlib.h"

#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

#include "base/i18n.h"
#include "base/strclean.h"

void *dynlib_open(const char *soname, const struct dynlib_sym *syms,
		  size_t n, const char *what, char *err, size_t errsize)
{
	void *h = dlopen(soname, RTLD_NOW | RTLD_LOCAL);
	char why[256];
	const char *e;
	size_t i;

	if (!h) {
		e = dlerror();
		strclean_copy(why, sizeof(why), e ? e : "?",
			      e ? strlen(e) : 1);
		snprintf(err, errsize, _("%s cannot be loaded (%s): install "
			 "it to use %s"), soname, why, what);
		return NULL;
	}
	for (i = 0; i < n; i++) {
		*syms[i].slot = dlsym(h, syms[i].name);
		if (!*syms[i].slot) {
			snprintf(err, errsize, _("%s has no %s: a version "
				 "benchtop cannot use for %s"), soname,
				 syms[i].name, what);
			dlclose(h);
			return NULL;
		}
	}
	return h;
}

void dynlib_close(void *handle)
{
	if (handle)
		dlclose(handle);
}
