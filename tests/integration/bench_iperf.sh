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
plan 20

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

# server: a one-off stock iperf3 -s on a free port, in $P.
server() {
	P=$(free_port)
	iperf3 -s -1 -B 127.0.0.1 -p "$P" > /dev/null 2>&1 & PIDS="$PIDS $!"
	listening "$P"
}
# ints: the counts of a --json result are JSON integers.
ints='all(type(f["value"]) is int for f in d["figures"] if f["name"] in ("retransmits", "reverse retransmits", "lost"))'

# ---- what people type to iperf3 ---------------------------------------
server
"$BENCHTOP" iperf 127.0.0.1 -p "$P" -t 1 > "$TMPD/t.txt"
[ $? -eq 0 ] && grep -Eq '^  retransmits +[0-9]+ $' "$TMPD/t.txt" &&
	grep -Eq '^  max cwnd +[0-9]+\.[0-9] KiB$' "$TMPD/t.txt"
check $? "text: retransmits as an integer, the cwnd in KiB"
server
"$BENCHTOP" iperf 127.0.0.1 -p "$P" -t 1 -R > "$TMPD/rt.txt"
[ $? -eq 0 ] && grep -Eq '^  retransmits +[0-9]+ $' "$TMPD/rt.txt" &&
	grep -Eq '^  max cwnd +n/a \(the sender is remote\)$' "$TMPD/rt.txt" &&
	! grep -q 'KiB' "$TMPD/rt.txt"
check $? "-R: the cwnd is n/a (the sender is remote), not 0.0 KiB"
json "$TMPD/c.json" "$ints" && json "$TMPD/r.json" "$ints and 'max cwnd' not in [f['name'] for f in d['figures']]"
check $? "--json: retransmits are JSON integers; no cwnd figure under -R"

server
"$BENCHTOP" iperf 127.0.0.1 -p "$P" -t 2 -u -b 20M --json > "$TMPD/u.json"
[ $? -eq 0 ] && json "$TMPD/u.json" 'd["settings"]["udp"] and d["settings"]["rate_bps"] == 20000000 and [f["name"] for f in d["figures"]] == ["sender", "receiver", "jitter", "lost", "lost share"] and abs(d["figures"][0]["value"] - 20) < 1 and d["figures"][3]["unit"] == "datagrams" and '"$ints"
check $? "-u -b 20M: UDP paced at 20 Mbit/s (within 5 %), jitter, lost datagrams as an integer"

server
"$BENCHTOP" iperf 127.0.0.1 -p "$P" -t 1 --bidir --json > "$TMPD/b.json"
[ $? -eq 0 ] && json "$TMPD/b.json" 'd["settings"]["bidir"] and [f["name"] for f in d["figures"]][:6] == ["sender", "receiver", "retransmits", "reverse sender", "reverse receiver", "reverse retransmits"] and all(f["value"] > 0 for f in d["figures"] if "Mbit" in f["unit"]) and "sum_sent_bidir_reverse" in d["iperf_end"] and '"$ints"
check $? "--bidir: both directions, each with its retransmits"

cc=cubic
grep -qw cubic /proc/sys/net/ipv4/tcp_available_congestion_control 2> /dev/null ||
	cc=$(awk '{ print $1 }' /proc/sys/net/ipv4/tcp_available_congestion_control)
server
"$BENCHTOP" iperf 127.0.0.1 -p "$P" -t 2 -O 1 -w 256K -C "$cc" -J > "$TMPD/J.json"
st=$?
server
iperf3 -c 127.0.0.1 -p "$P" -t 2 -O 1 -w 256K -C "$cc" -J > "$TMPD/stockJ.json"
[ $st -eq 0 ] && python3 - "$TMPD/J.json" "$TMPD/stockJ.json" "$cc" <<'PY'
import json, sys
d, s = (json.load(open(f)) for f in sys.argv[1:3])
ts = d["start"]["test_start"]
def keys(x, p=""):
    if isinstance(x, dict):
        return {p + "/" + k for k in x} | set().union(*(keys(v, p + "/" + k) for k, v in x.items()))
    return set()
ok = ("format" not in d and sorted(d) == sorted(s) == ["end", "intervals", "start"]
      and keys(d["start"]) - keys(s["start"]) == set()
      and ts["omit"] == 1 and ts["duration"] == 2
      and d["start"]["sock_bufsize"] == 262144
      and d["end"]["sender_tcp_congestion"] == sys.argv[3]
      and [i["sum"]["omitted"] for i in d["intervals"]][0] is True)
sys.exit(0 if ok else 1)
PY
check $? "-J prints libiperf's own JSON (iperf3 -J's keys); -O 1, -w 256K and -C $cc reached libiperf"

valid "$TMPD/c.json" "$TMPD/r.json" "$TMPD/u.json" "$TMPD/b.json"
check $? "every benchtop iperf --json document validates against doc/schema/result.json"
"$BENCHTOP" iperf 127.0.0.1 -R --bidir 2> "$TMPD/e1"; a=$?
"$BENCHTOP" iperf 127.0.0.1 -u -b 10Q 2> "$TMPD/e2"; b=$?
"$BENCHTOP" iperf 127.0.0.1 -w 5G 2> "$TMPD/e3"; c=$?
"$BENCHTOP" iperf 127.0.0.1 -C 'x;y' 2> "$TMPD/e4"; e=$?
[ "$a$b$c$e" = 2222 ] && grep -q -- "-R and --bidir exclude each other" "$TMPD/e1" &&
	grep -q "'10Q' is not a bit rate" "$TMPD/e2" && grep -q "'5G' is not a window size" "$TMPD/e3" &&
	grep -q "'x;y' is not a congestion control name" "$TMPD/e4"
check $? "bad values of -R --bidir, -b, -w, -C: exit 2 and one sentence each"

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
