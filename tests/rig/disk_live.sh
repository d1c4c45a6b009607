#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The monitor's live disk rates on the disk rig: while a direct write and a
# direct read run on a zram device throttled to random rates, `benchtop
# --once --json` over 5 s shows the device's write and read bytes/s within
# 3 % of the throttle; then, throttled in IOPS, 4 KiB writes and reads
# show write and read IOPS within 3 % of it.  (The budget comes in 100 ms
# steps: a 5 s window shows the rate to +0-2 %, rig_window_rate.)
. "${top_srcdir:-$(dirname "$0")/../..}/tests/integration/lib.sh"
. "$top_srcdir/tests/rig/rig.sh"
rig_trap 'rm -rf "$TMPD"'

RB=$(rig_rand 30000000 90000000)
WB=$(rig_rand 30000000 90000000)
RI=$(rig_rand 1500 4000)
WI=$(rig_rand 1500 4000)
W=5
RIG_DISK_SIZE=3G
rig_disk_up 0 0 0 0 || { rig_skip_all "$RIG_WHY"; exit 0; }
plan 7
diag "rig: $RIG_DISK ($RIG_DEVNO) read $RB B/s, write $WB B/s;" \
	"then read $RI IOPS, write $WI IOPS"

# The file to read, written before the throttle (W + 3 s at the read rate).
MB=$((RB * (W + 3) / 1048576))
rig_run dd if=/dev/zero of="$RIG_MNT/r" bs=1M count="$MB" oflag=direct \
	2> /dev/null
check $? "a $MB MiB file to read"

# FIELD: the rig disk's FIELD in $TMPD/once.json.
disk() {
	python3 -c 'import json, sys
d = json.load(open(sys.argv[1]))
print([x for x in d["disks"] if x["name"] == sys.argv[2]][0][sys.argv[3]])' \
		"$TMPD/once.json" "$RIG_DISK" "$1"
}

# once WHAT: benchtop --once over W s, 1.5 s into the passes started.
once() {
	sleep 1.5
	"$BENCHTOP" --once --json --interval "$W" > "$TMPD/once.json"
	check $? "benchtop --once --json --interval $W during $1"
	wait
}

rig_disk_set "$RB" "$WB" 0 0
rig_run dd if=/dev/zero of="$RIG_MNT/w" bs=1M count=$((WB * (W + 3) / 1048576)) \
	oflag=direct 2> /dev/null &
rig_run dd if="$RIG_MNT/r" of=/dev/null bs=1M iflag=direct 2> /dev/null &
once "a 1 MiB direct write and read"
w=$(disk write_bytes_per_s) r=$(disk read_bytes_per_s)
diag "benchtop: write $w B/s (throttle $WB), read $r B/s (throttle $RB)"
rig_within "$w" "$(rig_window_rate "$WB" "$W")"
check $? "$RIG_DISK write bytes/s within 3 % of the throttle's $WB"
rig_within "$r" "$(rig_window_rate "$RB" "$W")"
check $? "$RIG_DISK read bytes/s within 3 % of the throttle's $RB"

# 4 KiB in place (no allocation): one request each.
rig_disk_set 0 0 "$RI" "$WI"
rig_run dd if=/dev/zero of="$RIG_MNT/r" bs=4k count=$((WI * (W + 3))) \
	oflag=direct conv=notrunc 2> /dev/null &
rig_run dd if="$RIG_MNT/r" of=/dev/null bs=4k count=$((RI * (W + 3))) \
	iflag=direct 2> /dev/null &
once "4 KiB direct writes and reads"
wi=$(disk write_iops) ri=$(disk read_iops)
diag "benchtop: write $wi IOPS (throttle $WI), read $ri IOPS (throttle $RI)"
rig_within "$wi" "$(rig_window_rate "$WI" "$W")"
check $? "$RIG_DISK write IOPS within 3 % of the throttle's $WI"
rig_within "$ri" "$(rig_window_rate "$RI" "$W")"
check $? "$RIG_DISK read IOPS within 3 % of the throttle's $RI"
