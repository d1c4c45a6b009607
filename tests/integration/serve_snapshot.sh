#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# benchtop serve --snapshot: stock iperf3 -c on 127.0.0.1 against it, each
# test saved in the session with the server's per-second lines: as many
# as the client's -t, their bytes the client's total within 1 %, printed
# by report; a client run of benchtop iperf carries its lines too.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/integration/lib.sh"
if "$BENCHTOP" serve --help 2>&1 | grep -q 'built without iperf support'; then
	echo "1..0 # SKIP built without libiperf"; exit 0
fi
command -v iperf3 > /dev/null || { echo "1..0 # SKIP iperf3 missing"; exit 0; }
PIDS=""
cleanup() {
	for p in $PIDS; do kill "$p" 2> /dev/null; done
	rm -rf "$TMPD"
}
trap cleanup EXIT
export BENCHTOP_NO_PROGRESS=1
# within1 FILE-SNAPSHOT FILE-CLIENT KEY: the server's lines add up to the
# client's end.KEY.bytes within 1 %.
within1() {
	python3 - "$1" "$2" "$3" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))["results"][0]
c = json.load(open(sys.argv[2]))["end"][sys.argv[3]]["bytes"]
s = sum(i["bytes"] for i in r["intervals"])
print("# server's lines: %d bytes; client's %s: %d" % (s, sys.argv[3], c))
sys.exit(0 if c > 0 and abs(s - c) <= 0.01 * c else 1)
PY
}
# lines FILE: the report's per-second lines of FILE.
lines() {
	"$BENCHTOP" report "$1" | grep -Ec '^\[SUM\] +[0-9.]+-[0-9.]+ +sec +[0-9.]+ MBytes +[0-9.]+ Mbits/sec$'
}
plan 10

P=$(free_port)
"$BENCHTOP" serve --port "$P" --once --snapshot "$TMPD/s.json" \
	> "$TMPD/serve.out" 2> "$TMPD/serve.err" & SPID=$!
PIDS="$PIDS $SPID"
listening "$P"
iperf3 -c 127.0.0.1 -p "$P" -t 3 --json > "$TMPD/c.json"
check $? "stock iperf3 -c -t 3 against benchtop serve --snapshot"
wait "$SPID"
[ $? -eq 0 ] && grep -q "^benchtop serve: test 1 saved to $TMPD/s.json$" "$TMPD/serve.err"
check $? "serve says the test is saved, exit 0"
valid "$TMPD/s.json" && json "$TMPD/s.json" 'len(d["results"]) == 1 and d["results"][0]["preset"] == "serve" and d["results"][0]["kind"] == "iperf" and d["results"][0]["target"] == "127.0.0.1" and d["results"][0]["settings"]["duration_s"] == 3 and [f["name"] for f in d["results"][0]["figures"]] == ["receiver"]'
check $? "the session holds the served test (schema-valid): client, -t, the receiver figure"
json "$TMPD/s.json" 'len(d["results"][0]["intervals"]) == 3'
check $? "three per-second lines for the client's -t 3"
within1 "$TMPD/s.json" "$TMPD/c.json" sum_received
check $? "their bytes add up to the client's received total within 1 %"
[ "$(lines "$TMPD/s.json")" = 3 ]
check $? "report prints the three per-second lines"

P=$(free_port)
"$BENCHTOP" serve --port "$P" --once --snapshot "$TMPD/r.json" \
	> /dev/null 2>&1 & SPID=$!
PIDS="$PIDS $SPID"
listening "$P"
iperf3 -c 127.0.0.1 -p "$P" -t 2 -R -P 2 --json > "$TMPD/rc.json"
wait "$SPID"
json "$TMPD/r.json" 'len(d["results"][0]["intervals"]) == 2 and d["results"][0]["settings"]["reverse"] and d["results"][0]["settings"]["streams"] == 2 and d["results"][0]["figures"][0]["name"] == "sender"' &&
	within1 "$TMPD/r.json" "$TMPD/rc.json" sum_sent && [ "$(lines "$TMPD/r.json")" = 2 ]
check $? "-R -P 2 -t 2: the server sends; two lines, the sum of both streams, the client's total"

"$BENCHTOP" serve --port "$P" --once --snapshot "$TMPD/s.json" 2> "$TMPD/exists.err"
[ $? -eq 2 ] && grep -q "exists" "$TMPD/exists.err"
check $? "an existing --snapshot file without --force: exit 2 and a sentence"
"$BENCHTOP" serve --port "$P" --force 2> "$TMPD/force.err"
[ $? -eq 2 ] && grep -q -- "--snapshot" "$TMPD/force.err"
check $? "--force without --snapshot: exit 2 and a sentence"

P=$(free_port)
iperf3 -s -1 -B 127.0.0.1 -p "$P" > /dev/null 2>&1 & PIDS="$PIDS $!"
listening "$P"
"$BENCHTOP" iperf 127.0.0.1 -p "$P" -t 2 --json > "$TMPD/cl.json" &&
	json "$TMPD/cl.json" 'len(d["intervals"]) == 2 and abs(sum(i["bytes"] for i in d["intervals"]) - d["iperf_end"]["sum_sent"]["bytes"]) <= 0.01 * d["iperf_end"]["sum_sent"]["bytes"]'
check $? "a client run of -t 2 carries its two per-second lines"
