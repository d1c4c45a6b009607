#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# A row kept from the frame before (nothing it is drawn from moved) is
# drawn again as soon as one of its figures moves, and again when it
# settles: on the XU4 testbed, where nothing moves, sda's reads, eth0's
# received bytes and the little cluster's frequency change once; their
# rows show the new figures, then sda and eth0 read 0 again.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/integration/lib.sh"
. "$top_srcdir/tests/tui/lib.sh"
command -v tmux > /dev/null || { echo "1..0 # SKIP tmux missing"; exit 0; }
command -v "$UMOCKDEV_RUN" > /dev/null || { echo "1..0 # SKIP umockdev-run missing"; exit 0; }
command -v python3 > /dev/null || { echo "1..0 # SKIP python3 missing"; exit 0; }
plan 6
row() { screen | grep -a "^$1 " | cut -c1-40; }	# row NAME, its figures

start 80 24 "$(bed_cmd odroid-xu4 '-d 0.3')"
wait_for '^sda +0 B/s' && wait_for '^eth0 +0 bit/s' &&
	wait_for '^little Cortex-A7 .* 1400 MHz'
check $? "the bed's rows: sda and eth0 still, little at 1400 MHz"
sleep 1.5	# a few frames with every row kept
# sda reads 200 MB, eth0 receives 10 MB, the little cluster drops to 1 GHz
U=$(cat "$TMPD/udir")
cat > "$TMPD/poke.py" <<'PY'
import os, sys
u = sys.argv[1]
def edit(path, name, field, add):
    out = []
    for l in open(path).read().split("\n"):
        f = (l.replace(":", " : ", 1) if "net/dev" in path else l).split()
        if name in f[:4]:
            old = f[field]
            new = str(int(old) + add)
            l = l.replace(" " + old + " ", " " + new + " ", 1)
        out.append(l)
    open(path + ".new", "w").write("\n".join(out))
    os.rename(path + ".new", path)
edit(u + "/proc/diskstats", "sda", 5, 400000)
edit(u + "/proc/net/dev", "eth0", 2, 10000000)
open(u + "/sys/devices/system/cpu/cpufreq/policy0/scaling_cur_freq",
     "w").write("1000000\n")
PY
python3 "$TMPD/poke.py" "$U"
# Both moved in one tick (0.3 s), so both are read from one frame: a
# second wait could come after the next tick, which reads 0 again.
moved() {
	screen > "$TMPD/frame"
	grep -Eq '^sda +[1-9][0-9.]* [kMG]B/s' "$TMPD/frame" &&
		grep -Eq '^eth0 +[1-9][0-9.]* [kMG]bit/s' "$TMPD/frame" &&
		echo moved
}
wait_in moved '^moved$' 5
st=$?
frame_row() { grep -a "^$1 " "$TMPD/frame" | cut -c1-40; }
check $st "sda's row shows its reads ($(frame_row sda))"
grep -Eq '^eth0 +[1-9][0-9.]* [kMG]bit/s' "$TMPD/frame"
check $? "eth0's row shows what it received, in the same frame ($(frame_row eth0))"
wait_for '^little Cortex-A7 .* 1000 MHz' 5
check $? "the little cluster's row shows 1000 MHz"
wait_for '^sda +0 B/s' 5 && wait_for '^eth0 +0 bit/s' 5
check $? "the next frames: sda and eth0 read 0 again"
keys q
wait_exit
check $? "q quits"
