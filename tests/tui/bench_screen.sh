#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Benchmarks from the live monitor at 80x24: b opens the presets, a typed
# folder as the target, the BENCH row shows progress while the screen
# stays live, c cancels, the result row, r the results with the change
# between two runs of one preset; nothing is left in the folder.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/integration/lib.sh"
. "$top_srcdir/tests/tui/lib.sh"
command -v tmux > /dev/null || { echo "1..0 # SKIP tmux missing"; exit 0; }
mkdir -p "$TMPD/xdg/benchtop" "$TMPD/target"
cat > "$TMPD/xdg/benchtop/presets.conf" <<'CONF'
[a-slow]
kind = bonnie
description = seeks for minutes (cancel test)
size = 8M
block = 1M
seeks = 50000000
[a-quick]
kind = seq-direct
description = 16 MiB
size = 16M
block = 1M
CONF
plan 11

start 80 24 "XDG_CONFIG_HOME='$TMPD/xdg' '$BENCHTOP'"
wait_for '^DISK '
check $? "the monitor runs"
keys b
wait_for '^a-slow +bonnie +seeks for minutes'
check $? "b lists the presets, the user's too"
# The user's presets come after the shipped ones: first a-slow.
n=$(screen | grep -E '^[a-z-]+ +(seq-direct|iozone|read-timing|bonnie|iperf) ' | grep -n '^a-slow ' | cut -d: -f1)
i=1; while [ "$i" -lt "$n" ]; do keys j; i=$((i + 1)); done
keys Enter
wait_for '^a-slow: which folder\?'
check $? "Enter asks for the folder"
wait_for 'type a path'
keys End; i=0; while [ $i -lt 40 ]; do keys j; i=$((i + 1)); done
keys Enter
keys -l "$TMPD/target"
keys Enter
wait_for '^BENCH a-slow .*seeks .*[0-9]+% +c cancel'
check $? "the BENCH row shows the phase and the progress"
wait_for '^(DISK|NET|CLUSTER|CPUS) '
check $? "the overview stays on screen while it runs"
keys c
wait_for '^BENCH a-slow failed: cancelled'
check $? "c cancels the run"

run_quick() {
	keys b
	wait_for '^a-quick ' || return 1
	n=$(screen | grep -E '^[a-z-]+ +(seq-direct|iozone|read-timing|bonnie|iperf) ' | grep -n '^a-quick ' | cut -d: -f1)
	i=1; while [ "$i" -lt "$n" ]; do keys j; i=$((i + 1)); done
	keys Enter
	wait_for 'type a path' || return 1
	keys End; i=0; while [ $i -lt 40 ]; do keys j; i=$((i + 1)); done
	keys Enter
	keys -l "$TMPD/target"
	keys Enter
}
run_quick
wait_for '^BENCH a-quick done: write [0-9.]+ MB/s +read [0-9.]+ MB/s'
check $? "the result row: write and read in MB/s"
run_quick
wait_for '^BENCH a-quick done: ' && keys r
wait_for '^ 3 a-quick +.*write [0-9.]+ MB/s'
check $? "r lists the runs with their main figures"
wait_for '^ write +[0-9.]+ MB/s +was +[0-9.]+ +[-+][0-9]+ %'
check $? "the last run against the one before: write ... was ... +N %"
keys q
wait_exit && [ "$(cat "$TMPD/status")" = 0 ]
check $? "q quits with status 0"
[ -z "$(ls -A "$TMPD/target")" ]
check $? "nothing left in the target folder"
