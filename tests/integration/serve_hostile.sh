#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# benchtop serve against hostile clients on 127.0.0.1 (real sockets): the
# libiperf 3.12 crash packet, an idler, a dripper, 50 connects at once, a
# client gone mid-test, garbage; then a stock iperf3 -c still gets a
# result, and the server holds as many descriptors as before.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/integration/lib.sh"
"$BENCHTOP" serve --help 2>&1 | grep -q "built without iperf support" && { echo "1..0 # SKIP built without iperf support"; exit 0; }
command -v iperf3 > /dev/null || { echo "1..0 # SKIP iperf3 missing"; exit 0; }
HOSTILE="$top_srcdir/tests/integration/iperf_hostile.py"
PIDS=""
cleanup() {
	for p in $PIDS; do kill "$p" 2> /dev/null; done
	rm -rf "$TMPD"
}
trap cleanup EXIT
# A crash inside libiperf is a real SIGSEGV, not ASan's report and exit 1.
ASAN_OPTIONS="handle_segv=0:$ASAN_OPTIONS"
export ASAN_OPTIONS
# until_line FILE TEXT [SECONDS]: wait (5 s at most) for TEXT in FILE.
until_line() {
	_n=$(( ${3:-5} * 10 ))
	while [ $_n -gt 0 ]; do
		grep -q "$2" "$1" 2> /dev/null && return 0
		sleep 0.1
		_n=$((_n - 1))
	done
	return 1
}
# fds PID: its descriptors, the fewest of five looks 0.1 s apart (the
# server looks at its test process's sockets in /proc four times a
# second, a descriptor open for a moment each time).
fds() {
	_m=
	for _i in 1 2 3 4 5; do
		_c=$(ls "/proc/$1/fd" | wc -l)
		[ -z "$_m" ] || [ "$_c" -lt "$_m" ] && _m=$_c
		sleep 0.1
	done
	echo "$_m"
}
alive() { kill -0 "$SPID" 2> /dev/null; }
plan 17

P=$(free_port)
"$BENCHTOP" serve --port "$P" --idle 2 > "$TMPD/serve.out" \
	2> "$TMPD/serve.err" & SPID=$!
PIDS="$PIDS $SPID"
until_line "$TMPD/serve.err" "listening on 127.0.0.1 port $P"
check $? "serve says where it listens: 127.0.0.1 unless --bind says else"
sleep 0.3
ss -ltnH "sport = :$P" > "$TMPD/ss"
[ "$(wc -l < "$TMPD/ss")" -eq 1 ] && grep -q "127.0.0.1:$P " "$TMPD/ss"
check $? "the default listener is 127.0.0.1 only"
before=$(fds "$SPID")

python3 "$HOSTILE" "$P" crash
until_line "$TMPD/serve.err" "test 1: libiperf crashed (Segmentation fault)"
check $? "the crash packet: one sentence, 'test 1: libiperf crashed'"
alive
check $? "and the server is still running"
# (the server takes the next test once the crashed one is reaped: a
# client that comes before may be told it is busy, and asks again)
i=0
until iperf3 -c 127.0.0.1 -p "$P" -t 1 --json > "$TMPD/after-crash.json" 2>&1 &&
	json "$TMPD/after-crash.json" 'd["end"]["sum_received"]["bits_per_second"] > 0' ||
	[ $i -ge 4 ]; do
	sleep 1; i=$((i + 1))
done
json "$TMPD/after-crash.json" 'd["end"]["sum_received"]["bits_per_second"] > 0'
st=$?; [ $st = 0 ] || diag "$(head -c 600 "$TMPD/after-crash.json")"
check $st "the next stock client gets a rate (try $((i + 1)) of at most 5, 1 s apart)"

python3 "$HOSTILE" "$P" idle > "$TMPD/idle.s" & IDLE=$!
sleep 0.5
# libiperf 3.12 reads the idler's cookie blocking: a client behind it
# waits, and is answered (reset) when the idler is dropped, not never.
# Never is the failure: a loaded machine may take some seconds more, so
# the bound is the 20 s timeout, ten times the idle bound.
t0=$(date +%s)
timeout 20 iperf3 -c 127.0.0.1 -p "$P" -t 1 > "$TMPD/behind.out" 2>&1
st=$? el=$(($(date +%s) - t0))
[ $st -ne 124 ]
check $? "a client behind the idler is answered, not left waiting ($el s)"
wait "$IDLE"
python3 -c 'import sys; t = float(open(sys.argv[1]).read()); sys.exit(not 1.5 <= t <= 4)' "$TMPD/idle.s"
check $? "an idle client is dropped after the 2 s bound ($(cat "$TMPD/idle.s") s)"
until_line "$TMPD/serve.err" "sent nothing usable for 2 s and was dropped" 20
st=$?; [ $st = 0 ] || diag "serve said:" "$(cat "$TMPD/serve.err")"
check $st "and that is said in one sentence"

# A client that sends its cookie and parameters one byte every 1.5 s
# stays under the 2 s bound of each read: the whole exchange is bounded
# (twice the idle bound, 4 s, after it came).  It held the server 54 s
# before; 20 s is five times the bound, for a loaded machine.
python3 "$HOSTILE" "$P" drip > "$TMPD/drip.s"
python3 -c 'import sys; t = float(open(sys.argv[1]).read()); sys.exit(not 3.5 <= t <= 20)' "$TMPD/drip.s"
check $? "a client dripping a byte every 1.5 s is dropped after the 4 s bound on the exchange ($(cat "$TMPD/drip.s") s)"
until_line "$TMPD/serve.err" "the client took more than 4 s over its set-up and was dropped" 20
st=$?; [ $st = 0 ] || diag "serve said:" "$(cat "$TMPD/serve.err")"
check $st "and that is said in one sentence"

python3 "$HOSTILE" "$P" flood
sleep 2.5
alive
check $? "50 connects at once: the server runs on"

iperf3 -c 127.0.0.1 -p "$P" -t 5 > /dev/null 2>&1 & CL=$!
sleep 1.5
kill -KILL "$CL"
wait "$CL" 2> /dev/null
sleep 0.5
python3 "$HOSTILE" "$P" garbage
sleep 2.5
alive
check $? "a client killed mid-test, then garbage bytes: the server runs on"

# The server runs one test at a time: until it has let the killed client
# and the garbage go, a client is told it is busy, or reset while the test
# child before exits (iperf3 then says so in its JSON, and may exit 0).
# That takes longer on a loaded machine; never is the failure, so the
# bound is 60 s of retries.
got() { json "$TMPD/last.json" 'd["end"]["sum_received"]["bits_per_second"] > 0 and "error" not in d'; }
t0=$(date +%s)
until iperf3 -c 127.0.0.1 -p "$P" -t 1 --json > "$TMPD/last.json" 2>&1 &&
	got > /dev/null || [ $(($(date +%s) - t0)) -ge 60 ]; do sleep 1; done
got
st=$?
[ $st -eq 0 ] || diag "iperf3 -c said, after $(($(date +%s) - t0)) s:" "$(grep -m1 '"error"' "$TMPD/last.json")"
check $st "after all of that, stock iperf3 -c gets a result"
sleep 0.5
after=$(fds "$SPID")
[ "$before" -eq "$after" ]
check $? "no descriptor leaked ($before before, $after after)"

kill "$SPID"

"$BENCHTOP" serve --bind 203.0.113.300 --port "$P" > /dev/null 2> "$TMPD/bad.err"
st=$?
[ $st -eq 1 ] && [ "$(wc -l < "$TMPD/bad.err")" -eq 1 ] &&
	! grep -q listening "$TMPD/bad.err" &&
	grep -q "benchtop serve: iperf3 server on port $P: " "$TMPD/bad.err"
check $? "a bad --bind: exit 1, one sentence, no 'listening' before it"

"$BENCHTOP" serve --idle 0 2> /dev/null
check $(($? != 2)) "--idle 0 is a bad command line"

if [ -f "$top_builddir/config.log" ]; then
	grep -q "^bt_cv_iperf_version=[0-9]" "$top_builddir/config.log"
	check $? "configure says which libiperf it found"
else
	skip "no config.log"
fi

