#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# `benchtop bench --snapshot FILE` saves the session with its one result,
# and a `bench --json` result is read by report and compare as a session
# of that one run (it was "not a snapshot").
. "${top_srcdir:-$(dirname "$0")/../..}/tests/integration/lib.sh"
plan 8
BENCHTOP_NO_PROGRESS=1
XDG_CONFIG_HOME=$TMPD/config
export BENCHTOP_NO_PROGRESS XDG_CONFIG_HOME
mkdir "$TMPD/disk"
B="seq-buffered-fsync --size 4M --target $TMPD/disk"

"$BENCHTOP" bench $B --snapshot "$TMPD/s.json" > "$TMPD/s.out" 2> "$TMPD/s.err"
[ $? = 0 ] && flat "$TMPD/s.err" |
	grep -q "^benchtop bench: snapshot saved to $TMPD/s.json \$" &&
	json "$TMPD/s.json" 'd["format"] == "benchtop.snapshot" and [(r["preset"], r["status"], [f["name"] for f in r["figures"]]) for r in d["results"]] == [("seq-buffered-fsync", "ok", ["write", "read"])]'
check $? "bench --snapshot: status 0, the session holds the one result"
valid "$TMPD/s.json"
check $? "bench --snapshot: the session validates against doc/schema/snapshot.json"

"$BENCHTOP" bench $B --snapshot "$TMPD/s.json" > "$TMPD/again.out" 2> "$TMPD/again.err"
[ $? = 2 ] && [ "$(wc -l < "$TMPD/again.err")" = 1 ] &&
	grep -q 'the --snapshot file exists (give --force to replace it)' "$TMPD/again.err" &&
	[ ! -s "$TMPD/again.out" ]
check $? "bench --snapshot onto a file that exists: status 2, one sentence, before running"

"$BENCHTOP" bench $B --json > "$TMPD/r.json" 2> /dev/null
json "$TMPD/r.json" 'd["format"] == "benchtop.result"'
check $? "bench --json: a result document"

"$BENCHTOP" report "$TMPD/r.json" > "$TMPD/report.md" 2> "$TMPD/report.err"
[ $? = 0 ] && grep -q "^### 1\. seq-buffered-fsync $TMPD/disk (seq-direct)\$" "$TMPD/report.md" &&
	grep -Eq '^4194304 bytes \(4 MB, 4 MiB\) copied, .* MB/s +\(write, fsync timed in\)$' "$TMPD/report.md" &&
	grep -Fq "| Kernel | $(uname -r) ($(uname -m)) |" "$TMPD/report.md"
check $? "report of a bench --json result: the run with its figures and the kernel it ran on"

"$BENCHTOP" report --format csv "$TMPD/r.json" > /dev/null 2> "$TMPD/csv.err"
check $? "report --format csv of a bench --json result: status 0"

"$BENCHTOP" compare "$TMPD/s.json" "$TMPD/r.json" > "$TMPD/cmp.txt" 2> "$TMPD/cmp.err"
[ $? = 0 ] && flat "$TMPD/cmp.txt" | grep -Eq " seq-buffered-fsync $TMPD/disk write [0-9.]+ [0-9.]+ [0-9]\.[0-9]{3} [-+][0-9.]+ % MB/s (seq-buffered-fsync $TMPD/disk )?read [0-9.]+ [0-9.]+ [0-9]\.[0-9]{3} " &&
	under_rows "$TMPD/cmp.txt" 80
check $? "compare of a snapshot and a bench --json result: write and read matched, with B/A, in 80 columns"

printf '{"format": "benchtop.result", "version": 2}\n' > "$TMPD/bad.json"
"$BENCHTOP" report "$TMPD/bad.json" > /dev/null 2> "$TMPD/bad.err"
[ $? = 2 ] && [ "$(wc -l < "$TMPD/bad.err")" = 1 ]
check $? "a result document without figures: status 2, one sentence"
diag "$(cat "$TMPD/cmp.txt" "$TMPD/bad.err")"
