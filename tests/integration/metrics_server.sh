#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# `benchtop metrics --listen` as a server on the XU4 testbed: it binds
# 127.0.0.1 when given only a port, answers 404 off /metrics and 405 to
# other methods, speaks OpenMetrics when asked, reads the kernel files
# once for a storm of 50 concurrent scrapes, closes a client that never
# finishes its request, refuses a 1 MB request line, and answers after
# each; SIGTERM ends it with status 0.  Every client loop is bounded.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/integration/lib.sh"
. "$top_srcdir/tests/integration/metricslib.sh"
command -v "$UMOCKDEV_RUN" > /dev/null 2>&1 || { echo "1..0 # SKIP umockdev-run missing"; exit 0; }
plan 19

stop_server() {
	if [ -s "$TMPD/pid" ]; then
		kill "$(cat "$TMPD/pid")" 2> /dev/null
		i=0
		while kill -0 "$(cat "$TMPD/pid")" 2> /dev/null && [ $i -lt 50 ]; do
			sleep 0.1; i=$((i + 1))
		done
		kill -9 "$(cat "$TMPD/pid")" 2> /dev/null
	fi
	wait 2> /dev/null
	rm -rf "$TMPD"
}
trap stop_server EXIT

P=$(free_port)
# Only the port: 127.0.0.1.  A long minimum interval, so that every read
# of this test is the first one: the storm must not cause another.
on_bed odroid-xu4 sh -c 'echo $$ > "$0"; exec "$@"' "$TMPD/pid" \
	"$BENCHTOP" metrics --listen "$P" --min-interval 600 --timeout 2 \
	> "$TMPD/out" 2> "$TMPD/err" &
BG=$!
wait_http "http://127.0.0.1:$P/metrics" 30
check $? "benchtop metrics --listen $P answers"
python3 - "$P" <<'PY'
import sys
port = int(sys.argv[1])
hexport = "%04X" % port
rows = [l.split() for l in open("/proc/net/tcp").read().splitlines()[1:]] + \
       [l.split() for l in open("/proc/net/tcp6").read().splitlines()[1:]]
listen = [r[1] for r in rows if r[3] == "0A" and r[1].endswith(":" + hexport)]
sys.exit(listen != ["0100007F:" + hexport])
PY
check $? "given only a port it listens on 127.0.0.1 alone (not every address)"
grep -qx "benchtop metrics: serving http://127.0.0.1:$P/metrics" "$TMPD/err"
check $? "and says where: $(cat "$TMPD/err")"

on_bed odroid-xu4 "$BENCHTOP" metrics --listen "127.0.0.1:$P" > /dev/null 2> "$TMPD/busy"
[ $? -eq 1 ] && grep -qx "benchtop metrics: cannot listen on 127.0.0.1:$P: Address already in use" "$TMPD/busy"
check $? "a second server on the same port: one sentence, status 1 ($(cat "$TMPD/busy"))"
"$BENCHTOP" metrics --listen example.com:80 > /dev/null 2> "$TMPD/bad"
[ $? -eq 2 ] && grep -qx "benchtop metrics: 'example.com:80' is not an address to listen on (IP:PORT, \[IPv6\]:PORT or PORT); try 'benchtop metrics --help'" "$TMPD/bad"
check $? "a host name is refused as a usage error, status 2: no name lookups ($(cat "$TMPD/bad"))"
st=0
for a in 999.1.1.1:9186 127.0.0.1:99999 '[::1:9186' 127.0.0.1:0 ''; do
	"$BENCHTOP" metrics --listen="$a" > /dev/null 2> "$TMPD/bad2"
	r=$?
	[ $r -eq 2 ] && [ "$(grep -c 'is not an address to listen on' "$TMPD/bad2")" = 1 ] ||
		{ diag "--listen='$a': status $r, $(cat "$TMPD/bad2")"; st=1; }
done
check $st "a bad address, port or bracket: status 2 and one sentence, before any work"

# get PATH [METHOD [ACCEPT]]: "STATUS CONTENT-TYPE BYTES" of one request.
get() {
	python3 - "$P" "$@" <<'PY'
import http.client, sys
port, path = int(sys.argv[1]), sys.argv[2]
method = sys.argv[3] if len(sys.argv) > 3 else "GET"
hdr = {"Accept": sys.argv[4]} if len(sys.argv) > 4 else {}
c = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
c.request(method, path, headers=hdr)
r = c.getresponse()
body = r.read()
print(r.status, r.getheader("Content-Type"), len(body))
PY
}
[ "$(get / | cut -d' ' -f1)" = 404 ] && [ "$(get /metricsX | cut -d' ' -f1)" = 404 ] &&
	[ "$(get /favicon.ico | cut -d' ' -f1)" = 404 ]
check $? "/, /metricsX and /favicon.ico: 404"
[ "$(get /metrics POST | cut -d' ' -f1)" = 405 ]
check $? "POST /metrics: 405"
get /metrics GET "*/*" | grep -q '^200 text/plain; version=0.0.4; charset=utf-8 [1-9]'
check $? "GET /metrics: 200, text format 0.0.4"
get /metrics GET "application/openmetrics-text;version=1.0.0,text/plain;version=0.0.4;q=0.5" |
	grep -q '^200 application/openmetrics-text; version=1.0.0; charset=utf-8 [1-9]'
check $? "Accept: application/openmetrics-text gets OpenMetrics"

# 50 concurrent scrapes: all 200, all the same body, read once.
python3 - "$P" > "$TMPD/storm" 2>&1 <<'PY'
import http.client, re, sys, threading
port, bodies, errors = int(sys.argv[1]), [], []
def scrape():
    try:
        c = http.client.HTTPConnection("127.0.0.1", port, timeout=20)
        c.request("GET", "/metrics")
        r = c.getresponse()
        bodies.append((r.status, r.read()))
    except Exception as e:
        errors.append(repr(e))
ts = [threading.Thread(target=scrape) for _ in range(50)]
[t.start() for t in ts]
[t.join(30) for t in ts]
ok = [b for s, b in bodies if s == 200]
reads = set(re.search(rb"^benchtop_metrics_reads_total (\d+)$", b, re.M).group(1) for b in ok)
print(len(ok), len(set(ok)), sorted(reads), errors[:3])
sys.exit(not (len(ok) == 50 and len(set(ok)) == 1 and reads == {b"1"}))
PY
check $? "50 concurrent scrapes: 50 times 200, one body, one kernel read ($(cat "$TMPD/storm"))"

# A client that sends half a request and waits: closed by the server
# (--timeout 2), and others are served meanwhile.
python3 - "$P" > "$TMPD/slow" 2>&1 <<'PY'
import http.client, socket, sys, time
port = int(sys.argv[1])
s = socket.create_connection(("127.0.0.1", port), timeout=15)
s.sendall(b"GET /metrics HTTP/1.1\r\nHost: x\r\nX-Slow: ")
c = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
c.request("GET", "/metrics")
served = c.getresponse().status == 200
t0 = time.time()
try:
    closed = s.recv(4096) == b""
except ConnectionResetError:
    closed = True
except socket.timeout:
    closed = False
print(served, closed, round(time.time() - t0, 1))
sys.exit(not (served and closed))
PY
check $? "a request never finished: others served meanwhile, it is closed ($(cat "$TMPD/slow"))"

# A 1 MB request line: refused (or the connection cut), then served.
python3 - "$P" > "$TMPD/big" 2>&1 <<'PY'
import socket, sys
port = int(sys.argv[1])
s = socket.create_connection(("127.0.0.1", port), timeout=15)
status = b""
try:
    s.sendall(b"GET /" + b"a" * (1 << 20) + b" HTTP/1.1\r\nHost: x\r\n\r\n")
except (BrokenPipeError, ConnectionResetError):
    pass
try:
    status = s.recv(64).split(b"\r\n")[0]
except (ConnectionResetError, socket.timeout):
    pass
print(status.decode(errors="replace") or "connection closed")
sys.exit(status.startswith(b"HTTP/1.1 200"))
PY
check $? "a 1 MB request line is refused ($(cat "$TMPD/big"))"
# Garbage instead of a request line: 400 (or cut off), nothing else.
python3 - "$P" > "$TMPD/garbage" 2>&1 <<'PY'
import socket, sys
s = socket.create_connection(("127.0.0.1", int(sys.argv[1])), timeout=15)
s.sendall(b"\x00\xff\x1b[2J\r\n\r\n")
try:
    status = s.recv(64).split(b"\r\n")[0]
except (ConnectionResetError, socket.timeout):
    status = b""
print(status.decode(errors="replace") or "connection closed")
sys.exit(status.startswith(b"HTTP/1.1 200"))
PY
check $? "garbage for a request line is refused ($(cat "$TMPD/garbage"))"
[ "$(get /metrics HEAD | awk '{ print $1, $NF }')" = "200 0" ]
check $? "HEAD /metrics: 200 without a body"
[ "$(get /metrics | cut -d' ' -f1)" = 200 ]
check $? "after the storm, the slow client, the 1 MB line and the garbage: still 200"

kill -TERM "$(cat "$TMPD/pid")"
wait "$BG"
check $? "SIGTERM ends it with status 0"
[ "$(get /metrics 2>&1 | tail -1 | grep -c Refused)" = 1 ]
check $? "and the port is closed after"

# IPv6: [::1]:PORT binds the loopback of IPv6 only.
if grep -q '^00000000000000000000000000000001 ' /proc/net/if_inet6 2> /dev/null; then
	P6=$(free_port)
	on_bed odroid-xu4 sh -c 'echo $$ > "$0"; exec "$@"' "$TMPD/pid" \
		"$BENCHTOP" metrics --listen "[::1]:$P6" > /dev/null 2>&1 &
	python3 - "$P6" <<'PY'
import http.client, sys, time
for _ in range(300):
    try:
        c = http.client.HTTPConnection("::1", int(sys.argv[1]), timeout=10)
        c.request("GET", "/metrics")
        sys.exit(c.getresponse().status != 200)
    except OSError:
        time.sleep(0.1)
sys.exit(1)
PY
	check $? "--listen [::1]:$P6 serves /metrics over IPv6"
else
	skip "no IPv6 loopback here"
fi
