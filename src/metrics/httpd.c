/* SPDX-License-Identifier: GPL-2.0-or-later */
/* httpd: libmicrohttpd in external-epoll mode, bound to one address,
 * over TLS and behind basic auth when --web-config says: GET (or HEAD)
 * /metrics gets the exposition (gzip'ed when the client takes it, once
 * per reading), anything else 404 or 405; slow, idle and oversized
 * requests are the library's to cut off. */
#include "config.h"

#include "metrics/httpd.h"

#include <arpa/inet.h>
#include <dlfcn.h>
#include <errno.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>

#include <microhttpd.h>

#include "base/dynlib.h"
#include "base/i18n.h"
#include "base/monoclock.h"
#include "base/strclean.h"
#include "metrics/expo.h"
#include "metrics/gzipbody.h"
#include "metrics/httpd_slots.h"
#include "metrics/webauth.h"

/* libmicrohttpd, loaded when the server starts (dlopen: it maps gnutls,
 * p11-kit, nettle, gmp..., 2.2 MiB resident, that no other run needs).
 * One list of the functions used; each is called through h->L.name. */
#define MHD_FUNCS(X) X(MHD_create_response_from_buffer) \
	X(MHD_add_response_header) X(MHD_queue_response) \
	X(MHD_destroy_response) X(MHD_lookup_connection_value) \
	X(MHD_start_daemon) X(MHD_get_daemon_info) X(MHD_get_timeout) \
	X(MHD_run) X(MHD_stop_daemon) X(MHD_get_connection_info) \
	X(MHD_basic_auth_get_username_password) X(MHD_free) \
	X(MHD_queue_basic_auth_fail_response)

/* gnutls, which libmicrohttpd links, checks a client's certificate
 * (looked up through libmicrohttpd's handle: no header, no link). */
typedef int (*verify_peers_fn)(void *session, unsigned *status);
typedef const void *(*get_peers_fn)(void *session, unsigned *n);

struct mhd_lib {
	void *handle;
#define X(f) __typeof__(f) *f;
	MHD_FUNCS(X)
#undef X
};

struct httpd {
	struct mhd_lib L;
	struct MHD_Daemon *d;
	struct httpd_opts o;
	struct httpd_slots slots;
	struct gzipbody gz[2];	/* the last gzip'ed body: [0] 0.0.4, [1] OM */
	struct webauth auth;
	verify_peers_fn verify_peers;	/* set when a CA is given */
	get_peers_fn get_peers;
	int fd;
	unsigned long requests, denied;
};

int httpd_parse_addr(const char *addr, char *host, size_t hsize,
		     unsigned *port, bool *v6)
{
	const char *colon, *h = addr, *end;
	unsigned char tmp[sizeof(struct in6_addr)];
	char *e;
	unsigned long p;
	size_t n;

	*v6 = false;
	if (addr[0] == '[') {
		end = strchr(addr, ']');
		if (!end || end[1] != ':')
			return -EINVAL;
		h = addr + 1;
		colon = end + 1;
		*v6 = true;
	} else {
		colon = strrchr(addr, ':');
		end = colon ? colon : addr;
	}
	n = (size_t)(end - h);
	if (n == 0 || (n == 9 && strncmp(h, "localhost", 9) == 0))
		h = "127.0.0.1", n = 9;
	if (n >= hsize)
		return -EINVAL;
	memcpy(host, h, n);
	host[n] = '\0';
	if (inet_pton(*v6 ? AF_INET6 : AF_INET, host, tmp) != 1)
		return -EINVAL;
	h = colon ? colon + 1 : addr;
	errno = 0;
	p = strtoul(h, &e, 10);
	if (!*h || *e || errno || p == 0 || p > 65535 || *h == '+' ||
	    *h == '-' || *h == ' ')
		return -EINVAL;
	*port = (unsigned)p;
	return 0;
}

static int mhd_open(struct mhd_lib *l, char *err, size_t errsize)
{
	const struct dynlib_sym syms[] = {
#define X(f) { #f, (void **)&l->f },
		MHD_FUNCS(X)
#undef X
	};

	l->handle = dynlib_open(MICROHTTPD_SONAME, syms, sizeof(syms) /
				sizeof(syms[0]), _("the metrics server"), err,
				errsize);
	return l->handle ? 0 : -ENOTSUP;
}

#define TEXT "text/plain; charset=utf-8"
#define MSG(s) s, sizeof(s) - 1

/* A response holding a copy of BODY, of content type TYPE (NULL when the
 * library has no memory). */
static struct MHD_Response *response(const struct mhd_lib *L,
				     const char *type, const void *body,
				     size_t len)
{
	struct MHD_Response *r;

	r = L->MHD_create_response_from_buffer(len, (void *)body,
					       MHD_RESPMEM_MUST_COPY);
	if (r)
		L->MHD_add_response_header(r, MHD_HTTP_HEADER_CONTENT_TYPE,
					   type);
	return r;
}

static enum MHD_Result send_response(const struct mhd_lib *L,
				     struct MHD_Connection *c,
				     unsigned status, struct MHD_Response *r)
{
	enum MHD_Result rc;

	if (!r)
		return MHD_NO;
	rc = L->MHD_queue_response(c, status, r);
	L->MHD_destroy_response(r);
	return rc;
}

/* An answer as it is (errors and what is not /metrics: never gzip'ed). */
static enum MHD_Result answer(const struct mhd_lib *L,
			      struct MHD_Connection *c, unsigned status,
			      const char *type, const char *body, size_t len)
{
	struct MHD_Response *r = response(L, type, body, len);

	if (r && status == MHD_HTTP_METHOD_NOT_ALLOWED)
		L->MHD_add_response_header(r, MHD_HTTP_HEADER_ALLOW,
					   "GET, HEAD");
	return send_response(L, c, status, r);
}

/* The exposition, gzip'ed when the client's Accept-Encoding takes gzip
 * and BODY is long enough; as it is otherwise, and when zlib fails.
 * Vary names the headers the answer was chosen by, for a cache on the
 * way. */
static enum MHD_Result answer_metrics(struct httpd *h,
				      struct MHD_Connection *c, bool om,
				      const char *body, size_t len,
				      unsigned long long reading)
{
	const struct mhd_lib *L = &h->L;
	struct gzipbody *g = &h->gz[om];
	struct MHD_Response *r;
	bool gz;

	gz = len >= GZIPBODY_MIN &&
	     gzipbody_wanted(L->MHD_lookup_connection_value(c,
				MHD_HEADER_KIND,
				MHD_HTTP_HEADER_ACCEPT_ENCODING)) &&
	     gzipbody_compress_once(g, reading, body, len) == 0;
	r = gz ? response(L, expo_content_type(om), g->buf, g->len) :
		 response(L, expo_content_type(om), body, len);
	if (!r)
		return MHD_NO;
	if (gz)
		L->MHD_add_response_header(r, MHD_HTTP_HEADER_CONTENT_ENCODING,
					   "gzip");
	L->MHD_add_response_header(r, MHD_HTTP_HEADER_VARY,
				   h->o.force_om || h->o.never_om ?
				   "Accept-Encoding" :
				   "Accept, Accept-Encoding");
	return send_response(L, c, MHD_HTTP_OK, r);
}

/* Whether the client's Accept header asks for OpenMetrics. */
static bool wants_om(struct httpd *h, struct MHD_Connection *c)
{
	const char *acc;

	if (h->o.force_om || h->o.never_om)
		return h->o.force_om;
	acc = h->L.MHD_lookup_connection_value(c, MHD_HEADER_KIND,
					       MHD_HTTP_HEADER_ACCEPT);
	return acc && strstr(acc, "application/openmetrics-text");
}

/* The slot of connection C (set when it started), or NULL. */
static struct httpd_slot *slot_of(struct httpd *h, struct MHD_Connection *c)
{
	const union MHD_ConnectionInfo *ci = h->L.MHD_get_connection_info(c,
					MHD_CONNECTION_INFO_SOCKET_CONTEXT);

	return ci ? ci->socket_context : NULL;
}

/* A new client when every slot is taken: the oldest idler is shut down
 * (the library closes it at its next run), so a scrape is served during
 * a slowloris; clients of one address were already held to their share
 * (MHD_OPTION_PER_IP_CONNECTION_LIMIT, checked before this). */
static enum MHD_Result on_accept(void *cls, const struct sockaddr *sa,
				 socklen_t len)
{
	struct httpd *h = cls;
	struct httpd_slot *v = httpd_slots_victim(&h->slots);

	if (v)
		shutdown(v->fd, SHUT_RDWR);
	return MHD_YES;
}

static void on_connection(void *cls, struct MHD_Connection *c, void **ctx,
			  enum MHD_ConnectionNotificationCode toe)
{
	struct httpd *h = cls;
	const union MHD_ConnectionInfo *ci;

	if (toe == MHD_CONNECTION_NOTIFY_STARTED) {
		ci = h->L.MHD_get_connection_info(c,
					MHD_CONNECTION_INFO_CONNECTION_FD);
		*ctx = ci ? httpd_slots_take(&h->slots, ci->connect_fd,
					     monoclock_s()) : NULL;
	} else {
		httpd_slots_drop(&h->slots, *ctx);
		*ctx = NULL;
	}
}

/* An answer was sent (or given up): the connection idles from now. */
static void on_completed(void *cls, struct MHD_Connection *c, void **state,
			 enum MHD_RequestTerminationCode toe)
{
	struct httpd *h = cls;
	struct httpd_slot *slot = slot_of(h, c);

	if (slot) {
		slot->sending = false;
		slot->since = monoclock_s();
	}
}

/* Whether the client may have the metrics: a certificate signed by the
 * CA when one is asked for, a user and password of the web config when
 * it has users.  Everything else is refused before the URL is looked at,
 * as exporter-toolkit does. */
enum refusal { LET_IN, NO_CERT, NO_PASSWORD };

static enum refusal client_ok(struct httpd *h, struct MHD_Connection *c)
{
	const union MHD_ConnectionInfo *ci;
	char *user, *pw = NULL;
	unsigned status = 1, n = 0;
	bool ok;

	if (h->verify_peers) {
		ci = h->L.MHD_get_connection_info(c,
				MHD_CONNECTION_INFO_GNUTLS_SESSION);
		if (!ci || !ci->tls_session ||
		    !h->get_peers(ci->tls_session, &n) || !n ||
		    h->verify_peers(ci->tls_session, &status) != 0 || status)
			return NO_CERT;
	}
	if (!h->o.nusers)
		return LET_IN;
	user = h->L.MHD_basic_auth_get_username_password(c, &pw);
	ok = webauth_check(&h->auth, user, pw);
	if (pw) {
		explicit_bzero(pw, strlen(pw));
		h->L.MHD_free(pw);
	}
	if (user)
		h->L.MHD_free(user);
	return ok ? LET_IN : NO_PASSWORD;
}

/* 401 with WWW-Authenticate (users asked for), or 403 (no certificate
 * signed by the CA: a password would not help). */
static enum MHD_Result deny(struct httpd *h, struct MHD_Connection *c,
			    bool cert)
{
	const struct mhd_lib *L = &h->L;
	struct MHD_Response *r;
	enum MHD_Result rc;

	h->denied++;
	if (cert)
		return answer(L, c, MHD_HTTP_FORBIDDEN, TEXT,
			      MSG("A client certificate signed by the "
				  "configured CA is needed\n"));
	if (!(r = response(L, TEXT, MSG("Unauthorized\n"))))
		return MHD_NO;
	rc = L->MHD_queue_basic_auth_fail_response(c, "benchtop", r);
	L->MHD_destroy_response(r);
	return rc;
}

static enum MHD_Result on_request(void *cls, struct MHD_Connection *c,
				  const char *url, const char *method,
				  const char *version, const char *data,
				  size_t *data_size, void **state)
{
	struct httpd *h = cls;
	struct httpd_slot *slot;
	const char *body;
	unsigned long long reading;
	enum refusal refusal;
	size_t len;
	bool om;

	if (!*state) {		/* headers only: answer on the next call */
		*state = h;
		return MHD_YES;
	}
	if (*data_size) {	/* a body nobody asked for: drop it */
		*data_size = 0;
		return MHD_YES;
	}
	h->requests++;
	if ((slot = slot_of(h, c)))	/* answered now: not an idler */
		slot->sending = true;
	if ((refusal = client_ok(h, c)) != LET_IN)
		return deny(h, c, refusal == NO_CERT);
	if (strcmp(url, "/metrics") != 0)
		return answer(&h->L, c, MHD_HTTP_NOT_FOUND, TEXT,
			      MSG("Not found: the metrics are at /metrics\n"));
	if (strcmp(method, "GET") != 0 && strcmp(method, "HEAD") != 0)
		return answer(&h->L, c, MHD_HTTP_METHOD_NOT_ALLOWED, TEXT,
			      MSG("Only GET and HEAD\n"));
	om = wants_om(h, c);
	if (h->o.fn(h->o.ctx, om, &body, &len, &reading) != 0)
		return answer(&h->L, c, MHD_HTTP_INTERNAL_SERVER_ERROR, TEXT,
			      MSG("The metrics could not be gathered\n"));
	return answer_metrics(h, c, om, body, len, reading);
}

/* The path is left as sent: "/metrics%00" stays that, not "/metrics"
 * followed by a NUL that strcmp() would stop at; only the exact path
 * "/metrics" is served.  (The query string is split off before this.) */
static size_t keep_escaped(void *cls, struct MHD_Connection *c, char *s)
{
	return strlen(s);
}

static void quiet_log(void *cls, const char *fmt, va_list ap)
{
}

static struct MHD_Daemon *start(struct httpd *h, const struct sockaddr *sa,
				bool v6)
{
	struct MHD_OptionItem tls[] = {
		{ MHD_OPTION_HTTPS_MEM_CERT, 0, (void *)h->o.tls_cert },
		{ MHD_OPTION_HTTPS_MEM_KEY, 0, (void *)h->o.tls_key },
		{ h->o.tls_ca ? MHD_OPTION_HTTPS_MEM_TRUST : MHD_OPTION_END, 0,
		  (void *)h->o.tls_ca },
		{ MHD_OPTION_END, 0, NULL },
	};

	if (!h->o.tls_cert)
		tls[0].option = MHD_OPTION_END;
	return h->L.MHD_start_daemon(MHD_USE_EPOLL | (v6 ? MHD_USE_IPv6 : 0) |
				(h->o.tls_cert ? MHD_USE_TLS : 0) |
				MHD_USE_ERROR_LOG, 0, on_accept, h,
				on_request, h,
				MHD_OPTION_SOCK_ADDR, sa,
				MHD_OPTION_CONNECTION_TIMEOUT,
				(unsigned int)h->o.timeout_s,
				MHD_OPTION_CONNECTION_LIMIT,
				(unsigned int)h->o.max_conns,
				MHD_OPTION_PER_IP_CONNECTION_LIMIT,
				(unsigned int)(h->o.max_conns / 2),
				MHD_OPTION_NOTIFY_CONNECTION, on_connection, h,
				MHD_OPTION_NOTIFY_COMPLETED, on_completed, h,
				MHD_OPTION_CONNECTION_MEMORY_LIMIT,
				(size_t)(32 * 1024),
				MHD_OPTION_LISTEN_BACKLOG_SIZE,
				(unsigned int)64,
				MHD_OPTION_EXTERNAL_LOGGER, quiet_log, NULL,
				MHD_OPTION_UNESCAPE_CALLBACK, keep_escaped,
				NULL,
				MHD_OPTION_ARRAY, tls,
				MHD_OPTION_END);
}

static int fill_addr(const char *host, unsigned port, bool v6,
		     struct sockaddr_storage *ss)
{
	struct sockaddr_in *a4 = (struct sockaddr_in *)ss;
	struct sockaddr_in6 *a6 = (struct sockaddr_in6 *)ss;

	memset(ss, 0, sizeof(*ss));
	if (v6) {
		a6->sin6_family = AF_INET6;
		a6->sin6_port = htons((uint16_t)port);
		return inet_pton(AF_INET6, host, &a6->sin6_addr) == 1 ? 0 :
		       -EINVAL;
	}
	a4->sin_family = AF_INET;
	a4->sin_port = htons((uint16_t)port);
	return inet_pton(AF_INET, host, &a4->sin_addr) == 1 ? 0 : -EINVAL;
}

/* The password checks, and gnutls's certificate check when a CA is
 * given; 0 or -errno with one sentence in ERR. */
static int secure(struct httpd *h, char *err, size_t size)
{
	int rc = webauth_init(&h->auth, h->o.users, h->o.nusers, err, size);

	if (rc || !h->o.tls_ca)
		return rc;
	*(void **)&h->verify_peers = dlsym(h->L.handle,
					   "gnutls_certificate_verify_peers2");
	*(void **)&h->get_peers = dlsym(h->L.handle,
					"gnutls_certificate_get_peers");
	if (h->verify_peers && h->get_peers)
		return 0;
	snprintf(err, size, "client certificates cannot be checked: "
		 "%s has no gnutls", MICROHTTPD_SONAME);
	return -ENOTSUP;
}

struct httpd *httpd_start(const struct httpd_opts *o, char *err, size_t size)
{
	struct sockaddr_storage ss;
	const union MHD_DaemonInfo *di;
	char host[64], shown[128], zerr[160];
	unsigned port;
	bool v6;
	struct httpd *h;

	strclean_copy(shown, sizeof(shown), o->addr, strlen(o->addr));
	if (httpd_parse_addr(o->addr, host, sizeof(host), &port, &v6) ||
	    fill_addr(host, port, v6, &ss)) {
		snprintf(err, size, "%s is not an address to listen on "
			 "(IP:PORT, [IPv6]:PORT or PORT)", shown);
		return NULL;
	}
	if (!(h = calloc(1, sizeof(*h)))) {
		snprintf(err, size, "%s", strerror(ENOMEM));
		return NULL;
	}
	h->o = *o;
	if (httpd_slots_init(&h->slots, o->max_conns)) {
		snprintf(err, size, "%s", strerror(ENOMEM));
		free(h);
		return NULL;
	}
	if (mhd_open(&h->L, err, size)) {
		httpd_slots_fini(&h->slots);
		free(h);
		return NULL;
	}
	/* without zlib (it is libpci's too, so hardly ever) every answer
	 * goes as it is: nothing to say */
	gzipbody_init(&h->gz[0], zerr, sizeof(zerr));
	gzipbody_init(&h->gz[1], zerr, sizeof(zerr));
	if (secure(h, err, size)) {
		httpd_stop(h);
		return NULL;
	}
	errno = 0;
	h->d = start(h, (const struct sockaddr *)&ss, v6);
	di = h->d ? h->L.MHD_get_daemon_info(h->d, MHD_DAEMON_INFO_EPOLL_FD) :
		    NULL;
	if (!di) {
		snprintf(err, size, "cannot listen on %s: %s", shown,
			 errno ? strerror(errno) : o->tls_cert ?
			 "the HTTP library refused (are cert_file and key_file "
			 "a PEM certificate and its key?)" :
			 "the HTTP library refused");
		httpd_stop(h);
		return NULL;
	}
	h->fd = di->epoll_fd;
	return h;
}

int httpd_fd(const struct httpd *h)
{
	return h->fd;
}

int httpd_timeout_ms(struct httpd *h)
{
	MHD_UNSIGNED_LONG_LONG t;

	if (h->L.MHD_get_timeout(h->d, &t) != MHD_YES)
		return -1;
	return t > 60000 ? 60000 : (int)t;
}

/* Connections open now (closed ones cleaned up first). */
static unsigned conns(struct httpd *h)
{
	const union MHD_DaemonInfo *di = h->L.MHD_get_daemon_info(h->d,
				MHD_DAEMON_INFO_CURRENT_CONNECTIONS);

	return di ? di->num_connections : 0;
}

/*
 * libmicrohttpd 0.9.75 takes the listening socket out of its epoll set
 * while at the connection limit and puts it back only at the start of a
 * later MHD_run(): when the run that closes connections is the last one
 * (every client gone at once, nothing left to time out), nothing would
 * wake the caller's poll() again and no connection were accepted ever
 * after.  So run again while a run closed connections: the last run
 * started below the limit with the listening socket in the set.
 */
void httpd_run(struct httpd *h)
{
	unsigned before, n = conns(h);

	do {			/* ends: N falls at every round but the last */
		before = n;
		h->L.MHD_run(h->d);
		n = conns(h);
	} while (n < before);
}

unsigned long httpd_requests(const struct httpd *h)
{
	return h->requests;
}

unsigned long long httpd_gzips(const struct httpd *h)
{
	return h->gz[0].runs + h->gz[1].runs;
}

unsigned long httpd_denied(const struct httpd *h)
{
	return h->denied;
}

void httpd_stop(struct httpd *h)
{
	if (!h)
		return;
	if (h->d)
		h->L.MHD_stop_daemon(h->d);
	dynlib_close(h->L.handle);
	httpd_slots_fini(&h->slots);
	gzipbody_fini(&h->gz[0]);
	gzipbody_fini(&h->gz[1]);
	webauth_fini(&h->auth);
	free(h);
}
