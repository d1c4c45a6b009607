/* SPDX-License-Identifier: GPL-2.0-or-later */
/* errlist: one growing "; "-separated list of sentences. */
#include "config.h"

#include "base/errlist.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int errlist_add(char **err, const char *fmt, ...)
{
	size_t old = *err ? strlen(*err) : 0, sep = old ? 2 : 0;
	va_list ap;
	char *p;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0)
		return -EINVAL;
	p = realloc(*err, old + sep + (size_t)n + 1);
	if (!p)
		return -ENOMEM;
	memcpy(p + old, "; ", sep);
	va_start(ap, fmt);
	vsnprintf(p + old + sep, (size_t)n + 1, fmt, ap);
	va_end(ap);
	*err = p;
	return 0;
}
