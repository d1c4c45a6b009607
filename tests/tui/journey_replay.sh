#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Journey 5: save (w), replay (--replay FILE) and compare, on the Odroid
# XU4 testbed (with its tuning overlay) at 80x24. A session saves A, sets
# the big cluster to performance (g), saves B; the replay of A shows
# ondemand to its end, the replay of B shows the governor column change at
# the sample of the change's recorded time, and benchtop compare A B names
# the governor that differs.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/integration/lib.sh"
. "$top_srcdir/tests/tui/lib.sh"
command -v tmux > /dev/null || { echo "1..0 # SKIP tmux missing"; exit 0; }
command -v "$UMOCKDEV_RUN" > /dev/null || { echo "1..0 # SKIP umockdev-run missing"; exit 0; }
[ "$(id -u)" = 0 ] || { echo "1..0 # SKIP tuning needs root"; exit 0; }
plan 12
mkdir -p "$TMPD/cfg/benchtop" "$TMPD/snaps"
echo "snapshot_dir = $TMPD/snaps" > "$TMPD/cfg/benchtop/config"
ROW='^big Cortex-A15 +4-7 +'
# saved N: 0 once N snapshots are in the folder.
saved() {
	_n=200
	while [ $_n -gt 0 ]; do
		[ "$(ls "$TMPD/snaps" | grep -c '\.json$')" = "$1" ] && return 0
		sleep 0.1; _n=$((_n - 1))
	done
	return 1
}

track_captures
start 80 24 "export XDG_CONFIG_HOME='$TMPD/cfg'; '$UMOCKDEV_RUN' -- sh -c 'cp -r \"$TESTBEDS/odroid-xu4\"/. \"$TESTBEDS/odroid-xu4-tune\"/. \"\$UMOCKDEV_DIR\"/ && echo \"\$UMOCKDEV_DIR\" > \"$TMPD/udir\" && exec \"$BENCHTOP\" -d 0.5'"
wait_for "${ROW}ondemand " 30
sleep 2
keys w
wait_for "snapshot saved to $TMPD/snaps/benchtop-" 20 && saved 1
check $? "w: the status line says where the snapshot went (A)"
A=$(ls "$TMPD"/snaps/*.json)
sleep 1.5
keys j g
wait_for 'Governor for CPUs 4-7' 20 > /dev/null
keys j Enter
wait_for 'CPUs 4-7: governor ondemand -> performance, read back performance' 20 &&
	wait_for "${ROW}performance " 20
check $? "g: the big cluster goes to performance"
sleep 2
keys w
saved 2
check $? "w again: a second snapshot (B)"
B=$(ls "$TMPD"/snaps/*.json | grep -v "^$A\$")
keys q
wait_for 'keep them or restore' 10 > /dev/null && keys r
wait_exit 10

# The change's time as recorded, and where the cursor shows it.
t=$(python3 -c 'import json, sys; e = [e for e in json.load(open(sys.argv[1]))["events"] if e["kind"] == "governor"]; print(e[0]["t_ms"] // 1000 if len(e) == 1 else "none")' "$B")
[ "$t" != none ]
check $? "B records one governor event (at ${t}s)"

start 80 24 "$(bed_cmd odroid-xu4 "--replay '$A'")"
wait_for '^REPLAY 00:00:00 \(1/[0-9]+\) +paused +vm +Hardkernel Odroid XU4' 30 &&
	wait_for "${ROW}ondemand +2000 MHz +200-2000 " 20
check $? "replay A: paused at its first sample, the big cluster on ondemand"
keys '>'
wait_for '^REPLAY [0-9:]+ \(([0-9]+)/\1\)' 20 && screen | grep -Eq "${ROW}ondemand "
check $? "... and still ondemand at its last sample (saved before the change)"
keys q
wait_exit 10

start 80 24 "$(bed_cmd odroid-xu4 "--replay '$B'")"
wait_for '^REPLAY 00:00:00 \(1/' 30 && wait_for "${ROW}ondemand " 20
check $? "replay B: ondemand at its first sample"
# Step on sample by sample (.) until the governor column changes.
prev="" at="" i=0
n=$(screen | sed -n 's/^REPLAY [0-9:]* ([0-9]*\/\([0-9]*\)).*/\1/p')
while [ $i -lt "${n:-0}" ]; do
	if screen | grep -Eq "${ROW}performance "; then
		at=$(screen | sed -n 's/^REPLAY \([0-9:]*\) .*/\1/p'); break
	fi
	prev=$(screen | sed -n 's/^REPLAY \([0-9:]*\) (\([0-9]*\)\/.*/\1 \2/p')
	keys .
	wait_for "^REPLAY [0-9:]+ \($(( ${prev#* } + 1 ))/" 10 > /dev/null
	i=$((i + 1))
done
[ -n "$at" ] && [ -n "$prev" ]
check $? "stepping with '.', the governor column turns to performance (at $at, after ${prev%% *})"
[ "$at" = "$(printf '00:00:%02d' "$t")" ] || [ "$at" = "$(printf '00:00:%02d' $((t + 1)))" ]
check $? "... at the change's recorded time (${t}s)"
keys ','
wait_for "${ROW}ondemand " 10
check $? "',' one sample back: ondemand again"
keys q
wait_exit 10

"$BENCHTOP" compare "$A" "$B" > "$TMPD/cmp" 2>&1 &&
	grep -q '^System facts that differ:$' "$TMPD/cmp" &&
	grep -Eq '^  cluster 4 governor +ondemand +performance$' "$TMPD/cmp"
check $? "compare A B: the big cluster's governor differs, ondemand -> performance"
printable
check $? "every screen captured held printable text only"
