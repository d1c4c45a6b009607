#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The runtime journal file is read only as a regular file of at most
# 8 MiB, and `benchtop set` makes no change it cannot journal: a FIFO in
# its place (it hung set), a damaged journal (set applied the change
# unjournaled with status 0) and a 9 MiB file are each refused with one
# sentence and status 1, the governor untouched (Odroid XU4 tuning
# testbed).
. "${top_srcdir:-$(dirname "$0")/../..}/tests/integration/lib.sh"
command -v "$UMOCKDEV_RUN" > /dev/null || { echo "1..0 # SKIP umockdev-run missing"; exit 0; }
command -v timeout > /dev/null || { echo "1..0 # SKIP timeout missing"; exit 0; }
plan 4
J=$BENCHTOP_RUNTIME_DIR/journal.json
mkdir -p "$BENCHTOP_RUNTIME_DIR"

# try NAME: set governor=performance on policy4 (at most 60 s); its
# words in $TMPD/NAME.err, status in .rc, the governor after in .gov
try() {
	"$UMOCKDEV_RUN" -d "$TESTBEDS/odroid-xu4/usb.umockdev" -- sh -c '
		cp -r "$1/odroid-xu4/." "$UMOCKDEV_DIR/" &&
		cp -r "$1/odroid-xu4-tune/." "$UMOCKDEV_DIR/" || exit 99
		timeout -s KILL 60 "$2" set governor=performance --cluster 4 \
			> /dev/null 2> "$3.err"
		echo $? > "$3.rc"
		cat "$UMOCKDEV_DIR/sys/devices/system/cpu/cpufreq/policy4/scaling_governor" > "$3.gov"' \
		sh "$TESTBEDS" "$BENCHTOP" "$TMPD/$1"
}
# refused NAME WHY: status 1, one sentence naming WHY, ondemand kept
refused() {
	[ "$(cat "$TMPD/$1.rc")" = 1 ] && [ "$(wc -l < "$TMPD/$1.err")" = 1 ] &&
		grep -q "^benchtop set: CPUs 4-7: no change made: the journal $J cannot be used ($2)" "$TMPD/$1.err" &&
		[ "$(cat "$TMPD/$1.gov")" = ondemand ]
	_st=$?; [ $_st = 0 ] || diag "status $(cat "$TMPD/$1.rc"), governor $(cat "$TMPD/$1.gov"):" "$(cat "$TMPD/$1.err")"
	return $_st
}

mkfifo "$J"
try fifo
refused fifo 'not a regular file holding a benchtop journal'
check $? "a FIFO in the journal's place: refused at once (status 1, one sentence), no change"
rm -f "$J"

printf '[{"kind": "governor", "tar' > "$J"
try damaged
refused damaged 'not a regular file holding a benchtop journal' &&
	[ "$(cat "$J")" = '[{"kind": "governor", "tar' ]
check $? "a damaged journal: refused (status 1, one sentence), no change, the file kept"

head -c 9437184 /dev/zero | tr '\0' ' ' > "$J"
try huge
refused huge 'larger than 8 MiB'
check $? "a 9 MiB journal: refused unread (status 1, one sentence), no change"
rm -f "$J"

try fine
[ "$(cat "$TMPD/fine.rc")" = 0 ] && [ "$(cat "$TMPD/fine.gov")" = performance ] &&
	json "$J" 'len(d["entries"]) == 1 and d["entries"][0]["new"] == "performance"'
check $? "with the journal gone, set works and journals again"
