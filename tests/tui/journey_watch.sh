#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Journey 1: watch a disk and a NIC under load on each testbed of
# tests/tui/journey_beds.sh at 80x24 (the XU4's sda and eth0, the HC1's,
# the RK3399's SD card mmcblk1 and its GbE, the x86 VM's virtio vda and
# eth0), at 80x24 and 200x50. A feeder (tests/tui/feeder.py)
# advances /proc/diskstats and /proc/net/dev by elapsed time at known rates
# (disk: read 50 MB/s, write 10 MB/s, 400 + 100 IO/s, busy 60 %; eth0:
# receive 100 Mbit/s, send 20 Mbit/s, 8000 + 2000 packets/s), and the
# overview must show those rates within a few percent. Each bed in
# English and in German (journey_beds.sh's journey_runs): the same figures
# under the German headers (LAUFWERK, NETZ), which must fit the columns.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/integration/lib.sh"
. "$top_srcdir/tests/tui/lib.sh"
. "$top_srcdir/tests/tui/journey_beds.sh"
command -v tmux > /dev/null || { echo "1..0 # SKIP tmux missing"; exit 0; }
command -v "$UMOCKDEV_RUN" > /dev/null || { echo "1..0 # SKIP umockdev-run missing"; exit 0; }
RUNS=$(journey_runs watch)
set -- $RUNS
plan $((10 * $# + 2 * $(echo "$RUNS" | tr ' ' '\n' | grep -c '^de:')))
feed=""
trap 'test -n "$feed" && kill $feed 2> /dev/null; $TMUXC kill-server > /dev/null 2>&1; rm -rf "$TMPD"' EXIT

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
for run in $RUNS; do
	journey_run "$run"
	bed=${J_WHAT% *} size=${J_WHAT##* } d=$J_DISK
	start "$J_COLS" "$J_ROWS" "$J_LANG_CMD $(live_cmd "$J_BED" '-d 1')"
	wait_for "^$J_NIC " 30 && screen | grep -q "^$d "
	check $? "$bed $size: the overview lists $d and $J_NIC"
	if [ "$J_LANG" = de ]; then
		screen | grep -Eq '^LAUFWERK +LESEN/s +SCHREIB/s +IOPS ' &&
			screen | grep -Eq '^NETZ +RX/s +TX/s '
		check $? "$bed $size: the German headers: LAUFWERK LESEN/s SCHREIB/s, NETZ"
		screen | grep -Eq '^DISK |^NET ' && diag "English headers left"
		! screen | grep -Eq '^DISK |^NET |READ/s|WRITE/s'
		check $? "$bed $size: no English header left"
	fi
	python3 "$top_srcdir/tests/tui/feeder.py" "$(cat "$TMPD/udir")" \
		"disk:$d:50e6:10e6:400:100:60" "net:$J_NIC:100e6:20e6:8000:2000" &
	feed=$!
	wait_rate $d 1 50e6
	check $? "$bed $size: $d reads 50 MB/s"
	wait_rate $d 2 10e6
	check $? "$bed $size: $d writes 10 MB/s"
	wait_rate $d 3 500
	check $? "$bed $size: $d does 500 IO/s (400 reads, 100 writes)"
	wait_rate $d 4 60
	check $? "$bed $size: $d is busy 60 % of the time"
	wait_rate $J_NIC 1 100e6
	check $? "$bed $size: $J_NIC receives 100 Mbit/s"
	wait_rate $J_NIC 2 20e6
	check $? "$bed $size: $J_NIC sends 20 Mbit/s"
	wait_rate $J_NIC 3 10000
	check $? "$bed $size: $J_NIC moves 10k packets/s (8000 in, 2000 out)"
	kill $feed; feed=""
	printable
	check $? "$bed $size: every screen captured held printable text only"
	keys q
	wait_exit 10 && [ "$(cat "$TMPD/status")" = 0 ]
	check $? "$bed $size: q quits, status 0"
done
