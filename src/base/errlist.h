/* SPDX-License-Identifier: GPL-2.0-or-later */
/* errlist: the "; "-separated sentence list a model item keeps in its
 * `error` field (one per device, zone or cluster; NULL when all is well). */
#ifndef BENCHTOP_ERRLIST_H
#define BENCHTOP_ERRLIST_H

/* Append the printf-style FMT to *ERR (allocated; "; " between items).
 * 0, or -ENOMEM with *ERR as it was. */
int errlist_add(char **err, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

#endif
