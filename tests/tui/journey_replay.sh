#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Journey 5: save (w), replay (--replay FILE) and compare on each
# testbed of tests/tui/journey_beds.sh. A session saves A, makes one
# change, saves B; the replay of A shows the old value to its end, the
# replay of B shows it change at the sample of the change's recorded time,
# and benchtop compare A B names what differs. Each bed in English and in
# German (T gives the words), at 80x24 and 200x50 (journey_beds.sh's
# journey_runs). The change is the big
# cluster's governor to performance (g) where the bed has cpufreq (the
# XU4 with its tuning overlay, the HC1, the RK3399, the Exynos 5250's one
# cluster); on the x86 VM and the Raspberry Pi 4, which have none, it is a
# pin of an IRQ from the chain view (p), read in the overview's AFFINITY
# column.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/integration/lib.sh"
. "$top_srcdir/tests/tui/lib.sh"
. "$top_srcdir/tests/tui/journey_beds.sh"
command -v tmux > /dev/null || { echo "1..0 # SKIP tmux missing"; exit 0; }
command -v "$UMOCKDEV_RUN" > /dev/null || { echo "1..0 # SKIP umockdev-run missing"; exit 0; }
[ "$(id -u)" = 0 ] || { echo "1..0 # SKIP tuning needs root"; exit 0; }
RUNS=$(journey_runs replay)
set -- $RUNS
plan $((12 * $#))
feed=""
trap 'test -n "$feed" && kill $feed 2> /dev/null; $TMUXC kill-server > /dev/null 2>&1; rm -rf "$TMPD"' EXIT
mkdir -p "$TMPD/cfg/benchtop"
# saved N: 0 once N snapshots are in the folder.
saved() {
	_n=200
	while [ $_n -gt 0 ]; do
		[ "$(ls "$TMPD/snaps" | grep -c '\.json$')" = "$1" ] && return 0
		sleep 0.1; _n=$((_n - 1))
	done
	return 1
}
# governor: g on the big row, performance chosen.
governor() {
	keys $J_GO g
	wait_for "$(T "Governor for CPUs $cpus")" 20 > /dev/null
	_at=$(tr ' ' '\n' < "$(cat "$TMPD/udir")/sys/devices/system/cpu/$J_POLICY/scaling_available_governors" | grep -n '^performance$' | cut -d: -f1)
	keys Home
	_i=1; while [ $_i -lt "$_at" ]; do keys j; _i=$((_i + 1)); done
	keys Enter
	wait_for "$(T "CPUs $cpus: governor $J_GOV0 -> performance, read back performance")" 20 &&
		wait_for "$NEW" 20
}
# pin: p on the chain of the bed's disk, the bed's choice taken.
pin() {
	journey_click 2 "$(journey_line "^$J_CHAIN ")"
	keys Enter
	wait_for "$(T "^CHAIN $J_CHAIN ")" 20 > /dev/null
	keys p
	wait_for "$(T "Pin IRQ $J_IRQ to")" 20 > /dev/null
	keys $J_PICK
	wait_for "$(T "IRQ $J_IRQ: affinity $J_PINTO")" 20 && keys Escape &&
		wait_for "$NEW" 20
}

track_captures
for run in $RUNS; do
	journey_run "$run"
	bed=$J_WHAT b=$J_BED
	rm -rf "$TMPD/snaps"; mkdir -p "$TMPD/snaps"
	echo "snapshot_dir = $TMPD/snaps" > "$TMPD/cfg/benchtop/config"
	if [ -n "$J_ROW" ]; then
		cpus=$(echo "$J_ROW" | sed 's/.* +\([0-9-]*\) +$/\1/')
		role=only; [ -n "$J_LITTLE" ] && role=big
		what="the $role cluster's governor" kind=governor change=governor
		OLD="${J_ROW}$J_GOV0 " NEW="${J_ROW}performance "
		differ="^  cluster ${cpus%-*} governor +$J_GOV0 +performance\$"
	else
		what="IRQ $J_IRQ's affinity" kind=affinity change=pin
		row="^$J_IRQ +[0-9.k-]+ +[0-9-]+ +"
		OLD="$row$J_AFF0 +$J_ACTION" NEW="$row$J_PINTO +$J_ACTION"
		differ="^  IRQ $J_IRQ $J_ACTION affinity +$J_AFF0 +$J_PINTO\$"
	fi
	start "$J_COLS" "$J_ROWS" "$J_LANG_CMD export XDG_CONFIG_HOME='$TMPD/cfg'; $(LIVE_EXTRA=$J_EXTRA live_cmd "$b" '-d 0.5')"
	wait_for '^(CLUSTER|IRQ) ' 30 > /dev/null
	# (a bed without IRQs of its own, exynos5250, is not fed)
	if [ -n "$J_IRQ" ]; then
		python3 "$top_srcdir/tests/tui/feeder.py" "$(cat "$TMPD/udir")" \
			"irq:$J_IRQ:2000" &
		feed=$!
	fi
	wait_for "$OLD" 30 > /dev/null
	sleep 1
	keys w
	wait_status "$(T 'snapshot saved to ')$TMPD/snaps/benchtop-[^ ]*\.json" 20 && saved 1
	check $? "$bed: w: the status line says where the snapshot went (A)"
	A=$(ls "$TMPD"/snaps/*.json)
	sleep 1.5
	$change
	check $? "$bed: $what changes ($change)"
	sleep 1
	keys w
	saved 2
	check $? "$bed: w again: a second snapshot (B)"
	B=$(ls "$TMPD"/snaps/*.json | grep -v "^$A\$")
	test -n "$feed" && kill $feed; feed=""
	keys q
	wait_for "$(T 'keep them or restore')" 10 > /dev/null && keys r
	wait_exit 10

	# The change's time as recorded, and where the cursor shows it.
	t=$(python3 -c 'import json, sys; e = [e for e in json.load(open(sys.argv[1]))["events"] if e["kind"] == sys.argv[2]]; print(e[0]["t_ms"] // 1000 if len(e) == 1 else "none")' "$B" "$kind")
	[ "$t" != none ]
	check $? "$bed: B records one $kind event (at ${t}s)"

	start "$J_COLS" "$J_ROWS" "$J_LANG_CMD $(live_cmd "$b" "--replay '$A'")"
	wait_for "$(T '^REPLAY 00:00:00 \(1/[0-9]+\) +paused ')" 30 && wait_for "$OLD" 20
	check $? "$bed: replay A: paused at its first sample, the old value"
	keys '>'
	wait_for '^REPLAY [0-9:]+ \(([0-9]+)/\1\)' 20 && screen | grep -Eq "$OLD"
	check $? "$bed: ... and still the old value at its last sample (saved before the change)"
	keys q
	wait_exit 10

	start "$J_COLS" "$J_ROWS" "$J_LANG_CMD $(live_cmd "$b" "--replay '$B'")"
	wait_for '^REPLAY 00:00:00 \(1/' 30 && wait_for "$OLD" 20
	check $? "$bed: replay B: the old value at its first sample"
	# Step on sample by sample (.) until it changes.
	prev="" at="" i=0
	n=$(screen | sed -n 's/^REPLAY [0-9:]* ([0-9]*\/\([0-9]*\)).*/\1/p')
	while [ $i -lt "${n:-0}" ]; do
		if screen | grep -Eq "$NEW"; then
			at=$(screen | sed -n 's/^REPLAY \([0-9:]*\) .*/\1/p'); break
		fi
		prev=$(screen | sed -n 's/^REPLAY \([0-9:]*\) (\([0-9]*\)\/.*/\1 \2/p')
		keys .
		wait_for "^REPLAY [0-9:]+ \($(( ${prev#* } + 1 ))/" 10 > /dev/null
		i=$((i + 1))
	done
	[ -n "$at" ] && [ -n "$prev" ]
	check $? "$bed: stepping with '.', the new value shows (at $at, after ${prev%% *})"
	[ "$at" = "$(printf '00:00:%02d' "$t")" ] || [ "$at" = "$(printf '00:00:%02d' $((t + 1)))" ]
	check $? "$bed: ... at the change's recorded time (${t}s)"
	keys ','
	wait_for "$OLD" 10
	check $? "$bed: ',' one sample back: the old value again"
	keys q
	wait_exit 10

	"$BENCHTOP" compare "$A" "$B" > "$TMPD/cmp" 2>&1 &&
		grep -q '^System facts that differ:$' "$TMPD/cmp" &&
		grep -Eq "$differ" "$TMPD/cmp"
	check $? "$bed: compare A B names $what, old and new"
	printable
	check $? "$bed: every screen captured held printable text only"
done
