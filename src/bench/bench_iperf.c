/* SPDX-License-Identifier: GPL-2.0-or-later */
/* bench_iperf: iperf3 client and server through libiperf (the real
 * iperf3 protocol); the client's figures come from libiperf's JSON.  The
 * only file that includes <iperf_api.h>. */
#include "config.h"

#include "bench/bench.h"
#include "bench/bench_iperf.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#ifdef HAVE_LIBIPERF
#include <iperf_api.h>
#endif

#include "base/dynlib.h"
#include "base/i18n.h"
#include "base/monoclock.h"
#include "bench/benchmsg.h"
#include "bench/conditions.h"
#include "bench/servewatch.h"

/* The largest max_snd_cwnd of the sending streams (bytes), or -1. */
static double max_cwnd(json_t *streams)
{
	double best = -1;
	size_t i;
	json_t *s;

	json_array_foreach(streams, i, s) {
		json_t *c = json_object_get(json_object_get(s, "sender"),
					    "max_snd_cwnd");

		if (json_is_number(c) && json_number_value(c) > best)
			best = json_number_value(c);
	}
	return best;
}

static double bps(const json_t *sum)
{
	return json_number_value(json_object_get(sum, "bits_per_second")) / 1e6;
}

/* A count (retransmits, lost datagrams) as an integer figure. */
static void count(json_t *figs, const char *name, const json_t *v,
		  const char *unit, bool main)
{
	if (json_is_number(v))
		bench_figure_count(figs, name, (long long)json_number_value(v),
				   unit, main);
}

static bool flag(const json_t *ts, const char *key)
{
	const json_t *v = json_object_get(ts, key);

	return json_is_true(v) || (json_is_integer(v) && json_integer_value(v));
}

/* Sender and receiver as iperf3 prints them; UDP's jitter and loss, or
 * TCP's retransmits; --bidir's other direction; the congestion window
 * only when this side sends (under -R the sender is remote: no cwnd). */
static void add_figures(json_t *figs, const json_t *doc, const json_t *end)
{
	const json_t *ts = json_object_get(json_object_get(doc, "start"),
					   "test_start");
	const json_t *snt = json_object_get(end, "sum_sent");
	const json_t *rcv = json_object_get(end, "sum_received");
	const json_t *bs = json_object_get(end, "sum_sent_bidir_reverse");
	const json_t *br = json_object_get(end, "sum_received_bidir_reverse");
	const char *proto = json_string_value(json_object_get(ts, "protocol"));
	bool udp = proto && !strcmp(proto, "UDP");
	double cwnd = max_cwnd(json_object_get(end, "streams"));

	bench_figure(figs, "sender", bps(snt), "Mbit/s", true);
	bench_figure(figs, "receiver", bps(rcv), "Mbit/s", true);
	if (udp) {
		bench_figure(figs, "jitter", json_number_value(json_object_get(
			     rcv, "jitter_ms")), "ms", true);
		count(figs, "lost", json_object_get(rcv, "lost_packets"),
		      "datagrams", true);
		bench_figure(figs, "lost share", json_number_value(
			     json_object_get(rcv, "lost_percent")), "%", false);
	} else {
		count(figs, "retransmits", json_object_get(snt, "retransmits"),
		      "", true);
	}
	if (bs && br) {
		bench_figure(figs, "reverse sender", bps(bs), "Mbit/s", true);
		bench_figure(figs, "reverse receiver", bps(br), "Mbit/s", true);
		if (!udp)
			count(figs, "reverse retransmits", json_object_get(bs,
			      "retransmits"), "", true);
	}
	if (!udp && !flag(ts, "reverse") && cwnd >= 0)
		bench_figure(figs, "max cwnd", cwnd / 1024, "KiB", false);
}

static double num(const json_t *o, const char *key)
{
	return json_number_value(json_object_get(o, key));
}

/* Fold OUT's last line into the one before when it lasts under 0.1 s:
 * the server's timer runs a moment past the client's -t, and iperf3's
 * client leaves such a stub out (under a tenth of its interval); folded,
 * the lines are -t and their bytes still add up to the total. */
static void fold_stub(json_t *out)
{
	size_t n = json_array_size(out);
	json_t *a, *b;
	double secs, bytes;

	if (n < 2)
		return;
	a = json_array_get(out, n - 2);
	b = json_array_get(out, n - 1);
	if (num(b, "end") - num(b, "start") >= 0.1)
		return;
	secs = num(b, "end") - num(a, "start");
	bytes = num(a, "bytes") + num(b, "bytes");
	json_object_set(a, "end", json_object_get(b, "end"));
	json_object_set_new(a, "bytes", json_integer((json_int_t)bytes));
	json_object_set_new(a, "bits_per_second", json_real(secs > 0 ?
			    bytes * 8 / secs : 0));
	json_array_remove(out, n - 1);
}

/* The per-second lines of DOC's "intervals" (each one's "sum": what
 * iperf3 prints as [SUM], or the one stream's line) as an array. */
static json_t *intervals(const json_t *doc)
{
	json_t *out = json_array(), *iv, *sum;
	size_t i;

	json_array_foreach(json_object_get(doc, "intervals"), i, iv) {
		sum = json_object_get(iv, "sum");
		if (!json_is_object(sum))
			continue;
		json_array_append_new(out, json_pack("{s:O? s:O? s:O? s:O?}",
			"start", json_object_get(sum, "start"),
			"end", json_object_get(sum, "end"),
			"bytes", json_object_get(sum, "bytes"),
			"bits_per_second", json_object_get(sum,
							   "bits_per_second")));
	}
	fold_stub(out);
	return out;
}

/* Figures from libiperf's JSON document TEXT into RES. */
int bench_iperf_figures(const char *text, json_t *res, char *err,
			size_t errsize)
{
	json_t *doc = json_loads(text, 0, NULL), *end, *snt, *rcv, *e;

	if (!doc) {
		snprintf(err, errsize, "%s", _("libiperf gave no JSON result"));
		return -EPROTO;
	}
	end = json_object_get(doc, "end");
	snt = json_object_get(end, "sum_sent");
	rcv = json_object_get(end, "sum_received");
	if ((e = json_object_get(doc, "error")) && json_is_string(e)) {
		snprintf(err, errsize, "%s", json_string_value(e));
	} else if (!snt || !rcv) {
		snprintf(err, errsize, "%s",
			 _("libiperf's JSON has no end totals"));
	} else {
		add_figures(json_object_get(res, "figures"), doc, end);
		json_object_set(res, "iperf_end", end);
		json_object_set_new(res, "intervals", intervals(doc));
		err[0] = '\0';
	}
	json_decref(doc);
	return err[0] ? -EPROTO : 0;
}

#ifdef HAVE_LIBIPERF
/* libiperf, loaded when a run or the server starts (dlopen: it maps
 * libcrypto, 1.5 MiB resident, that no other run needs).  One list of
 * the functions used; each is called through L->name. */
#define IPERF_FUNCS(X) X(iperf_new_test) X(iperf_defaults) \
	X(iperf_free_test) X(iperf_set_test_role) \
	X(iperf_set_test_server_hostname) X(iperf_set_test_server_port) \
	X(iperf_set_test_duration) X(iperf_set_test_num_streams) \
	X(iperf_set_test_reverse) X(iperf_set_test_json_output) \
	X(iperf_run_client) X(iperf_get_test_json_output_string) \
	X(iperf_strerror) X(set_protocol) X(iperf_set_test_blksize) \
	X(iperf_set_test_rate) X(iperf_set_test_bidirectional) \
	X(iperf_set_test_omit) X(iperf_set_test_socket_bufsize) \
	X(iperf_set_test_congestion_control) \
	X(iperf_set_test_bind_address) X(iperf_set_test_one_off) \
	X(iperf_set_test_bytes) X(iperf_set_test_blocks) \
	X(iperf_set_test_mss) X(iperf_set_test_no_delay) \
	X(iperf_set_test_tos) X(iperf_set_test_zerocopy) \
	X(iperf_set_test_bind_port) X(iperf_set_test_connect_timeout) \
	X(iperf_set_test_reporter_interval) X(iperf_set_test_stats_interval) \
	X(iperf_run_server)

struct iperf_lib {
	void *handle;
#define X(f) __typeof__(f) *f;
	IPERF_FUNCS(X)
#undef X
	int *i_errno;
};

static int iperf_lib_open(struct iperf_lib *l, char *err, size_t errsize)
{
	const struct dynlib_sym syms[] = {
#define X(f) { #f, (void **)&l->f },
		IPERF_FUNCS(X)
#undef X
		{ "i_errno", (void **)&l->i_errno },
	};

	l->handle = dynlib_open(IPERF_SONAME, syms, sizeof(syms) /
				sizeof(syms[0]), _("iperf runs"), err,
				errsize);
	return l->handle ? 0 : -ENOTSUP;
}

/* What iperf3 -l -n -k -M -N -S -Z -B --cport --connect-timeout -i would
 * set (each only when given: libiperf's defaults stay otherwise). */
static void set_more_options(const struct iperf_lib *L, struct iperf_test *t,
			     const struct preset *p)
{
	if (p->length)
		L->iperf_set_test_blksize(t, (int)p->length);
	if (p->bytes)
		L->iperf_set_test_bytes(t, p->bytes);
	if (p->blocks)
		L->iperf_set_test_blocks(t, p->blocks);
	if (p->mss)
		L->iperf_set_test_mss(t, (int)p->mss);
	if (p->no_delay)
		L->iperf_set_test_no_delay(t, 1);
	if (p->tos)
		L->iperf_set_test_tos(t, (int)p->tos);
	if (p->zerocopy)
		L->iperf_set_test_zerocopy(t, 1);
	if (p->bind[0])
		L->iperf_set_test_bind_address(t, (char *)p->bind);
	if (p->cport)
		L->iperf_set_test_bind_port(t, (int)p->cport);
	if (p->connect_timeout_ms)
		L->iperf_set_test_connect_timeout(t, (int)p->connect_timeout_ms);
	if (p->interval_ms || p->no_intervals) {	/* as iperf3 -i: both */
		L->iperf_set_test_reporter_interval(t, p->interval_ms / 1e3);
		L->iperf_set_test_stats_interval(t, p->interval_ms / 1e3);
	}
}

/* What iperf3 -u -b -O -w -C --bidir would set (iperf3's own defaults:
 * UDP at 1 Mbit/s in datagrams of DEFAULT_UDP_BLKSIZE). */
static void set_options(const struct iperf_lib *L, struct iperf_test *t,
			const struct preset *p)
{
	if (p->udp) {
		L->set_protocol(t, Pudp);
		L->iperf_set_test_blksize(t, DEFAULT_UDP_BLKSIZE);
		L->iperf_set_test_rate(t, p->rate_bps ? p->rate_bps : 1 << 20);
	} else if (p->rate_bps) {
		L->iperf_set_test_rate(t, p->rate_bps);
	}
	if (p->bidir)
		L->iperf_set_test_bidirectional(t, 1);
	if (p->omit_s)
		L->iperf_set_test_omit(t, (int)p->omit_s);
	if (p->window)
		L->iperf_set_test_socket_bufsize(t, (int)p->window);
	if (p->congestion[0])
		L->iperf_set_test_congestion_control(t, (char *)p->congestion);
	set_more_options(L, t, p);
}

static int run_client(const struct iperf_lib *L, const struct bench_job *j,
		      json_t *res, char *err, size_t errsize)
{
	struct iperf_test *t = L->iperf_new_test();
	const char *out;
	int rc;

	if (!t || L->iperf_defaults(t) < 0) {
		snprintf(err, errsize, "%s",
			 _("libiperf could not set up a test"));
		return -ENOMEM;
	}
	L->iperf_set_test_role(t, 'c');
	L->iperf_set_test_server_hostname(t, j->target);
	L->iperf_set_test_server_port(t, j->port > 0 ? j->port : 5201);
	L->iperf_set_test_duration(t, (int)j->p.duration_s);
	L->iperf_set_test_num_streams(t, (int)j->p.streams);
	L->iperf_set_test_reverse(t, j->p.reverse);
	set_options(L, t, &j->p);
	L->iperf_set_test_json_output(t, 1);
	benchmsg_expect(j->out, j->p.duration_s + 0.5);
	benchmsg_progress(j->out, 0, j->p.reverse ? "receive" : "send", -1);
	rc = L->iperf_run_client(t);
	out = L->iperf_get_test_json_output_string(t);
	if (out && j->p.raw_json)	/* -J: libiperf's text, verbatim */
		json_object_set_new(res, "iperf_json", json_string(out));
	if (out)
		rc = bench_iperf_figures(out, res, err, errsize);
	else if (rc < 0)
		snprintf(err, errsize, _("iperf3 client to %s: %s"), j->target,
			 L->iperf_strerror(*L->i_errno));
	L->iperf_free_test(t);
	return rc < 0 ? -EPROTO : 0;
}

int bench_iperf_run(const struct bench_job *j, json_t *res, char *err,
		    size_t errsize)
{
	struct iperf_lib L;
	int rc = iperf_lib_open(&L, err, errsize);

	if (rc)
		return rc;
	rc = run_client(&L, j, res, err, errsize);
	dynlib_close(L.handle);
	return rc;
}

/* In a test child, for its SIGALRM handler: the idle bound (seconds)
 * and the pipe to the server process (-1 once the listener is told). */
static volatile sig_atomic_t idle_bound_s, notice_fd = -1;

/* SIGALRM in a test child: give every stream socket a receive and send
 * timeout.  Once the listener has it, the control connection libiperf
 * accepts inherits it (Linux copies SO_RCVTIMEO on accept), so libiperf
 * 3.12's blocking cookie and parameter reads end after the bound instead
 * of never.  Then the ticks stop: a read with a timeout would see EINTR
 * where libiperf expects a restart.  Tells the server \1 (listening). */
static void on_tick(int sig)
{
	struct timeval tv = { .tv_sec = idle_bound_s };
	struct itimerval stop = { { 0, 0 }, { 0, 0 } };
	int saved = errno, fd, v;
	socklen_t len;
	bool listener = false;

	(void)sig;
	for (fd = 3; fd < 256; fd++) {
		len = sizeof(v);
		if (getsockopt(fd, SOL_SOCKET, SO_TYPE, &v, &len) ||
		    v != SOCK_STREAM)
			continue;
		setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv));
		setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof(tv));
		len = sizeof(v);
		if (!getsockopt(fd, SOL_SOCKET, SO_ACCEPTCONN, &v, &len) && v)
			listener = true;
	}
	if (listener) {
		setitimer(ITIMER_REAL, &stop, NULL);
		if (notice_fd >= 0 && write(notice_fd, "\1", 1) < 0)
			notice_fd = -1;
		notice_fd = -1;
	}
	errno = saved;
}

/* The ticks of on_tick: every 10 ms until the listener is found. */
static void arm_ticks(int idle_s, int fd)
{
	struct itimerval it = { { 0, 10000 }, { 0, 10000 } };
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_tick;
	sa.sa_flags = SA_RESTART;
	sigemptyset(&sa.sa_mask);
	idle_bound_s = idle_s;
	notice_fd = fd;
	sigaction(SIGALRM, &sa, NULL);
	setitimer(ITIMER_REAL, &it, NULL);
}

/* In a test child that records (JFD >= 0): the test's JSON document
 * into JFD for the server process; stdout (where libiperf prints it too)
 * is /dev/null. */
static void json_on(const struct iperf_lib *L, struct iperf_test *t, int jfd)
{
	int null;

	if (jfd < 0)
		return;
	L->iperf_set_test_json_output(t, 1);
	if ((null = open("/dev/null", O_WRONLY | O_CLOEXEC)) >= 0) {
		fflush(stdout);
		dup2(null, STDOUT_FILENO);
		close(null);
	}
}

static void json_out(const struct iperf_lib *L, struct iperf_test *t, int jfd)
{
	const char *out = jfd >= 0 ? L->iperf_get_test_json_output_string(t) :
			  NULL;
	size_t n = out ? strlen(out) : 0, off = 0;
	ssize_t w;

	while (off < n && ((w = write(jfd, out + off, n - off)) > 0 ||
			   (w < 0 && errno == EINTR)))
		off += w > 0 ? (size_t)w : 0;
}

/* One test in a child: libiperf one-off, then _exit: 0 the test ran,
 * 1 it failed (the sentence on FD), 2 the server cannot listen.  JFD:
 * see json_on. */
static void serve_one(const struct iperf_lib *L, const struct bench_serve *o,
		      int fd, int jfd)
{
	struct iperf_test *t = L->iperf_new_test();
	char err[400];
	int rc;

	prctl(PR_SET_PDEATHSIG, SIGKILL);
	if (!t || L->iperf_defaults(t) < 0) {
		dprintf(fd, "%s", _("libiperf could not set up a server"));
		_exit(2);
	}
	L->iperf_set_test_role(t, 's');
	L->iperf_set_test_server_port(t, o->port);
	if (o->bind)
		L->iperf_set_test_bind_address(t, o->bind);
	L->iperf_set_test_one_off(t, 1);
	json_on(L, t, jfd);
	arm_ticks(o->idle_s, fd);
	rc = L->iperf_run_server(t);
	json_out(L, t, jfd);
	if (rc < 0) {
		snprintf(err, sizeof(err), "%s",
			 L->iperf_strerror(*L->i_errno));
		if (*L->i_errno == IERECVCOOKIE ||
		    *L->i_errno == IERECVPARAMS)
			snprintf(err, sizeof(err), _("the client sent nothing "
				 "usable for %d s and was dropped"), o->idle_s);
		dprintf(fd, "%s", err);
	}
	_exit(rc < -1 ? 2 : rc < 0 ? 1 : 0);
}

/* Read the child's notices and sentence from FD until it closes; call
 * O's note once on \1 (the first test only, *ANNOUNCED).  Meanwhile the
 * child's sockets are watched: a client that holds its control
 * connection open without streams for longer than twice the idle bound
 * (a byte every few seconds passes each read's bound; twice, so that a
 * silent client is always libiperf's, with its own sentence) has the
 * child killed; whether it was. */
static bool read_child(const struct bench_serve *o, int fd, pid_t pid,
		       bool *announced, char *msg, size_t msgsize)
{
	struct pollfd pfd = { .fd = fd, .events = POLLIN };
	double since = -1, now;
	bool killed = false;
	size_t len = 0;
	ssize_t n;
	char c;

	msg[0] = '\0';
	for (;;) {
		if (poll(&pfd, 1, 250) == 0 || pfd.revents == 0) {
			now = monoclock_s();
			if (killed || !servewatch_exchanging(pid))
				since = -1;
			else if (since < 0)
				since = now;
			else if (now - since > 2.0 * o->idle_s)
				killed = kill(pid, SIGKILL) == 0;
			continue;
		}
		n = read(fd, &c, 1);
		if (n == 0 || (n < 0 && errno != EINTR && errno != EAGAIN))
			break;
		if (n < 0)
			continue;
		if (c == '\1') {
			if (!*announced && o->note)
				o->note(o->ctx, true, NULL);
			*announced = true;
		} else if (len + 1 < msgsize) {
			msg[len++] = c;
			msg[len] = '\0';
		}
	}
	return killed;
}

/* "2026-12-06T01:58:00Z" for T into BUF. */
static const char *utc(double t, char *buf, size_t size)
{
	time_t s = (time_t)t;
	struct tm tm;

	if (!gmtime_r(&s, &tm) || !strftime(buf, size, "%Y-%m-%dT%H:%M:%SZ",
					    &tm))
		snprintf(buf, size, "?");
	return buf;
}

/* The conditions of a test served to HOST, read as it ends (the board,
 * kernel, clusters, the interfaces towards HOST); the times are set from
 * libiperf's after. */
static json_t *served_cond(const char *host)
{
	struct conditions c;
	json_t *o = NULL;

	if (conditions_begin(&c, BENCH_IPERF, host) == 0)
		o = conditions_end(&c);
	conditions_fini(&c);
	return o ? o : json_object();
}

/* The settings and conditions of a served test from its JSON's "start":
 * what the client asked for, the client's address, the times. */
static void served_keys(json_t *res, const json_t *doc)
{
	const json_t *st = json_object_get(doc, "start");
	const json_t *ts = json_object_get(st, "test_start");
	const json_t *c0 = json_array_get(json_object_get(st, "connected"), 0);
	const char *proto = json_string_value(json_object_get(ts, "protocol"));
	const char *host = json_string_value(json_object_get(c0,
							     "remote_host"));
	double t0 = json_number_value(json_object_get(json_object_get(st,
					"timestamp"), "timesecs"));
	double secs = json_number_value(json_object_get(json_object_get(
		json_object_get(doc, "end"), "sum_received"), "seconds"));
	char a[32], b[32];
	json_t *cond;

	json_object_set_new(res, "target", json_string(host ? host : "?"));
	json_object_set_new(res, "settings", json_pack("{s:O? s:O? s:b s:b "
		"s:i}", "duration_s", json_object_get(ts, "duration"),
		"streams", json_object_get(ts, "num_streams"), "reverse",
		flag(ts, "reverse"), "udp", proto && !strcmp(proto, "UDP"),
		"timeout_s", 0));
	json_object_set_new(res, "conditions", served_cond(host ? host : "?"));
	cond = json_object_get(res, "conditions");
	json_object_set_new(cond, "time_start", json_string(utc(t0, a,
							sizeof(a))));
	json_object_set_new(cond, "time_end", json_string(utc(t0 + secs, b,
							sizeof(b))));
	json_object_set_new(cond, "duration_s", json_real(secs));
}

/* A server sees one side of the test: its JSON gives the other side's
 * total as 0 bytes (iperf3's server prints only its own line), so that
 * figure ("sender" while receiving, "receiver" under -R) is left out. */
static void drop_idle_side(json_t *res, const json_t *end)
{
	json_t *figs = json_object_get(res, "figures"), *f;
	bool snt = num(json_object_get(end, "sum_sent"), "bytes") > 0;
	bool rcv = num(json_object_get(end, "sum_received"), "bytes") > 0;
	const char *name;
	size_t i;

	for (i = json_array_size(figs); i-- > 0;) {
		f = json_array_get(figs, i);
		name = json_string_value(json_object_get(f, "name"));
		if (name && ((!snt && !strcmp(name, "sender")) ||
			     (!rcv && !strcmp(name, "receiver"))))
			json_array_remove(figs, i);
	}
}

/* The result of a served test from the JSON TEXT the test child wrote;
 * NULL when it holds none (the note said why). */
static json_t *served_result(const char *text, int port)
{
	json_t *res = json_pack("{s:s s:s s:s s:n s:i s:[]}", "preset",
				"serve", "kind", "iperf", "status", "ok",
				"error", "port", port, "figures");
	json_t *doc = json_loads(text, 0, NULL);
	char err[200];

	if (!res || !doc || bench_iperf_figures(text, res, err, sizeof(err))) {
		json_decref(res);
		json_decref(doc);
		return NULL;
	}
	served_keys(res, doc);
	drop_idle_side(res, json_object_get(doc, "end"));
	json_decref(doc);
	return res;
}

/* Hand the test's JSON in memfd JFD to O's result callback. */
static void pass_result(const struct bench_serve *o, int jfd)
{
	off_t n = lseek(jfd, 0, SEEK_END);
	char *text;
	json_t *res;

	if (n <= 0 || n > (64 << 20) || !(text = malloc((size_t)n + 1)))
		return;
	if (pread(jfd, text, (size_t)n, 0) == n) {
		text[n] = '\0';
		if ((res = served_result(text, o->port)))
			o->result(o->ctx, res);
	}
	free(text);
}

/* Run one test child and wait for it; 1 when it cannot listen (ERR
 * set), else 0 (a failed or crashed test is a note). */
static int one_test(const struct iperf_lib *L, const struct bench_serve *o,
		    unsigned n, bool *announced, char *err, size_t errsize)
{
	char msg[400], line[500];
	int fds[2], st = 0, jfd = -1;
	bool dropped;
	pid_t pid;

	if (pipe2(fds, O_CLOEXEC)) {
		snprintf(err, errsize, "%s", strerror(errno));
		return 1;
	}
	if (o->result)	/* the child's JSON; no memfd: nothing recorded */
		jfd = memfd_create("benchtop-serve", MFD_CLOEXEC);
	pid = fork();
	if (pid == 0) {
		close(fds[0]);
		serve_one(L, o, fds[1], jfd);
	}
	close(fds[1]);
	if (pid < 0) {
		close(fds[0]);
		if (jfd >= 0)
			close(jfd);
		snprintf(err, errsize, "%s", strerror(errno));
		return 1;
	}
	dropped = read_child(o, fds[0], pid, announced, msg, sizeof(msg));
	close(fds[0]);
	while (waitpid(pid, &st, 0) < 0 && errno == EINTR)
		;
	if (jfd >= 0) {
		if (WIFEXITED(st) && WEXITSTATUS(st) == 0)
			pass_result(o, jfd);
		close(jfd);
	}
	if (WIFEXITED(st) && WEXITSTATUS(st) == 2) {
		snprintf(err, errsize, _("iperf3 server on port %d: %s"),
			 o->port, msg);
		return 1;
	}
	if (dropped && WIFSIGNALED(st))
		snprintf(line, sizeof(line), _("test %u: the client took more "
			 "than %d s over its set-up and was dropped"), n,
			 2 * o->idle_s);
	else if (WIFSIGNALED(st))
		snprintf(line, sizeof(line), _("test %u: libiperf crashed "
			 "(%s) on what the client sent; serving the next "
			 "client"), n, strsignal(WTERMSIG(st)));
	else if (WEXITSTATUS(st) != 0 && msg[0])
		snprintf(line, sizeof(line), _("test %u failed: %s"), n, msg);
	else if (WEXITSTATUS(st) != 0)
		snprintf(line, sizeof(line), _("test %u: its process ended "
			 "with status %d"), n, WEXITSTATUS(st));
	else
		return 0;
	if (o->note)
		o->note(o->ctx, false, line);
	return o->once ? -1 : 0;
}

int bench_iperf_serve(const struct bench_serve *opt, char *err,
		      size_t errsize)
{
	struct bench_serve o1 = *opt, *o = &o1;
	struct iperf_lib L;
	bool announced = false;
	unsigned n;
	int rc = 0;

	err[0] = '\0';
	if (iperf_lib_open(&L, err, errsize))
		return -ENOTSUP;
	if (o->port <= 0)
		o->port = 5201;
	if (o->idle_s <= 0)
		o->idle_s = BENCH_SERVE_IDLE_S;
	for (n = 1; rc == 0; n++) {
		rc = one_test(&L, o, n, &announced, err, errsize);
		if (o->once)
			break;
	}
	dynlib_close(L.handle);
	if (rc < 0)
		snprintf(err, errsize, "%s", _("the one test failed"));
	return rc ? -EIO : 0;
}
#else
/* configure --without-libiperf: the runs and the server say so. */
int bench_iperf_run(const struct bench_job *j, json_t *res, char *err,
		    size_t errsize)
{
	snprintf(err, errsize, "%s", _("built without iperf support"));
	return -ENOTSUP;
}

int bench_iperf_serve(const struct bench_serve *o, char *err,
		      size_t errsize)
{
	(void)o;
	snprintf(err, errsize, "%s", _("built without iperf support"));
	return -ENOTSUP;
}
#endif
