/* SPDX-License-Identifier: GPL-2.0-or-later */
/* bench_iperf: iperf3 client and server through libiperf (the real
 * iperf3 protocol); the client's figures come from libiperf's JSON.  The
 * only file that includes <iperf_api.h>. */
#include "config.h"

#include "bench/bench.h"
#include "bench/bench_iperf.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#ifdef HAVE_LIBIPERF
#include <iperf_api.h>
#endif

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

/* Figures from libiperf's JSON document TEXT into RES. */
int bench_iperf_figures(const char *text, json_t *res, char *err,
			size_t errsize)
{
	json_t *doc = json_loads(text, 0, NULL), *end, *snt, *rcv, *e;
	json_t *figs = json_object_get(res, "figures");

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
		bench_figure(figs, "sender", json_number_value(json_object_get(
			     snt, "bits_per_second")) / 1e6, "Mbit/s", true);
		bench_figure(figs, "receiver", json_number_value(
			     json_object_get(rcv, "bits_per_second")) / 1e6,
			     "Mbit/s", true);
		if (json_object_get(snt, "retransmits"))
			bench_figure(figs, "retransmits", json_number_value(
				     json_object_get(snt, "retransmits")),
				     "", true);
		if (max_cwnd(json_object_get(end, "streams")) >= 0)
			bench_figure(figs, "max cwnd", max_cwnd(json_object_get(
				     end, "streams")) / 1024, "KiB", false);
		json_object_set(res, "iperf_end", end);
		err[0] = '\0';
	}
	json_decref(doc);
	return err[0] ? -EPROTO : 0;
}

#ifdef HAVE_LIBIPERF
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
	iperf_set_test_json_output(t, 1);
	benchmsg_expect(j->out, j->p.duration_s + 0.5);
	benchmsg_progress(j->out, 0, j->p.reverse ? "receive" : "send", -1);
	rc = iperf_run_client(t);
	out = iperf_get_test_json_output_string(t);
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
#else
/* configure --without-libiperf: the runs and the server say so. */
int bench_iperf_run(const struct bench_job *j, json_t *res, char *err,
		    size_t errsize)
{
	snprintf(err, errsize, "%s", _("built without iperf support"));
	return -ENOTSUP;
}

int bench_iperf_serve(const char *bind, int port, bool once, char *err,
		      size_t errsize)
{
	snprintf(err, errsize, "%s", _("built without iperf support"));
	return -ENOTSUP;
}
#endif
