/* SPDX-License-Identifier: GPL-2.0-or-later */
/* webauth: the basic auth users of `metrics --web-config`, each password
 * checked against its bcrypt hash by libxcrypt's crypt_r (loaded with
 * dlopen when the server starts with users); its types stay in
 * webauth.c. */
#ifndef BENCHTOP_WEBAUTH_H
#define BENCHTOP_WEBAUTH_H

#include <stdbool.h>
#include <stddef.h>

#include "metrics/webconfig.h"

struct webauth_lib;

struct webauth {
	struct webauth_lib *lib;	/* NULL: no users, every request in */
	const struct webconfig_user *users;	/* the caller's */
	size_t nusers;
	char dummy[61];		/* checked for an unknown user: the first
				 * user's cost, nobody's password */
	unsigned long long checks;	/* crypt_r runs so far */
};

/* Check passwords against USERS (N of them; 0: nobody is asked).  0, or
 * -ENOTSUP / -ENOMEM with one sentence in ERR. */
int webauth_init(struct webauth *a, const struct webconfig_user *users,
		 size_t n, char *err, size_t errsize);

/* Whether USER (NULL: none sent) gave PASSWORD.  An unknown user costs
 * one bcrypt run too, so the time does not tell who exists. */
bool webauth_check(struct webauth *a, const char *user,
		   const char *password);

void webauth_fini(struct webauth *a);

#endif
