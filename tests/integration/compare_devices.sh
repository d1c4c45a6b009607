#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# compare A B C averages a preset across like disks of each session, as
# the seed write-ups averaged the same preset over several disks of one
# model by hand.  Three sessions of real runs on the truth rig: two zram
# disks of 256 MiB (alike: no model, same size, not on USB) and one of
# 512 MiB, throttled to 16 MiB/s in A and C and 32 MiB/s in B.  The
# average row holds the two like disks, and the third is left out with
# why; the runs' conditions record each disk's model and size.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/integration/lib.sh"
RIG_SH=$top_srcdir/tests/rig/rig.sh
[ -r "$RIG_SH" ] || { echo "1..0 # SKIP tests/rig/rig.sh is not there"; exit 0; }
. "$RIG_SH"
rig_trap 'rm -rf "$TMPD"'
plan 8
MB=1048576
XDG_CONFIG_HOME=$TMPD/config
BENCHTOP_NO_PROGRESS=1
export XDG_CONFIG_HOME BENCHTOP_NO_PROGRESS

RIG_DISK_SIZE=256M
if ! rig_disk_up 0 0 0 0; then
	skip_rest "$RIG_WHY"
	exit 0
fi

# run SESSION RATE: one run of seq-direct on the rig disk now up at RATE
# MiB/s into SESSION: the session's first run saves it (--snapshot), the
# others are added to its results as `bench --json` printed them.
run() {
	rig_disk_set $(($2 * MB)) $(($2 * MB)) 0 0 || return 1
	if [ ! -f "$TMPD/$1.json" ]; then
		rig_run "$BENCHTOP" bench seq-direct --size 32M \
			--target "$RIG_MNT" --snapshot "$TMPD/$1.json" \
			> /dev/null 2>&1
		return
	fi
	rig_run "$BENCHTOP" bench seq-direct --size 32M --target "$RIG_MNT" \
		--json > "$TMPD/run.json" 2> /dev/null || return 1
	python3 - "$TMPD/$1.json" "$TMPD/run.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
r = json.load(open(sys.argv[2]))
for k in ("format", "version", "time"):
    r.pop(k)
d["results"].append(r)
json.dump(d, open(sys.argv[1], "w"))
PY
}
d1=$RIG_DISK
run a 16 && run b 32 && run c 16 &&
	rig_disk_next 0 0 0 0 && d2=$RIG_DISK &&
	run a 16 && run b 32 && run c 16 &&
	RIG_DISK_SIZE=512M && rig_disk_next 0 0 0 0 && d3=$RIG_DISK &&
	run a 16
check $? "three sessions of real runs on two like rig disks ($d1 $d2) and one of twice the size ($d3)"

"$BENCHTOP" compare --format json "$TMPD/a.json" "$TMPD/b.json" \
	"$TMPD/c.json" > "$TMPD/abc.json" &&
	"$BENCHTOP" compare "$TMPD/a.json" "$TMPD/b.json" "$TMPD/c.json" \
	> "$TMPD/abc.txt"
check $? "compare A B C: status 0"
valid "$TMPD/abc.json"
check $? "the benchtop.sessions document, averages and all, validates against doc/schema/sessions.json"
diag "$(sed -n '/^Averages across/,$p' "$TMPD/abc.txt")"

json "$TMPD/a.json" '[(r["conditions"]["target"]["disk"], r["conditions"]["target"]["disk_size_bytes"], r["conditions"]["target"]["disk_model"]) for r in d["results"]] == [("'"$d1"'", 256 << 20, None), ("'"$d2"'", 256 << 20, None), ("'"$d3"'", 512 << 20, None)]'
check $? "each run's conditions record its disk's size and model (none for zram)"

# The averages worked out here from the sessions' own figures: each
# disk's figure (one run each), their mean, its ratio to A's.
python3 - "$TMPD" "$d1" "$d2" <<'PY'
import json, sys
t, d1, d2 = sys.argv[1], sys.argv[2], sys.argv[3]
out = json.load(open(t + "/abc.json"))
avg = out["averages"]
ok = len(avg) == 1 and avg[0]["preset"] == "seq-direct"
ok = ok and avg[0]["members"] == [[d1, d2]] * 3
mean = {}
for s in "abc":
    runs = json.load(open("%s/%s.json" % (t, s)))["results"]
    for f in ("write", "read"):
        v = [x["value"] for r in runs for x in r["figures"]
             if x["name"] == f and r["conditions"]["target"]["disk"] in (d1, d2)]
        mean[s, f] = sum(v) / len(v) if len(v) == 2 else None
for fig in avg[0]["figures"] if ok else []:
    f = fig["figure"]
    for s, c in zip("abc", fig["cells"]):
        ok = ok and c["devices"] == 2 and abs(c["mean"] / mean[s, f] - 1) < 1e-9
        ok = ok and abs(c["ratio"] - mean[s, f] / mean["a", f]) < 1e-9
ok = ok and sorted(f["figure"] for f in avg[0]["figures"]) == ["read", "write"]
print("# averages %s" % json.dumps(avg))
sys.exit(0 if ok else 1)
PY
check $? "JSON: one average of seq-direct over $d1 and $d2 in each session, the mean of their figures and its ratio against A's"
json "$TMPD/abc.json" 'd["averages"][0]["left_out"] == [{"session": "A", "disk": "'"$d3"'", "why": "disk sizes differ: 256 MiB vs 512 MiB"}] and d["averages"][0]["device"] == "256 MiB, no model, not on USB" and all(1.5 <= f["cells"][1]["ratio"] <= 3.5 for f in d["averages"][0]["figures"])'
check $? "the 512 MiB disk is left out with why; B's average is about twice A's (the throttles' 32/16)"

grep -q '^seq-direct: the average of 2 devices (256 MiB, no model, not on USB)$' "$TMPD/abc.txt" &&
	grep -Eq '^  write MB/s +[0-9.]+ +[0-9.]+ +[0-9]\.[0-9]{3} +[0-9.]+ +[0-9]\.[0-9]{3}$' "$TMPD/abc.txt" &&
	flat "$TMPD/abc.txt" | grep -q " $d3 of A is left out of the average: disk sizes differ: 256 MiB vs 512 MiB " &&
	under_rows "$TMPD/abc.txt" 80
check $? "text: the average row labelled as of 2 devices, the left-out disk said, 80 columns"
"$BENCHTOP" report "$TMPD/a.json" "$TMPD/b.json" "$TMPD/c.json" > "$TMPD/abc.md" &&
	grep -q '^## Averages across like devices$' "$TMPD/abc.md" &&
	grep -Eq '^\| write MB/s \| [0-9.]+ \| [0-9.]+ \| [0-9]\.[0-9]{3} \| [0-9.]+ \| [0-9]\.[0-9]{3} \|$' "$TMPD/abc.md"
check $? "report A B C: the averages in Markdown"
rig_down
