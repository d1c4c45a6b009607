#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# report and compare read a snapshot into typed structs: a key they show
# that holds another type refuses the file with one sentence naming it
# (exit 2, nothing on stdout), where the rest of the file is good.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/integration/lib.sh"
plan 7
SNAPS=$top_srcdir/tests/data/snapshots

python3 - "$SNAPS" "$TMPD" <<'PY'
import json, sys
src, out = sys.argv[1:]
d = json.load(open(src + "/x86-vm-bench-a.json"))
d["results"][1]["figures"][0]["value"] = "fast"
json.dump(d, open(out + "/value.json", "w"))
x = json.load(open(src + "/odroid-xu4.json"))
x["system"]["clusters"][1]["governor"] = 4
json.dump(x, open(out + "/governor.json", "w"))
x = json.load(open(src + "/odroid-xu4.json"))
e = x["journal"][0]
e.update(result="error", error="Operation not permitted", errno="EPERM",
         readback=e["old"], readback_matched=False)
json.dump(x, open(out + "/refused.json", "w"))
PY
cd "$TMPD" || exit 1
"$BENCHTOP" report value.json > out.md 2> err.txt
[ $? -eq 2 ] && [ ! -s out.md ] &&
	grep -qx 'benchtop: value.json: Result 2 of the snapshot: The result'"'"'s "figures\[\]\.value" is a string, not a number\.' err.txt
check $? "report: a figure's value that is a string refuses the file (exit 2, the one sentence)"
[ "$(wc -l < err.txt)" -eq 1 ]
check $? "report: one line on stderr"
"$BENCHTOP" compare value.json "$SNAPS/x86-vm-bench-b.json" > out.txt 2> err.txt
[ $? -eq 2 ] && [ ! -s out.txt ] && grep -q 'Result 2 of the snapshot' err.txt
check $? "compare: the same file refused the same way"
"$BENCHTOP" compare "$SNAPS/odroid-xu4.json" governor.json > out.txt 2> err.txt
[ $? -eq 2 ] &&
	grep -qx 'benchtop: governor.json: The snapshot'"'"'s "system.clusters\[\]\.governor" is a number, not a string\.' err.txt
check $? "compare: a governor that is a number refuses B with the key named"
"$BENCHTOP" report "$SNAPS/x86-vm-bench-a.json" > good.md
check $? "report of the good file exits 0"
grep -q '^### 2\. iozone-sweep /tmp/snapfix/mnt (iozone)$' good.md
check $? "and shows its second run"
# a write the kernel refused: the journal row says why, as the journal
# screen does
"$BENCHTOP" report refused.json > refused.md &&
	grep -Eq '^\| [0-9: -]+ \| governor \| [^|]+ \| ondemand \| performance \| error: Operation not permitted \| ondemand \|$' refused.md
check $? "report: a refused write's journal row gives the reason"
