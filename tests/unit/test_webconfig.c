/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Tests for webconfig (the exporter-toolkit web config subset) and
 * webauth (bcrypt checked by libcrypt's crypt_r). */
#include "config.h"

#include <errno.h>
#include <string.h>

#include "metrics/webauth.h"
#include "metrics/webconfig.h"
#include "testutil.h"

/* bcrypt (cost 4) of "s3cret" */
#define HASH "$2y$04$b10MDZuUMLpOUiHLQvcTIuBqM3k0kvgTDSjggz47rl2HTQGAPenyC"

static struct webconfig w;

static int parse(const char *s, unsigned *line, const char **why)
{
	return webconfig_parse(s, strlen(s), &w, line, why);
}

/* exporter-toolkit's documented example, comments, quotes, CRLF. */
START_TEST(good)
{
	const char *why;
	unsigned line;

	ck_assert_int_eq(parse("---\n# web.yml\ntls_server_config:\n"
			       "  cert_file: /etc/b/server.crt  # the cert\n"
			       "  key_file: 'it''s.key'\r\n"
			       "  client_auth_type: \"RequireAndVerifyClientCert\"\n"
			       "  client_ca_file: \"ca \\\"x\\\".crt\"\n"
			       "\n"
			       "basic_auth_users:\n"
			       "    prom: " HASH "\n"
			       "    'gr#fana': '" HASH "'\n", &line, &why), 0);
	ck_assert(w.tls);
	ck_assert_str_eq(w.cert_file, "/etc/b/server.crt");
	ck_assert_str_eq(w.key_file, "it's.key");
	ck_assert_str_eq(w.client_ca_file, "ca \"x\".crt");
	ck_assert_int_eq(w.client_auth, WEBCONFIG_REQUIRE_CLIENT_CERT);
	ck_assert_uint_eq(w.nusers, 2);
	ck_assert_str_eq(w.users[0].name, "prom");
	ck_assert_str_eq(w.users[0].hash, HASH);
	ck_assert_str_eq(w.users[1].name, "gr#fana");
	/* empty: plain HTTP, nobody asked */
	ck_assert_int_eq(parse("", &line, &why), 0);
	ck_assert(!w.tls);
	ck_assert_uint_eq(w.nusers, 0);
	ck_assert_int_eq(parse("basic_auth_users: {}\n", &line, &why), 0);
	ck_assert_uint_eq(w.nusers, 0);
}
END_TEST

/* Each refusal comes with its line and a reason. */
START_TEST(bad)
{
	static const struct {
		const char *text;
		unsigned line;
		const char *why;
	} v[] = {
		{ "basic_auth_user:\n  prom: " HASH, 1, "unknown key" },
		{ "basic_auth_users:\n\tprom: " HASH, 2, "tab" },
		{ "basic_auth_users:\n  prom: s3cret", 2, "bcrypt" },
		{ "basic_auth_users:\n  prom: $2y$04$short", 2, "bcrypt" },
		{ "basic_auth_users:\n  prom: $1$abc$" HASH, 2, "bcrypt" },
		{ "basic_auth_users:\n  prom:", 2, "without a value" },
		{ "basic_auth_users:\n  p: " HASH "\n  p: " HASH, 3, "twice" },
		{ "basic_auth_users:\n  p: " HASH "\n    q: " HASH, 3,
		  "indentation" },
		{ "basic_auth_users:\n  - prom", 2, "a list" },
		{ "basic_auth_users:\n  prom: [a]", 2, "plain or quoted" },
		{ "basic_auth_users:\n  prom: \"" HASH, 2, "quoted" },
		{ "basic_auth_users:\n  prom: '" HASH "' x", 2, "quoted" },
		{ "basic_auth_users:\n  prom " HASH, 2, "key: value" },
		{ "basic_auth_users:\nbasic_auth_users:", 2, "twice" },
		{ "  prom: " HASH, 1, "indentation" },
		{ "tls_server_config: x", 1, "mapping" },
		{ "tls_server_config:\n  cert_file: a", 1, "both" },
		{ "tls_server_config:\n  cert_file: a\n  key_file: b\n"
		  "  client_ca_file: c", 1, "without client_auth_type" },
		{ "tls_server_config:\n  cert_file: a\n  key_file: b\n"
		  "  client_auth_type: RequireAndVerifyClientCert", 1,
		  "needs client_ca_file" },
		{ "tls_server_config:\n  client_auth_type: RequireAnyClientCert",
		  2, "NoClientCert or" },
		{ "tls_server_config:\n  client_auth_type: NoClientCert\n"
		  "  client_auth_type: NoClientCert", 3, "twice" },
		{ "tls_server_config:\n  min_version: TLS13", 2, "does not "
		  "support" },
		{ "tls_server_config:\n  cert_fil: a", 2, "unknown key" },
		{ "http_server_config:\n  http2: true", 1, "not supported" },
		{ "basic_auth_users:\n  a\0b: " HASH, 2, "NUL" },
	};
	const char *why;
	unsigned line;
	size_t i;

	for (i = 0; i < sizeof(v) / sizeof(*v); i++) {
		size_t len = strlen(v[i].text);

		if (strstr(v[i].why, "NUL"))
			len += strlen(v[i].text + len + 1) + 1;
		ck_assert_msg(webconfig_parse(v[i].text, len, &w, &line,
					      &why) == -EINVAL, "%zu", i);
		ck_assert_msg(line == v[i].line, "%zu: line %u", i, line);
		ck_assert_msg(why && strstr(why, v[i].why), "%zu: %s", i,
			      why ? why : "(null)");
	}
}
END_TEST

/* The password against its hash by libcrypt; unknown users and wrong
 * passwords alike are no, each at the cost of one bcrypt run. */
START_TEST(auth)
{
	struct webauth a;
	const char *why;
	unsigned line;
	char err[200];

	ck_assert_int_eq(webauth_init(&a, NULL, 0, err, sizeof(err)), 0);
	ck_assert(webauth_check(&a, NULL, NULL));	/* no users: in */
	webauth_fini(&a);
	ck_assert_int_eq(parse("basic_auth_users:\n  prom: " HASH "\n",
			       &line, &why), 0);
	ck_assert_msg(webauth_init(&a, w.users, w.nusers, err,
				   sizeof(err)) == 0, "%s", err);
	/* an unknown user is checked at the cost of the users' hashes */
	ck_assert_uint_eq(strlen(a.dummy), 60);
	ck_assert(strncmp(a.dummy, "$2y$04$", 7) == 0);
	ck_assert(webauth_check(&a, "prom", "s3cret"));
	ck_assert(!webauth_check(&a, "prom", "s3creT"));
	ck_assert(!webauth_check(&a, "prom", ""));
	ck_assert(!webauth_check(&a, "prom", NULL));
	ck_assert(!webauth_check(&a, "nobody", "s3cret"));
	ck_assert(!webauth_check(&a, NULL, "s3cret"));
	ck_assert_uint_eq(a.checks, 6);
	webauth_fini(&a);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("webconfig");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, good);
	tcase_add_test(tc, bad);
	tcase_add_test(tc, auth);
	suite_add_tcase(s, tc);
	return testutil_run(s);
}
