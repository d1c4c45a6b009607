#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# benchtop --replay FILE on a session recorded on the Odroid XU4 testbed
# (tests/data/snapshots/replay-xu4.json): REPLAY and the time cursor on the
# header, the recorded clusters, disks and IRQs, the cursor keys changing
# the values shown (bytes, IOPS and busy share; "-" for the last two in a
# file that has no record of them), the IRQ and USB screens from the
# recording, tuning and benchmark keys refused, q quits 0; a bad file is one sentence, exit 2,
# and the terminal is never touched.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/integration/lib.sh"
. "$top_srcdir/tests/tui/lib.sh"
command -v tmux > /dev/null || { echo "1..0 # SKIP tmux missing"; exit 0; }
plan 19
SNAP="$top_srcdir/tests/data/snapshots/replay-xu4.json"

start 100 30 "'$BENCHTOP' --replay '$SNAP'"
wait_for '^REPLAY 00:00:00 \(1/12\) +paused +xu4 +Hardkernel Odroid XU4 +4\.9\.17'
check $? "the header says REPLAY, the time and the row (1/12)"
wait_for '^little Cortex-A7 +0-3 +ondemand +1400 MHz +200-1400 +20%' &&
wait_for '^big Cortex-A15 +4-7 +ondemand +2000 MHz +200-2000 +0%'
check $? "the recorded clusters: core, role, governor, frequency, busy share"
! screen | grep -q '^sda '
check $? "sda was not plugged in at the first row: not shown"
keys '>'
wait_for '^REPLAY 00:00:11 \(12/12\)' &&
wait_for '^sda +11\.0 kB/s +11\.0 MB/s +1\.1k +88% .*USB 5000M uas ASM1153E'
check $? "> goes to the last row: sda writing 11.0 MB/s, 1111 IOPS, 88 % busy, with its link"
wait_for '^big Cortex-A15 +4-7 +ondemand +1450 MHz .* 55%'
check $? "the big cluster's recorded frequency and load at that row"
wait_for '^150 +1\.1k +2 +2 +xhci-hcd:usb3'
check $? "the busiest IRQs with their recorded rates"
keys ','
wait_for '^REPLAY 00:00:10 \(11/12\)' && wait_for '^sda +10\.0 kB/s +10\.0 MB/s'
check $? ", steps back one sample and the recorded value changes"
keys '['
wait_for '^REPLAY 00:00:09 \(10/12\)' && wait_for '^sda +9\.0 kB/s +9\.0 MB/s'
check $? "[ jumps back 10 % of the recording"
keys g
wait_for 'replay: tuning is off'
check $? "g (governor) is refused: replay: tuning is off"
keys Escape b
wait_for 'replay: tuning is off'
check $? "b (benchmarks) is refused too"
keys i
wait_for '^150 +900 +0 +0 +900 +0 +0 +0 +0 +0 2 '
check $? "i: the IRQ screen of the recording, per CPU as at the save"
keys d
wait_for '^ +4-1 +174c:55aa +5000M/5000M +uas +sda +2 +ASM1153E ASMedia' &&
wait_for '^Bus 4 +5000M +xhci-hcd\.2\.auto \(xhci-hcd\) +IRQ 150 on CPU 2 \(affinity 2\)'
check $? "d: the recorded USB tree with speeds, drivers and IRQs"
keys 1 '<' + o
wait_for '^REPLAY 00:00:0[1-9] \([2-9]/12\) +playing .* 2x$'
check $? "o plays at the speed + set (2x)"
keys q
wait_exit && [ "$(cat "$TMPD/status")" = 0 ]
check $? "q quits with status 0"

# The recorded journal names a cluster as the live one does ("CPUs 4-7",
# not "cluster of CPU 4"): the fixture's governor entry with the target
# benchtop writes (policy4).
sed 's/"target":"4"/"target":"policy4"/' "$SNAP" > "$TMPD/policy.json"
start 100 30 "'$BENCHTOP' --replay '$TMPD/policy.json'"
wait_for '^REPLAY ' > /dev/null
keys J
wait_for '^JOURNAL +2 changes' > /dev/null
wait_for '^ +1 [0-9:]+ CPUs 4-7 +governor +ondemand -> performance +ok'
check $? "J: the recorded governor change of policy4 is labelled CPUs 4-7, as live"
keys q
wait_exit

# A file saved before IOPS and busy share were recorded: "-" there, not 0.
start 100 30 "'$BENCHTOP' --replay '$top_srcdir/tests/data/snapshots/replay-xu4-bytes-only.json'"
keys '>'
wait_for '^sda +11\.0 kB/s +11\.0 MB/s +- +- '
check $? "an older file: sda's IOPS and busy share read -, its bytes as recorded"
keys q
wait_exit

# Bad files: one sentence on stderr, exit 2, nothing written to the terminal.
printf '{"schema": 1, "system": {' > "$TMPD/trunc.json"
python3 - "$SNAP" "$TMPD/norows.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
for t in d["series"]["tiers"]:
    t["rows"] = []
json.dump(d, open(sys.argv[2], "w"))
PY
for f in trunc norows missing; do
	"$BENCHTOP" --replay "$TMPD/$f.json" > "$TMPD/out" 2> "$TMPD/err" < /dev/null
	st=$?
	[ $st -eq 2 ] && [ ! -s "$TMPD/out" ] && [ "$(wc -l < "$TMPD/err")" -eq 1 ] &&
		! grep -q "$(printf '\033')" "$TMPD/err"
	check $? "$f: exit 2, one sentence, no terminal output ($(cat "$TMPD/err"))"
done
