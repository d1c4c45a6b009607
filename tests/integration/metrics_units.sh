#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The systemd units of data/systemd: systemd-analyze verify accepts them
# (with the program's path set to this build), the built ones name the
# installed program, and their ExecStart lines, run as systemd would
# expand them with the default environment, work: the textfile service
# writes benchtop.prom, the service answers on /metrics at 127.0.0.1, the
# iperf3 server unit serves stock iperf3 -c.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/integration/lib.sh"
. "$top_srcdir/tests/integration/metricslib.sh"
plan 8
U=$top_srcdir/data/systemd

stop_server() {
	[ -s "$TMPD/pid" ] && kill "$(cat "$TMPD/pid")" 2> /dev/null
	[ -s "$TMPD/spid" ] && kill "$(cat "$TMPD/spid")" 2> /dev/null
	wait 2> /dev/null
	rm -rf "$TMPD"
}
trap stop_server EXIT

for f in benchtop-metrics.service benchtop-textfile.service benchtop-serve.service; do
	sed "s|@bindir@|$(dirname "$BENCHTOP")|g; s|@sysconfdir@|/etc|g" "$U/$f.in" > "$TMPD/$f"
done
cp "$U/benchtop-textfile.timer" "$TMPD/"
if [ -x "${SYSTEMD_ANALYZE:-no}" ]; then
	(cd "$TMPD" && "$SYSTEMD_ANALYZE" verify --man=no ./benchtop-metrics.service \
		./benchtop-textfile.service ./benchtop-textfile.timer \
		./benchtop-serve.service) > "$TMPD/verify" 2>&1
	check $? "systemd-analyze verify accepts the four units"
	if [ -s "$TMPD/verify" ]; then diag "$(head -5 "$TMPD/verify")"; fi
else
	skip "systemd-analyze missing"
fi
built=$top_builddir/data/systemd/benchtop-metrics.service
grep -q '^ExecStart=/.*/benchtop metrics --listen \${BENCHTOP_METRICS_LISTEN} \$BENCHTOP_METRICS_WEB \$BENCHTOP_METRICS_ARGS$' "$built" &&
	! grep -q '@bindir@\|@sysconfdir@' "$built" "$top_builddir/data/systemd/benchtop-textfile.service" \
		"$top_builddir/data/systemd/benchtop-serve.service"
check $? "the built units name the installed program"
grep -q '^Environment=BENCHTOP_METRICS_LISTEN=127.0.0.1:9186$' "$U/benchtop-metrics.service.in"
check $? "the service listens on 127.0.0.1:9186 unless told otherwise"

# exec_line UNIT: its ExecStart with its Environment= defaults expanded.
exec_line() {
	python3 - "$1" <<'PY'
import re, sys
env, cmd = {}, None
for line in open(sys.argv[1]):
    line = line.strip()
    if line.startswith("Environment="):
        k, _, v = line[len("Environment="):].strip('"').partition("=")
        env[k] = v
    elif line.startswith("ExecStart="):
        cmd = line[len("ExecStart="):]
cmd = re.sub(r"\$\{(\w+)\}|\$(\w+)", lambda m: env.get(m.group(1) or m.group(2), ""), cmd)
print(cmd)
PY
}
D=$TMPD/textfile
mkdir "$D"
cmd=$(exec_line "$TMPD/benchtop-textfile.service" |
	sed "s|/var/lib/prometheus/node-exporter|$D|")
# shellcheck disable=SC2086
$cmd > "$TMPD/tf.out" 2>&1
check $? "the textfile service's command runs ($cmd)"
[ -s "$D/benchtop.prom" ] && grep -q '^benchtop_build_info' "$D/benchtop.prom"
check $? "and writes benchtop.prom"

P=$(free_port)
cmd=$(exec_line "$TMPD/benchtop-metrics.service" | sed "s|127.0.0.1:9186|127.0.0.1:$P|")
# shellcheck disable=SC2086
sh -c 'echo $$ > "$0"; exec "$@"' "$TMPD/pid" $cmd > "$TMPD/svc.out" 2>&1 &
wait_http "http://127.0.0.1:$P/metrics" 30
check $? "the service's command serves /metrics ($cmd)"

# The iperf3 server unit: every IPv4 address by default (as Debian's
# iperf3.service); its command, told 127.0.0.1 and a free port, serves a
# stock iperf3 -c.
grep -q '^Environment="BENCHTOP_SERVE_ARGS=--bind 0.0.0.0"$' "$U/benchtop-serve.service.in" &&
	grep -q '^EnvironmentFile=-@sysconfdir@/default/benchtop-serve$' "$U/benchtop-serve.service.in"
check $? "benchtop-serve.service listens on every IPv4 address unless /etc/default/benchtop-serve says otherwise"
if command -v iperf3 > /dev/null && ! "$BENCHTOP" serve --help 2>&1 | grep -q 'built without iperf'; then
	P=$(free_port)
	cmd=$(exec_line "$TMPD/benchtop-serve.service" | sed "s|--bind 0.0.0.0|--bind 127.0.0.1 --port $P|")
	# shellcheck disable=SC2086
	sh -c 'echo $$ > "$0"; exec "$@"' "$TMPD/spid" $cmd > "$TMPD/serve.out" 2>&1 &
	_n=100
	while [ $_n -gt 0 ] && ! ss -ltnH "sport = :$P" 2> /dev/null | grep -q .; do
		sleep 0.1; _n=$((_n - 1))
	done
	iperf3 -c 127.0.0.1 -p "$P" -t 1 -J > "$TMPD/c.json" 2>&1 &&
		json "$TMPD/c.json" 'd["end"]["sum_received"]["bytes"] > 0'
	check $? "the serve unit's command serves iperf3 -c ($cmd)"
else
	skip "iperf3 or libiperf missing"
fi
