/* SPDX-License-Identifier: GPL-2.0-or-later */
/* httpd: the /metrics endpoint over libmicrohttpd, driven from the
 * caller's poll() loop (one descriptor, no threads); the library's types
 * never leave httpd.c. */
#ifndef BENCHTOP_HTTPD_H
#define BENCHTOP_HTTPD_H

#include <stdbool.h>
#include <stddef.h>

#include "metrics/webconfig.h"

#define HTTPD_DEFAULT_PORT 9186

struct httpd;

/* Give the body of GET /metrics: OM when the client asked for
 * OpenMetrics, *READING the reading it shows (the same body for the same
 * reading: gzip'ed once).  *BODY stays valid until the next call; 0 or
 * -errno (the client then gets 500). */
typedef int (*httpd_metrics_fn)(void *ctx, bool om, const char **body,
				size_t *len, unsigned long long *reading);

struct httpd_opts {
	const char *addr;	/* "127.0.0.1:9186", "[::1]:9186", "0.0.0.0:9186" */
	bool force_om;		/* always OpenMetrics, whatever Accept says */
	bool never_om;		/* always 0.0.4 */
	unsigned timeout_s;	/* an idle or slow client is closed after */
	unsigned max_conns;	/* connections at once; more are refused */
	const char *tls_cert;	/* PEM text; NULL: plain HTTP */
	const char *tls_key;	/* PEM text of its private key */
	const char *tls_ca;	/* PEM: a client needs a certificate signed
				 * by it (NULL: none asked for) */
	const struct webconfig_user *users;	/* basic auth (bcrypt) */
	size_t nusers;		/* 0: no password asked for */
	httpd_metrics_fn fn;
	void *ctx;
};

/*
 * Split ADDR into a numeric host (no name lookups) and a port: "HOST:PORT",
 * "[V6]:PORT", or "PORT" / ":PORT" for 127.0.0.1.  "localhost" is
 * 127.0.0.1.  Returns 0 (with *V6 set for an IPv6 host), or -EINVAL.
 */
int httpd_parse_addr(const char *addr, char *host, size_t hsize,
		     unsigned *port, bool *v6);

/* Listen as O says; NULL with one sentence in ERR when it cannot. */
struct httpd *httpd_start(const struct httpd_opts *o, char *err, size_t size);

/* The descriptor to poll for input (the library's epoll set). */
int httpd_fd(const struct httpd *h);

/* How long the caller's poll() may wait at most (ms), -1 for ever. */
int httpd_timeout_ms(struct httpd *h);

/* Do what is ready: accept, read requests, answer, close idle clients. */
void httpd_run(struct httpd *h);

/* Requests answered so far (any status). */
unsigned long httpd_requests(const struct httpd *h);

/* Bodies gzip'ed so far (once per reading and format at most). */
unsigned long long httpd_gzips(const struct httpd *h);

/* Requests refused for a missing or wrong password or certificate. */
unsigned long httpd_denied(const struct httpd *h);

void httpd_stop(struct httpd *h);

#endif
