#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Benchmark results in a saved session and back as a baseline: a run in
# the monitor, w saves it with its conditions and the report shows it as a
# dd line; in a second session, L offers the saved file and the results
# screen then shows each figure against the baseline's run of the same
# preset and target.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/integration/lib.sh"
. "$top_srcdir/tests/tui/lib.sh"
command -v tmux > /dev/null || { echo "1..0 # SKIP tmux missing"; exit 0; }
mkdir -p "$TMPD/xdg/benchtop" "$TMPD/target" "$TMPD/snaps"
cat > "$TMPD/xdg/benchtop/presets.conf" <<'CONF'
[a-quick]
kind = seq-direct
description = 16 MiB
size = 16M
block = 1M
CONF
echo "snapshot_dir = $TMPD/snaps" > "$TMPD/xdg/benchtop/config"
plan 9

monitor() {
	$TMUXC kill-server > /dev/null 2>&1
	n=50; while $TMUXC has-session > /dev/null 2>&1 && [ $n -gt 0 ]; do sleep 0.1; n=$((n - 1)); done
	sleep 0.3
	start 100 30 "cd '$TMPD'; XDG_CONFIG_HOME='$TMPD/xdg' '$BENCHTOP'"
	wait_for '^DISK '
}
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
	wait_for '^BENCH a-quick done: write [0-9.]+ MB/s'
}

monitor && run_quick
check $? "a run of a-quick in the monitor"
keys w
wait_status "snapshot saved to $TMPD/snaps/benchtop-.*json"
check $? "w saves the session"
f=$(ls "$TMPD"/snaps/benchtop-*.json 2> /dev/null | head -1)
json "$f" 'len(d["results"]) == 1 and d["results"][0]["preset"] == "a-quick" and d["results"][0]["kind"] == "seq-direct" and d["results"][0]["status"] == "ok" and d["results"][0]["conditions"]["target"]["path"] == "'"$TMPD/target"'" and [x["name"] for x in d["results"][0]["figures"]] == ["write", "read"]' &&
	valid "$f"
check $? "the file holds the run with its figures and conditions (a valid benchtop.snapshot)"
"$BENCHTOP" report "$f" > "$TMPD/report.md"
grep -Eq '^16777216 bytes \(17 MB, 16 MiB\) copied, [0-9.e-]+ s, [0-9.]+ MB/s +\(write, fsync timed in\)$' "$TMPD/report.md" &&
grep -q "^Conditions: started .*; O_DIRECT" "$TMPD/report.md"
check $? "its report: dd lines in MB/s and the conditions"
keys q
wait_exit

monitor && run_quick
check $? "a second session runs a-quick again"
keys L
wait_for "Baseline: which saved session" &&
	wait_for "benchtop-[^ ]*\.json \(in /"
check $? "L offers the saved sessions of snapshot_dir"
keys Enter
wait_for "baseline: benchtop-.*\.json \(1 run\);"
check $? "Enter loads it as the baseline"
keys r
wait_for '^#1 a-quick against the baseline benchtop-[^ ]*\.json, on /'
check $? "r: the run is shown against the baseline's run of the preset"
wait_for '^ write +[0-9.]+ MB/s +was +[0-9.]+ +[-+][0-9]+ %'
check $? "each figure: now, was (the baseline) and the change"
keys q
wait_exit
