/* SPDX-License-Identifier: GPL-2.0-or-later */
/* redact: the kernel command line with secret-looking values left out. */
#include "config.h"

#include "base/redact.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

/* Names whose value is someone's secret or a device's identity. */
static const char *const secret_names[] = {
	"password", "passwd", "pass", "pwd", "secret", "token", "key",
	"auth", "cred", "serial", "serialno", "ethaddr", "macaddr", "mac",
	NULL,
};

/* Does the name N (LEN bytes) end, after its last '.', in a name of the
 * list, or hold one followed or preceded by '_' or '-'? */
static bool secret_name(const char *n, size_t len)
{
	const char *dot = memrchr(n, '.', len);
	size_t i, k;

	if (dot) {
		len -= (size_t)(dot + 1 - n);
		n = dot + 1;
	}
	for (i = 0; secret_names[i]; i++) {
		k = strlen(secret_names[i]);
		if (len == k && !strncasecmp(n, secret_names[i], k))
			return true;
		if (len > k && !strncasecmp(n + len - k, secret_names[i], k) &&
		    (n[len - k - 1] == '_' || n[len - k - 1] == '-'))
			return true;
		if (len > k && !strncasecmp(n, secret_names[i], k) &&
		    (n[k] == '_' || n[k] == '-'))
			return true;
	}
	return false;
}

/* Does V (LEN bytes) look like a key or a serial number: 16 characters or
 * more of hex or base64 (with '-' or ':' between groups), with letters
 * and digits both?  Paths and words of a language have '/' or no digit. */
static bool secret_value(const char *v, size_t len)
{
	bool alpha = false, digit = false;
	size_t i, n = 0;

	for (i = 0; i < len; i++) {
		if (isdigit((unsigned char)v[i]))
			digit = true;
		else if (isalpha((unsigned char)v[i]))
			alpha = true;
		else if (!strchr("-:+=_", v[i]))
			return false;
		n += v[i] != '-' && v[i] != ':';
	}
	return n >= 16 && alpha && digit;
}

/* Append LEN bytes of S to DST at *AT (SIZE bytes in all), cut there. */
static void put(char *dst, size_t size, size_t *at, const char *s,
		size_t len)
{
	size_t room = *at < size ? size - 1 - *at : 0;

	if (len > room)
		len = room;
	memcpy(dst + *at, s, len);
	*at += len;
	dst[*at] = '\0';
}

size_t redact_cmdline(const char *in, char *dst, size_t size)
{
	size_t at = 0, out = 0, len, name;
	const char *eq, *last;

	if (!size)
		return 0;
	dst[0] = '\0';
	while (in && *in) {
		if (isspace((unsigned char)*in)) {
			put(dst, size, &at, " ", 1);
			in++;
			continue;
		}
		len = strcspn(in, " \t\n");
		eq = memchr(in, '=', len);
		name = eq ? (size_t)(eq - in) : len;
		/* the value's own value: "root=PARTUUID=..." */
		last = eq ? (const char *)memrchr(in, '=', len) + 1 : in;
		if (eq && (secret_name(in, name) || secret_value(last,
			   len - (size_t)(last - in)))) {
			put(dst, size, &at, in, name + 1);
			put(dst, size, &at, REDACT_MARK, strlen(REDACT_MARK));
			out++;
		} else if (!eq && secret_value(in, len)) {
			put(dst, size, &at, REDACT_MARK, strlen(REDACT_MARK));
			out++;
		} else {
			put(dst, size, &at, in, len);
		}
		in += len;
	}
	return out;
}
