#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# benchtop iperf against iperf3's own option list: every option stock
# `iperf3 --help` lists is taken by benchtop iperf (its --help lists it)
# or refused with one sentence naming what to use instead - a new iperf3
# option fails here until it has one or the other.  The options taken are
# then run against a stock `iperf3 -s` on 127.0.0.1 and checked in the
# run's own JSON (libiperf's -J), as iperf3 -c would set them, beside a
# stock `iperf3 -c` with the same options; `benchtop serve --one-off`
# serves a stock client once, as `iperf3 -s --one-off` does.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/integration/lib.sh"
. "$top_srcdir/tests/integration/metricslib.sh"	# free_port
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
plan 15

# ---- the table ----------------------------------------------------------
iperf3 --help 2>&1 | sed -n 's/^ *\(-[A-Za-z0-9], \)\{0,1\}--\([a-z][a-z0-9-]*\).*/\2/p' |
	sort -u > "$TMPD/theirs"
"$BENCHTOP" iperf --help | sed -n 's/^ *\(-[A-Za-z0-9], \)\{0,1\}--\([a-z][a-z0-9-]*\).*/\2/p' |
	sort -u > "$TMPD/ours"
: > "$TMPD/table"
st=0
while read -r o; do
	if grep -qx "$o" "$TMPD/ours"; then
		echo "--$o taken" >> "$TMPD/table"
		continue
	fi
	"$BENCHTOP" iperf 127.0.0.1 "--$o" > "$TMPD/out" 2> "$TMPD/err"
	rc=$?
	if [ $rc -eq 2 ] && [ ! -s "$TMPD/out" ] && [ "$(wc -l < "$TMPD/err")" -eq 1 ] &&
		grep -q "^benchtop iperf: '--$o' is iperf3's option, not benchtop iperf's: ." "$TMPD/err"; then
		echo "--$o refused: $(sed 's/.*not benchtop iperf.s: //' "$TMPD/err")" >> "$TMPD/table"
	else
		diag "--$o: neither taken nor refused with a sentence (exit $rc): $(head -2 "$TMPD/err")"
		st=1
	fi
done < "$TMPD/theirs"
[ -s "$TMPD/theirs" ] && [ "$(wc -l < "$TMPD/theirs")" -ge 50 ]
check $? "iperf3 --help lists its options ($(wc -l < "$TMPD/theirs") long names)"
check $st "each is taken by benchtop iperf or refused with what to use instead ($(grep -c taken "$TMPD/table") taken, $(grep -c refused "$TMPD/table") refused)"
# doc/bench.md's table: a row for each, its status and sentence the program's
sed -n 's/^| \(`-[A-Za-z0-9]`, \)\{0,1\}`--\([a-z0-9-]*\)` | [^|]* | \([^:|]*\): \([^|]*[^ ]\) |.*/\2 \3: \4/p' \
	"$top_srcdir/doc/bench.md" | sed 's/^\([^ ]*\) -J taken, --json differs:.*/\1 taken/; s/^\([^ ]*\) taken: .*/\1 taken/' |
	sort > "$TMPD/doc"
sed "s/^--\([^ ]*\) refused: /\1 refused: /; s/^--\([^ ]*\) taken$/\1 taken/; s/; try 'benchtop iperf --help'$//" "$TMPD/table" | sort > "$TMPD/prog"
diff "$TMPD/doc" "$TMPD/prog" > "$TMPD/docdiff"
check $? "doc/bench.md's table gives each option the status and sentence benchtop iperf gives it"
[ -s "$TMPD/docdiff" ] && diag "$(head -8 "$TMPD/docdiff")"
"$BENCHTOP" iperf 127.0.0.1 -s > "$TMPD/out" 2> "$TMPD/err"
[ $? -eq 2 ] && grep -qx "benchtop iperf: '-s' is iperf3's option, not benchtop iperf's: the server is benchtop serve (or iperf3 -s); try 'benchtop iperf --help'" "$TMPD/err"
check $? "short names too: -s names benchtop serve"
[ $? -eq 0 ] || diag "$(cat "$TMPD/err")"

# ---- the options taken, against a stock server ---------------------------
server() {
	P=$(free_port)
	iperf3 -s -1 -B 127.0.0.1 -p "$P" > /dev/null 2>&1 & PIDS="$PIDS $!"
	listening "$P"
}
# raw: the run's libiperf JSON (-J) as d
server
"$BENCHTOP" iperf -c 127.0.0.1 -p "$P" -n 10M -l 64K -J > "$TMPD/n.json" 2> "$TMPD/err"
[ $? -eq 0 ] && json "$TMPD/n.json" 'd["start"]["test_start"]["bytes"] == 10485760 and d["start"]["test_start"]["blksize"] == 65536 and d["end"]["sum_sent"]["bytes"] == 10485760'
check $? "-c HOST -n 10M -l 64K: 10 MiB sent in 64 KiB writes, then the run ends"
[ $? -eq 0 ] || diag "$(head -3 "$TMPD/err")"
# stock iperf3 -c with the same options: the same bytes and block size
server
iperf3 -c 127.0.0.1 -p "$P" -n 10M -l 64K -J > "$TMPD/stock_n.json" 2> "$TMPD/err"
python3 - "$TMPD/n.json" "$TMPD/stock_n.json" << 'EOF'
import json, sys
ours, theirs = (json.load(open(f)) for f in sys.argv[1:])
key = lambda d: (d["start"]["test_start"]["bytes"],
                 d["start"]["test_start"]["blksize"],
                 d["end"]["sum_sent"]["bytes"])
print("# benchtop %s, iperf3 %s" % (key(ours), key(theirs)))
sys.exit(key(ours) != key(theirs))
EOF
check $? "-n 10M -l 64K: bytes, block size and bytes sent as stock iperf3 -c's"
# -i: the lines' interval (libiperf's reporter and stats interval)
server
"$BENCHTOP" iperf 127.0.0.1 -p "$P" -t 2 -i 0.5 -J > "$TMPD/i.json" 2> "$TMPD/err"
server
iperf3 -c 127.0.0.1 -p "$P" -t 2 -i 0.5 -J > "$TMPD/stock_i.json" 2>&1
half='len(d["intervals"]) >= 3 and 0.4 <= sorted(i["sum"]["seconds"] for i in d["intervals"])[len(d["intervals"]) // 2] <= 0.6'
json "$TMPD/i.json" "$half" && json "$TMPD/stock_i.json" "$half"
check $? "-t 2 -i 0.5: lines of half a second, as stock iperf3 -c -i 0.5 gives"
[ $? -eq 0 ] || diag "$(head -3 "$TMPD/err")"
server
"$BENCHTOP" iperf 127.0.0.1 -p "$P" -t 1 -i 0 --json > "$TMPD/i0.json" 2> "$TMPD/err"
server
iperf3 -c 127.0.0.1 -p "$P" -t 1 -i 0 -J > "$TMPD/stock_i0.json" 2>&1
json "$TMPD/i0.json" 'len(d["intervals"]) == 1 and d["settings"]["interval_ms"] == 0' &&
	json "$TMPD/stock_i0.json" 'len(d["intervals"]) == 1' && valid "$TMPD/i0.json"
check $? "-i 0: one line for the whole run, as stock iperf3 -c -i 0; the settings record it"
[ $? -eq 0 ] || diag "$(head -3 "$TMPD/err")"
server
"$BENCHTOP" iperf 127.0.0.1 -p "$P" -k 100 -l 1K -N -S 0x10 -M 1000 -J > "$TMPD/k.json" 2> "$TMPD/err"
[ $? -eq 0 ] && json "$TMPD/k.json" 'd["start"]["test_start"]["blocks"] == 100 and d["end"]["sum_sent"]["bytes"] == 102400 and d["start"]["test_start"]["tos"] == 16 and d["start"]["tcp_mss"] == 1000'
check $? "-k 100 -l 1K -N -S 0x10 -M 1000: 100 blocks of 1 KiB, TOS 16, MSS 1000"
[ $? -eq 0 ] || diag "$(head -3 "$TMPD/err")"
server
"$BENCHTOP" iperf localhost -4 -p "$P" -t 1 --cport 0 --json > "$TMPD/four.json" 2> "$TMPD/err"
rc=$?
server
cp=$(free_port)
"$BENCHTOP" iperf localhost -4 -p "$P" -t 1 -B 127.0.0.1 --cport "$cp" --connect-timeout 2000 -J > "$TMPD/b.json" 2> "$TMPD/err"
[ $rc -eq 2 ] && [ $? -eq 0 ] &&
	json "$TMPD/b.json" 'd["start"]["connected"][0]["local_host"] == "127.0.0.1" and d["start"]["connected"][0]["local_port"] == '"$cp"' and d["start"]["connected"][0]["remote_host"] == "127.0.0.1"'
check $? "-4 localhost -B 127.0.0.1 --cport N: from that address and port to 127.0.0.1 (--cport 0 refused)"
[ $? -eq 0 ] || diag "$(head -3 "$TMPD/err")"
"$BENCHTOP" iperf 127.0.0.1 -t 1 -n 1M > "$TMPD/out" 2> "$TMPD/err"
[ $? -eq 2 ] && grep -q "^benchtop iperf: -t, -n and -k exclude each other" "$TMPD/err"
check $? "-t with -n: refused, one says when the run ends"
"$BENCHTOP" iperf no-such-host.invalid -6 > "$TMPD/out" 2> "$TMPD/err"
[ $? -eq 1 ] && [ "$(wc -l < "$TMPD/err")" -eq 1 ] && grep -q '^benchtop iperf: no-such-host.invalid has no IPv6 address' "$TMPD/err"
check $? "-6 on a name without an IPv6 address: one sentence, exit 1"
server
"$BENCHTOP" iperf 127.0.0.1 -p "$P" -n 1M --json > "$TMPD/s.json"
[ $? -eq 0 ] && json "$TMPD/s.json" 'd["settings"]["bytes"] == 1048576 and d["settings"]["duration_s"] == 0 and "length_bytes" not in d["settings"]'
check $? "--json: the settings record -n (bytes 1048576, no duration), not the options left out"
valid "$TMPD/s.json" || diag "$(cat "$TMPD/valid.out" 2>/dev/null | head -5)"

# -f: the text's rates in iperf3's units; a letter it lacks is refused
server
"$BENCHTOP" iperf 127.0.0.1 -p "$P" -t 1 -f K > "$TMPD/f.out" 2> "$TMPD/err"
rc=$?
"$BENCHTOP" iperf 127.0.0.1 -p "$P" -f x > /dev/null 2> "$TMPD/fx.err"
[ $rc -eq 0 ] && grep -Eq '^  sender +[0-9.]+ KiB/s$' "$TMPD/f.out" &&
	grep -Eq '^  receiver +[0-9.]+ KiB/s$' "$TMPD/f.out" && ! grep -q 'Mbit/s' "$TMPD/f.out" &&
	grep -q "^benchtop iperf: 'x' is not a format: k, m, g or t for bit/s" "$TMPD/fx.err"
check $? "-f K: the rates in KiB/s, as iperf3 -f K gives KBytes; -f x is refused with a sentence"
[ $? -eq 0 ] || diag "$(cat "$TMPD/f.out" "$TMPD/err" "$TMPD/fx.err")"

# benchtop serve --one-off, as iperf3 -s --one-off: one test, then exit 0
P=$(free_port)
"$BENCHTOP" serve --one-off --bind 127.0.0.1 -p "$P" > "$TMPD/serve.out" 2>&1 &
sp=$!
PIDS="$PIDS $sp"
listening "$P" && iperf3 -c 127.0.0.1 -p "$P" -n 1M > "$TMPD/c.out" 2>&1
crc=$?
n=600	# its exit, 60 s at most
while kill -0 "$sp" 2> /dev/null && [ $n -gt 0 ]; do sleep 0.1; n=$((n - 1)); done
! kill -0 "$sp" 2> /dev/null && wait "$sp" && [ $crc -eq 0 ]
check $? "serve --one-off: a stock iperf3 -c is served, then the server exits 0"
[ $? -eq 0 ] || diag "$(tail -3 "$TMPD/serve.out") $(tail -2 "$TMPD/c.out")"
