/* bench_iperf: iperf3 client and server through libiperf (the real
 * iperf3 protocol); the client's figures come from libiperf's JSON.  The
 * only file that includes <iperf_api.h>. */
#include "config.h"

#include "bench/bench.h"
#include "bench/bench_iperf.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include <iperf_api.h>

#include "bench/benchmsg.h"
#include "base/i18n.h"

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

/* What iperf3 -u -b -O -w -C --bidir would set (iperf3's own defaults:
 * UDP at 1 Mbit/s in datagrams of DEFAULT_UDP_BLKSIZE). */
static void set_options(struct iperf_test *t, const struct preset *p)
{
	if (p->udp) {
		set_protocol(t, Pudp);
		iperf_set_test_blksize(t, DEFAULT_UDP_BLKSIZE);
		iperf_set_test_rate(t, p->rate_bps ? p->rate_bps : 1 << 20);
	} else if (p->rate_bps) {
		iperf_set_test_rate(t, p->rate_bps);
	}
	if (p->bidir)
		iperf_set_test_bidirectional(t, 1);
	if (p->omit_s)
		iperf_set_test_omit(t, (int)p->omit_s);
	if (p->window)
		iperf_set_test_socket_bufsize(t, (int)p->window);
	if (p->congestion[0])
		iperf_set_test_congestion_control(t, (char *)p->congestion);
}

int bench_iperf_run(const struct bench_job *j, json_t *res, char *err,
		    size_t errsize)
{
	struct iperf_test *t = iperf_new_test();
	const char *out;
	int rc;

	if (!t || iperf_defaults(t) < 0) {
		snprintf(err, errsize, "%s",
			 _("libiperf could not set up a test"));
		return -ENOMEM;
	}
	iperf_set_test_role(t, 'c');
	iperf_set_test_server_hostname(t, j->target);
	iperf_set_test_server_port(t, j->port > 0 ? j->port : 5201);
	iperf_set_test_duration(t, (int)j->p.duration_s);
	iperf_set_test_num_streams(t, (int)j->p.streams);
	iperf_set_test_reverse(t, j->p.reverse);
	set_options(t, &j->p);
	iperf_set_test_json_output(t, 1);
	benchmsg_expect(j->out, j->p.duration_s + 0.5);
	benchmsg_progress(j->out, 0, j->p.reverse ? "receive" : "send", -1);
	rc = iperf_run_client(t);
	out = iperf_get_test_json_output_string(t);
	if (out && j->p.raw_json)	/* -J: libiperf's text, verbatim */
		json_object_set_new(res, "iperf_json", json_string(out));
	if (out)
		rc = bench_iperf_figures(out, res, err, errsize);
	else if (rc < 0)
		snprintf(err, errsize, _("iperf3 client to %s: %s"), j->target,
			 iperf_strerror(i_errno));
	iperf_free_test(t);
	return rc < 0 ? -EPROTO : 0;
}

int bench_iperf_serve(const char *bind, int port, bool once, char *err,
		      size_t errsize)
{
	struct iperf_test *t = iperf_new_test();
	int rc;

	if (!t || iperf_defaults(t) < 0) {
		snprintf(err, errsize, "%s",
			 _("libiperf could not set up a server"));
		return -ENOMEM;
	}
	iperf_set_test_role(t, 's');
	iperf_set_test_server_port(t, port > 0 ? port : 5201);
	if (bind)
		iperf_set_test_bind_address(t, bind);
	iperf_set_test_one_off(t, once);
	for (;;) {
		rc = iperf_run_server(t);
		if (rc < -1) {
			snprintf(err, errsize,
				 _("iperf3 server on port %d: %s"),
				 port > 0 ? port : 5201,
				 iperf_strerror(i_errno));
			break;
		}
		iperf_reset_test(t);
		if (once && !(rc < 0 && i_errno == IEAUTHTEST))
			break;
	}
	iperf_free_test(t);
	return rc < -1 ? -EIO : 0;
}
