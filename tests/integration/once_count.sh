#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# -n COUNT, as top -b -n and iostat's count: COUNT readings an interval
# apart on this machine, the facts of the board once and the rates each
# time; with --json one whole document a line (JSON Lines), each valid.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/integration/lib.sh"
plan 7

"$BENCHTOP" -n 3 -i 0.1 > "$TMPD/three.txt" 2> "$TMPD/err"
check $? "-n 3 exits 0"
[ "$(grep -c '^benchtop .*, interval [0-9.]* s$' "$TMPD/three.txt")" -eq 3 ] &&
	[ "$(grep -c '^CPU  *USER' "$TMPD/three.txt")" -eq 3 ] &&
	[ "$(grep -c '^DISK  *KIND' "$TMPD/three.txt")" -eq 3 ]
check $? "three readings: three headers, three CPU and three DISK tables"
[ "$(grep -c '^BOARD' "$TMPD/three.txt")" -eq 1 ] && [ ! -s "$TMPD/err" ]
check $? "the board's facts once, nothing on stderr"

"$BENCHTOP" -n 3 -i 0.1 --json > "$TMPD/lines.json"
[ "$(wc -l < "$TMPD/lines.json")" -eq 3 ]
check $? "-n 3 --json: three lines"
i=0
while IFS= read -r l; do
	i=$((i + 1)); printf '%s\n' "$l" > "$TMPD/doc$i.json"
done < "$TMPD/lines.json"
valid "$TMPD/doc1.json" "$TMPD/doc2.json" "$TMPD/doc3.json"
check $? "each line is a whole document that validates against doc/schema/once.json"
python3 - "$TMPD/doc1.json" "$TMPD/doc2.json" "$TMPD/doc3.json" <<'PY'
import json, sys
d = [json.load(open(p)) for p in sys.argv[1:]]
# every reading covers its own interval of at least the 0.1 s asked for
assert all(x["interval_s"] >= 0.1 for x in d), [x["interval_s"] for x in d]
assert [x["time"] for x in d] == sorted(x["time"] for x in d)
PY
check $? "each covers an interval of 0.1 s or more, in order of time"

"$BENCHTOP" -n 0 > "$TMPD/out" 2> "$TMPD/err"
[ $? -eq 2 ] && [ ! -s "$TMPD/out" ] &&
	grep -q '^benchtop: -n takes a number of readings from 1 to 1000000, not .0.' "$TMPD/err"
check $? "-n 0: exit 2 and one sentence"
