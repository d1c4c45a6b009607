#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The live screen on both rigs at 80x24: benchtop runs in the link rig's
# namespace A (so it sees the veth) with a 10 s interval while direct
# writes run on the throttled zram disk and iperf3 sends across the
# shaped link; the figures a person reads off the DISK row of the rig
# disk and the NET row of the veth are within 3 % of the throttle and of
# the shaped rate.  (10 s windows: the throttle's 100 ms budget steps move
# a disk rate by 0-1 %, rig_window_rate.)
. "${top_srcdir:-$(dirname "$0")/../..}/tests/integration/lib.sh"
. "$top_srcdir/tests/tui/lib.sh"
. "$top_srcdir/tests/rig/rig.sh"
rig_trap '$TMUXC kill-server > /dev/null 2>&1; rm -rf "$TMPD"'

command -v iperf3 > /dev/null || { rig_skip_all "rig unavailable: no iperf3"; exit 0; }
WB=$(rig_rand 40000000 80000000)
R=$(rig_rand 40 100)
RIG_DISK_SIZE=3G
rig_disk_up 0 "$WB" 0 0 || { rig_skip_all "$RIG_WHY"; exit 0; }
rig_link_up "$R" || { rig_skip_all "$RIG_WHY"; exit 0; }
plan 4
diag "rig: $RIG_DISK write $WB B/s; $RIG_IF_A tbf $R Mbit/s"

# Four writers, so that the throttle always has requests queued: one dd
# waits for each 1 MiB write, and on a loaded machine it was not always
# scheduled again at once (38.0 MB/s on screen under a 42.2 MB/s
# throttle: the device idle between writes, not the screen wrong).
# On a loaded machine the throttle also delivers in lumps (1 s rates
# read off the disk's stat under tests/load.sh: 0.96-0.98 of the cap for
# 3 s, then 1.06-1.08, 1.003 over 17 s), so one 5 s window was 0.958 of
# the cap with four writers: the window is 10 s.
for f in w1 w2 w3 w4; do
	rig_run dd if=/dev/zero of="$RIG_MNT/$f" bs=1M \
		count=$((WB * 9 / 1048576)) oflag=direct 2> /dev/null &
done
rig_in_b iperf3 -s -B "$RIG_ADDR_B" -1 > /dev/null 2>&1 &
sleep 0.5
rig_in_a iperf3 -c "$RIG_ADDR_B" -t 36 > /dev/null 2>&1 &
start 80 24 "ip netns exec '$RIG_NS_A' '$BENCHTOP' --interval 10"
# Two ticks: the second rate is one whole 10 s window into the passes.
wait_for "$RIG_DISK .*B/s" 25 && sleep 10.5
check $? "the screen shows a rate for $RIG_DISK"
screen > "$TMPD/screen"
diag "$(grep -E "^($RIG_DISK|$RIG_IF_A) " "$TMPD/screen")"

# unit V U: V in unit U ("MB/s", "Mbit/s") as a plain number per second.
unit() {
	awk -v v="$1" -v u="$2" 'BEGIN { sub("/s$", "", u)
		m["B"] = 1; m["kB"] = 1e3; m["MB"] = 1e6; m["GB"] = 1e9
		m["bit"] = 1; m["kbit"] = 1e3; m["Mbit"] = 1e6; m["Gbit"] = 1e9
		print v * m[u] }'
}
# row NAME: "VALUE UNIT" of the row's third column (WR of a disk, TX of
# an interface), as printed.
row() {
	awk -v n="$1" '$1 == n { print $4 " " $5; exit }' "$TMPD/screen"
}
grep -q "^$RIG_IF_A " "$TMPD/screen"
check $? "the screen shows the veth $RIG_IF_A at 80x24"
w=$(row "$RIG_DISK")
rig_within "$(unit $w)" "$(rig_window_rate "$WB" 10)"
check $? "$RIG_DISK WR on screen ($w) within 3 % of the throttle $WB B/s"
t=$(row "$RIG_IF_A")
rig_within "$(unit $t)" "$((R * 1000000))"
check $? "$RIG_IF_A TX on screen ($t) within 3 % of the shaped $R Mbit/s"
keys q
wait_exit 5
