#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# `benchtop metrics --results`: the last good run of each preset and
# target from `benchtop bench --json` files and snapshots (the newest
# wins, whatever the order of reading), the tuning journal of the newest
# snapshot, and files that are refused with one sentence: garbage, a
# symbolic link; hidden files and other names are not read.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/integration/lib.sh"
. "$top_srcdir/tests/integration/metricslib.sh"
plan 13
SNAPS="$top_srcdir/tests/data/snapshots"

D=$TMPD/results
mkdir "$D"
cp "$SNAPS/odroid-xu4.json" "$D/"
# A result as `benchtop bench --json` writes it, with a hostile target.
cat > "$D/seq.json" <<'JSON'
{"preset": "seq-direct", "kind": "seq-direct", "status": "ok",
 "target": "/mnt/\"evil\"\\\n\u001b[2J",
 "figures": [{"name": "write", "value": 251.5, "unit": "MB/s", "main": true}],
 "conditions": {"time_end": "2024-05-01T14:00:00+0200", "throttled": true,
  "kernel": "5.4.151", "target": {"disk": "sda", "fstype": "ext4",
  "usb": {"device": "4-1", "driver": "uas", "speed": "5000M"}}}}
JSON
echo '{"preset": "seq-direct", "target": "/mnt/ssd", "status": "failed", "figures": []}' > "$D/failed.json"
echo 'not json {' > "$D/garbage.json"
ln -s "$D/seq.json" "$D/link.json"
echo '{"preset": "hidden", "figures": []}' > "$D/.hidden.json"
echo 'notes' > "$D/notes.txt"

"$BENCHTOP" metrics --no-io --results "$D" > "$TMPD/out" 2> "$TMPD/err"
check $? "benchtop metrics --results DIR exits 0 despite refused files"
promtool check metrics < "$TMPD/out" > /dev/null 2>&1 ||
	! command -v promtool > /dev/null
check $? "promtool accepts the output"
grep -qx 'benchtop_results_files{state="read"} 3' "$TMPD/out" &&
	grep -qx 'benchtop_results_files{state="refused"} 2' "$TMPD/out"
check $? "3 files read (snapshot, result, failed run), 2 refused (garbage, link)"
grep -q "^benchtop metrics: $D/garbage.json: not JSON (2 files left out)\$" "$TMPD/err"
check $? "one sentence on stderr names the first refused file ($(cat "$TMPD/err"))"
grep -qx 'benchtop_bench_bytes_per_second{preset="seq-direct",target="/mnt/\\"evil\\"\\\\\\n?\[2J",kind="seq-direct",figure="write"} 251500000' "$TMPD/out" &&
	grep -qx 'benchtop_bench_timestamp_seconds{preset="seq-direct",target="/mnt/\\"evil\\"\\\\\\n?\[2J",kind="seq-direct"} 1714564800' "$TMPD/out" &&
	grep -qx 'benchtop_bench_throttled{preset="seq-direct",target="/mnt/\\"evil\\"\\\\\\n?\[2J",kind="seq-direct"} 1' "$TMPD/out"
check $? "the run's figure, end time and throttling; its target escaped"
grep -qx 'benchtop_bench_bytes_per_second{preset="dd-direct",target="/mnt/ssd",kind="dd",figure="write_mb_s"} 52610000' "$TMPD/out" &&
	grep -qx 'benchtop_bench_conditions_info{preset="seq-direct",target="/mnt/\\"evil\\"\\\\\\n?\[2J",kind="seq-direct",kernel="5.4.151",board="",disk="sda",fstype="ext4",usb_device="4-1",usb_driver="uas",usb_speed="5000M",bridge=""} 1' "$TMPD/out"
check $? "the snapshot's hand-written dd result, and the run's conditions"
grep -qx 'benchtop_tune_changes{file="odroid-xu4.json"} 2' "$TMPD/out" &&
	grep -qx 'benchtop_tune_in_force{file="odroid-xu4.json"} 2' "$TMPD/out" &&
	grep -qx 'benchtop_tune_journal_timestamp_seconds{file="odroid-xu4.json"} 1714564800' "$TMPD/out"
check $? "the snapshot's journal: 2 changes, 2 still in force when saved"

# Two sessions: the newer run wins in either order.
for order in "a b" "b a"; do
	set -- $order
	"$BENCHTOP" metrics --no-io --results "$SNAPS/x86-vm-bench-$1.json" \
		--results "$SNAPS/x86-vm-bench-$2.json" > "$TMPD/ab" 2>&1
	grep -qx 'benchtop_bench_bytes_per_second{preset="seq-direct",target="/tmp/snapfix/mnt",kind="seq-direct",figure="write"} 1106762000' "$TMPD/ab"
	check $? "read $1 then $2: the newer seq-direct run (1106.762 MB/s) is shown"
done

# Bad command lines: one sentence, status 2, nothing written.
bad() {
	"$BENCHTOP" metrics "$@" > "$TMPD/bad.out" 2> "$TMPD/bad.err"
	[ $? -eq 2 ] && [ ! -s "$TMPD/bad.out" ] && [ "$(wc -l < "$TMPD/bad.err")" -eq 1 ]
}
bad --min-interval x && grep -q "'x' is not a number of seconds (0-3600)" "$TMPD/bad.err"
check $? "--min-interval x: $(cat "$TMPD/bad.err")"
bad --textfile "$TMPD" --listen 1 && grep -q "do not go together" "$TMPD/bad.err"
check $? "--textfile with --listen: $(cat "$TMPD/bad.err")"
bad stray && grep -q "unexpected 'stray'" "$TMPD/bad.err"
check $? "a stray word: $(cat "$TMPD/bad.err")"
bad --timeout 0 && grep -q "(1-3600)" "$TMPD/bad.err"
check $? "--timeout 0: $(cat "$TMPD/bad.err")"
