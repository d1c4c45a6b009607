#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# `benchtop compare A B C` and `report A B C`: one table with a column per
# session, the shape of the seed write-ups (three kernels with and without
# UAS).  Three sessions of real runs on a folder here: each is
# `bench --snapshot` with two more `bench --json` runs added to its
# results (a session of three runs); C's runs are of another size and are
# left out with the sentence that says why.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/integration/lib.sh"
plan 10
BENCHTOP_NO_PROGRESS=1
XDG_CONFIG_HOME=$TMPD/config
export BENCHTOP_NO_PROGRESS XDG_CONFIG_HOME
mkdir "$TMPD/disk"

# session NAME SIZE: three runs of seq-buffered-fsync in one snapshot.
session() {
	"$BENCHTOP" bench seq-buffered-fsync --size "$2" --target "$TMPD/disk" \
		--snapshot "$TMPD/$1.json" > /dev/null 2>&1 || return 1
	for _i in 2 3; do
		"$BENCHTOP" bench seq-buffered-fsync --size "$2" \
			--target "$TMPD/disk" --json > "$TMPD/$1.$_i" \
			2> /dev/null || return 1
	done
	python3 - "$TMPD/$1.json" "$TMPD/$1.2" "$TMPD/$1.3" <<'PY'
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
session a 4M && session b 4M && session c 8M
check $? "three sessions of three real runs each"

"$BENCHTOP" compare "$TMPD/a.json" "$TMPD/b.json" "$TMPD/c.json" > "$TMPD/t.txt" 2> "$TMPD/t.err"
check $? "compare A B C: status 0"
flat "$TMPD/t.txt" | grep -q "^A: $TMPD/a.json (kernel $(uname -r), " &&
	flat "$TMPD/t.txt" | grep -q " C: $TMPD/c.json (kernel " &&
	grep -Eq '^  figure +A +B +B/A +C +C/A$' "$TMPD/t.txt" &&
	[ "$(grep -Ec '^  (write|read) MB/s +[0-9.]+ +[0-9.]+ +[0-9]\.[0-9]{3} +- +-$' "$TMPD/t.txt")" = 2 ] &&
	grep -q '^  C is left out: sizes differ: 4 MiB vs 8 MiB$' "$TMPD/t.txt"
check $? "compare A B C: a column per session with B/A; C left out, sizes differ"
"$BENCHTOP" compare --format json "$TMPD/a.json" "$TMPD/b.json" "$TMPD/c.json" > "$TMPD/t.json"
json "$TMPD/t.json" '[s["name"] for s in d["sessions"]] == ["A", "B", "C"] and all([c["n"] for c in f["cells"]] == [3, 3, 0] and abs(f["cells"][1]["ratio"] - f["cells"][1]["median"] / f["cells"][0]["median"]) < 1e-9 and f["cells"][1]["verdict"] in ("higher", "lower", "same", "unclear") and f["cells"][2]["median"] is None for r in d["runs"] for f in r["figures"]) and len(d["runs"]) == 1'
check $? "compare --format json: 3 runs a side, B/A the medians' ratio, a verdict for B, none for C"
valid "$TMPD/t.json"
check $? "compare --format json of three sessions validates against doc/schema/sessions.json"
grep -Eq '^  write, B against A: (faster by|slower by|the same within|cannot tell with 3 runs a side)' "$TMPD/t.txt"
check $? "compare A B C: B's verdict against A under the table"
"$BENCHTOP" report "$TMPD/a.json" "$TMPD/b.json" "$TMPD/c.json" > "$TMPD/t.md" 2>&1 &&
	grep -q '^| figure | A | B | B/A | C | C/A |$' "$TMPD/t.md" &&
	grep -Eq '^\| write MB/s \| [0-9.]+ \| [0-9.]+ \| [0-9]\.[0-9]{3} \| - \| - \|$' "$TMPD/t.md"
check $? "report A B C: the same table in Markdown"
under_rows "$TMPD/t.txt" 80
check $? "compare A B C fits 80 columns: the verdicts wrapped under their rows"
# In German (the catalogue compiled here): the same table, 80 columns.
mkdir -p "$TMPD/locale/de/LC_MESSAGES"
msgfmt -o "$TMPD/locale/de/LC_MESSAGES/benchtop.mo" "$top_srcdir/po/de.po" &&
	BENCHTOP_LOCALEDIR="$TMPD/locale" LANGUAGE=de LC_ALL=C.UTF-8 \
	"$BENCHTOP" compare "$TMPD/a.json" "$TMPD/b.json" "$TMPD/c.json" \
	> "$TMPD/de.txt" 2>&1 &&
	grep -q '^  C is left out: sizes differ: 4 MiB vs 8 MiB$' "$TMPD/de.txt" &&
	under_rows "$TMPD/de.txt" 80
check $? "... and in German"
diag "$(cat "$TMPD/t.txt")"

SNAPS=$top_srcdir/tests/data/snapshots
# A figure name wider than its column (iozone's old grid names) is shown
# whole with its unit, the figures on the line under it; none is cut.
"$BENCHTOP" compare "$SNAPS/odroid-xu4.json" "$SNAPS/odroid-hc1-480m.json" \
	"$SNAPS/x86-vm.json" > "$TMPD/long.txt" &&
	grep -qx '  grid.16384.random_write KB/s' "$TMPD/long.txt" &&
	grep -Eqx ' +266543 +39012 +0\.146 +- +-' "$TMPD/long.txt" &&
	[ -z "$(grep '^  grid\.' "$TMPD/long.txt" | grep -v ' KB/s')" ] &&
	under_rows "$TMPD/long.txt" 80
check $? "three sessions: a long figure name keeps its unit (KB/s), figures under it"
