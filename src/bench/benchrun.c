/* SPDX-License-Identifier: GPL-2.0-or-later */
/* benchrun: start, watch, cancel and reap a benchmark child; the child
 * runs in its own process group so that cancel and the watchdog reach
 * everything it started, and never touches the terminal. */
#include "config.h"

#include "bench/benchrun.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/wait.h>
#include <time.h>
#include <sys/prctl.h>
#include <unistd.h>

#include "base/i18n.h"
#include "base/monoclock.h"
#include "bench/bench_child.h"
#include "bench/bench_iperf.h"
#include "bench/benchmsg.h"

/* In the child: dies with PARENT (a monitor killed by SIGKILL must not
 * leave a benchmark or a listening iperf3 server behind); its own group,
 * default signals, quiet stdio. */
static void child_setup(int keep, bool quiet, pid_t parent)
{
	static const int sigs[] = { SIGTERM, SIGINT, SIGHUP, SIGQUIT, SIGPIPE,
				    SIGCHLD, SIGWINCH };
	sigset_t none;
	size_t i;
	int null;

	/* the parent may have died before the prctl: then it is not ours */
	if (prctl(PR_SET_PDEATHSIG, SIGKILL) || getppid() != parent)
		_exit(127);
	null = open("/dev/null", O_RDWR | O_CLOEXEC);
	setpgid(0, 0);
	for (i = 0; i < sizeof(sigs) / sizeof(sigs[0]); i++)
		signal(sigs[i], SIG_DFL);
	sigemptyset(&none);
	sigprocmask(SIG_SETMASK, &none, NULL);
	if (null >= 0) {
		dup2(null, STDIN_FILENO);
		dup2(null, STDOUT_FILENO);
		if (quiet)
			dup2(null, STDERR_FILENO);
		if (null > STDERR_FILENO && null != keep)
			close(null);
	}
}

/* In the server child: a test that failed or crashed, as an error line
 * (the server goes on; the sentence is the last one said). */
static void serve_note(void *ctx, bool listening, const char *sentence)
{
	if (!listening)
		benchmsg_error(*(int *)ctx, sentence);
}

/* In the server child: each test served, as a result line for the
 * monitor's session. */
static void serve_result(void *ctx, json_t *res)
{
	char *text = json_dumps(res, JSON_COMPACT);

	if (text)
		benchmsg_result(*(int *)ctx, text);
	free(text);
	json_decref(res);
}

/* Fork with signals blocked; the child runs R's job (or the server) and
 * _exits.  Returns 0 or -errno. */
static int spawn(struct benchrun *r, bool quiet, const char *bind, int port)
{
	sigset_t all, old;
	int fds[2];

	if (pipe2(fds, O_CLOEXEC))
		return -errno;
	pid_t parent = getpid();

	sigfillset(&all);
	sigprocmask(SIG_BLOCK, &all, &old);
	r->pid = fork();
	if (r->pid == 0) {
		char err[400] = "";

		close(fds[0]);
		child_setup(fds[1], quiet, parent);
		r->job.out = fds[1];
		if (!r->server)
			_exit(bench_child_run(&r->job));
		struct bench_serve o = { .bind = bind, .port = port,
					 .note = serve_note,
					 .result = serve_result, .ctx = &fds[1] };

		if (bench_iperf_serve(&o, err, sizeof(err)))
			benchmsg_error(fds[1], err);
		_exit(err[0] ? 1 : 0);
	}
	if (r->pid > 0)
		setpgid(r->pid, r->pid);	/* both sides: no race */
	sigprocmask(SIG_SETMASK, &old, NULL);
	close(fds[1]);
	if (r->pid < 0) {
		r->pid = 0;
		close(fds[0]);
		return -errno;
	}
	r->fd = fds[0];
	fcntl(r->fd, F_SETFL, O_NONBLOCK);
	r->state = BENCHRUN_RUNNING;
	r->started = monoclock_s();
	return 0;
}

void benchrun_init(struct benchrun *r)
{
	memset(r, 0, sizeof(*r));
	r->fd = -1;
}

static void reset(struct benchrun *r)
{
	benchrun_fini(r);
	memset(r, 0, sizeof(*r));
	r->fd = -1;
}

/* The device node /dev/NAME of block device DEV, from the name sysfs
 * gives MAJ:MIN; 0, or -ENODEV when there is none (tmpfs, overlay). */
static int dev_node(dev_t dev, char *dst, size_t size)
{
	char link[64], *real, *name;
	struct stat st;
	int rc = -ENODEV;

	snprintf(link, sizeof(link), "/sys/dev/block/%u:%u", major(dev),
		 minor(dev));
	if (!major(dev) || !(real = realpath(link, NULL)))
		return -ENODEV;
	name = strrchr(real, '/');
	snprintf(dst, size, "/dev/%s", name ? name + 1 : real);
	if (stat(dst, &st) == 0 && S_ISBLK(st.st_mode) && st.st_rdev == dev)
		rc = 0;
	free(real);
	return rc;
}

/* read-timing on a folder: the block device the folder lives on, said in
 * r->note; -ENODEV with r->error when the folder has none. */
static int device_of(struct benchrun *r)
{
	char node[256];
	struct stat st;

	if (r->job.p.kind != BENCH_READ_TIMING || stat(r->target, &st) ||
	    !S_ISDIR(st.st_mode))
		return 0;
	if (dev_node(st.st_dev, node, sizeof(node))) {
		snprintf(r->error, sizeof(r->error), _("%s is on a filesystem "
			 "without a block device (device %u:%u): read-timing "
			 "needs a disk or partition, such as /dev/sda"),
			 r->target, major(st.st_dev), minor(st.st_dev));
		return -ENODEV;
	}
	snprintf(r->note, sizeof(r->note), _("%s lives on %s: timing reads "
		 "of %s"), r->target, node, node);
	snprintf(r->target, sizeof(r->target), "%s", node);
	return 0;
}

int benchrun_split_port(char *host, int *port)
{
	char *colon = strrchr(host, ':'), *end;
	long v;

	if (host[0] == '[') {	/* [2001:db8::1]:5201 or [::1] */
		char *close = strchr(host, ']');

		if (!close || (close[1] && close[1] != ':'))
			return -EINVAL;
		colon = close[1] ? close + 1 : NULL;
		*close = '\0';
		memmove(host, host + 1, strlen(host + 1) + 1);
		if (colon)
			colon -= 2;
	} else if (!colon || strchr(host, ':') != colon) {
		return 0;	/* no port, or a bare IPv6 address */
	}
	if (!colon)
		return 0;
	v = strtol(colon + 1, &end, 10);
	if (end == colon + 1 || *end || v < 1 || v > 65535)
		return -EINVAL;
	*colon = '\0';
	*port = (int)v;
	return 0;
}

int benchrun_start(struct benchrun *r, const struct preset *p,
		   const char *target, int port, bool quiet)
{
	int rc;

	reset(r);
	r->job.p = *p;
	r->job.port = p->port ? (int)p->port : port;
	if ((size_t)snprintf(r->target, sizeof(r->target), "%s", target) >=
	    sizeof(r->target)) {
		snprintf(r->error, sizeof(r->error), "%s",
			 _("the target is too long"));
		return -ENAMETOOLONG;
	}
	if (p->kind == BENCH_IPERF &&
	    benchrun_split_port(r->target, &r->job.port)) {
		snprintf(r->error, sizeof(r->error), _("%s is not HOST or "
			 "HOST:PORT (a port is 1-65535)"), target);
		return -EINVAL;
	}
	if ((rc = device_of(r)))
		return rc;
	r->job.target = r->target;
	rc = conditions_begin(&r->cond, p->kind, r->target);
	r->have_cond = true;
	if (rc == 0)
		rc = spawn(r, quiet, NULL, 0);
	if (rc)
		snprintf(r->error, sizeof(r->error), _("could not start the "
			 "benchmark: %s"), strerror(-rc));
	return rc;
}

int benchrun_serve(struct benchrun *r, const char *bind, int port,
		   bool quiet)
{
	int rc;

	reset(r);
	r->server = true;
	snprintf(r->target, sizeof(r->target), "%s:%d", bind ? bind : "*",
		 port > 0 ? port : 5201);
	r->job.target = r->target;
	rc = spawn(r, quiet, bind, port);
	if (rc)
		snprintf(r->error, sizeof(r->error), _("could not start the "
			 "iperf3 server: %s"), strerror(-rc));
	return rc;
}

static void on_line(struct benchrun *r, const char *s, size_t n)
{
	struct benchmsg m;

	if (benchmsg_parse(s, n, &m))
		return;
	switch (m.type) {
	case BENCHMSG_PROGRESS:
		r->fraction = m.fraction;
		snprintf(r->phase, sizeof(r->phase), "%s", m.phase);
		r->has_rate = m.has_rate;
		r->rate = m.rate;
		break;
	case BENCHMSG_EXPECT:
		r->expect_s = m.seconds;
		break;
	case BENCHMSG_RESULT:
		json_decref(r->res);
		r->res = json_loadb(m.text, m.textlen, 0, NULL);
		break;
	case BENCHMSG_ERROR:
		snprintf(r->error, sizeof(r->error), "%.*s",
			 (int)(m.textlen < 399 ? m.textlen : 399), m.text);
		break;
	}
}

json_t *benchrun_take_served(struct benchrun *r)
{
	json_t *res = r->server ? r->res : NULL;

	if (res)
		r->res = NULL;
	return res;
}

void benchrun_read(struct benchrun *r)
{
	char chunk[4096];
	ssize_t n;

	while (r->fd >= 0 && (n = read(r->fd, chunk, sizeof(chunk))) != 0) {
		size_t i, start = 0;

		if (n < 0) {
			if (errno == EINTR)
				continue;
			if (errno == EAGAIN)
				return;
			break;
		}
		if (buf_reserve(&r->line, r->line.len + (size_t)n))
			break;
		memcpy(r->line.data + r->line.len, chunk, (size_t)n);
		r->line.len += (size_t)n;
		for (i = 0; i < r->line.len; i++)
			if (r->line.data[i] == '\n') {
				on_line(r, r->line.data + start, i - start);
				start = i + 1;
			}
		memmove(r->line.data, r->line.data + start,
			r->line.len - start);
		r->line.len -= start;
	}
	close(r->fd);		/* end of file: the child is gone */
	r->fd = -1;
}

/* The state and the sentence once the child is reaped. */
static void settle(struct benchrun *r)
{
	int st = r->wstatus;

	if (r->killed) {
		r->state = BENCHRUN_TIMEOUT;
		snprintf(r->error, sizeof(r->error), _("the run took longer "
			 "than its bound of %u s and was stopped"),
			 r->job.p.timeout_s);
	} else if (r->cancelled) {
		r->state = BENCHRUN_CANCELLED;
		snprintf(r->error, sizeof(r->error), "%s", _("cancelled"));
	} else if (r->res && WIFEXITED(st) && WEXITSTATUS(st) == 0) {
		r->state = BENCHRUN_DONE;
	} else {
		r->state = BENCHRUN_FAILED;
		if (!r->error[0] && WIFSIGNALED(st))
			snprintf(r->error, sizeof(r->error), _("the benchmark "
				 "process was ended by signal %d (%s)"),
				 WTERMSIG(st), strsignal(WTERMSIG(st)));
		else if (!r->error[0])
			snprintf(r->error, sizeof(r->error), _("the benchmark "
				 "process ended with status %d and no result"),
				 WEXITSTATUS(st));
	}
	if (r->have_cond && !r->conditions)
		r->conditions = conditions_end(&r->cond);
}

bool benchrun_reap(struct benchrun *r)
{
	pid_t p;

	if (!r->pid)
		return false;
	p = waitpid(r->pid, &r->wstatus, WNOHANG);
	if (p == 0 || (p < 0 && errno == EINTR))
		return false;
	r->pid = 0;
	if (r->fd >= 0) {
		benchrun_read(r);	/* what it wrote before it ended */
		if (r->fd >= 0) {
			close(r->fd);
			r->fd = -1;
		}
	}
	settle(r);
	return true;
}

void benchrun_tick(struct benchrun *r)
{
	double now = monoclock_s();

	if (!r->pid)
		return;
	if (r->have_cond)
		conditions_sample(&r->cond);
	if (!r->server && r->job.p.timeout_s &&
	    now - r->started > r->job.p.timeout_s && !r->killed) {
		kill(-r->pid, SIGKILL);
		r->killed = true;
	} else if (r->term_sent > 0 &&
		   now - r->term_sent > BENCHRUN_KILL_GRACE_S) {
		kill(-r->pid, SIGKILL);
	}
}

void benchrun_cancel(struct benchrun *r)
{
	if (!r->pid)
		return;
	r->cancelled = true;
	if (kill(-r->pid, SIGTERM) && errno == ESRCH)
		kill(r->pid, SIGTERM);
	r->term_sent = monoclock_s();
}

bool benchrun_active(const struct benchrun *r)
{
	return r->pid != 0;
}

double benchrun_fraction(const struct benchrun *r)
{
	double f = r->fraction, t;

	if (r->state != BENCHRUN_RUNNING)
		return r->state == BENCHRUN_DONE ? 1.0 : f;
	if (r->expect_s > 0) {
		t = (monoclock_s() - r->started) / r->expect_s;
		f = t > f ? t : f;
	}
	return f > 0.99 ? 0.99 : f;
}

static const char *state_name(enum benchrun_state s)
{
	static const char *const names[] = { "idle", "running", "ok",
		"failed", "cancelled", "timeout" };

	return names[s];
}

/* Set KEY of O to the number V when V is not 0 (an option not given
 * leaves no key, so a run without it pairs with older runs). */
static void set_given(json_t *o, const char *key, json_int_t v)
{
	if (o && v)
		json_object_set_new(o, key, json_integer(v));
}

static json_t *iperf_settings_json(const struct preset *p)
{
	json_t *o = json_pack("{s:i s:i s:b s:i s:b s:I s:b s:i s:I s:s?}",
			      "duration_s", (int)p->duration_s, "streams",
			      (int)p->streams, "reverse", p->reverse,
			      "timeout_s", (int)p->timeout_s, "udp", p->udp,
			      "rate_bps", (json_int_t)p->rate_bps,
			      "bidir", p->bidir, "omit_s", (int)p->omit_s,
			      "window_bytes", (json_int_t)p->window,
			      "congestion", p->congestion[0] ?
			      p->congestion : NULL);

	set_given(o, "length_bytes", (json_int_t)p->length);
	set_given(o, "bytes", (json_int_t)p->bytes);
	set_given(o, "blocks", (json_int_t)p->blocks);
	set_given(o, "mss_bytes", p->mss);
	set_given(o, "tos", p->tos);
	set_given(o, "interval_ms", p->interval_ms);
	if (o && p->no_intervals)
		json_object_set_new(o, "interval_ms", json_integer(0));
	if (o && p->no_delay)
		json_object_set_new(o, "no_delay", json_true());
	if (o && p->zerocopy)
		json_object_set_new(o, "zerocopy", json_true());
	if (o && p->bind[0])
		json_object_set_new(o, "bind", json_string(p->bind));
	return o;
}

static json_t *settings_json(const struct preset *p)
{
	json_t *recs;
	size_t i;

	if (p->kind == BENCH_IPERF)
		return iperf_settings_json(p);
	recs = json_array();
	for (i = 0; i < p->nrecords; i++)
		json_array_append_new(recs, json_integer((json_int_t)
							 p->records[i]));
	return json_pack("{s:I s:I s:I s:o s:i s:i s:s s:i}", "size_bytes",
		(json_int_t)p->size, "block_bytes", (json_int_t)p->block,
		"file_bytes", (json_int_t)p->file_size, "records_bytes", recs,
		"seconds_per_phase", (int)p->duration_s, "seeks", (int)p->seeks,
		"io", p->buffered ? "buffered+fsync" : "O_DIRECT", "timeout_s",
		(int)p->timeout_s);
}

json_t *benchrun_result_json(const struct benchrun *r)
{
	json_t *o = json_pack("{s:s s:s s:s s:s s:o s:o}", "preset",
		r->job.p.name, "kind", presets_kind_name(r->job.p.kind),
		"target", r->target, "status", state_name(r->state),
		"error", r->error[0] && r->state != BENCHRUN_DONE ?
		json_string(r->error) : json_null(),
		"settings", settings_json(&r->job.p));
	const char *k;
	json_t *v;

	if (!o)
		return NULL;
	if (r->job.p.kind == BENCH_IPERF)
		json_object_set_new(o, "port", json_integer(r->job.port > 0 ?
					r->job.port : 5201));
	if (r->res)
		json_object_foreach(r->res, k, v)
			json_object_set(o, k, v);
	if (!json_object_get(o, "figures"))
		json_object_set_new(o, "figures", json_array());
	json_object_set(o, "conditions", r->conditions ? r->conditions :
			json_null());
	return o;
}

void benchrun_fini(struct benchrun *r)
{
	if (r->pid) {
		kill(-r->pid, SIGKILL);
		waitpid(r->pid, NULL, 0);
		r->pid = 0;
	}
	if (r->fd >= 0)
		close(r->fd);
	r->fd = -1;
	buf_free(&r->line);
	json_decref(r->res);
	json_decref(r->conditions);
	r->res = r->conditions = NULL;
	if (r->have_cond)
		conditions_fini(&r->cond);
	r->have_cond = false;
}
