#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# A replay shows what was recorded, per sample, and says where a figure
# never was: the XU4 recording (tests/data/snapshots/replay-xu4.json) saved
# with both clusters flagged throttled at the save and the big cluster on
# performance, at 80x24. THROTTLED follows each row's recorded frequency
# (2000 MHz of 2000 at the first row, 1450 at the last); the interfaces'
# packets and errors, which the series does not hold, read "-" under a
# title that says they were not recorded.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/integration/lib.sh"
. "$top_srcdir/tests/tui/lib.sh"
command -v tmux > /dev/null || { echo "1..0 # SKIP tmux missing"; exit 0; }
plan 7
python3 - "$top_srcdir/tests/data/snapshots/replay-xu4.json" "$TMPD/snap.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
for c in d["system"]["clusters"]:
    c["throttled"] = True
    if c["policy"] == 4:
        c["governor"] = "performance"
d.pop("events", None)
json.dump(d, open(sys.argv[2], "w"))
PY

start 80 24 "'$BENCHTOP' --replay '$TMPD/snap.json'"
wait_for '^REPLAY 00:00:00 \(1/12\)' &&
wait_for '^big Cortex-A15 +4-7 +performance +2000 MHz +200-2000 +0%'
check $? "row 1: the big cluster at 2000 MHz on performance"
! screen | grep -q 'THROTTLED'
check $? "row 1: neither cluster THROTTLED (the flag saved at the end is not the first row's)"
wait_for '^eth0 +0 bit/s +0 bit/s +- +- '
check $? "row 1: eth0's PKT/s and E+D read - (not recorded), not 0"
screen | grep -Eq '^NET .* PKT/s +E\+D .*- not recorded$'
check $? "80 columns: the NET title says the - are not recorded"
keys '>'
wait_for '^REPLAY 00:00:11 \(12/12\)' &&
wait_for '^big Cortex-A15 +4-7 +performance +1450 MHz .*THROTTLED'
check $? "the last row: 1450 MHz of 2000 under performance reads THROTTLED"
screen | grep -E '^little Cortex-A7 ' | grep -q THROTTLED
[ $? != 0 ]
check $? "the last row: the LITTLE cluster at its 1400 MHz maximum does not"
resize 200 50
wait_for '^NET .* PKT/s, E\+D: not recorded'
check $? "200 columns: the NET title says it in full"
keys q
wait_exit 10
