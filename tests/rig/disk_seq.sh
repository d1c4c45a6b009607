#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# seq-direct and read-timing on the disk rig, at random rates: each figure
# within 3 % of the throttle (seq-direct passes last 6 s or more at the
# rate, and the throttle's slices let a pass end 0-0.2 s early,
# tests/rig/rig.sh: each is checked against that range, rig_fresh).
# read-timing reads for a fixed time: the shipped preset's 3 s hold 30 +-1
# of the throttle's 100 ms budget steps (+-3.3 %), so the test runs the
# same code for 6 s a phase (a preset of its own, duration = 6).
. "${top_srcdir:-$(dirname "$0")/../..}/tests/integration/lib.sh"
. "$top_srcdir/tests/rig/rig.sh"
rig_trap 'rm -rf "$TMPD"'
export BENCHTOP_NO_PROGRESS=1 XDG_CONFIG_HOME="$TMPD/xdg"
mkdir -p "$XDG_CONFIG_HOME/benchtop"
printf '[rig-read-timing]\nkind = read-timing\nduration = 6\n' \
	> "$XDG_CONFIG_HOME/benchtop/presets.conf"

# Rates a loaded 2-core machine sustains through ext4 on zram with an
# ASan build (a write came out at 0.92 of a 127 MB/s cap in a loaded
# run: the CPU, not the throttle, held it).
RB=$(rig_rand 30000000 60000000)
WB=$(rig_rand 30000000 60000000)
rig_disk_up "$RB" "$WB" 0 0 || { rig_skip_all "$RIG_WHY"; exit 0; }
plan 6
diag "rig: $RIG_DISK read $RB B/s, write $WB B/s"

# fig FILE NAME: the figure NAME of a result document.
fig() {
	python3 -c 'import json, sys
d = json.load(open(sys.argv[1]))
print([f["value"] for f in d["figures"] if f["name"] == sys.argv[2]][0])' "$@"
}

# 6 s at the faster of the two rates, in whole 8 MiB blocks.
MAX=$((RB > WB ? RB : WB))
S=$((MAX * 6 / 8388608 * 8388608 + 8388608))
rig_run "$BENCHTOP" bench seq-direct --target "$RIG_MNT" --size "$S" --json \
	> "$TMPD/seq.json"
check $? "seq-direct of $S bytes on $RIG_MNT"
w=$(fig "$TMPD/seq.json" write) r=$(fig "$TMPD/seq.json" read)
diag "seq-direct: write $w MB/s, read $r MB/s of $S bytes"
rig_fresh "$(awk -v v="$w" 'BEGIN { print v * 1e6 }')" "$S" "$WB"
check $? "seq-direct write within 3 % of the throttle's $WB B/s (or up to two slices more)"
rig_fresh "$(awk -v v="$r" 'BEGIN { print v * 1e6 }')" "$S" "$RB"
check $? "seq-direct read within 3 % of the throttle's $RB B/s (or up to two slices more)"

rig_run "$BENCHTOP" bench rig-read-timing --target "$RIG_DEV" --json \
	> "$TMPD/rt.json"
check $? "read-timing on $RIG_DEV"
b=$(fig "$TMPD/rt.json" "buffered disk reads")
o=$(fig "$TMPD/rt.json" "O_DIRECT disk reads")
e=$(awk -v r="$RB" 'BEGIN { print r / 1048576 }')
diag "read-timing: buffered $b MiB/s, O_DIRECT $o MiB/s (throttle $e MiB/s)"
rig_within "$b" "$e"
check $? "read-timing buffered disk reads within 3 % of the throttle"
rig_within "$o" "$e"
check $? "read-timing O_DIRECT disk reads within 3 % of the throttle"
