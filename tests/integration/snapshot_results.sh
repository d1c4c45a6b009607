#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Benchmark results of benchtop's own runs in a snapshot (made from real
# runs on a loop-mounted ext4, tests/data/snapshots/SOURCES.md): the report
# shapes them like the tools (dd lines in MB/s, hdparm lines, the iozone
# grid in KB/s per record size, iperf3 lines with retransmits) with their
# conditions, and compare matches the runs by preset and target.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/integration/lib.sh"
plan 10
SNAPS="$top_srcdir/tests/data/snapshots"
GOLD="$top_srcdir/tests/data/golden"

"$BENCHTOP" report "$SNAPS/x86-vm-bench-a.json" > "$TMPD/report.md"
check $? "report of a snapshot with real results exits 0"
diff -u "$GOLD/report-x86-vm-bench-a.md" "$TMPD/report.md" > "$TMPD/diff"
check $? "the report as committed"
[ -s "$TMPD/diff" ] && diag "$(head -40 "$TMPD/diff")"
grep -Eq '^67108864 bytes \(67 MB, 64 MiB\) copied, [0-9.]+ s, 1521\.8 MB/s +\(write' "$TMPD/report.md"
check $? "seq-direct as a dd line in MB/s"
grep -Eq '^ Timing buffered disk reads: +727\.41 MB/sec$' "$TMPD/report.md"
check $? "read-timing as hdparm lines"
grep -Eq '^\| kB \| reclen \| write \| rewrite \| read \| reread \| random read \| random write \|$' "$TMPD/report.md" &&
grep -Eq '^\| 32768 \| 4 \| 246366 \| 330629 \| 467718 \| 298134 \| 445490 \| 328283 \|$' "$TMPD/report.md"
check $? "iozone as its grid in KB/s, one row per record size"
grep -Eq '^\[SUM\] +0\.00-3\.00 +sec +35650\.55 Mbits/sec +1 +sender$' "$TMPD/report.md" &&
grep -q '^Retransmits: 1\.$' "$TMPD/report.md"
check $? "iperf in Mbit/s with the retransmits"
grep -Eq '^Conditions: started 2026-11-30T04:53:58Z, 0\.07 s; kernel [^;]+; ext4 on /dev/loop0 \(disk loop0\); O_DIRECT; not throttled\.$' "$TMPD/report.md"
check $? "each run with its conditions"
cd "$SNAPS" || exit 1
"$BENCHTOP" compare x86-vm-bench-a.json x86-vm-bench-b.json > "$TMPD/cmp" &&
diff -u "$GOLD/compare-vm-bench-a-b.text" "$TMPD/cmp" > "$TMPD/diff" &&
"$BENCHTOP" compare x86-vm-bench-a.json x86-vm-bench-b.json --format md |
	diff -u "$GOLD/compare-vm-bench-a-b.md" - > "$TMPD/diff"
check $? "compare of the two sessions as committed (text and md)"
# The runs' names make rows wider than 80 columns: each run is a line of
# its own with its figures under it.
flat "$TMPD/cmp" | grep -Eq ' seq-direct /tmp/snapfix/mnt write 1521\.83 1106\.76 0\.727 -27\.27 % MB/s read ' &&
grep -q '^  iozone-sweep /tmp/snapfix/mnt$' "$TMPD/cmp" &&
grep -Eq '^    random read 4k +445490\.60 +694730\.61 +1\.560 +\+55\.95 % +KB/s$' "$TMPD/cmp"
check $? "runs matched by preset and target, each figure with its unit"
under_rows "$TMPD/cmp" 80
check $? "compare's text fits 80 columns"
