#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# `benchtop experiment --snapshot` checks where it will save before the
# first run, not after the last: a folder that does not exist, or a file
# that exists (without --force), is said in one sentence with status 1,
# and no run is made and nothing is tuned (Odroid XU4 tuning testbed).
. "${top_srcdir:-$(dirname "$0")/../..}/tests/integration/lib.sh"
command -v "$UMOCKDEV_RUN" > /dev/null || { echo "1..0 # SKIP umockdev-run missing"; exit 0; }
plan 4
XDG_CONFIG_HOME=$TMPD/config
BENCHTOP_NO_PROGRESS=1
export XDG_CONFIG_HOME BENCHTOP_NO_PROGRESS
mkdir "$TMPD/disk"
echo keep > "$TMPD/taken.json"

# run NAME SNAPSHOT-ARG: the experiment in the testbed; its stderr in
# $TMPD/NAME.err, status in .rc, IRQ 150's affinity after it in .after
run() {
	"$UMOCKDEV_RUN" -d "$TESTBEDS/odroid-xu4/usb.umockdev" -- sh -c '
		cp -r "$1/odroid-xu4/." "$UMOCKDEV_DIR/" &&
		cp -r "$1/odroid-xu4-tune/." "$UMOCKDEV_DIR/" || exit 99
		"$2" experiment --preset seq-direct --size 4M --target "$4" \
			--vary irq:150=0-3,4-7 --repeat 2 --snapshot "$5" \
			> /dev/null 2> "$3.err"
		echo $? > "$3.rc"
		cat "$UMOCKDEV_DIR/proc/irq/150/smp_affinity_list" > "$3.after"' \
		sh "$TESTBEDS" "$BENCHTOP" "$TMPD/$1" "$TMPD/disk" "$2"
}
run nodir "$TMPD/no/such/folder/s.json"
# one sentence, whole: wrapped at 80 columns (a long $TMPDIR's path on a
# line of its own), so read flat
[ "$(cat "$TMPD/nodir.rc")" = 1 ] &&
	[ "$(flat "$TMPD/nodir.err")" = "benchtop experiment: could not save $TMPD/no/such/folder/s.json: its folder cannot be opened: No such file or directory " ]
st=$?; [ $st = 0 ] || diag "$(cat "$TMPD/nodir.err")"
check $st "--snapshot in a missing folder: status 1, one sentence"
! grep -q 'run 1/' "$TMPD/nodir.err" && [ "$(cat "$TMPD/nodir.after")" = 2 ]
check $? "... before any run: no run made, IRQ 150 never pinned"
run taken "$TMPD/taken.json"
[ "$(cat "$TMPD/taken.rc")" = 1 ] &&
	[ "$(flat "$TMPD/taken.err")" = "benchtop experiment: did not save $TMPD/taken.json: the file exists (give --force to replace it) " ] &&
	[ "$(cat "$TMPD/taken.json")" = keep ]
st=$?; [ $st = 0 ] || diag "$(cat "$TMPD/taken.err")"
check $st "--snapshot on an existing file: status 1, one sentence, the file kept"
! grep -q 'run 1/' "$TMPD/taken.err" && [ "$(cat "$TMPD/taken.after")" = 2 ]
check $? "... before any run: no run made, IRQ 150 never pinned"
