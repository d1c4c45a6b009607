/* SPDX-License-Identifier: GPL-2.0-or-later */
/* cmd_metrics: `benchtop metrics`: the board's facts and counters as one
 * Prometheus exposition on stdout, into DIR/benchtop.prom (--textfile), or
 * served on GET /metrics (--listen) until SIGTERM or SIGINT. */
#include "config.h"

#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/i18n.h"
#include "base/monoclock.h"
#include "cli/cmdline.h"
#include "cli/commands.h"
#include "cli/metrics_web.h"
#include "metrics/collectset.h"
#include "metrics/httpd.h"
#include "metrics/textfile.h"
#include "collect/sample.h"
#include "hw/boscache.h"
#include "hw/usbdev.h"

/* One sentence about the command line; exit status 2. */
#define bad(...) cmdline_bad("metrics", __VA_ARGS__)

#define MAX_RESULTS 16

struct metrics_cmd {
	struct collectset_opts co;
	const char *results[MAX_RESULTS];
	const char *textfile;
	const char *listen;
	const char *web_config;	/* --web-config FILE: TLS, basic auth */
	char listen_buf[64];
	bool om;
	bool write_bos;		/* --write-bos-cache */
	unsigned timeout_s;
	char last_warning[300];
	int last_status[4];	/* of the sources, as last said */
};

static volatile sig_atomic_t got_signal;

static void on_signal(int sig)
{
	got_signal = sig;
}

static int parse_seconds(const char *s, double lo, double hi, double *out)
{
	char *end;

	errno = 0;
	*out = strtod(s, &end);
	return !*s || *end || errno || !(*out >= lo && *out <= hi) ? -1 : 0;
}

/* --listen, its value left out: the default port on 127.0.0.1. */
static int set_listen(void *args, const char *v)
{
	struct metrics_cmd *m = args;
	char host[64];
	unsigned port;
	bool v6;

	if (!v) {
		snprintf(m->listen_buf, sizeof(m->listen_buf), "127.0.0.1:%d",
			 HTTPD_DEFAULT_PORT);
		v = m->listen_buf;
	}
	if (httpd_parse_addr(v, host, sizeof(host), &port, &v6) != 0)
		return bad(_("'%s' is not an address to listen on (IP:PORT, "
			     "[IPv6]:PORT or PORT)"), v);
	m->listen = v;
	return -1;
}

static int no_per_cpu(void *args, const char *v)
{
	((struct metrics_cmd *)args)->co.per_cpu = false;
	return -1;
}

static int no_io(void *args, const char *v)
{
	((struct metrics_cmd *)args)->co.io = false;
	return -1;
}

static int node_figures(void *args, const char *v)
{
	((struct metrics_cmd *)args)->co.node_figures = true;
	return -1;
}

static int no_cpufreq(void *args, const char *v)
{
	((struct metrics_cmd *)args)->co.cpufreq = false;
	return -1;
}

static int no_thermal(void *args, const char *v)
{
	((struct metrics_cmd *)args)->co.thermal = false;
	return -1;
}

static int add_results(void *args, const char *v)
{
	struct metrics_cmd *m = args;

	if (m->co.nresults == MAX_RESULTS)
		return bad(_("at most %d --results"), MAX_RESULTS);
	m->results[m->co.nresults++] = v;
	return -1;
}

static int set_min_interval(void *args, const char *v)
{
	struct metrics_cmd *m = args;

	return parse_seconds(v, 0, 3600, &m->co.min_interval_s) ?
	       bad(_("'%s' is not a number of seconds (0-3600)"), v) : -1;
}

static int set_timeout(void *args, const char *v)
{
	struct metrics_cmd *m = args;
	double s;

	if (parse_seconds(v, 1, 3600, &s))
		return bad(_("'%s' is not a number of seconds (1-3600)"), v);
	m->timeout_s = (unsigned)s;
	return -1;
}

/* The help of --listen names the default port. */
_Static_assert(HTTPD_DEFAULT_PORT == 9186, "--listen's help says 9186");

static const struct cliopt metrics_opts[] = {
	{ "openmetrics", 'o', NULL, N_("OpenMetrics 1.0 instead of the text "
				       "format 0.0.4"),
	  CLIOPT_SET_FLAG(struct metrics_cmd, om) },
	{ "textfile", 't', N_("DIR"), N_("write DIR/benchtop.prom atomically, "
					 "for node_exporter"),
	  CLIOPT_SET_TEXT(struct metrics_cmd, textfile) },
	{ "listen", 'l', N_("ADDR:PORT"),
	  N_("serve GET /metrics (default 127.0.0.1:9186; all\naddresses "
	     "only when told: 0.0.0.0:PORT, [::]:PORT)"),
	  .optional = true, CLIOPT_CALL_FN(set_listen) },
	{ "web-config", 0, N_("FILE"),
	  N_("TLS and basic auth of --listen, as exporter-toolkit's "
	     "--web.config.file (doc/metrics.md)"),
	  CLIOPT_SET_TEXT(struct metrics_cmd, web_config) },
	{ "web.config.file", 0, N_("FILE"), NULL,
	  CLIOPT_SET_TEXT(struct metrics_cmd, web_config) },
	{ "no-per-cpu", 'C', NULL, N_("interrupts per IRQ, not per IRQ and "
				      "CPU"),
	  CLIOPT_CALL_FN(no_per_cpu) },
	{ "with-node-figures", 'n', NULL,
	  N_("also what node_exporter's default collectors export: disk and "
	     "network counters, CPU frequencies and limits, temperatures, "
	     "cooling states (for a board without node_exporter)"),
	  CLIOPT_CALL_FN(node_figures) },
	{ "no-io", 'N', NULL, N_("leave out the disk and network counters, "
				 "even with --with-node-figures"),
	  CLIOPT_CALL_FN(no_io) },
	{ "no-cpufreq", 0, NULL, N_("leave out the clusters (cpufreq): "
				    "governors, limits, throttling"),
	  CLIOPT_CALL_FN(no_cpufreq) },
	{ "no-thermal", 0, NULL, N_("leave out the thermal zones and cooling "
				    "devices"),
	  CLIOPT_CALL_FN(no_thermal) },
	{ "results", 'r', N_("PATH"), N_("benchmark results and snapshots: a "
					 "file or a folder\nof *.json "
					 "(repeatable)"),
	  CLIOPT_CALL_FN(add_results) },
	{ "min-interval", 'm', N_("S"), N_("read the kernel files at most "
					   "every S seconds\n(default 1)"),
	  CLIOPT_CALL_FN(set_min_interval) },
	{ "timeout", 'T', N_("S"), N_("close a client idle this long (default "
				      "10)"),
	  CLIOPT_CALL_FN(set_timeout) },
	{ "write-bos-cache", 0, NULL, N_("as root: ask each USB device for its "
					 "BOS descriptor\n(Linux < 6.7) into "
					 "/run/benchtop-bos, for the\nservice "
					 "without root; then exit"),
	  CLIOPT_SET_FLAG(struct metrics_cmd, write_bos) },
	CLIOPT_HELP_ROW,
	{ 0 },
};

int cmd_metrics_main(int argc, char **argv);

const struct command cmd_metrics_entry = {
	.name = "metrics",
	.summary = N_("Prometheus metrics: print, write a textfile, or serve "
		      "/metrics"),
	.synopsis = N_("metrics [--openmetrics] [--textfile DIR | --listen "
		       "[ADDR:]PORT\n                        "
		       "[--web-config FILE]]\n                        "
		       "[--with-node-figures] [--no-per-cpu] [--no-io]\n"
		       "                        "
		       "[--no-cpufreq] [--no-thermal] [--results PATH]...\n"
		       "       benchtop metrics --write-bos-cache"),
	.about = N_("Print the board's facts and counters as Prometheus "
		    "metrics (doc/metrics.md)."),
	.opts = metrics_opts,
	.epilog = N_("Exit status: 0 done, 1 the metrics could not be written "
		     "or served (one\nsentence on stderr), 2 bad command "
		     "line."),
	.main = cmd_metrics_main,
};

/* The command line into M; -1 to go on, or the exit status. */
static int parse(struct metrics_cmd *m, int argc, char **argv)
{
	int rc;

	memset(m, 0, sizeof(*m));
	m->co.min_interval_s = 1.0;
	m->co.per_cpu = m->co.io = m->co.cpufreq = m->co.thermal = true;
	m->co.results = m->results;
	m->timeout_s = 10;
	rc = cliopt_parse(&cmd_metrics_entry, argc, argv, m);
	if (rc >= 0)
		return rc;
	if (optind != argc)
		return bad(_("unexpected '%s'"), argv[optind]);
	if (m->write_bos && (m->textfile || m->listen || m->om))
		return bad(_("--write-bos-cache goes alone"));
	if (m->textfile && m->listen)
		return bad(_("--textfile and --listen do not go together"));
	if (m->web_config && !m->listen)
		return bad(_("--web-config goes with --listen"));
	if (m->textfile && m->om)
		return bad(_("the textfile collector reads the text format "
			     "only: leave out --openmetrics"));
	return -1;
}

/* Say a refused result file once (not on every scrape). */
static void warn_results(struct metrics_cmd *m, const struct collectset *c)
{
	if (!c->res.error[0] || strcmp(c->res.error, m->last_warning) == 0)
		return;
	snprintf(m->last_warning, sizeof(m->last_warning), "%s",
		 c->res.error);
	fprintf(stderr, ngettext("benchtop metrics: %s (%zu file left out)\n",
				 "benchtop metrics: %s (%zu files left out)\n",
				 c->res.nbad), c->res.error, c->res.nbad);
}

/* Say which kernel file could not be read, once per change. */
static void warn_sources(struct metrics_cmd *m, const struct collectset *c)
{
	const struct sample_status *st = &live_cur(&c->live)->status;
	const struct { const char *path; int rc; } v[4] = {
		{ "/proc/stat", st->stat }, { "/proc/diskstats", st->diskstats },
		{ "/proc/net/dev", st->netdev },
		{ "/proc/interrupts", st->interrupts },
	};
	size_t i;

	for (i = 0; i < 4; i++) {
		if (v[i].rc && v[i].rc != m->last_status[i])
			fprintf(stderr, _("benchtop metrics: %s: %s (its metrics "
					  "are left out)\n"), v[i].path,
				_(sample_error(v[i].rc)));
		m->last_status[i] = v[i].rc;
	}
}

static int once(struct metrics_cmd *m)
{
	struct collectset c;
	const struct buf *out;
	char err[600];
	int rc;

	collectset_init(&c, &m->co);
	rc = collectset_get(&c, m->om, monoclock_s(), &out);
	if (rc == 0) {
		warn_results(m, &c);
		warn_sources(m, &c);
		if (m->textfile)
			rc = textfile_write(m->textfile, out->data, out->len,
					    err, sizeof(err));
		else if (fwrite(out->data, 1, out->len, stdout) != out->len ||
			 fflush(stdout))
			rc = errno ? -errno : -EIO;
		if (rc && m->textfile)
			fprintf(stderr, "benchtop metrics: %s\n", err);
		else if (rc)
			fprintf(stderr, _("benchtop metrics: could not write "
					  "the output: %s\n"), strerror(-rc));
	} else {
		fprintf(stderr, "benchtop metrics: %s\n", strerror(-rc));
	}
	collectset_fini(&c);
	return rc ? 1 : 0;
}

struct serve_ctx {
	struct metrics_cmd *m;
	struct collectset c;
	struct httpd *h;	/* NULL until it listens */
};

static int serve_metrics(void *ctx, bool om, const char **body, size_t *len,
			 unsigned long long *reading)
{
	struct serve_ctx *s = ctx;
	const struct buf *out;
	int rc;

	if (s->h) {	/* as of this reading's rendering */
		s->c.http_gzips = httpd_gzips(s->h);
		s->c.http_denied = httpd_denied(s->h);
	}
	rc = collectset_get(&s->c, om, monoclock_s(), &out);

	if (rc)
		return rc;
	warn_results(s->m, &s->c);
	warn_sources(s->m, &s->c);
	*body = out->data;
	*len = out->len;
	*reading = s->c.reads;
	return 0;
}

/* ADDR as a URL's host and port ("9186" is "127.0.0.1:9186"). */
static const char *shown_addr(const char *addr, char *dst, size_t size)
{
	char host[64];
	unsigned port;
	bool v6;

	if (httpd_parse_addr(addr, host, sizeof(host), &port, &v6) != 0)
		return addr;
	snprintf(dst, size, v6 ? "[%s]:%u" : "%s:%u", host, port);
	return dst;
}

/* Block the stop signals except inside ppoll(), so none is missed. */
static void catch_signals(sigset_t *old)
{
	struct sigaction sa;
	sigset_t set;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
	signal(SIGPIPE, SIG_IGN);
	sigemptyset(&set);
	sigaddset(&set, SIGINT);
	sigaddset(&set, SIGTERM);
	sigaddset(&set, SIGHUP);
	sigprocmask(SIG_BLOCK, &set, old);
}

static void loop(struct httpd *h, const sigset_t *old)
{
	struct pollfd p = { .fd = httpd_fd(h), .events = POLLIN };
	struct timespec ts, *tp;
	int ms;

	while (!got_signal) {
		ms = httpd_timeout_ms(h);
		ts.tv_sec = ms / 1000;
		ts.tv_nsec = (long)(ms % 1000) * 1000000;
		tp = ms < 0 ? NULL : &ts;
		if (ppoll(&p, 1, tp, old) < 0 && errno != EINTR)
			break;
		if (!got_signal)
			httpd_run(h);
	}
}

/* The TLS and basic auth of --web-config into O; -1 or the exit status. */
static int web(struct metrics_cmd *m, struct metrics_web *mw,
	       struct httpd_opts *o)
{
	int rc;

	if (!m->web_config)
		return -1;
	if ((rc = metrics_web_load(mw, m->web_config)) >= 0)
		return rc;
	o->tls_cert = mw->cert.len ? mw->cert.data : NULL;
	o->tls_key = mw->key.len ? mw->key.data : NULL;
	o->tls_ca = mw->ca.len ? mw->ca.data : NULL;
	o->users = mw->w.users;
	o->nusers = mw->w.nusers;
	return -1;
}

static int serve(struct metrics_cmd *m)
{
	struct serve_ctx s = { .m = m };
	struct httpd_opts o = {
		.addr = m->listen, .force_om = m->om, .timeout_s = m->timeout_s,
		.max_conns = 128, .fn = serve_metrics, .ctx = &s,
	};
	struct metrics_web mw = { 0 };
	struct httpd *h;
	sigset_t old;
	char err[300];
	int rc;

	if ((rc = web(m, &mw, &o)) >= 0) {
		metrics_web_fini(&mw);
		return rc;
	}
	collectset_init(&s.c, &m->co);
	s.c.serving = true;
	if ((rc = collectset_hotplug(&s.c)) < 0)
		fprintf(stderr, _("benchtop metrics: no hotplug messages (%s): "
			"the device folders are looked at each reading and "
			"the hardware read whole every %.0f s\n"),
			strerror(-rc), HW_RELOAD_S);
	catch_signals(&old);
	if (!(h = httpd_start(&o, err, sizeof(err)))) {
		fprintf(stderr, "benchtop metrics: %s\n", err);
		collectset_fini(&s.c);
		metrics_web_fini(&mw);
		return 1;
	}
	s.h = h;
	fprintf(stderr, _("benchtop metrics: serving %s://%s/metrics\n"),
		o.tls_cert ? "https" : "http",
		shown_addr(m->listen, err, sizeof(err)));
	loop(h, &old);
	httpd_stop(h);
	collectset_fini(&s.c);
	metrics_web_fini(&mw);
	sigprocmask(SIG_SETMASK, &old, NULL);
	return 0;
}

/* DIR's files replaced by the BOS libusb read from each device of L
 * (those sysfs has none for); the count into *N; 0 or -errno. */
static int save_bos(const struct usbdev_list *l, const char *dir, size_t *n)
{
	size_t i;
	int rc = boscache_begin(dir);

	for (i = 0; rc == 0 && i < l->n; i++) {
		const struct usbdev *d = &l->v[i];

		if (!d->bos_raw)
			continue;
		rc = boscache_write(dir, d->busnum, d->devnum, d->vid, d->pid,
				    d->bos_raw, d->bos_len);
		*n += rc == 0;
	}
	return rc;
}

/* --write-bos-cache: each USB device's BOS, asked as root, where the
 * service without root reads it (hw/boscache.h); 0, or 1 after one
 * sentence. */
static int write_bos_cache(void)
{
	struct usbdev_list l;
	char dir[4096], err[4400];
	size_t n = 0;
	int rc;

	if (geteuid() != 0) {
		fprintf(stderr, "%s\n", _("benchtop metrics: --write-bos-cache "
			"needs root: only root may ask a USB device for its "
			"BOS descriptor"));
		return 1;
	}
	boscache_dir(dir, sizeof(dir));
	rc = usbdev_scan_as(sample_live_roots.sys, true, &l);
	if (rc >= 0)
		rc = save_bos(&l, dir, &n);
	usbdev_list_free(&l);
	if (rc < 0) {
		snprintf(err, sizeof(err), "%s: %s", dir, strerror(-rc));
		cmdline_say(stderr, _("benchtop metrics: the BOS cache could "
				      "not be written: %s\n"), err);
		return 1;
	}
	cmdline_say(stdout, ngettext("benchtop metrics: %zu BOS descriptor "
				     "cached in %s\n", "benchtop metrics: %zu "
				     "BOS descriptors cached in %s\n", n),
		    n, dir);
	return 0;
}

int cmd_metrics_main(int argc, char **argv)
{
	struct metrics_cmd m;
	int rc = parse(&m, argc, argv);

	if (rc >= 0)
		return rc;
	if (m.write_bos)
		return write_bos_cache();
	return m.listen ? serve(&m) : once(&m);
}
