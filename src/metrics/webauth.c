/* SPDX-License-Identifier: GPL-2.0-or-later */
/* webauth: bcrypt passwords checked by crypt_r(3) from libcrypt
 * (libxcrypt: $2a$, $2b$, $2y$), never by code of ours; dlopen, as
 * libmicrohttpd and zlib (tests/integration/dlopen_libs.sh). */
#include "config.h"

#include "metrics/webauth.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <crypt.h>

#include "base/dynlib.h"

struct webauth_lib {
	void *handle;
	__typeof__(crypt_r) *crypt_r;
	struct crypt_data data;	/* 32 KiB: crypt_r's scratch */
};

/* A hash for a user nobody has, its cost made the first user's: an
 * unknown name takes as long as a known one with a wrong password. */
#define DUMMY "$2b$10$c2VuIGJlbmNodG9wIGFueOgVSIzMRALg/URO3T5FtZl77RwFAD0kq"

int webauth_init(struct webauth *a, const struct webconfig_user *users,
		 size_t n, char *err, size_t errsize)
{
	struct webauth_lib *l;
	struct dynlib_sym syms[1];

	memset(a, 0, sizeof(*a));
	if (!n)
		return 0;
	if (!(l = calloc(1, sizeof(*l)))) {
		snprintf(err, errsize, "%s", strerror(ENOMEM));
		return -ENOMEM;
	}
	syms[0] = (struct dynlib_sym){ "crypt_r", (void **)&l->crypt_r };
	l->handle = dynlib_open(CRYPT_SONAME, syms, 1, "basic auth", err,
				errsize);
	if (!l->handle) {
		free(l);
		return -ENOTSUP;
	}
	a->lib = l;
	memcpy(a->dummy, DUMMY, sizeof(a->dummy));
	memcpy(a->dummy, users[0].hash, 7);	/* "$2y$10$" */
	a->users = users;
	a->nusers = n;
	return 0;
}

/* Equal, looking at every byte of the 60 whatever differs. */
static bool same_hash(const char *x, const char *y)
{
	size_t i, nx = strlen(x), ny = strlen(y);
	unsigned char d = nx != ny;

	for (i = 0; i < nx && i < ny; i++)
		d |= (unsigned char)(x[i] ^ y[i]);
	return d == 0;
}

bool webauth_check(struct webauth *a, const char *user,
		   const char *password)
{
	const char *hash = a->dummy, *out;
	bool known = false;
	size_t i;

	if (!a->lib)
		return true;
	for (i = 0; user && i < a->nusers; i++) {
		if (strcmp(a->users[i].name, user) == 0) {
			hash = a->users[i].hash;
			known = true;
			break;
		}
	}
	a->checks++;
	out = a->lib->crypt_r(password ? password : "", hash, &a->lib->data);
	/* crypt_r fails with "*0" or "*1" or NULL: never the hash */
	return known && out && same_hash(out, hash);
}

void webauth_fini(struct webauth *a)
{
	if (a->lib) {
		explicit_bzero(&a->lib->data, sizeof(a->lib->data));
		dynlib_close(a->lib->handle);
		free(a->lib);
	}
	memset(a, 0, sizeof(*a));
}
