#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# iperf through libiperf against real iperf3: benchtop's client against
# `iperf3 -s` on 127.0.0.1, and stock `iperf3 -c` against `benchtop serve`.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/integration/lib.sh"
# A build configured --without-libiperf: both commands say so in one
# sentence, and the rest of this file is skipped.
if "$BENCHTOP" serve --help 2>&1 | grep -q 'built without iperf support'; then
	plan 2
	"$BENCHTOP" iperf 127.0.0.1 > "$TMPD/out" 2> "$TMPD/err"
	[ $? -eq 1 ] && [ ! -s "$TMPD/out" ] &&
		[ "$(cat "$TMPD/err")" = "benchtop iperf: built without iperf support" ]
	check $? "without libiperf: benchtop iperf says so in one sentence, exit 1"
	"$BENCHTOP" serve --once > "$TMPD/out" 2> "$TMPD/err"
	[ $? -eq 1 ] && [ "$(cat "$TMPD/err")" = "benchtop serve: built without iperf support" ]
	check $? "without libiperf: benchtop serve says so in one sentence, exit 1"
	exit 0
fi
command -v iperf3 > /dev/null || { echo "1..0 # SKIP iperf3 missing"; exit 0; }
PIDS=""
cleanup() {
	for p in $PIDS; do kill "$p" 2> /dev/null; done
	rm -rf "$TMPD"
}
trap cleanup EXIT
export BENCHTOP_NO_PROGRESS=1
free_port() {
	python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}
# listening PORT: until something listens on 127.0.0.1:PORT (no connect:
# a one-off server would take the probe for its test).
listening() {
	_n=100
	while [ $_n -gt 0 ]; do
		ss -ltnH "sport = :$1" 2> /dev/null | grep -q . && return 0
		sleep 0.1
		_n=$((_n - 1))
	done
	return 1
}
plan 12

P=$(free_port)
iperf3 -s -1 -B 127.0.0.1 -p "$P" > /dev/null 2>&1 & PIDS="$PIDS $!"
listening "$P"
"$BENCHTOP" iperf 127.0.0.1 -p "$P" -t 1 --json > "$TMPD/c.json"
check $? "benchtop iperf against iperf3 -s runs"
json "$TMPD/c.json" 'd["status"] == "ok" and {f["name"]: f["unit"] for f in d["figures"]} == {"sender": "Mbit/s", "receiver": "Mbit/s", "retransmits": "", "max cwnd": "KiB"} and d["figures"][0]["value"] > 0 and d["figures"][1]["value"] > 0'
check $? "sender and receiver Mbit/s, retransmits and congestion window"
json "$TMPD/c.json" 'd["settings"]["duration_s"] == 1 and not d["settings"]["reverse"] and d["port"] == '"$P"' and d["conditions"]["target"]["host"] == "127.0.0.1" and "iperf_end" in d'
check $? "settings, port, conditions and libiperf's end totals in the result"

P=$(free_port)
iperf3 -s -1 -B 127.0.0.1 -p "$P" > /dev/null 2>&1 & PIDS="$PIDS $!"
listening "$P"
"$BENCHTOP" iperf 127.0.0.1 -p "$P" -t 1 -R -P 2 --json > "$TMPD/r.json"
[ $? -eq 0 ] && json "$TMPD/r.json" 'd["settings"]["reverse"] and d["settings"]["streams"] == 2 and len(d["iperf_end"]["streams"]) == 2 and d["figures"][1]["value"] > 0'
check $? "-R -P 2: reverse with two streams"

P=$(free_port)
"$BENCHTOP" iperf 127.0.0.1 -p "$P" -t 1 2> "$TMPD/refused.err"
[ $? -eq 1 ] && grep -qi "connect" "$TMPD/refused.err"
check $? "no server: exit 1 with the reason"

P=$(free_port)
"$BENCHTOP" serve --bind 127.0.0.1 --port "$P" --once > "$TMPD/serve.out" 2>&1 & SPID=$!
PIDS="$PIDS $SPID"
listening "$P"
check $? "benchtop serve listens on the port given"
iperf3 -c 127.0.0.1 -p "$P" -t 1 --json > "$TMPD/stock.json"
check $? "stock iperf3 -c runs against benchtop serve"
json "$TMPD/stock.json" 'd["end"]["sum_received"]["bits_per_second"] > 0 and "error" not in d'
check $? "and measures a rate"
wait "$SPID"
check $? "serve --once exits 0 after one test"

iperf3 -s -B 127.0.0.1 -p "$P" > /dev/null 2>&1 & PIDS="$PIDS $!"
listening "$P"
"$BENCHTOP" serve --bind 127.0.0.1 --port "$P" --once 2> "$TMPD/taken.err"
[ $? -eq 1 ] && grep -q "Address already in use" "$TMPD/taken.err"
check $? "a taken port: exit 1 and the reason"

"$BENCHTOP" iperf 2> /dev/null; a=$?
"$BENCHTOP" iperf 127.0.0.1 -p 0 2> "$TMPD/bad.err"; b=$?
[ $a -eq 2 ] && [ $b -eq 2 ] && grep -q "'0' is not a port" "$TMPD/bad.err"
check $? "bad iperf command lines: exit 2 and a sentence"
"$BENCHTOP" serve --port x 2> /dev/null; a=$?
"$BENCHTOP" serve extra 2> /dev/null; b=$?
[ $a -eq 2 ] && [ $b -eq 2 ]
check $? "bad serve command lines: exit 2"
