#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The live screen on the Odroid XU4 testbed: w writes the session to the
# snapshot_dir of the configuration and the status line says where; the
# file holds the recorded series and renders as a report.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/integration/lib.sh"
. "$top_srcdir/tests/tui/lib.sh"
command -v tmux > /dev/null || { echo "1..0 # SKIP tmux missing"; exit 0; }
command -v "$UMOCKDEV_RUN" > /dev/null || { echo "1..0 # SKIP umockdev-run missing"; exit 0; }
plan 5

mkdir -p "$TMPD/cfg/benchtop" "$TMPD/snaps"
echo "snapshot_dir = $TMPD/snaps" > "$TMPD/cfg/benchtop/config"
start 120 30 "export XDG_CONFIG_HOME='$TMPD/cfg'; $(bed_cmd odroid-xu4 '-d 0.2')"
wait_for '^little Cortex-A7'
check $? "the monitor runs on the XU4 testbed"
sleep 1.5
keys w
wait_status "snapshot saved to $TMPD/snaps/benchtop-.*json"
check $? "w: the status line says where the snapshot went"
f=$(ls "$TMPD"/snaps/benchtop-*.json 2> /dev/null | head -1)
json "$f" 'd["system"]["board"] == "Hardkernel Odroid XU4" and sum(len(t["rows"]) for t in d["series"]["tiers"]) >= 3' &&
	valid "$f"
check $? "the file has the board and several recorded ticks (a valid benchtop.snapshot)"
"$BENCHTOP" report "$f" | grep -q '^| 4 | 4-7 | Cortex-A15 | big | ondemand |'
check $? "its report shows the big cluster"
keys h
wait_for '^Keys \(F-keys are extras'
screen | grep -Eq '^ *w F6 +save the session' || keys NPage	# a page on
wait_for '^ *w F6 +save the session'
check $? "the help lists w F6"
keys q
wait_exit
