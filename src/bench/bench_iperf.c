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
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <unistd.h>

#ifdef HAVE_LIBIPERF
#include <iperf_api.h>
#endif

#include "base/dynlib.h"
#include "base/i18n.h"
#include "base/monoclock.h"
#include "bench/benchmsg.h"
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

/* What iperf3 -l -n -k -M -N -S -Z -B --cport --connect-timeout would set
 * (each only when given: libiperf's defaults stay otherwise). */
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

/* One test in a child: libiperf one-off, then _exit: 0 the test ran,
 * 1 it failed (the sentence on FD), 2 the server cannot listen. */
static void serve_one(const struct iperf_lib *L, const struct bench_serve *o,
		      int fd)
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
	arm_ticks(o->idle_s, fd);
	rc = L->iperf_run_server(t);
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

/* Run one test child and wait for it; 1 when it cannot listen (ERR
 * set), else 0 (a failed or crashed test is a note). */
static int one_test(const struct iperf_lib *L, const struct bench_serve *o,
		    unsigned n, bool *announced, char *err, size_t errsize)
{
	char msg[400], line[500];
	int fds[2], st = 0;
	bool dropped;
	pid_t pid;

	if (pipe2(fds, O_CLOEXEC)) {
		snprintf(err, errsize, "%s", strerror(errno));
		return 1;
	}
	pid = fork();
	if (pid == 0) {
		close(fds[0]);
		serve_one(L, o, fds[1]);
	}
	close(fds[1]);
	if (pid < 0) {
		close(fds[0]);
		snprintf(err, errsize, "%s", strerror(errno));
		return 1;
	}
	dropped = read_child(o, fds[0], pid, announced, msg, sizeof(msg));
	close(fds[0]);
	while (waitpid(pid, &st, 0) < 0 && errno == EINTR)
		;
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
