#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# One line a parser cannot use is left out and said in one sentence; the
# other lines of the file are shown (issue 16 item 4): `benchtop --once`
# on the rpi4 collectors testbed with one odd line in each of diskstats
# (14 stat fields), net/dev (an alias "eth0:1" and a line of garbage),
# stat (a cpu line of 2 fields) and interrupts (a row of letters); then on
# the ODROID-XU4 testbed one odd line in cpuinfo and one in mountinfo.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/integration/lib.sh"
plan 12

command -v "$UMOCKDEV_RUN" > /dev/null 2>&1 || { echo "1..0 # SKIP umockdev-run missing"; exit 0; }

cat > "$TMPD/odd" <<'SH'
d="$UMOCKDEV_DIR/proc"
sed -i '3a\   8      48 sdd 386 416 8554 100 727 820 8746 3902 0 762 7902 0 0 0' "$d/diskstats"
printf '%s\n' 'eth0:1: 5 6 0 0 0 0 0 0 7 8 0 0 0 0 0 0' 'this is no interface' >> "$d/net/dev"
sed -i 's/^cpu1 .*/cpu1 1 2/' "$d/stat"
sed -i '2a\ 12:  a b c d GICv2 66 Level garbage' "$d/interrupts"
SH
rows=$(grep -c . "$TESTBEDS/collectors-rpi4/proc/diskstats")
irqs=$(grep -c : "$TESTBEDS/collectors-rpi4/proc/interrupts")

in_testbed collectors-rpi4 sh -c 'sh "$2/odd" && "$1" --once --json --interval 0.2 > "$2/out.json" && "$1" --once --all --interval 0.2 > "$2/out.txt"' \
	sh "$BENCHTOP" "$TMPD"
check $? "benchtop ran under umockdev with one odd line in each file"
J="$TMPD/out.json"
json "$J" "len(d['disks']) == $rows" ; check $? "all $rows good diskstats rows shown, the 14-field one left out"
json "$J" "{'source': '/proc/diskstats', 'error': '1 line of /proc/diskstats not understood (line 4)'} in d['errors']"
check $? "JSON: '1 line of /proc/diskstats not understood (line 4)'"
json "$J" "[n['name'] for n in d['net']] == ['lo', 'tunl0', 'eth0', 'eth0:1']"
check $? "net/dev: lo, tunl0, eth0 and the alias eth0:1 shown"
json "$J" "any(e['error'] == '1 line of /proc/net/dev not understood (line 7)' for e in d['errors'])"
check $? "JSON: the garbage net/dev line is counted"
json "$J" "[c['online'] for c in d['cpus']] == [True, False, True, True] and d['cpu_total']['idle_pct'] is not None"
check $? "stat: the odd cpu1 line hides cpu1 only"
json "$J" "len(d['irqs']) == $irqs and any(e['source'] == '/proc/interrupts' for e in d['errors'])"
check $? "interrupts: the $irqs good rows shown, the odd one counted"
grep -q '^1 line of /proc/diskstats not understood (line 4); the other lines are shown$' "$TMPD/out.txt"
check $? "text: one sentence for diskstats"
grep -q '^mmcblk0 ' "$TMPD/out.txt" && grep -q '^eth0:1 ' "$TMPD/out.txt"
check $? "text: the disk and net tables are still there"

cat > "$TMPD/odd2" <<'SH'
d="$UMOCKDEV_DIR/proc"
sed -i '1a\this line has no colon' "$d/cpuinfo"
sed -i '1a\99 garbage' "$d/self/mountinfo"
SH
in_testbed odroid-xu4 sh -c 'sh "$2/odd2" && "$1" --once --json --interval 0.2 > "$2/xu4.json"' \
	sh "$BENCHTOP" "$TMPD"
check $? "benchtop ran on the XU4 testbed with an odd cpuinfo and mountinfo line"
J="$TMPD/xu4.json"
json "$J" '[(c["cpus"], c["core"]) for c in d["clusters"]] == [("0-3", "Cortex-A7"), ("4-7", "Cortex-A15")] and d["cpu_topology"]["error"] == "1 line of /proc/cpuinfo not understood (line 2)"'
check $? "cpuinfo: the cores still known, the odd line said"
json "$J" '"mountinfo: 1 line not understood (line 2)" in (d["block"]["error"] or "")'
check $? "mountinfo: the odd line said, the rest read"
