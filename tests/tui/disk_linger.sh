#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# disk_linger: an idle zram, loop or ram disk is left out of the overview,
# but one that had I/O stays listed, at 0 B/s, for 10 s after its last
# I/O (issue 18: a zram device busy now and then came and went every
# tick and moved every row below it); then it goes.  On the XU4 testbed
# with an idle zram0 added, at 80x24, a feeder writing it at 2 MB/s and
# then not.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/integration/lib.sh"
. "$top_srcdir/tests/tui/lib.sh"
command -v tmux > /dev/null || { echo "1..0 # SKIP tmux missing"; exit 0; }
command -v "$UMOCKDEV_RUN" > /dev/null ||
	{ echo "1..0 # SKIP umockdev-run missing"; exit 0; }
plan 6
feed=""
trap 'test -n "$feed" && kill $feed 2> /dev/null
	$TMUXC kill-server > /dev/null 2>&1; rm -rf "$TMPD"' EXIT
FEEDER=$top_srcdir/tests/tui/feeder.py
feed() {
	[ -z "$feed" ] || kill $feed
	python3 "$FEEDER" "$(cat "$TMPD/udir")" "$@" &
	feed=$!
}
mkdir -p "$TMPD/beds" && cp -a "$TESTBEDS/odroid-xu4" "$TMPD/beds/zram" &&
	echo " 254       0 zram0 0 0 0 0 0 0 0 0 0 0 0" \
		>> "$TMPD/beds/zram/proc/diskstats"
TESTBEDS=$TMPD/beds
start 80 24 "$(bed_cmd zram '-d 1')"
wait_for '^mmcblk0 ' 30 > /dev/null || exit 1
sleep 2
! screen | grep -q '^zram0 '
check $? "an idle zram0 is not listed"
feed disk:zram0:0:2000000:0:100:5
wait_for '^zram0 +0 B/s +2\.0 MB/s +100 ' 15 > /dev/null
check $? "written at 2 MB/s, zram0 is listed: 2.0 MB/s, 100 IOPS"
feed disk:mmcblk0:0:0:0:0:0
wait_for '^zram0 +0 B/s +0 B/s +0 ' 10 > /dev/null
check $? "its I/O stopped: zram0 is still listed, at 0 B/s"
st=0
for i in 1 2 3 4 5 6; do
	screen | grep -Eq '^zram0 +0 B/s +0 B/s +0 ' || st=1
	sleep 0.5
done
check $st "... for the next 3 s as well"
n=0
while screen | grep -q '^zram0 ' && [ $n -lt 150 ]; do
	sleep 0.1
	n=$((n + 1))
done
! screen | grep -q '^zram0 '
check $? "... and is gone within 15 s of its last I/O" \
	"($((n / 10)) s after the 3)"
kill $feed; feed=""
keys q
wait_exit 10
check $? "q quits"
