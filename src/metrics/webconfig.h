/* SPDX-License-Identifier: GPL-2.0-or-later */
/* webconfig: the web configuration file of `metrics --listen
 * --web-config FILE`, the subset of Prometheus exporter-toolkit's
 * --web.config.file that benchtop serves: TLS (a certificate, its key,
 * optionally client certificates checked against a CA) and basic auth
 * users with bcrypt hashes. */
#ifndef BENCHTOP_WEBCONFIG_H
#define BENCHTOP_WEBCONFIG_H

#include <stdbool.h>
#include <stddef.h>

#define WEBCONFIG_MAX_USERS 64
#define WEBCONFIG_TEXT 512	/* longest path, user name or hash */

enum webconfig_client_auth {
	WEBCONFIG_NO_CLIENT_CERT,	/* "NoClientCert" (the default) */
	WEBCONFIG_REQUIRE_CLIENT_CERT,	/* "RequireAndVerifyClientCert" */
};

struct webconfig_user {
	char name[WEBCONFIG_TEXT];
	char hash[WEBCONFIG_TEXT];	/* bcrypt: $2a$, $2b$ or $2y$ */
};

struct webconfig {
	bool tls;			/* tls_server_config was given */
	char cert_file[WEBCONFIG_TEXT];	/* as written (relative: to the
					 * file's folder) */
	char key_file[WEBCONFIG_TEXT];
	char client_ca_file[WEBCONFIG_TEXT];
	enum webconfig_client_auth client_auth;
	struct webconfig_user users[WEBCONFIG_MAX_USERS];
	size_t nusers;
};

/*
 * Parse the YAML text BUF (LEN bytes) into W (zeroed first): top-level
 * mappings tls_server_config (cert_file, key_file, client_ca_file,
 * client_auth_type) and basic_auth_users (user: bcrypt hash), block
 * style, plain or quoted scalars, comments.  Anything else (an unknown
 * key: a misspelt basic_auth_users must not serve without a password, a
 * flow collection, a tab in the indentation, a hash that is no bcrypt
 * one) is refused.  Returns 0 or -EINVAL with *LINE the 1-based line and
 * WHY a short English reason.  Pure: no I/O.
 */
int webconfig_parse(const char *buf, size_t len, struct webconfig *w,
		    unsigned *line, const char **why);

#endif
