#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# compare pairs like runs with like: a cancelled or failed run never
# matches (the latest finished one does), runs of other sizes or on
# another disk are not compared, and the output says which key differs
# ("sizes differ: 64 MiB vs 100 MiB") instead of printing a change that
# only the settings made.  From benchtop's own runs (x86-vm-bench-a/b).
. "${top_srcdir:-$(dirname "$0")/../..}/tests/integration/lib.sh"
plan 7
SNAPS=$top_srcdir/tests/data/snapshots

python3 - "$SNAPS/x86-vm-bench-a.json" "$SNAPS/x86-vm-bench-b.json" "$TMPD" <<'PY'
import copy, json, sys
a = json.load(open(sys.argv[1]))
b = json.load(open(sys.argv[2]))
out = sys.argv[3]
def seq(d):
    return [r for r in d["results"] if r["preset"] == "seq-direct"][0]
def save(name, d):
    json.dump(d, open("%s/%s.json" % (out, name), "w"))
# B's latest seq-direct was cancelled after its finished one
cancelled = copy.deepcopy(seq(b))
cancelled.update(status="cancelled", figures=[])
save("a", a)
save("b-cancelled", dict(b, results=b["results"] + [cancelled]))
# B's only seq-direct wrote 100 MiB, A's 64 MiB
big = copy.deepcopy(b)
seq(big)["settings"]["size_bytes"] = 100 * 1048576
save("b-size", big)
# B's ran on another disk
other = copy.deepcopy(b)
seq(other)["conditions"]["target"]["disk"] = "zram3"
save("b-disk", other)
# B has only a failed seq-direct
failed = copy.deepcopy(b)
seq(failed).update(status="failed", figures=[])
save("b-failed", failed)
PY
cd "$TMPD" || exit 1

"$BENCHTOP" compare a.json b-cancelled.json > c.txt 2> c.err
flat c.txt | grep -Eq ' seq-direct /tmp/snapfix/mnt write 1521\.83 1106\.76 ' &&
	grep -q '^  seq-direct /tmp/snapfix/mnt: A run 1 of 1, B run 1 of 2$' c.txt
check $? "B's latest run was cancelled: its finished run 1 of 2 is the one compared"

"$BENCHTOP" compare a.json b-size.json > s.txt 2> s.err
st=$?
! grep -q '^  seq-direct .* write ' s.txt &&
	grep -q '^  seq-direct /tmp/snapfix/mnt: sizes differ: 64 MiB vs 100 MiB$' s.txt
check $? "64 MiB against 100 MiB: not compared, 'sizes differ: 64 MiB vs 100 MiB'"
[ $st = 0 ] && grep -Eq '^  iozone-sweep ' s.txt
check $? "... and the other presets still are (status 0)"

"$BENCHTOP" compare a.json b-disk.json > d.txt
grep -q '^  seq-direct /tmp/snapfix/mnt: disks differ: loop0 vs zram3$' d.txt
check $? "another disk under the same folder: 'disks differ: loop0 vs zram3'"

"$BENCHTOP" compare a.json b-failed.json > f.txt
grep -q '^  seq-direct /tmp/snapfix/mnt: B: no finished run (the last was failed)$' f.txt
check $? "only a failed run in B: 'B: no finished run (the last was failed)'"

"$BENCHTOP" compare --format json a.json b-size.json > s.json
json s.json 'd["refused"] == [{"run": "seq-direct /tmp/snapfix/mnt", "why": "sizes differ: 64 MiB vs 100 MiB"}] and not any(f["run"].startswith("seq-direct") for f in d["figures"])'
check $? "JSON: refused [{run, why}], no seq-direct figure"
"$BENCHTOP" compare --format md a.json b-size.json > s.md
grep -q '^| seq-direct /tmp/snapfix/mnt | sizes differ: 64 MiB vs 100 MiB |$' s.md
check $? "Markdown: a 'Runs not compared' table row with the reason"
