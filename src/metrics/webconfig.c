/* SPDX-License-Identifier: GPL-2.0-or-later */
/* webconfig: a small pure parser of the YAML subset exporter-toolkit's
 * web configuration files use (two block mappings of scalars), strict
 * about everything else, as exporter-toolkit is (it refuses unknown
 * fields). */
#include "config.h"

#include "metrics/webconfig.h"

#include <errno.h>
#include <string.h>

#include "base/i18n.h"

enum section { NONE, TLS, USERS };

struct parser {
	struct webconfig *w;
	enum section sec;
	unsigned sec_line[3];	/* where each section started; 0 not seen */
	size_t indent;		/* of the section's keys; 0 not yet known */
	bool client_auth_seen;	/* client_auth_type was given */
	const char *why;
};

/* One line, without its end: [S, E). */
struct span {
	const char *s, *e;
};

static const char *skip_blank(const char *s, const char *e)
{
	while (s < e && (*s == ' ' || *s == '\t'))
		s++;
	return s;
}

static const char *trim_blank(const char *s, const char *e)
{
	while (e > s && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\r'))
		e--;
	return e;
}

/* Where the line's comment starts (a '#' at its start or after a blank,
 * outside quotes), or E. */
static const char *comment(const char *s, const char *e)
{
	const char *p;
	char q = 0;

	for (p = s; p < e; p++) {
		if (q) {
			if (*p == q)
				q = 0;
		} else if (*p == '\'' || *p == '"') {
			if (p == s || p[-1] == ' ' || p[-1] == ':')
				q = *p;
		} else if (*p == '#' && (p == s || p[-1] == ' ' ||
					 p[-1] == '\t')) {
			return p;
		}
	}
	return e;
}

/* The scalar [S, E) (trimmed) into DST: plain, 'single' ('' is one
 * quote) or "double" (\\ and \" only).  0, or -EINVAL with P->why. */
static int scalar(struct parser *p, const char *s, const char *e, char *dst,
		  size_t size)
{
	size_t n = 0;
	char q;

	if (s == e) {
		p->why = N_("a key without a value");
		return -EINVAL;
	}
	if (strchr("[{&*!|>@`%", *s)) {
		p->why = N_("only plain or quoted values are understood here "
			    "(no lists, flow mappings, anchors, tags or block "
			    "scalars)");
		return -EINVAL;
	}
	if (*s != '\'' && *s != '"') {
		if ((size_t)(e - s) >= size)
			goto long_value;
		memcpy(dst, s, (size_t)(e - s));
		dst[e - s] = '\0';
		return 0;
	}
	for (q = *s++; s < e; s++) {
		if (*s == q && q == '\'' && s + 1 < e && s[1] == '\'')
			s++;
		else if (*s == q)
			break;
		else if (*s == '\\' && q == '"' && s + 1 < e &&
			 (s[1] == '\\' || s[1] == '"'))
			s++;
		else if (*s == '\\' && q == '"')
			goto bad_quote;
		if (n + 1 >= size)
			goto long_value;
		dst[n++] = *s;
	}
	dst[n] = '\0';
	if (s == e || s + 1 != e)
		goto bad_quote;
	return 0;
long_value:
	p->why = N_("a value longer than 511 bytes");
	return -EINVAL;
bad_quote:
	p->why = N_("a quoted value that does not end where the line ends "
		    "(or an escape other than \\\\ and \\\")");
	return -EINVAL;
}

/* The key of "KEY: VALUE" into KEY, [*VS, E) the value.  0 or -EINVAL. */
static int key_value(struct parser *p, const char *s, const char *e,
		     char *key, size_t size, const char **vs)
{
	const char *c;
	char q;

	if (*s == '\'' || *s == '"') {
		for (q = *s, c = s + 1; c < e && *c != q; c++)
			;
		c = c < e ? c + 1 : e;
	} else {
		for (c = s; c < e && !(*c == ':' && (c + 1 == e ||
						     c[1] == ' ')); c++)
			;
	}
	if (c == e || *c != ':' || c == s) {
		p->why = N_("not \"key: value\"");
		return -EINVAL;
	}
	*vs = skip_blank(c + 1, e);
	return scalar(p, s, trim_blank(s, c), key, size);
}

static bool empty_mapping(const char *s, const char *e)
{
	size_t n = (size_t)(e - s);

	return n == 0 || (n == 2 && !memcmp(s, "{}", 2)) ||
	       (n == 1 && *s == '~') || (n == 4 && !memcmp(s, "null", 4));
}

static int top_key(struct parser *p, const char *s, const char *e,
		   unsigned line)
{
	char key[WEBCONFIG_TEXT];
	const char *v;

	if (key_value(p, s, e, key, sizeof(key), &v))
		return -EINVAL;
	if (!strcmp(key, "tls_server_config"))
		p->sec = TLS;
	else if (!strcmp(key, "basic_auth_users"))
		p->sec = USERS;
	else if (!strcmp(key, "http_server_config")) {
		p->why = N_("http_server_config is not supported by benchtop");
		return -EINVAL;
	} else {
		p->why = N_("an unknown key (tls_server_config and "
			    "basic_auth_users are known)");
		return -EINVAL;
	}
	if (p->sec_line[p->sec]) {
		p->why = N_("a key given twice");
		return -EINVAL;
	}
	if (!empty_mapping(v, e)) {
		p->why = N_("a mapping is wanted here, on the lines below");
		return -EINVAL;
	}
	p->sec_line[p->sec] = line;
	p->indent = 0;
	if (p->sec == TLS)
		p->w->tls = true;
	return 0;
}

static int client_auth(struct parser *p, const char *v)
{
	if (!strcmp(v, "NoClientCert") || !*v)
		p->w->client_auth = WEBCONFIG_NO_CLIENT_CERT;
	else if (!strcmp(v, "RequireAndVerifyClientCert"))
		p->w->client_auth = WEBCONFIG_REQUIRE_CLIENT_CERT;
	else {
		p->why = N_("client_auth_type: NoClientCert or "
			    "RequireAndVerifyClientCert are supported");
		return -EINVAL;
	}
	return 0;
}

static int tls_key(struct parser *p, const char *key, const char *s,
		   const char *e)
{
	static const char *const unsupported[] = {
		"min_version", "max_version", "cipher_suites",
		"curve_preferences", "prefer_server_cipher_suites",
		"client_allowed_sans", "cert", "key",
	};
	struct webconfig *w = p->w;
	char v[WEBCONFIG_TEXT] = "";
	char *dst = !strcmp(key, "cert_file") ? w->cert_file :
		    !strcmp(key, "key_file") ? w->key_file :
		    !strcmp(key, "client_ca_file") ? w->client_ca_file :
		    !strcmp(key, "client_auth_type") ? v : NULL;
	size_t i;

	for (i = 0; !dst && i < sizeof(unsupported) / sizeof(*unsupported);
	     i++) {
		if (!strcmp(key, unsupported[i])) {
			p->why = N_("a TLS setting benchtop does not support "
				    "(cert_file, key_file, client_ca_file "
				    "and client_auth_type are)");
			return -EINVAL;
		}
	}
	if (!dst) {
		p->why = N_("an unknown key of tls_server_config");
		return -EINVAL;
	}
	if (*dst || (dst == v && p->client_auth_seen)) {
		p->why = N_("a key given twice");
		return -EINVAL;
	}
	if (scalar(p, s, e, dst, WEBCONFIG_TEXT))
		return -EINVAL;
	if (dst != v)
		return 0;
	p->client_auth_seen = true;
	return client_auth(p, v);
}

/* A bcrypt hash as crypt(3) writes it: $2a$, $2b$ or $2y$, two digits
 * of cost, '$', 53 characters of its base-64 alphabet. */
static bool bcrypt_hash(const char *h)
{
	size_t i;

	if (strlen(h) != 60 || h[0] != '$' || h[1] != '2' ||
	    !strchr("aby", h[2]) || h[3] != '$' || h[4] < '0' || h[4] > '3' ||
	    h[5] < '0' || h[5] > '9' || h[6] != '$')
		return false;
	for (i = 7; i < 60; i++)
		if (!strchr("./ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvw"
			    "xyz0123456789", h[i]))
			return false;
	return true;
}

static int user_key(struct parser *p, const char *key, const char *s,
		    const char *e)
{
	struct webconfig *w = p->w;
	struct webconfig_user *u;
	size_t i;

	for (i = 0; i < w->nusers; i++) {
		if (!strcmp(w->users[i].name, key)) {
			p->why = N_("a user given twice");
			return -EINVAL;
		}
	}
	if (w->nusers == WEBCONFIG_MAX_USERS || !*key || strchr(key, ':')) {
		p->why = w->nusers == WEBCONFIG_MAX_USERS ?
			 N_("more than 64 users") :
			 N_("a user name that is empty or holds ':'");
		return -EINVAL;
	}
	u = &w->users[w->nusers];
	if (scalar(p, s, e, u->hash, sizeof(u->hash)))
		return -EINVAL;
	if (!bcrypt_hash(u->hash)) {
		p->why = N_("not a bcrypt hash ($2y$, $2b$ or $2a$, 60 "
			    "characters; htpasswd -nBC 10 USER makes one)");
		return -EINVAL;
	}
	memcpy(u->name, key, sizeof(u->name));
	w->nusers++;
	return 0;
}

static int inner_key(struct parser *p, size_t indent, const char *s,
		     const char *e)
{
	char key[WEBCONFIG_TEXT];
	const char *v;

	if (p->sec == NONE || (p->indent && indent != p->indent)) {
		p->why = N_("an indentation that does not match the lines "
			    "above (one level of keys under tls_server_config "
			    "or basic_auth_users)");
		return -EINVAL;
	}
	p->indent = indent;
	if (key_value(p, s, e, key, sizeof(key), &v))
		return -EINVAL;
	return p->sec == TLS ? tls_key(p, key, v, e) : user_key(p, key, v, e);
}

static int one_line(struct parser *p, struct span l, unsigned line)
{
	const char *s = l.s, *e;
	size_t indent;

	for (e = l.s; e < l.e; e++) {
		if (*e == '\0') {
			p->why = N_("a NUL byte");
			return -EINVAL;
		}
	}
	while (s < l.e && *s == ' ')
		s++;
	indent = (size_t)(s - l.s);
	e = trim_blank(s, comment(s, l.e));
	if (s == e || (indent == 0 && e - s == 3 && !memcmp(s, "---", 3)))
		return 0;
	if (*s == '\t') {
		p->why = N_("a tab in the indentation (YAML indents with "
			    "spaces)");
		return -EINVAL;
	}
	if (*s == '-') {
		p->why = N_("a list, where a mapping is wanted");
		return -EINVAL;
	}
	return indent ? inner_key(p, indent, s, e) : top_key(p, s, e, line);
}

/* What the whole file must hold, said at the line of its section. */
static int check(struct parser *p, unsigned *line)
{
	struct webconfig *w = p->w;

	*line = p->sec_line[TLS];
	if (w->tls && (!*w->cert_file || !*w->key_file))
		p->why = N_("tls_server_config needs both cert_file and "
			    "key_file");
	else if (w->client_auth == WEBCONFIG_REQUIRE_CLIENT_CERT &&
		 !*w->client_ca_file)
		p->why = N_("RequireAndVerifyClientCert needs client_ca_file");
	else if (w->client_auth == WEBCONFIG_NO_CLIENT_CERT &&
		 *w->client_ca_file)
		p->why = N_("client_ca_file without client_auth_type: "
			    "RequireAndVerifyClientCert");
	return p->why ? -EINVAL : 0;
}

int webconfig_parse(const char *buf, size_t len, struct webconfig *w,
		    unsigned *line, const char **why)
{
	struct parser p = { .w = w };
	const char *s = buf, *end = buf + len, *nl;
	unsigned n = 0;

	memset(w, 0, sizeof(*w));
	*why = NULL;
	while (s < end) {
		nl = memchr(s, '\n', (size_t)(end - s));
		if (!nl)
			nl = end;
		n++;
		if (one_line(&p, (struct span){ s, nl }, n)) {
			*line = n;
			*why = p.why;
			return -EINVAL;
		}
		if (nl == end)
			break;
		s = nl + 1;
	}
	*line = 0;
	if (check(&p, line)) {
		*why = p.why;
		return -EINVAL;
	}
	return 0;
}
