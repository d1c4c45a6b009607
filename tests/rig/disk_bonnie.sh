#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# bonnie-style on the disk rig, at random caps: block write within 3 % of
# the write bps cap, block read of the read cap, rewrite (read a block,
# write it back) of the smaller of the two, and random seeks (an 8 KiB
# read, every tenth one written back) of the read IOPS cap.  Each phase
# lasts 6 s or more (the seeks 4.4 s or more).  The throttle's slices
# (tests/rig/rig.sh) let a phase that starts its budget afresh end
# 0-0.2 s early: block write (the
# first) and the seeks (IOPS-bound after the bps-bound block read) are
# checked against that range, rig_fresh; rewrite and block read follow
# passes on the same budgets and keep the cap, except a block read above
# the write cap (the rewrite read at the write cap, leaving its budget).  Every phase's %CP (CPU
# time over elapsed, as bonnie++) lies in 0-100 x CPUs; with only writes
# capped, getc (unthrottled, CPU-bound: stdio and zram's decompression)
# shows a higher %CP than block write (asleep in the throttle).  Only
# the order is asserted: a loaded machine lowers the CPU-bound phase's
# share, never the sleeping one's below nothing.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/integration/lib.sh"
. "$top_srcdir/tests/rig/rig.sh"
rig_trap 'rm -rf "$TMPD"'
export BENCHTOP_NO_PROGRESS=1

RB=$(rig_rand 40000000 60000000)
WB=$(rig_rand 40000000 60000000)
# 8000 seeks (the preset) in 4.4-5.3 s; 64 KiB blocks stay bps-bound.
RI=$(rig_rand 1500 1800)
WI=$(rig_rand 1500 1800)
rig_disk_up "$RB" "$WB" "$RI" "$WI" || { rig_skip_all "$RIG_WHY"; exit 0; }
plan 8
diag "rig: $RIG_DISK read $RB B/s $RI IOPS, write $WB B/s $WI IOPS"

# 6 s at the faster bps cap, in whole 64 KiB blocks.
MAX=$((RB > WB ? RB : WB))
MIN=$((RB < WB ? RB : WB))
S=$((MAX * 6 / 65536 * 65536 + 65536))
rig_run "$BENCHTOP" bench bonnie-style --target "$RIG_MNT" --size "$S" \
	--json > "$TMPD/bon.json"
check $? "bonnie-style of $S bytes on $RIG_MNT"

fig() {
	python3 -c 'import json, sys
d = json.load(open(sys.argv[1]))
print([f["value"] for f in d["figures"] if f["name"] == sys.argv[2]][0])' \
		"$TMPD/bon.json" "$1"
}
kb() { awk -v v="$1" 'BEGIN { printf "%.3f\n", v * 1024 }'; }
w=$(fig "block write") rw=$(fig rewrite) r=$(fig "block read")
sk=$(fig "random seeks")
diag "bonnie-style: write $w, rewrite $rw, read $r K/s; $sk seeks/s"
rig_fresh "$(kb "$w")" "$S" "$WB"
check $? "block write within 3 % of the write cap $WB B/s"
rig_within "$(kb "$rw")" "$MIN"
check $? "rewrite within 3 % of the smaller cap $MIN B/s"
# With the read cap the higher, the rewrite read below it, at the write
# cap, and left the read budget unused: the block read then starts it
# afresh (run 12 on a fresh machine: 1.0319 of the cap, outside 3 %).
if [ "$RB" -gt "$WB" ]; then
	rig_fresh "$(kb "$r")" "$S" "$RB"
else
	rig_within "$(kb "$r")" "$RB"
fi
check $? "block read within 3 % of the read cap $RB B/s (of the slice range when it starts afresh)"
# Reads and the writes of every tenth seek draw on separate budgets: the
# reads' IOPS cap binds (10 x the write cap is far above it).
rig_fresh "$sk" 8000 "$RI"
check $? "random seeks within 3 % of the read IOPS cap $RI/s"

NCPU=$(getconf _NPROCESSORS_ONLN)
json "$TMPD/bon.json" '(lambda v: all(v.get(p + " %CP", {}).get("unit") == "%" and 0 <= v[p + " %CP"]["value"] <= 100 * '"$NCPU"' for p in ("block write", "rewrite", "block read", "random seeks", "putc", "getc")) and v["putc"]["value"] > 0 and v["getc"]["value"] > 0)({f["name"]: f for f in d["figures"]})'
check $? "six %CP figures in 0-$((100 * NCPU)) %, putc and getc rates"

# Writes capped at 4 MB/s, reads free: 8 MiB written takes about 2 s.
rig_disk_set 0 4000000 0 0 || { rig_skip 2 "$RIG_WHY"; exit 0; }
rig_run "$BENCHTOP" bench bonnie-style --target "$RIG_MNT" --size 8M \
	--json > "$TMPD/bon.json"
check $? "bonnie-style of 8 MiB with only writes capped"
cpw=$(fig "block write %CP") cpg=$(fig "getc %CP")
diag "block write %CP $cpw (throttled), getc %CP $cpg (CPU-bound)"
awk -v w="$cpw" -v g="$cpg" 'BEGIN { exit !(g > w) }'
check $? "getc's %CP ($cpg) above the throttled block write's ($cpw)"
