#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Journey 1: watch a disk and a NIC under load on the Odroid XU4 testbed,
# at 80x24 and at 200x50. A feeder advances /proc/diskstats and
# /proc/net/dev by elapsed time at known rates (sda: read 50 MB/s, write
# 10 MB/s, 400 + 100 IO/s, busy 60 %; eth0: receive 100 Mbit/s, send
# 20 Mbit/s), and the overview must show those rates within a few percent.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/integration/lib.sh"
. "$top_srcdir/tests/tui/lib.sh"
command -v tmux > /dev/null || { echo "1..0 # SKIP tmux missing"; exit 0; }
command -v "$UMOCKDEV_RUN" > /dev/null || { echo "1..0 # SKIP umockdev-run missing"; exit 0; }
plan 18
feed=""
trap 'test -n "$feed" && kill $feed 2> /dev/null; $TMUXC kill-server > /dev/null 2>&1; rm -rf "$TMPD"' EXIT

# feeder.py TESTBED: every 10 ms, the counters as of now: the base values
# plus rate x the time since the feeder began (CLOCK_MONOTONIC, the clock
# benchtop times its samples by), so a stalled loop loses no bytes.
cat > "$TMPD/feeder.py" <<'PY'
import os, sys, time
d = sys.argv[1]
disk = open(d + "/proc/diskstats").read().split("\n")
net = open(d + "/proc/net/dev").read().split("\n")
# sda: reads/s, sectors read/s, writes/s, sectors written/s, io ms/s
DISK = {3: 400, 5: 50e6 / 512, 7: 100, 9: 10e6 / 512, 12: 600}
# eth0: receive bytes/s, packets/s (fields 0, 1), send (8, 9)
NET = {0: 100e6 / 8, 1: 8000, 8: 20e6 / 8, 9: 2000}
def put(name, text):
    open(name + ".new", "w").write(text)
    os.rename(name + ".new", name)
t0 = time.monotonic()
while True:
    t = time.monotonic() - t0
    out = []
    for l in disk:
        f = l.split()
        if len(f) > 12 and f[2] == "sda":
            for i, r in DISK.items():
                f[i] = str(int(f[i]) + int(r * t))
            l = "%4s %7s %s %s" % (f[0], f[1], f[2], " ".join(f[3:]))
        out.append(l)
    put(d + "/proc/diskstats", "\n".join(out))
    out = []
    for l in net:
        if l.strip().startswith("eth0:"):
            f = l.split(":", 1)[1].split()
            for i, r in NET.items():
                f[i] = str(int(f[i]) + int(r * t))
            l = "  eth0: " + " ".join(f)
        out.append(l)
    put(d + "/proc/net/dev", "\n".join(out))
    time.sleep(0.01)
PY

# rate.py NAME COLUMN: the figure in column COLUMN (1 = the first after the
# name) of the row that starts with NAME, in bytes, bits or a count per
# second ("2.1 MB/s", "100 Mbit/s", "500", "60%").
cat > "$TMPD/rate.py" <<'PY'
import re, sys
name, col = sys.argv[1], int(sys.argv[2])
tok = re.compile(r"([0-9.]+)\s?([kMGT]?)(?:B/s|bit/s|%)?(?=\s|$)")
mult = {"": 1, "k": 1e3, "M": 1e6, "G": 1e9, "T": 1e12}
for line in sys.stdin:
    if line.startswith(name + " "):
        v = tok.findall(line[len(name):])
        if len(v) >= col:
            print(float(v[col - 1][0]) * mult[v[col - 1][1]])
        break
PY

# wait_rate NAME COLUMN EXPECTED: 0 once the figure is within 4 % of
# EXPECTED (a sample falls between two feeder writes: up to 1 %, and
# the machine may be loaded: the first samples can be off).
wait_rate() {
	_n=600
	while [ $_n -gt 0 ]; do
		_v=$(screen | python3 "$TMPD/rate.py" "$1" "$2")
		[ -n "$_v" ] && python3 -c "import sys; sys.exit(abs($_v - $3) > 0.04 * $3)" && return 0
		sleep 0.1
		_n=$((_n - 1))
	done
	diag "$1 column $2: last read ${_v:-nothing}, expected $3:" "$(screen)"
	return 1
}

track_captures
for size in "80 24" "200 50"; do
	set -- $size
	start "$1" "$2" "$(bed_cmd odroid-xu4 '-d 1')"
	wait_for '^eth0 ' 30
	check $? "$1x$2: the overview lists sda and eth0"
	python3 "$TMPD/feeder.py" "$(cat "$TMPD/udir")" &
	feed=$!
	wait_rate sda 1 50e6
	check $? "$1x$2: sda reads 50 MB/s"
	wait_rate sda 2 10e6
	check $? "$1x$2: sda writes 10 MB/s"
	wait_rate sda 3 500
	check $? "$1x$2: sda does 500 IO/s (400 reads, 100 writes)"
	wait_rate sda 4 60
	check $? "$1x$2: sda is busy 60 % of the time"
	wait_rate eth0 1 100e6
	check $? "$1x$2: eth0 receives 100 Mbit/s"
	wait_rate eth0 2 20e6
	check $? "$1x$2: eth0 sends 20 Mbit/s"
	wait_rate eth0 3 10000
	check $? "$1x$2: eth0 moves 10k packets/s (8000 in, 2000 out)"
	kill $feed; feed=""
	printable
	check $? "$1x$2: every screen captured held printable text only"
	keys q
	wait_exit 10
done
