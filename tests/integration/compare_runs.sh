#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# compare on two snapshots saved from one session: the second holds the
# first's run and a new one of the same preset and target.  The latest
# run of each is matched by default and the output says which;
# --all-pairs compares every pair.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/integration/lib.sh"
plan 7
SNAPS=$top_srcdir/tests/data/snapshots

python3 - "$SNAPS/odroid-xu4.json" "$TMPD" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
first = [r for r in d["results"] if r.get("preset") == "dd-direct"][0]
a = dict(d, results=[first])
again = dict(first, time="2024-05-01T12:11:40Z", write_mb_s=78.915)  # 600 s on
b = dict(d, results=[first, again])
for name, doc in (("a", a), ("b", b)):
    json.dump(doc, open("%s/%s.json" % (sys.argv[2], name), "w"))
PY
cd "$TMPD" || exit 1
"$BENCHTOP" compare a.json b.json > out.txt 2> err.txt
check $? "compare A B exits 0"
grep -Eq '^  dd-direct /mnt/ssd +write_mb_s +52\.61 +78\.92 +1\.500 +\+50\.0[01] %' out.txt
check $? "the new run is matched: 52.61 -> 78.92 MB/s, +50 % (was +0.00 %)"
grep -q '^Runs matched (the latest of each preset and target; --all-pairs for every pair):$' out.txt &&
	grep -q '^  dd-direct /mnt/ssd: A run 1 of 1, B run 2 of 2$' out.txt
check $? "the output says which runs were matched (A 1 of 1, B 2 of 2)"
"$BENCHTOP" compare --all-pairs a.json b.json > all.txt
flat all.txt > all.flat &&
	grep -Eq ' dd-direct /mnt/ssd \[A 1, B 1\] read_mb_s [0-9. %+-]+ MB/s write_mb_s 52\.61 52\.61 1\.000 \+0\.00 % ' all.flat &&
	grep -Eq ' dd-direct /mnt/ssd \[A 1, B 2\] read_mb_s [0-9. %+-]+ MB/s write_mb_s 52\.61 78\.92 ' all.flat &&
	under_rows all.txt 80
check $? "--all-pairs: both pairs, each named [A i, B j] (on a line of its own: 80 columns)"
"$BENCHTOP" compare a.json b.json --format json > out.json
json out.json 'd["matching"] == "latest" and d["matched"] == [{"run": "dd-direct /mnt/ssd", "a": 1, "a_of": 1, "b": 2, "b_of": 2}]'
check $? "JSON: matching latest, matched A 1 of 1 with B 2 of 2"
valid out.json
check $? "compare --format json of runs validates against doc/schema/compare.json"
"$BENCHTOP" report -a a.json > /dev/null 2> rep.err
[ $? -eq 2 ] && grep -q "unknown option '-a'" rep.err
check $? "-a is not an option of report"
