#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The truth rig's null experiment: the hook tunable sets the rig disk's
# throttle to 32 MiB/s in A and to 1 byte/s more in B (a change of 3e-8:
# no tool can tell), so any "faster" or "slower" is a false claim.  Five
# experiments of 5 runs a side, both figures each.  The verdict holds the
# chance of any false claim in one experiment to 5 % (with 5 runs a side
# and 2 figures the smallest Holm-rejected p is 6/252: about 3.5 % for
# two correlated figures), so "0 of 5" fails 16 % of the time when
# everything is right (one experiment of ten claimed here, "faster by
# 0.7-8.1 %", B/A 1.054, on a machine shared with other suites): the check
# is that at most one experiment of the five claims anything, which a
# correct verdict fails about 1 % of the time, and the count is printed.  Then three sessions on the rig, the shape of a seed
# write-up (one disk under three kernels): A at 16 MiB/s, B at 32, C at
# 16 again, in one table by `compare A B C`: B faster, C no claim.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/integration/lib.sh"
RIG_SH=$top_srcdir/tests/rig/rig.sh
[ -r "$RIG_SH" ] || { echo "1..0 # SKIP tests/rig/rig.sh is not there"; exit 0; }
. "$RIG_SH"
rig_trap 'rm -rf "$TMPD"'
plan 5
MB=1048576
BENCHTOP_EXPERIMENT_HOOK=$top_srcdir/tests/integration/exp_rig_hook.sh
RIG_HOOK_STATE=$TMPD/hook
XDG_CONFIG_HOME=$TMPD/config
BENCHTOP_NO_PROGRESS=1
export BENCHTOP_EXPERIMENT_HOOK RIG_HOOK_STATE RIG_SH XDG_CONFIG_HOME \
	BENCHTOP_NO_PROGRESS

if ! rig_disk_up 0 0 0 0; then
	rig_skip 5 "$RIG_WHY"
	exit 0
fi
export RIG_CGROUP RIG_DEVNO RIG_CG_VER

# A pass of 16 MiB at 32 MiB/s is 0.5 s: a run about 1.5 s, an experiment
# 15 s (the whole test about 2 min; 24 MiB made it 2 min 50 s).
claims=0 ok=0 seen= claimed=0
for i in 1 2 3 4 5; do
	rig_run "$BENCHTOP" experiment --preset seq-direct --size 16M \
		--target "$RIG_MNT" \
		--vary hook:disk=$((32 * MB)),$((32 * MB + 1)) --repeat 5 \
		--json > "$TMPD/null$i.json" 2> "$TMPD/null$i.err" &&
		ok=$((ok + 1))
	n=$(python3 -c 'import json, sys
d = json.load(open(sys.argv[1]))
print(sum(c["verdict"] in ("higher", "lower") for f in d["figures"] for c in f["comparisons"]))' "$TMPD/null$i.json" 2> /dev/null || echo 99)
	claims=$((claims + n))
	[ "$n" = 0 ] || claimed=$((claimed + 1))
	seen="$seen$(python3 -c 'import json, sys
d = json.load(open(sys.argv[1]))
print("run %s: " % sys.argv[2] + "; ".join("%s A %.2f B %.2f B/A %.4f %s (%s)" % (f["name"], f["variants"][0]["median"], f["variants"][1]["median"], f["comparisons"][0]["ratio"], f["comparisons"][0]["verdict"], f["comparisons"][0]["sentence"]) for f in d["figures"]))' "$TMPD/null$i.json" "$i" 2> /dev/null)
"
done
diag "$seen"
[ "$ok" = 5 ]
check $? "null: 5 experiments of identical variants, each status 0"
[ "$claimed" -le 1 ]
check $? "null: at most 1 of 5 experiments claims faster or slower ($claimed experiments, $claims claims of 10 figures)"
json "$TMPD/null5.json" 'len(d["figures"]) == 2 and all(v["not_in_effect"] == 0 for v in d["variants"]) and d["restored"]'
check $? "null: both variants in effect in every run, the throttle put back"

# session NAME RATE: 5 runs of seq-direct 16M at RATE MiB/s in one
# snapshot (bench --snapshot, and 4 more bench --json added).
session() {
	rig_disk_set $(($2 * MB)) $(($2 * MB)) 0 0 || return 1
	rig_run "$BENCHTOP" bench seq-direct --size 16M --target "$RIG_MNT" \
		--snapshot "$TMPD/$1.json" > /dev/null 2>&1 || return 1
	for _i in 2 3 4 5; do
		rig_run "$BENCHTOP" bench seq-direct --size 16M \
			--target "$RIG_MNT" --json > "$TMPD/$1.$_i" \
			2> /dev/null || return 1
	done
	python3 - "$TMPD/$1.json" "$TMPD/$1".[2-5] <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
for f in sys.argv[2:]:
    r = json.load(open(f))
    for k in ("format", "version", "time"):
        r.pop(k)
    d["results"].append(r)
json.dump(d, open(sys.argv[1], "w"))
PY
}
session a 16 && session b 32 && session c 16 &&
	"$BENCHTOP" compare --format json "$TMPD/a.json" "$TMPD/b.json" \
		"$TMPD/c.json" > "$TMPD/abc.json" &&
	"$BENCHTOP" compare "$TMPD/a.json" "$TMPD/b.json" "$TMPD/c.json" \
		> "$TMPD/abc.txt"
check $? "sessions: three of 5 runs each on the rig (16, 32, 16 MiB/s), compared"
diag "$(cat "$TMPD/abc.txt")"
json "$TMPD/abc.json" 'len(d["runs"]) == 1 and all([c["n"] for c in f["cells"]] == [5, 5, 5] and f["cells"][1]["verdict"] == "higher" and 1.6 <= f["cells"][1]["ratio"] <= 2.5 and f["cells"][2]["verdict"] not in ("higher", "lower") for f in d["runs"][0]["figures"])'
check $? "sessions: B found faster (B/A 1.6-2.5 by the slice rule), C no different from A"
rig_down
